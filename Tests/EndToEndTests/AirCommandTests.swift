import Foundation
import TestSupport
import Testing

/// `weather air` end to end: one request of the hourly values when a person asks, the next 24 hours in
/// steps of three with the pollutant that drives each, each day's pollen peak, the credit; one-off places.
@Suite("weather air: the next 24 hours and the coming days' pollen")
struct AirCommandTests {
    @Test("Berlin in May: every third hour with its driver, the afternoon's ozone, the pollen by day, the credit")
    func berlin() throws {
        let sandbox = try AirTests.sandbox(["Berlin"], at: AirTests.may)
        let before = try sandbox.server.requests(.airQuality).count
        let run = try sandbox.run("air")
        #expect(run.status == 0, "\(run)")
        let asked = try #require(try sandbox.server.requests(.airQuality).last)
        #expect(try sandbox.server.requests(.airQuality).count == before + 1)
        #expect(asked.query["hourly"]?.contains("european_aqi_ozone") == true && asked.query["current"] == nil)
        #expect(asked.query["forecast_days"] == "4")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Air at Berlin, Land Berlin, Germany, European AQI, the next 24 hours:", "\(lines)")
        // 11:30 CEST: from 11:00 on, every three hours: 8 steps; 14:00 and 17:00 CEST are 12:00 and 15:00 UTC.
        let steps = lines.dropFirst().prefix { $0.hasPrefix("  ") && !$0.contains(" · ") }
        #expect(steps.count >= 8, "\(lines)")
        #expect(steps.first?.contains("11:00") == true && steps.first?.contains("fair 32") == true)
        #expect(steps.first?.hasSuffix("PM2.5") == true, "\(steps)")
        #expect(steps.contains { $0.contains("14:00") && $0.contains("moderate 50") && $0.hasSuffix("ozone") })
        let pollen = try #require(lines.firstIndex(of: "Pollen, each day's peak:"))
        #expect(lines[pollen + 1].hasSuffix("birch high, grass low"), "\(lines)")
        #expect(lines.last == AirTests.credit)

        let json = try AirTests.json(try sandbox.run("air", "--json"))
        #expect(json["scale"] as? String == "european")
        let hours = try #require(json["hours"] as? [[String: Any]])
        #expect(hours.count == 8 && hours.first?["dominant"] as? String == "pm2_5")
        #expect(hours.first?["level"] as? String == "fair" && hours.first?["index"] as? Double == 32)
        let peaks = try #require(json["pollen"] as? [[String: Any]])
        #expect(peaks.first?["date"] as? String == "2026-05-12" && peaks.first?["plant"] as? String == "birch")
        #expect(peaks.first?["grainsPerCubicMetre"] as? Double == 120 && peaks.first?["level"] as? String == "high")
        #expect(Set(peaks.compactMap { $0["date"] as? String }).count == 4, "the four days CAMS Europe gives")
    }

    @Test("a place once, outside Europe: the US index and no pollen; off: nothing asked")
    func onceAndOff() throws {
        let sandbox = try AirTests.sandbox(["Berlin"], at: .fixtures)
        let run = try sandbox.run("air", "Springfield, MO")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Air at Springfield, Missouri, United States, US AQI, the next 24 hours:"))
        #expect(!run.stdout.contains("Pollen"))
        let asked = try #require(try sandbox.server.requests(.airQuality).last?.query["hourly"])
        #expect(asked.contains("us_aqi") && !asked.contains("pollen"))

        sandbox.environment["WEATHER_AIR"] = "off"
        let before = try sandbox.server.requests(.airQuality).count
        let off = try sandbox.run("air")
        #expect(off.status == 0 && off.stdout.contains("WEATHER_AIR"))
        #expect(try sandbox.server.requests(.airQuality).count == before)
    }

    @Test("a failing service, no air kept: an error that names it, exit status as a fetch's, the weather untouched")
    func failure() throws {
        // Failing from the start: no air kept to fall back on (AirTests.failingService has some).
        let sandbox = try Sandbox(at: AirTests.may, air: true)
        try sandbox.server.script(.airQuality, Array(repeating: FixtureServer.Response(status: 503), count: 2))
        #expect(try sandbox.run("set", "Berlin").status == 0)
        let run = try sandbox.run("air")
        #expect(run.status != 0 && run.stderr.contains("air quality service"), "\(run)")
        #expect(try sandbox.run("show").status == 0)
    }
}
