import Foundation
import TestSupport
import Testing

/// A warnings service that sends what none should, the built binary against the fixture server's Bright
/// Sky (Berlin) and NWS (Springfield): whatever it sends, the forecast of the same run is saved, no run
/// traps, every output stays printable, and what could not be read is said in one line.
@Suite("A hostile warnings service")
struct HostileWarningServerTests {
    /// What a hostile warnings service sends, each a case.
    enum Hostile: String, CaseIterable, CustomTestStringConvertible {
        /// Terminal escapes, bidi overrides, line breaks in every text and identifier.
        case controls
        /// Texts of hundreds of kilobytes, within the 1 MiB a body may have.
        case huge
        /// A thousand warnings.
        case thousand
        /// Times in no year, in the year 99999, as numbers, an end before the onset, none at all.
        case absurdTimes
        /// JSON cut off in the middle.
        case malformed
        /// A body over 1 MiB.
        case oversize

        var testDescription: String { rawValue }
    }

    static let evil = #"\u001b]0;pwned\u0007\u001b[2J\u009b2J\r\nforged line\u202e"#

    /// An ISO time `seconds` from now: the fixtures' moment, where the sandboxes' clocks stand.
    static func time(_ seconds: Double) -> String {
        ISO8601DateFormatter().string(from: TestMoment.fixtures.date.addingTimeInterval(seconds))
    }

    /// One of Bright Sky's alerts: in force for two more hours unless `times` says otherwise, with `texts`
    /// (JSON members, without braces) beside its event.
    static func brightSkyAlert(
        _ id: String, event: String = "Storm", times: String? = nil, texts: String = #""headline_en":"Storm""#
    ) -> String {
        let times = times ?? #""onset":"\#(time(-3600))","expires":"\#(time(7200))""#
        return #"{"id":1,"alert_id":"\#(id)","status":"actual","severity":"severe","event_en":"\#(event)","#
            + times + "," + texts + "}"
    }

    /// Bright Sky's answer for `hostile`.
    static func brightSky(_ hostile: Hostile) -> FixtureServer.Response {
        let location = #""location":{"warn_cell_id":111000000,"name":"Berlin","state":"Berlin"}"#
        switch hostile {
        case .controls:
            let texts =
                #""headline_en":"Head\#(evil)","description_en":"One\#(evil)\n\nTwo","instruction_en":"Go\#(evil)""#
            return .init(
                body: #"{"alerts":["# + brightSkyAlert("a\(evil)", event: "Storm\(evil)", texts: texts)
                    + #"],"location":{"name":"Ber\#(evil)lin"}}"#)
        case .huge:
            let long = String(repeating: "gale ", count: 50_000)
            let texts = #""headline_en":"\#(long)","description_en":"\#(long)","instruction_en":"\#(long)""#
            return .init(
                body: #"{"alerts":["# + brightSkyAlert("a", event: long, texts: texts) + "],\(location)}")
        case .thousand:
            return .init(
                body: #"{"alerts":["# + (0..<1000).map { brightSkyAlert("a\($0)") }.joined(separator: ",")
                    + "],\(location)}")
        case .absurdTimes:
            let alerts = [
                brightSkyAlert(
                    "a", times: #""onset":"0000-01-01T00:00:00+00:00","expires":"99999-01-01T00:00:00+00:00""#),
                brightSkyAlert("b", times: #""onset":1e20,"expires":-1e300"#),
                brightSkyAlert("c", times: #""onset":"\#(time(3600))","expires":"\#(time(-3600))""#),
                brightSkyAlert("d", times: #""onset":"2026-13-45T99:61:00+00:00","expires":null"#),
            ]
            return .init(body: #"{"alerts":["# + alerts.joined(separator: ",") + "],\(location)}")
        case .malformed:
            return .init(body: #"{"alerts":[{"id":1,"alert_id":"a","event_en":"Sto"#)
        case .oversize:
            return .init(huge: 2_000_000)
        }
    }

    /// Control characters a terminal acts on, and the bidi override, none of which may be printed.
    static func unprintable(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
        }
    }

    @Test(
        "whatever Bright Sky sends, the forecast is saved and every output stays printable", arguments: Hostile.allCases
    )
    func brightSky(hostile: Hostile) throws {
        let sandbox = try AlertsTests.sandbox(saving: ["Berlin"])
        try sandbox.server.script(.brightsky, [Self.brightSky(hostile)])
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        // Past the warnings' own freshness (5 minutes), as a later timer run.
        let later = sandbox.environment(at: sandbox.now + 400)
        let refresh = try sandbox.run(["refresh"], environment: later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        HostileServerTests.expectNoCrash(refresh)
        #expect(refresh.status == 0, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("newData: Berlin, Land Berlin, Germany: 10.4 °C"), "\(refresh)")
        #expect(refresh.stdout.split(separator: "\n").count == 1 && !Self.unprintable(refresh.stdout), "\(refresh)")
        switch hostile {
        case .malformed:
            #expect(refresh.stdout.contains("the warnings were not updated: "), "\(refresh)")
            #expect(refresh.stdout.contains("sent a response weather cannot read"), "\(refresh)")
        case .oversize:
            #expect(refresh.stdout.contains("the warnings were not updated: "), "\(refresh)")
            #expect(refresh.stdout.contains("1 MiB"), "\(refresh)")
        default:
            #expect(!refresh.stdout.contains("not updated"), "\(refresh)")
        }
        #expect(try sandbox.run(["show", "--json"], environment: later).stdout.contains(#""temperature":10.4"#))

        let environment = later.merging(["NO_COLOR": "1"]) { $1 }
        for arguments in [["show"], ["show", "--short"], ["show", "--waybar"], ["alerts"], ["alerts", "--json"]] {
            for terminal in [false, true] {
                let run = try sandbox.run(arguments, environment: environment, terminal: terminal)
                HostileServerTests.expectNoCrash(run)
                #expect(run.status == 0, "\(arguments): \(run)")
                #expect(!Self.unprintable(run.stdout) && !Self.unprintable(run.stderr), "\(arguments): \(run)")
                #expect(run.stdout.count < 40_000, "\(arguments): texts cut to their bounds")
            }
        }
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try sandbox.run(["alerts", "--json"], environment: later).stdout.utf8))
                as? [String: Any])
        let alerts = try #require(json["alerts"] as? [[String: Any]])
        switch hostile {
        case .controls:
            let storm = try #require(alerts.first)
            #expect((storm["event"] as? String)?.hasPrefix("Storm\u{FFFD}]0;pwned") == true, "\(storm)")
            // The forged line stays within the warning's own line.
            let shown = try sandbox.run(["show"], environment: environment).stdout.split(separator: "\n")
            #expect(shown.contains { $0.hasPrefix("⚠ Storm") && $0.contains(" forged line until ") }, "\(shown)")
            #expect(!shown.contains { $0.hasPrefix("forged line") }, "\(shown)")
        case .huge:
            #expect((alerts.first?["description"] as? String).map { $0.count <= 8001 } == true)
        case .thousand:
            #expect(alerts.count == 30, "the 30 gravest")
        case .absurdTimes:
            // Every one kept: the times that are none or contradict are unknown, and such a warning stands
            // as long as the service lists it; the one whose end came before its onset is announced.
            #expect(alerts.count == 4, "\(alerts)")
            #expect(alerts.allSatisfy { $0["expires"] is NSNull }, "\(alerts)")
            let inForce = alerts.filter { $0["inForce"] as? Bool == true }.compactMap { $0["id"] as? String }
            #expect(inForce.sorted() == ["a", "b", "d"], "\(alerts)")
        case .malformed, .oversize:
            #expect(alerts.count == 2, "the last known warnings")
            #expect((json["alertsProblem"] as? String)?.isEmpty == false)
            #expect(try sandbox.run(["show"], environment: later).stdout.contains(" (as of "))
        }
    }

    @Test("an NWS answer with a thousand features and every text hostile: the gravest 30, printable")
    func nws() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let features = (0..<1000).map { index in
            #"{"id":"f\#(index)","properties":{"id":"urn:\#(index)\#(Self.evil)","event":"Storm\#(Self.evil)","#
                + #""severity":"\#(index == 500 ? "Extreme" : "Moderate")","status":"Actual","messageType":"Alert","#
                + #""headline":"Head\#(Self.evil)","description":"Text\#(Self.evil)","areaDesc":"Area\#(Self.evil)","#
                + #""onset":"\#(Self.time(-600))","expires":"\#(Self.time(index == 1 ? -1e12 : 3600))","#
                + #""ends":"\#(index == 2 ? "99999-01-01T00:00:00Z" : Self.time(3600))"}}"#
        }
        try sandbox.server.script(
            .nws, [.init(body: #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}")])
        let set = try sandbox.run("set", "Springfield, MO")
        #expect(set.status == 0, "\(set)")
        #expect(!Self.unprintable(set.stdout) && !Self.unprintable(set.stderr))
        let json = try AlertsTests.json(try sandbox.run("alerts", "--json"))
        let alerts = try #require(json["alerts"] as? [[String: Any]])
        #expect(alerts.count == 30 && alerts.first?["severity"] as? String == "extreme", "\(alerts.count)")
        for arguments in [["show"], ["show", "--waybar"], ["alerts"]] {
            let run = try sandbox.run(arguments, environment: ["NO_COLOR": "1"], terminal: true)
            HostileServerTests.expectNoCrash(run)
            #expect(run.status == 0 && !Self.unprintable(run.stdout), "\(arguments): \(run)")
        }
        #expect(try sandbox.run("show", "--short").stdout.hasSuffix("⚠\n"))
    }
}
