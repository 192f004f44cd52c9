import Foundation
import TestSupport
import Testing

/// The air end to end: the built binary against the fixture server's Open-Meteo air quality API, whose
/// values stand still (European AQI 32, US AQI 68) and whose pollen follows the seasons by its clock
/// (fixtureserver/airquality.py): birch high and grasses low in May, none in December, none outside Europe.
@Suite("The air: quality and pollen with the weather, at its own pace")
struct AirTests {
    static let may = TestMoment("2026-05-12T09:30:00Z", "a May morning in Berlin, 11:30 CEST", zone: "Europe/Berlin")
    static let december = TestMoment("2026-12-10T11:00:00Z", "a December noon in Berlin", zone: "Europe/Berlin")
    static let credit = "Air quality: Copernicus Atmosphere Monitoring Service, via Open-Meteo (CC BY 4.0)"

    static func sandbox(_ place: [String], at moment: TestMoment, environment: [String: String] = [:]) throws
        -> Sandbox
    {
        let sandbox = try Sandbox(at: moment, air: true)
        sandbox.environment.merge(environment) { $1 }
        let set = try sandbox.run(["set"] + place)
        #expect(set.status == 0, "\(set)")
        return sandbox
    }

    static func json(_ run: Sandbox.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test("Berlin in May: the line, the credit, %q and %Q, --json, with one request for what is shown")
    func berlinInMay() throws {
        let sandbox = try Self.sandbox(["Berlin"], at: Self.may)
        let requests = try sandbox.server.requests(.airQuality)
        #expect(requests.count == 1)
        let asked = Set((requests.first?.query["current"] ?? "").split(separator: ",").map(String.init))
        #expect(asked.contains("european_aqi") && asked.contains("birch_pollen") && !asked.contains("us_aqi"))
        #expect(requests.first?.query["latitude"] == "52.5244" && requests.first?.query["hourly"] == nil)

        let text = try sandbox.run("show").stdout.split(separator: "\n").map(String.init)
        #expect(text.contains("Air: fair (European AQI 32); pollen: birch high, grass low"), "\(text)")
        #expect(text.last?.hasSuffix(" · " + Self.credit) == true, "\(text)")
        #expect(try sandbox.run("show", "--format", "%q|%Q").stdout == "fair 32|birch high\n")

        let json = try Self.json(try sandbox.run("show", "--json"))
        let air = try #require(json["air"] as? [String: Any])
        #expect(
            Set(air.keys) == [
                "scale", "index", "level", "dominant", "pm2_5", "pm10", "ozone", "nitrogenDioxide", "pollen",
                "updatedAt",
            ])
        #expect(air["scale"] as? String == "european" && air["index"] as? Double == 32)
        #expect(air["level"] as? String == "fair" && air["dominant"] as? String == "pm2_5")
        #expect(air["ozone"] as? Double == 58 && air["nitrogenDioxide"] as? Double == 14.3)
        let pollen = try #require(air["pollen"] as? [[String: Any]])
        #expect(pollen.map { $0["plant"] as? String } == ["birch", "grass"])
        #expect(pollen.first?["grainsPerCubicMetre"] as? Double == 120 && pollen.first?["level"] as? String == "high")

        // The forecast's 15 minutes are not the air's hour: refreshes within the hour ask for no air.
        for _ in 0..<3 {
            try sandbox.advance(by: 15 * 60)
            #expect(try sandbox.run("refresh").status == 0)
        }
        #expect(try sandbox.server.requests(.airQuality).count == 1)
        let forecasts = try sandbox.server.requests(.forecast).count
        #expect(forecasts >= 2, "\(forecasts)")
        try sandbox.advance(by: 16 * 60)
        #expect(try sandbox.run("refresh").status == 0)
        #expect(try sandbox.server.requests(.airQuality).count == 2)
    }

    @Test("out of season and outside Europe: nothing about pollen; the US index in Springfield")
    func noPollen() throws {
        let berlin = try Self.sandbox(["Berlin"], at: Self.december)
        let text = try berlin.run("show").stdout
        #expect(text.contains("\nAir: fair (European AQI 32)\n"), "\(text)")
        #expect(!text.contains("pollen") && !text.contains("Pollen"))
        #expect(try berlin.run("show", "--format", "%q|%Q").stdout == "fair 32|\n")

        let springfield = try Self.sandbox(["Springfield, MO"], at: .fixtures)
        let asked = try #require(try springfield.server.requests(.airQuality).first?.query["current"])
        #expect(asked.contains("us_aqi") && !asked.contains("pollen") && !asked.contains("european_aqi"))
        let shown = try springfield.run("show").stdout
        #expect(shown.contains("\nAir: moderate (US AQI 68)\n"), "\(shown)")
        let air = try #require(try Self.json(try springfield.run("show", "--json"))["air"] as? [String: Any])
        #expect(air["scale"] as? String == "us" && (air["pollen"] as? [Any])?.isEmpty == true)
    }

    @Test("waybar: the air in the tooltip, air-poor from the EEA's poor; logout forgets the air")
    func waybar() throws {
        let sandbox = try Sandbox(at: Self.may, air: true)
        let body = #"{"latitude":52.5,"longitude":13.4,"current":{"time":0,"interval":3600,"european_aqi":61}}"#
        try sandbox.server.script(.airQuality, [FixtureServer.Response(body: body)])
        #expect(try sandbox.run("set", "Berlin").status == 0)
        let bar = try Self.json(try sandbox.run("show", "--waybar"))
        #expect((bar["class"] as? [String])?.contains("air-poor") == true, "\(bar)")
        #expect((bar["tooltip"] as? String)?.contains("\nAir: poor (European AQI 61)\n") == true)
        #expect(FileManager.default.fileExists(atPath: sandbox.cacheHome + "/weather/air.txt"))
        #expect(try sandbox.run("logout").status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.cacheHome + "/weather/air.txt"))

        let fair = try Self.sandbox(["Berlin"], at: Self.may)
        let classes = try #require(try Self.json(try fair.run("show", "--waybar"))["class"] as? [String])
        #expect(!classes.contains("air-poor"))
    }

    @Test("air_scale chooses the index whatever the place")
    func scaleSetting() throws {
        let sandbox = try Self.sandbox(["Berlin"], at: Self.may, environment: ["WEATHER_AIR_SCALE": "us"])
        #expect(try sandbox.run("show").stdout.contains("\nAir: moderate (US AQI 68); pollen: birch high"))
    }

    @Test("off: no request, no line, null in --json")
    func off() throws {
        let sandbox = try Self.sandbox(["Berlin"], at: Self.may, environment: ["WEATHER_AIR": "off"])
        #expect(try sandbox.server.requests(.airQuality).isEmpty)
        let text = try sandbox.run("show").stdout
        #expect(!text.contains("Air") && !text.contains("Copernicus"))
        let json = try Self.json(try sandbox.run("show", "--json"))
        #expect(json.keys.contains("air") && json["air"] is NSNull)
    }

    @Test(
        "a bad answer costs the weather nothing: an error, another place, wrong units, values out of range",
        arguments: [
            FixtureServer.Response(status: 500),
            FixtureServer.Response(
                body: #"{"latitude":40.7,"longitude":-74.0,"current":{"time":0,"interval":3600,"european_aqi":32}}"#),
            FixtureServer.Response(body: "<html>Bad Gateway</html>"),
        ])
    func badAnswers(answer: FixtureServer.Response) throws {
        let sandbox = try Sandbox(at: Self.may, air: true)
        try sandbox.server.script(.airQuality, [answer])
        let set = try sandbox.run("set", "Berlin")
        #expect(set.status == 0, "\(set)")
        let text = try sandbox.run("show").stdout
        #expect(text.hasPrefix("Berlin, ") && !text.contains("Air:"), "\(text)")
        #expect(try Self.json(try sandbox.run("show", "--json"))["air"] is NSNull)
    }

    @Test("one bad value is one gap: the pollen in another unit and an index out of range are left out")
    func oneBadValue() throws {
        let sandbox = try Sandbox(at: Self.may, air: true)
        let body = #"""
            {"latitude":52.5,"longitude":13.4,"current_units":{"european_aqi":"EAQI","birch_pollen":"grains/cm³","pm10":"μg/m³","ozone":"μg/m³"},
            "current":{"time":0,"interval":3600,"european_aqi":45,"birch_pollen":500,"grass_pollen":60,"pm10":-4,"ozone":"high"}}
            """#
        try sandbox.server.script(.airQuality, [FixtureServer.Response(body: body)])
        #expect(try sandbox.run("set", "Berlin").status == 0)
        #expect(try sandbox.run("show").stdout.contains("\nAir: moderate (European AQI 45); pollen: grass high\n"))
        let air = try #require(try Self.json(try sandbox.run("show", "--json"))["air"] as? [String: Any])
        #expect(air["pm10"] is NSNull && air["ozone"] is NSNull)
    }

    @Test("the air service failing costs the forecast nothing, and the last air is shown with its age")
    func failingService() throws {
        let sandbox = try Self.sandbox(["Berlin"], at: Self.may)
        let line = "Air: fair (European AQI 32); pollen: birch high, grass low"
        #expect(try sandbox.run("show").stdout.contains("\n" + line + "\n"))
        // Within its hour and the runs' grace, the air is current: no age.
        try sandbox.advance(by: 60 * 60)
        #expect(try sandbox.run("show", "--format", "%q").stdout == "fair 32\n")
        // Two hours on, the air service fails; the forecast's is well.
        try sandbox.advance(by: 60 * 60)
        try sandbox.server.script(.airQuality, Array(repeating: FixtureServer.Response(status: 503), count: 3))
        let refresh = try sandbox.run("refresh")
        #expect(refresh.status == 0, "\(refresh)")
        #expect(try sandbox.server.requests(.airQuality).count == 2)
        #expect(try sandbox.server.requests(.forecast).count == 2)
        let text = try sandbox.run("show").stdout
        #expect(text.hasPrefix("Berlin, ") && !text.contains("(stale)"), "\(text)")
        #expect(text.contains("\n" + line + " (2 h ago)\n"), "\(text)")
        #expect(text.contains("Updated just now"), "\(text)")
        #expect(try sandbox.run("show", "--format", "%q|%Q").stdout == "fair 32 (2 h ago)|birch high (2 h ago)\n")
        let bar = try Self.json(try sandbox.run("show", "--waybar"))
        #expect((bar["tooltip"] as? String)?.contains("\n" + line + " (2 h ago)\n") == true, "\(bar)")
        let air = try #require(try Self.json(try sandbox.run("show", "--json"))["air"] as? [String: Any])
        #expect((air["updatedAt"] as? String)?.hasPrefix("2026-05-12T09:30:") == true, "\(air)")
        // `weather air` for the saved place, the service still failing: the last air, its age, and why.
        let asked = try sandbox.run("air")
        #expect(asked.status == 0, "\(asked)")
        #expect(asked.stdout.hasPrefix(line + " (2 h ago)\n") && asked.stdout.hasSuffix(Self.credit + "\n"), "\(asked)")
        #expect(asked.stderr.contains("could not refresh: ") && asked.stderr.contains("2 h ago"), "\(asked)")
    }

    @Test("watch prints when the air's level changes, though the forecast stays the same")
    func watchLevel() throws {
        let sandbox = try Self.sandbox(["Berlin"], at: Self.may)
        let watcher = try WatchCommandTests.Watcher(sandbox, ["--format", "%l %q"])
        #expect(watcher.waitForLines(1) == ["Berlin fair 32"])
        // The saved air an hour old, the next answer poor, the forecast's the same: only the air changes.
        let file = sandbox.cacheHome + "/weather/air.txt"
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let aged = lines.map { line in
            guard line.hasPrefix("updated\t"), let seconds = Double(line.dropFirst(8)) else { return line }
            return "updated\t\(seconds - 3700)"
        }
        #expect(aged != lines)
        try (aged.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let poor = #"{"latitude":52.5,"longitude":13.4,"current":{"time":0,"interval":3600,"european_aqi":61}}"#
        // Answered a second late: the watch has long seen the renewed forecast, and nothing in it, when
        // the air comes.
        try sandbox.server.script(.airQuality, [FixtureServer.Response(body: poor, delay: 1)])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.hasPrefix("newData"), "the air is new data: \(refresh)")
        #expect(watcher.waitForLines(2, within: 10) == ["Berlin fair 32", "Berlin poor 61"])
        #expect(watcher.stop() == 0)
    }
}

/// The air on the desktop, end to end: the built binary telling a real notification server (dunst on a
/// private session bus, as `NotificationTests`), whose own history says what it received.
@Suite("The air's desktop notifications, with notify all", .serialized)
struct AirNotificationTests {
    static func answer(index: Int, birch: Int) -> FixtureServer.Response {
        FixtureServer.Response(
            body: #"{"latitude":52.5,"longitude":13.4,"current":{"time":0,"interval":3600,"european_aqi":"#
                + "\(index),\"birch_pollen\":\(birch),\"grass_pollen\":200}}")
    }

    @Test("the air turning poor, once an episode; high pollen of the pollen setting's plants, once a day")
    func told() throws {
        let sandbox = try Sandbox(at: AirTests.may, air: true)
        let server = try NotificationServer(in: sandbox)
        sandbox.environment.merge([
            "DBUS_SESSION_BUS_ADDRESS": server.address, "WEATHER_NOTIFY": "all", "WEATHER_POLLEN": "birch",
        ]) { $1 }
        let place = "Berlin, Land Berlin, Germany"
        func refresh(_ answer: FixtureServer.Response, after seconds: Double) throws {
            try sandbox.advance(by: seconds)
            try sandbox.server.script(.airQuality, [answer])
            let run = try sandbox.run("refresh")
            #expect(run.status == 0 && !run.stdout.contains("notification"), "\(run)")
        }
        try sandbox.server.script(.airQuality, [Self.answer(index: 61, birch: 120)])
        #expect(try sandbox.run("set", "Berlin").status == 0)
        // Grasses are very high, but not among the pollen setting's plants.
        #expect(
            Set(try server.history().map { [$0.appName, $0.summary, $0.body, $0.urgency] }) == [
                ["weather", "Air: poor (European AQI 61)", place, "normal"],
                ["weather", "Pollen: birch high", place, "normal"],
            ])
        // An hour on, the same: nothing again.
        try refresh(Self.answer(index: 65, birch: 150), after: 3700)
        #expect(try server.history().count == 2)
        // Better, then poor again: a new episode, told; the birch still high the same day: not again.
        try refresh(Self.answer(index: 40, birch: 150), after: 3700)
        try refresh(Self.answer(index: 70, birch: 150), after: 3700)
        let received = try server.history()
        #expect(received.count == 3 && received.filter { $0.summary.hasPrefix("Air: poor") }.count == 2, "\(received)")
        // The next day, the birch high again: told again.
        try refresh(Self.answer(index: 70, birch: 150), after: 86_400)
        #expect(try server.history().filter { $0.summary == "Pollen: birch high" }.count == 2)
        server.stop()
    }
}
