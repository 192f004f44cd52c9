import Foundation
import TestSupport
import Testing

/// What the real Open-Meteo sends that our first fixtures did not (issue 25), end to end through the
/// fixture server.
@Suite("What the real Open-Meteo sends")
struct RealOpenMeteoTests {
    static let stale = ["WEATHER_STALE_AFTER": "0"]

    /// Berlin's forecast fixture with `change` applied, written into the sandbox where the fixture server
    /// moves it to now as it does its own; the path to script it by.
    static func berlin(in sandbox: Sandbox, _ change: (inout [String: Any]) -> Void) throws -> String {
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(try TestPaths.fixture("open-meteo/forecast/berlin.json")))
                as? [String: Any])
        change(&document)
        let folder = sandbox.root + "/open-meteo/forecast"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/changed-\(UUID().uuidString).json"
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func set(_ block: String, _ key: String, _ index: Int?, to value: Any) -> (inout [String: Any]) -> Void {
        { document in
            var series = document[block] as! [String: Any]
            if let index {
                var values = series[key] as! [Any]
                values[index] = value
                series[key] = values
            } else {
                series[key] = value
            }
            document[block] = series
        }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("absurd values in the current block and the hours are gaps, counted by refresh and --json")
    func implausibleValuesAreGaps() throws {
        // At 19:00 in Berlin (the fixtures' moment), and 15 minutes on: the rain-soon series, the next two
        // hours', holds none of the absurd hours (00:00 and 12:00), which the service would spread over its
        // quarter hours.
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let hourly = try Self.berlin(in: sandbox) { document in
            Self.set("current", "relative_humidity_2m", nil, to: 250)(&document)
            var series = document["hourly"] as! [String: Any]
            var amounts = series["precipitation"] as! [Any]
            for index in stride(from: 0, to: amounts.count, by: 12) { amounts[index] = -3276.8 }
            series["precipitation"] = amounts
            document["hourly"] = series
        }
        // A later observation: 15 minutes on.
        try sandbox.advance(by: 900)
        try sandbox.server.script(.forecast, [.init(fixture: hourly)])
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.status == 0, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("newData: Berlin"), "\(refresh)")
        #expect(refresh.stdout.contains("; 5 implausible values left out ("), "\(refresh)")
        let show = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        #expect(show["implausibleValues"] as? Int == 5)
        #expect(show["relativeHumidity"] is NSNull, "a gap is null in --json")
        #expect(show["temperature"] as? Double == 10.9)
        let text = try sandbox.run(["show"]).stdout
        #expect(!text.contains("humidity"), "\(text)")
        #expect(text.contains("10.9 °C"), "\(text)")
        let forecast = try Self.json(
            try sandbox.run(["forecast", "--cached", "--json", "--hours", "48"]).stdout)
        let hours = try #require(forecast["hourly"] as? [[String: Any]])
        #expect(hours.count == 48)
        let gaps = hours.filter { $0["precipitation"] is NSNull }.count
        // The response holds the 48 hours from the current one: 4 of them at 00:00 or 12:00, and the
        // humidity: 5 values left out.
        #expect(gaps == 4, "one hour in 12 of the 48 shown")
    }

    @Test("one bad hour in the rain-soon series (at 23:15 in Berlin) costs rain soon alone, not the refresh")
    func badHourOfRainSoon() throws {
        let sandbox = try Sandbox(at: TestMoment("2026-10-08T21:00:05Z", "23:00 in Berlin", zone: "Europe/Berlin"))
        let start = sandbox.now
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        // The hour from midnight absurd, as the service has sent it (-3276.8), which it spreads over its
        // quarter hours (-819.2 each): 4 of the 8 from 23:15.
        let body = try Self.berlin(in: sandbox) { document in
            var series = document["hourly"] as! [String: Any]
            var amounts = series["precipitation"] as! [Any]
            amounts[24] = -3276.8
            amounts[23] = 2.0
            series["precipitation"] = amounts
            document["hourly"] = series
        }
        let clock = try sandbox.at(start + 900)
        try sandbox.server.script(.forecast, [.init(fixture: body)])
        let refresh = try sandbox.run(["refresh"], environment: Self.stale.merging(clock) { $1 })
        #expect(refresh.status == 0, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("newData: Berlin"), "\(refresh)")
        let quarters = try #require(try sandbox.server.requests(.forecast).last?.query["minutely_15"])
        #expect(quarters == "precipitation")
        let show = try Self.json(try sandbox.run(["show", "--json"], environment: clock).stdout)
        #expect(show["rainSoon"] is NSNull, "rain soon unknown, not the 23:00 hour's rain: \(show)")
        #expect(show["temperature"] as? Double == 10.9)
        let forecast = try Self.json(try sandbox.run(["forecast", "--cached", "--json"], environment: clock).stdout)
        let hours = try #require(forecast["hourly"] as? [[String: Any]])
        #expect(
            hours.first?["precipitation"] as? Double == 2.0, "the hours are the new answer's: \(hours.first ?? [:])")
    }

    @Test(
        "a variable the model lacks (unit \"undefined\", values null) is a gap, not a bad response",
        arguments: [
            ("current_units", "wind_speed_10m", "current", "wind_speed_10m"),
            ("hourly_units", "precipitation", "hourly", "precipitation"),
            ("hourly_units", "temperature_2m", "hourly", "temperature_2m"),
            ("daily_units", "precipitation_sum", "daily", "precipitation_sum"),
            ("daily_units", "temperature_2m_max", "daily", "temperature_2m_max"),
        ])
    func undefinedUnit(unitsBlock: String, key: String, block: String, variable: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let body = try Self.berlin(in: sandbox) { document in
            Self.set(unitsBlock, key, nil, to: "undefined")(&document)
            if block == "current" {
                Self.set(block, variable, nil, to: NSNull())(&document)
                Self.set(block, "wind_gusts_10m", nil, to: NSNull())(&document)
            } else {
                let count = ((document[block] as! [String: Any])["time"] as! [Any]).count
                Self.set(block, variable, nil, to: [Any](repeating: NSNull(), count: count))(&document)
            }
        }
        try sandbox.advance(by: 900)
        try sandbox.server.script(.forecast, [.init(fixture: body)])
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.status == 0, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("newData: Berlin") || refresh.stdout.hasPrefix("noData"), "\(refresh)")
        #expect(!refresh.stdout.contains("implausible"), "nulls are gaps, not implausible values: \(refresh)")
        let show = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        #expect(show["temperature"] as? Double == 10.9)
        if block == "current" { #expect(show["windSpeed"] is NSNull, "\(show)") }
        let forecast = try Self.json(try sandbox.run(["forecast", "--cached", "--json"]).stdout)
        let entries = try #require(forecast[block == "daily" ? "daily" : "hourly"] as? [[String: Any]])
        #expect(!entries.isEmpty)
        let jsonKey = [
            "precipitation": "precipitation", "temperature_2m": "temperature", "precipitation_sum": "precipitationSum",
            "temperature_2m_max": "temperatureMax", "wind_speed_10m": "windSpeed",
        ][variable]!
        if block != "current" { #expect(entries.allSatisfy { $0[jsonKey] is NSNull }, "\(entries.first!)") }
    }

    @Test("without the current temperature (\"undefined\"), a bad response that names it; the saved result stays")
    func undefinedTemperature() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        let body = try Self.berlin(in: sandbox) { document in
            Self.set("current_units", "temperature_2m", nil, to: "undefined")(&document)
            Self.set("current", "temperature_2m", nil, to: NSNull())(&document)
        }
        try sandbox.server.script(.forecast, [.init(fixture: body)])
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.status == 1)
        #expect(
            refresh.stdout.contains(
                "current_units.temperature_2m is \"undefined\": the service has no temperature for this place"),
            "\(refresh)")
        #expect(sandbox.savedFiles() == saved)
    }

    @Test(
        "an answer the service broke off while streaming is said in words, shared, and costs nothing saved",
        arguments: [
            #"{"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.0545978546142578,"utc_offset_seconds":3600,"#,
            "",
        ])
    func brokenOffStream(start: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        let body = start + "Unexpected error while streaming data: Connection reset by peer (errno: 104)"
        try sandbox.server.script(.forecast, [.init(body: body)])
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.status == 1)
        #expect(
            refresh.stdout.contains(
                "broke off its answer (Unexpected error while streaming data: Connection reset by peer (errno: 104)); try again in a few minutes"
            ), "\(refresh)")
        #expect(!refresh.stdout.contains("JSON"), "\(refresh)")
        #expect(sandbox.savedFiles() == saved)
        // A failure of the service, shared as a 500 is: a caller within the minute reports it.
        let requests = try sandbox.requestCount(.forecast)
        let show = try sandbox.run(["show", "--refresh"], environment: Self.stale)
        #expect(show.stderr.contains("broke off its answer"), "\(show)")
        #expect(try sandbox.requestCount(.forecast) == requests)
        // The geocoding service's answers are read the same way.
        try sandbox.server.script(.search, [.init(body: body)])
        let set = try sandbox.run("set", "Paris")
        #expect(set.status == 1)
        #expect(set.stderr.contains("the geocoding service at "), "\(set)")
        #expect(set.stderr.contains("broke off its answer"), "\(set)")
        #expect(sandbox.savedFiles() == saved)
    }

    @Test("weather's request weighs what docs/design.md says against Open-Meteo's daily 10,000 calls")
    func requestWeight() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let request = try #require(try sandbox.server.requests(.forecast).last)
        let variables = ["current", "minutely_15", "hourly", "daily"].reduce(0) {
            $0 + (request.query[$1]?.split(separator: ",").count ?? 0)
        }
        // calculateQueryWeight: a tenth of a call per variable; 7 days stay under its 14.
        #expect(request.query["forecast_days"] == "7")
        #expect(request.weight == Double(variables) / 10)
        let design = try String(contentsOfFile: TestPaths.repository + "/docs/design.md", encoding: .utf8)
        let weight = String(format: "%g", request.weight)
        #expect(design.contains("asks for \(variables) variables"), "docs/design.md names another count")
        #expect(
            design.contains("so it weighs \(weight) calls"), "docs/design.md names another weight than \(weight)")
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        #expect(readme.contains("as about \(weight) calls"), "the README names another weight than \(weight)")
        #expect(readme.contains("until 00:00 UTC"), "the README does not say when the daily limit ends")
        #expect(readme.contains("It sends no `ETag`, `Last-Modified` or `Expires`"))
    }

    @Test("a series more than a quarter absurd is a bad response: the saved result stays, exit 1")
    func mostlyAbsurdIsRefused() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        let body = try Self.berlin(in: sandbox) { document in
            var series = document["hourly"] as! [String: Any]
            series["wind_speed_10m"] = (series["wind_speed_10m"] as! [Any]).map { _ in -1 }
            document["hourly"] = series
        }
        try sandbox.server.script(.forecast, [.init(fixture: body)])
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.status == 1, "\(refresh)")
        #expect(refresh.stdout.contains("hourly.wind_speed_10m has 48 of 48 values outside 0...200"), "\(refresh)")
        #expect(sandbox.savedFiles() == saved)
    }

    @Test("an older observation, or the same one lacking values, never replaces the saved one; more values do")
    func neverOlderOrEmptier() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let lacking = try Self.berlin(in: sandbox) { document in
            Self.set("current", "apparent_temperature", nil, to: NSNull())(&document)
            var hourly = document["hourly"] as! [String: Any]
            hourly["precipitation_probability"] = (hourly["precipitation_probability"] as! [Any]).map { _ in NSNull() }
            document["hourly"] = hourly
            var units = document["hourly_units"] as! [String: Any]
            units["precipitation_probability"] = "undefined"
            document["hourly_units"] = units
        }
        try sandbox.server.script(.forecast, [.init(fixture: lacking)])
        try sandbox.setBerlin()
        let lackingJSON = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        #expect(lackingJSON["apparentTemperature"] is NSNull)

        // The same observation with every value: it replaces the one that lacked some.
        let full = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(full.stdout.hasPrefix("newData: "), "\(full)")
        let before = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        #expect(before["apparentTemperature"] is Double)

        // The same observation lacking them again: renewed, not replaced.
        try sandbox.server.script(.forecast, [.init(fixture: lacking)])
        let emptier = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(emptier.stdout.hasPrefix("noData: the weather in Berlin"), "\(emptier)")
        let afterEmptier = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        #expect(afterEmptier["apparentTemperature"] as? Double == before["apparentTemperature"] as? Double)
        let forecast = try sandbox.run(["forecast", "--cached", "--json"])
        #expect(!forecast.stdout.contains(#""precipitationProbability":null"#), "\(forecast)")

        // A server a quarter of an hour behind the others: its older observation is not saved.
        try sandbox.server.setClock(to: sandbox.now - 900)
        let older = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(older.stdout.hasPrefix("noData: the weather in Berlin"), "\(older)")
        let afterOlder = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        #expect(afterOlder["observedAt"] as? String == before["observedAt"] as? String)
        #expect(try sandbox.requestCount(.forecast) == 4)
    }

    @Test("a zone the system does not know: the service's offset, said so in --json, times still right")
    func unknownZone() throws {
        let sandbox = try Sandbox(at: .fixtures)
        // A system without a zone database (TZDIR names an empty folder): only the offset the service gave.
        let empty = sandbox.root + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let set = try sandbox.run(["set", "Berlin"], environment: ["TZDIR": empty])
        #expect(set.status == 0, "\(set)")
        let json = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        let location = try #require(json["location"] as? [String: Any])
        #expect(location["timezoneRules"] as? String == "utc-offset")
        let offset = try #require(location["utcOffsetSeconds"] as? Int)
        #expect(offset == TimeZone(identifier: "Europe/Berlin")!.secondsFromGMT(for: sandbox.date))
        // The hours read on that offset.
        let forecast = try Self.json(
            try sandbox.run(["forecast", "--cached", "--json", "--hours", "1", "--days", "0"]).stdout)
        let first = try #require((forecast["hourly"] as? [[String: Any]])?.first?["time"] as? String)
        let text = try sandbox.run(["forecast", "--cached", "--hours", "1", "--days", "0"], environment: ["TZ": "UTC"])
        let instant = try #require(ISO8601DateFormatter().date(from: first))
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: offset)
        formatter.dateFormat = "HH:mm"
        #expect(text.stdout.contains("  " + formatter.string(from: instant) + "  "), "\(text)")

        let known = try sandbox.run(["show", "--json", "--refresh"], environment: Self.stale)
        #expect(known.status == 0, "\(known)")
        let knownLocation = try #require(try Self.json(known.stdout)["location"] as? [String: Any])
        #expect(knownLocation["timezoneRules"] as? String == "zoneinfo")
    }

    @Test("the same observation with values left out never replaces the saved one: renewed, noData")
    func neverWorse() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let before = try Self.json(try sandbox.run(["show", "--json"]).stdout)
        for (key, value) in [("relative_humidity_2m", 250.0), ("pressure_msl", 10.0), ("wind_speed_10m", -4.0)] {
            let body = try Self.berlin(in: sandbox, Self.set("current", key, nil, to: value))
            try sandbox.server.script(.forecast, [.init(fixture: body)])
            let refresh = try sandbox.run(["refresh"], environment: Self.stale)
            #expect(refresh.status == 0, "\(refresh)")
            #expect(refresh.stdout.hasPrefix("noData: the weather in Berlin"), "\(refresh)")
            let after = try Self.json(try sandbox.run(["show", "--json"]).stdout)
            for field in ["relativeHumidity", "pressure", "windSpeed", "temperature"] {
                #expect((after[field] as? Double) == (before[field] as? Double), "\(key): \(field)")
            }
            #expect(after["implausibleValues"] == nil)
            #expect(after["updatedAt"] as? String != nil)
        }
        #expect(try sandbox.requestCount(.forecast) == 4)
    }
}
