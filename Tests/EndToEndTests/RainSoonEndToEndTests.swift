import Foundation
import TestSupport
import Testing

/// Rain in the next two hours, the UV index and the moon, end to end against the fixture server: from the
/// one forecast request, in every output, aged by the clock with no request of their own.
@Suite("Rain soon, UV and the moon, end to end")
struct RainSoonEndToEndTests {
    static func object(_ run: Sandbox.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    @Test(
        "Berlin's native 15-minute series: the second line, %r, --json, the tooltip's first line, aging",
        arguments: TestMoment.hard)
    func berlin(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        // 5 s into the quarter hour of the moment: the fixture's current time, where its series starts.
        let start = (moment.seconds / 900).rounded(.down) * 900 + 5
        try sandbox.setClock(to: start)
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-rain-soon.json")])
        let set = try sandbox.run(["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        let request = try #require(try sandbox.server.requests(.forecast).last)
        #expect(request.query["minutely_15"] == "precipitation" && request.query["forecast_minutely_15"] == "8")
        #expect(try sandbox.requestCount(.forecast) == 1, "no request of its own")

        let lines = try sandbox.run(["show"]).stdout.split(separator: "\n")
        #expect(lines.count > 2 && lines[1] == "Rain in 30 min", "\(lines)")
        #expect(try sandbox.run(["show", "--format", "%r"]).stdout == "rain in 30 min\n")
        let json = try Self.object(try sandbox.run(["show", "--json"]))
        let soon = try #require(json["rainSoon"] as? [String: Any])
        let iso = ISO8601DateFormatter()
        #expect(soon["startsAt"] as? String == iso.string(from: Date(timeIntervalSince1970: start - 5 + 1800)))
        #expect(soon["endsAt"] as? String == iso.string(from: Date(timeIntervalSince1970: start - 5 + 5400)))
        #expect(soon["resolution"] as? String == "15-minute")
        let waybar = try Self.object(try sandbox.run(["show", "--waybar"]))
        let tooltip = try #require(waybar["tooltip"] as? String)
        #expect(tooltip.hasPrefix("Rain in 30 min\n\nBerlin, Land Berlin, Germany: "), "\(tooltip)")

        // By the clock alone: 11 minutes on, 19 minutes to go (said as 20); once it rains, when it stops;
        // after it, nothing. No request for any of it.
        func said(after minutes: Double) throws -> String {
            try sandbox.run(["show", "--format", "%r"], environment: sandbox.environment(at: start + minutes * 60))
                .stdout
        }
        #expect(try said(after: 11) == "rain in 20 min\n")
        #expect(try said(after: 40) == "rain stopping in 50 min\n")
        #expect(try said(after: 95) == "\n")
        #expect(try sandbox.requestCount(.forecast) == 1)
    }

    @Test("outside the 15-minute models' domains the series is interpolated from hours, and says so")
    func interpolated() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run(["set", "Sydney"]).status == 0)
        let json = try Self.object(try sandbox.run(["show", "--json"]))
        let soon = try #require(json["rainSoon"] as? [String: Any])
        #expect(soon["resolution"] as? String == "15-minute-interpolated")
    }

    @Test("MET Norway's next hours serve at hourly resolution: Bergen, where it rains now")
    func metNorway() throws {
        // 10 minutes into the fixtures' first step.
        let sandbox = try Sandbox.met(at: TestMoment("2026-10-08T17:10:00Z", "2026-10-08T17:10:00Z"))
        let set = try sandbox.run(["set", "Bergen"])
        #expect(set.status == 0, "\(set)")
        let show = try Self.object(try sandbox.run(["show", "--json"]))
        let soon = try #require(show["rainSoon"] as? [String: Any])
        #expect(soon["resolution"] as? String == "hourly")
        #expect(soon["startsAt"] as? String == "2026-10-08T17:00:00Z", "it rains in Bergen's first hour: \(soon)")
        let rain = try sandbox.run(["show", "--format", "%r"]).stdout
        #expect(rain.hasPrefix("rain stopping in ") || rain.hasPrefix("rain for the next "), "\(rain)")
        #expect(show["uvIndex"] is Double, "MET's ultraviolet_index_clear_sky: \(show)")
    }

    @Test("UV: %u, the full text from 3 up with the WHO's band, --json, and forecast's days")
    func uv() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run(["set", "Sydney"]).status == 0)
        // Sydney's fixture holds 8.1 at 14:00.
        #expect(try sandbox.run(["show", "--format", "%u"]).stdout == "8\n")
        #expect(try sandbox.run(["show"]).stdout.contains(", UV 8, very high\n"))
        let json = try Self.object(try sandbox.run(["show", "--json"]))
        #expect(json["uvIndex"] as? Double == 8.1)
        let forecast = try Self.object(try sandbox.run(["forecast", "--cached", "--json"]))
        let days = try #require(forecast["daily"] as? [[String: Any]])
        #expect(!days.isEmpty && days.allSatisfy { ($0["uvIndexMax"] as? Double).map { $0 > 0 } == true }, "\(days)")
        // Berlin at night: 0, and the text says nothing of it.
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        #expect(try sandbox.run(["show", "--format", "%u"]).stdout == "0\n")
        #expect(!(try sandbox.run(["show"]).stdout.contains("UV")))
    }

    @Test("%r, %u and %m in every icon set", arguments: ["emoji", "nerd", "ascii", "none"])
    func iconSets(icons: String) throws {
        // 5 s into a quarter hour: the fixture's current time, where its series starts.
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-rain-soon.json")])
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        let line = try sandbox.run(["show", "--icons", icons, "--format", "%r|%u|%m"]).stdout
        let parts = line.dropLast().split(separator: "|", omittingEmptySubsequences: false)
        #expect(parts.count == 3, "\(line)")
        #expect(parts.first == "rain in 30 min", "\(line)")
        #expect(parts.dropFirst().first == "0", "\(line)")
        #expect(icons == "none" ? parts.last?.isEmpty == true : parts.last?.isEmpty == false, "\(line)")
    }
}
