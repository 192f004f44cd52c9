import Foundation
import TestSupport
import Testing

extension Sandbox {
    /// A sandbox at `moment` whose provider is MET Norway, with a contact unless `contact` is nil.
    static func met(at moment: TestMoment = .fixtures, contact: String? = "ann@example.org") throws -> Sandbox {
        let sandbox = try Sandbox(at: moment)
        sandbox.environment["WEATHER_PROVIDER"] = "met-norway"
        if let contact { sandbox.environment["WEATHER_CONTACT"] = contact }
        return sandbox
    }

    /// Sets the clock of the runs and of the server to `moment` (seconds since 1970); the environment of a
    /// run then, for the calls that name it.
    func at(_ moment: Double) throws -> [String: String] {
        try setClock(to: moment)
        return environment(at: moment)
    }

    /// One JSON object printed by `arguments`.
    func json(_ arguments: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        let run = try run(arguments, environment: environment)
        #expect(run.status == 0, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// What the result file keeps of the response's headers.
    func storedHeaders() throws -> [String: String] {
        let data = try #require(contents(resultFile))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(file["http"] as? [String: String])
    }
}

/// Every command and output with `WEATHER_PROVIDER=met-norway`, the built binary against the fixture
/// server's Locationforecast. (MET's terms, rule by rule: `METNorwayTermsTests`.)
@Suite("MET Norway as the provider, end to end")
struct METNorwayEndToEndTests {
    @Test("set, show in every form and forecast: MET's values and symbols, credited to MET, from one request")
    func everyOutput() throws {
        // At the fixtures' moment, Berlin's values are the fixture's first step.
        let sandbox = try Sandbox.met()
        let set = try sandbox.run(["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy\n"), "\(set)")
        #expect(set.stdout.contains("Feels like 7.6 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h\n"))
        #expect(set.stdout.contains("Updated just now · Data: MET Norway\n"))
        #expect(try sandbox.requestCount(.met) == 1)
        #expect(try sandbox.requestCount(.forecast) == 0, "Open-Meteo forecasts nothing here")
        #expect(try sandbox.requestCount(.search) == 1, "Open-Meteo's geocoder finds the place")

        let text = try sandbox.run(["show"])
        #expect(text.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy\n"), "\(text)")
        // 19:00 in Berlin: MET's series gives the evening's hours alone, said as tonight's.
        #expect(text.stdout.contains("\nTonight: "), "\(text)")
        #expect(
            text.stdout.range(
                of: "\nSunrise 07:1\\d, sunset 18:\\d\\d, pressure 1016 hPa\n", options: .regularExpression)
                != nil, "the sun of the place's day, worked out locally: \(text)")
        #expect(text.stdout.hasSuffix("Updated just now · Data: MET Norway\n"))

        let codes = "%l|%c|%C|%x|%t|%f|%h|%w|%p|%P|%S|%s|%H|%L|%R|%a"
        let format = try sandbox.run(["show", "--format", codes])
        let fields = format.stdout.dropLast().split(separator: "|", omittingEmptySubsequences: false)
        // Every code has a value but %H and %L: at 19:00 MET's day is the evening's hours, no high and low.
        #expect(fields.count == 16, "\(format)")
        for (index, field) in fields.enumerated() {
            #expect(field.isEmpty == [12, 13].contains(index), "\(index): \(format)")
        }
        #expect(fields.prefix(5) == ["Berlin", "☁️🌙", "Partly cloudy", "m", "11°C"])
        #expect(try sandbox.run(["show", "--short"]).stdout == "Berlin ☁️🌙 11°C\n")

        let waybar = try sandbox.json(["show", "--waybar"])
        #expect(waybar["class"] as? [String] == ["fresh", "cloudy", "night"])
        #expect(waybar["alt"] as? String == "partly-cloudy-night")
        #expect((waybar["tooltip"] as? String)?.contains("Data: MET Norway") == true)

        let json = try sandbox.json(["show", "--json"])
        #expect(json["provider"] as? String == "met-norway")
        #expect(json["symbolCode"] as? String == "partlycloudy_night")
        #expect(json["weatherCode"] as? Int == 2)
        #expect(json["apparentTemperature"] as? Double == 7.6)
        for key in ["relativeHumidity", "precipitation", "cloudCover", "pressure", "windSpeed", "windGusts", "sunrise"]
        {
            #expect(json[key] != nil && !(json[key] is NSNull), "\(key) in \(json)")
        }
        let today = try #require(json["today"] as? [String: Any])
        #expect(today["sun"] as? String == "rises-and-sets")

        let forecast = try sandbox.json(["forecast", "--json", "--hours", "48", "--days", "7"])
        #expect(forecast["provider"] as? String == "met-norway")
        let hourly = try #require(forecast["hourly"] as? [[String: Any]])
        // Today's chance is MET's highest for the hours left of Berlin's day (until 22:00 UTC).
        let todays = hourly.filter { ($0["time"] as? String ?? "") < "2026-10-08T22" }
        #expect(todays.count == 5)
        #expect(
            today["precipitationProbabilityMax"] as? Double
                == todays.compactMap { $0["precipitationProbability"] as? Double }.max())
        #expect(hourly.count == 48)
        #expect(hourly.allSatisfy { $0["symbolCode"] is String && $0["precipitationProbability"] is Double })
        let daily = try #require(forecast["daily"] as? [[String: Any]])
        #expect(daily.compactMap { $0["date"] as? String } == (8...14).map { "2026-10-\($0 < 10 ? "0" : "")\($0)" })
        #expect(daily.allSatisfy { $0["sunrise"] is String && $0["temperatureMax"] is Double })
        let forecastText = try sandbox.run(["forecast"])
        #expect(forecastText.stdout.hasSuffix("Updated just now · Data: MET Norway\n"), "\(forecastText)")
        #expect(try sandbox.requestCount(.met) == 1, "everything from the one request")
    }

    @Test("watch prints MET's line, and a new one when a refresh brings new values")
    func watch() throws {
        let sandbox = try Sandbox.met()
        try sandbox.setBerlin()
        let watch = try sandbox.spawn(["watch"])
        defer { if watch.process.isRunning { watch.process.terminate() } }
        func lines() -> [Substring] { watch.stdoutSoFar.split(separator: "\n") }
        let start = ContinuousClock.now
        while lines().isEmpty, ContinuousClock.now - start < .seconds(5) { usleep(10_000) }
        let first = try #require(lines().first)
        #expect(first.hasPrefix("Berlin "), "\(first)")
        // Bergen's values at Berlin: new data.
        try sandbox.server.script(.met, [.init(fixture: "met-norway/locationforecast/bergen.json")])
        // After the Expires of the first answer: MET's terms allow no request before.
        try sandbox.advance(by: 2400)
        let refresh = try sandbox.run(["refresh", "--force"])
        #expect(refresh.stdout.hasPrefix("newData: Berlin"), "\(refresh)")
        while lines().count < 2, ContinuousClock.now - start < .seconds(10) { usleep(10_000) }
        #expect(lines().count == 2 && lines().last != first, "\(lines())")
        watch.process.terminate()
        #expect(watch.wait().status == 0)
    }

    @Test("one-off lookups by name and by coordinates, MET's, and a second look asks nothing")
    func oneOff() throws {
        let sandbox = try Sandbox.met()
        let paris = try sandbox.run("Paris")
        #expect(paris.status == 0, "\(paris)")
        #expect(paris.stdout.hasPrefix("Paris, Île-de-France, France: "), "\(paris)")
        #expect(paris.stdout.hasSuffix("Data: MET Norway\n"))
        #expect(try sandbox.requestCount(.met) == 1)
        #expect(try sandbox.run("Paris").status == 0)
        #expect(try sandbox.requestCount(.met) == 1, "fresh until its Expires")
        let coordinates = try sandbox.json(["show", "60.3929,5.3241", "--json"])
        #expect(coordinates["provider"] as? String == "met-norway")
        let location = try #require(coordinates["location"] as? [String: Any])
        #expect(location["timezoneRules"] as? String == "utc-offset", "no zone without the geocoder: the nautical one")
        #expect(location["utcOffsetSeconds"] as? Int == 0)
        let request = try #require(try sandbox.server.requests(.met).last)
        #expect(request.query["lat"] == "60.3929" && request.query["lon"] == "5.3241")
        #expect(request.query["altitude"] == nil, "coordinates bring no elevation")
        #expect(try sandbox.requestCount(.search) == 1, "coordinates need no geocoder")
    }

    @Test("switching provider: the next fetch is unconditional and the new provider's, and back")
    func switchAndBack() throws {
        let sandbox = try Sandbox(at: .fixtures)
        sandbox.environment["WEATHER_CONTACT"] = "ann@example.org"
        let met = ["WEATHER_PROVIDER": "met-norway"]
        try sandbox.setBerlin()
        #expect(try sandbox.requestCount(.forecast) == 1)

        // A pipe never fetches: the saved result stays, credited to its own provider.
        let pipe = try sandbox.run(["show"], environment: met)
        #expect(pipe.stdout.hasSuffix("Data: Open-Meteo\n"), "\(pipe)")
        #expect(try sandbox.requestCount(.met) == 0)

        // The timer fetches, fresh as the result is: MET's now.
        let toMET = try sandbox.run(["refresh"], environment: met)
        #expect(toMET.stdout.hasPrefix("newData: Berlin"), "\(toMET)")
        let first = try #require(try sandbox.server.requests(.met).last)
        #expect(first.header("If-Modified-Since") == nil)
        #expect(try sandbox.json(["show", "--json"])["provider"] as? String == "met-norway")
        #expect(try sandbox.storedHeaders()["lastModified"] != nil)

        // Back to Open-Meteo: MET's Last-Modified is not Open-Meteo's to answer.
        let toOpenMeteo = try sandbox.run(["show", "--refresh"])
        #expect(toOpenMeteo.stdout.hasSuffix("Data: Open-Meteo\n"), "\(toOpenMeteo)")
        let back = try #require(try sandbox.server.requests(.forecast).last)
        #expect(back.header("If-Modified-Since") == nil && back.header("If-None-Match") == nil)
        #expect(try sandbox.requestCount(.forecast) == 2)

        // And MET once more: unconditional, although MET's last answer had a Last-Modified.
        #expect(try sandbox.run(["refresh"], environment: met).stdout.hasPrefix("newData"))
        let again = try #require(try sandbox.server.requests(.met).last)
        #expect(again.header("If-Modified-Since") == nil)
        #expect(try sandbox.requestCount(.met) == 2)
    }

    @Test("at 23:00 in Bergen, the day's one hour left is said as tonight's, not as today's high and low")
    func tonight() throws {
        let sandbox = try Sandbox.met()
        // At noon the day is whole: today's high and low, as ever.
        let noon = try sandbox.at(1_791_453_600)
        let set = try sandbox.run(["set", "Bergen"], environment: noon)
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("\nToday: high "), "\(set)")
        // 2026-10-08 23:00 in Bergen (CEST, +02:00).
        let clock = try sandbox.at(1_791_493_200)
        let refresh = try sandbox.run(["refresh"], environment: clock)
        #expect(refresh.stdout.hasPrefix("newData"), "\(refresh)")
        let text = try sandbox.run(["show"], environment: clock).stdout
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Tonight: ") }, "\(text)")
        #expect(!text.contains("Today: "), "\(text)")
        #expect(
            line.range(of: #"^Tonight: -?\d+\.\d °C( to -?\d+\.\d °C)?(, |$)"#, options: .regularExpression) != nil,
            "\(line)")
        // Its hours at night show the moon's icons, never the sun's.
        let forecast = try sandbox.run(["forecast", "--hours", "8", "--days", "0"], environment: clock).stdout
        let hours = forecast.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(hours.count == 8, "\(forecast)")
        for hour in hours {
            #expect(!["☀️", "🌤️", "⛅", "🌦️"].contains { hour.contains($0) }, "\(hour)")
        }
    }

    @Test("at 23:00 in Bergen, forecast's day, the tooltip's and %H %L say tonight as show does, not a high and low")
    func tonightElsewhere() throws {
        let sandbox = try Sandbox.met()
        // At noon the day is whole: a high and a low everywhere.
        let noon = try sandbox.at(1_791_453_600)
        #expect(try sandbox.run(["set", "Bergen"], environment: noon).status == 0)
        let dayCodes = try sandbox.run(["show", "--format", "%H %L"], environment: noon)
        #expect(dayCodes.stdout.range(of: #"^-?\d+°C -?\d+°C\n$"#, options: .regularExpression) != nil, "\(dayCodes)")
        #expect(try sandbox.run(["forecast", "--hours", "0", "--days", "1"], environment: noon).stdout.contains(" / "))
        // 2026-10-08 23:00 in Bergen (CEST, +02:00): MET's series gives the day's last hour alone.
        let clock = try sandbox.at(1_791_493_200)
        #expect(try sandbox.run(["refresh"], environment: clock).stdout.hasPrefix("newData"))
        #expect(try sandbox.run(["show"], environment: clock).stdout.contains("\nTonight: "))
        let tonight = #"tonight -?\d+°C( to -?\d+°C)?"#

        // The forecast's row of the day: tonight's temperature under a night's icon; tomorrow a whole day.
        let forecast = try sandbox.run(
            ["forecast", "--hours", "0", "--days", "2", "--icons", "nerd"], environment: clock)
        let rows = forecast.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        try #require(rows.count == 2, "\(forecast)")
        #expect(rows[0].range(of: "  " + tonight + "  ", options: .regularExpression) != nil, "\(rows[0])")
        #expect(!rows[0].contains(" / ") && !Self.hasDayIcon(rows[0]), "\(rows[0])")
        #expect(rows[1].contains(" / ") && !rows[1].contains("tonight"), "\(rows[1])")

        // The tooltip's line of the day, as the forecast's row says it.
        let waybar = try sandbox.json(["show", "--waybar", "--icons", "nerd"], environment: clock)
        let tooltip = try #require(waybar["tooltip"] as? String)
        let days = tooltip.split(separator: "\n").drop { !$0.contains("°C / ") && !$0.contains("tonight") }
        let first = try #require(days.first, "\(tooltip)")
        #expect(first.range(of: " " + tonight + "( |$)", options: .regularExpression) != nil, "\(tooltip)")
        #expect(!first.contains(" / ") && !Self.hasDayIcon(first), "\(first)")
        #expect(days.dropFirst().first?.contains(" / ") == true, "\(tooltip)")

        // %H and %L: no day's high and low to give, so nothing, as show gives none.
        let codes = try sandbox.run(["show", "--format", "%H %L"], environment: clock)
        #expect(codes.status == 0 && codes.stdout.allSatisfy(\.isWhitespace), "\(codes)")
        let line = try sandbox.run(["show", "--format", "%l %H %L %R"], environment: clock)
        #expect(line.stdout.range(of: #"^Bergen \d+%\n$"#, options: .regularExpression) != nil, "\(line)")
    }

    /// Whether `text` holds one of Nerd Fonts' day icons (`day_*`: U+E300 to U+E30F, `day_sleet`,
    /// `day_haze`), which a night's row never shows.
    static func hasDayIcon(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { (0xE300...0xE30F).contains($0.value) || [0xE3AA, 0xE3AE].contains($0.value) }
    }

    @Test(
        "midnight sun and polar night at Alert, from the local sun algorithm alone",
        arguments: [
            ("2026-06-21T12:00:00Z", "up-all-day", "Sun up all day"),
            ("2026-12-21T12:00:00Z", "down-all-day", "Sun down all day"),
        ])
    func polar(moment: String, sun: String, words: String) throws {
        let sandbox = try Sandbox.met(at: TestMoment(moment, moment))
        let set = try sandbox.run(["set", "Alert"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("\n\(words), pressure "), "\(set)")
        let json = try sandbox.json(["show", "--json"])
        #expect((json["today"] as? [String: Any])?["sun"] as? String == sun)
        #expect(json["sunrise"] == nil && json["sunset"] == nil, "no sunrise in a polar day or night")
        let forecast = try sandbox.json(["forecast", "--json", "--days", "7"])
        let daily = try #require(forecast["daily"] as? [[String: Any]])
        #expect(daily.count == 7 && daily.allSatisfy { $0["sun"] as? String == sun && $0["sunrise"] is NSNull })
        #expect(try sandbox.requestCount(.met) == 1, "no second request for the sun")
    }
}
