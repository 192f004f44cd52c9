import Foundation
import TestSupport
import Testing

/// Official warnings end to end: the built binary against the fixture server's NWS, Bright Sky and
/// MetAlerts, whose warnings are anchored at the server's first warnings request (fixtureserver/timeline.py):
/// Springfield's Severe Thunderstorm Warning ends 45 minutes after it, its Flood Watch begins 5 hours after.
@Suite("Official warnings: fetched with the forecast, shown where people look, gone when they end")
struct AlertsTests {
    /// A sandbox at `moment` with warnings on (their default) and `place` saved.
    static func sandbox(
        saving place: [String], at moment: TestMoment = .fixtures, environment: [String: String] = [:]
    ) throws -> Sandbox {
        let sandbox = try Sandbox(at: moment, alerts: true)
        sandbox.environment.merge(environment) { $1 }
        let set = try sandbox.run(["set"] + place)
        #expect(set.status == 0, "\(set)")
        return sandbox
    }

    /// The lines of the saved warnings file of `kind` (`alert`, `failure`), each as its fields after the kind.
    static func saved(_ sandbox: Sandbox, _ kind: String) throws -> [[String]] {
        let data = try #require(sandbox.contents(sandbox.cacheHome + "/weather/alerts.txt"))
        return String(decoding: data, as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.first == kind }.map { Array($0.dropFirst()) }
    }

    /// When the saved warning `event`'s message expires (or it begins, with `onset`; its hazard ends, with
    /// `ends`), in seconds since 1970: an `alert` line holds the identifier, severity, onset, expires, ends
    /// and event.
    static func moment(_ sandbox: Sandbox, of event: String, onset: Bool = false, ends: Bool = false) throws -> Double {
        let alert = try #require(try saved(sandbox, "alert").first { $0.count > 5 && $0[5] == event })
        return try #require(Double(alert[onset ? 2 : ends ? 4 : 3]))
    }

    static func json(_ run: Sandbox.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test(
        "Springfield: the warning in the text, the short line, %A, waybar, --json and weather alerts; one request",
        arguments: TestMoment.hardInSpringfield)
    func everyForm(moment: TestMoment) throws {
        let sandbox = try Self.sandbox(saving: ["Springfield, MO"], at: moment)
        #expect(try sandbox.requestCount(.nws) == 1)
        let request = try #require(try sandbox.server.requests(.nws).first)
        #expect(request.query["point"] == "37.2153,-93.2982")
        #expect(request.header("Accept") == "application/geo+json")
        #expect(request.header("User-Agent")?.hasPrefix("weather/") == true)

        let text = try sandbox.run("show").stdout.split(separator: "\n")
        #expect(text[0].hasPrefix("Springfield, Missouri, United States: ") && text[0].hasSuffix(" ⚠"), "\(text)")
        #expect(text[1].hasPrefix("⚠ Severe Thunderstorm Warning until ") && text[1].hasSuffix("; 1 announced"))
        #expect(text.last == "Updated just now · Data: Open-Meteo · Warnings: NWS", "\(text)")
        #expect(try sandbox.run("show", "--short").stdout.hasSuffix("°C ⚠\n"))
        let format = try sandbox.run("show", "--format", "%A|%W").stdout
        #expect(format.hasPrefix("Severe Thunderstorm Warning until ") && format.hasSuffix("|⚠\n"), "\(format)")

        let json = try Self.json(try sandbox.run("show", "--json"))
        let alerts = try #require(json["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["event"] as? String } == ["Severe Thunderstorm Warning", "Flood Watch"])
        #expect(alerts.map { $0["inForce"] as? Bool } == [true, false])
        let storm = try #require(alerts.first)
        // The keys docs/guide.md documents, the extensions (ends, inForce, alertsCheckedAt) among them.
        #expect(
            Set(storm.keys) == [
                "id", "source", "event", "severity", "headline", "onset", "expires", "ends", "inForce", "instruction",
            ])
        #expect(json["alertsCheckedAt"] is String && json["alertsProblem"] == nil)
        #expect(storm["source"] as? String == "nws" && storm["severity"] as? String == "severe")
        #expect((storm["id"] as? String)?.hasPrefix("urn:oid:2.49.0.1.840.0.") == true)
        #expect((storm["expires"] as? String)?.hasSuffix("Z") == true)
        #expect((storm["instruction"] as? String)?.hasPrefix("Go inside a sturdy building") == true)

        let waybar = try Self.json(try sandbox.run("show", "--waybar"))
        let classes = try #require(waybar["class"] as? [String])
        #expect(classes.first == "fresh" && classes.suffix(2) == ["warning", "warning-severe"], "\(classes)")
        #expect((waybar["tooltip"] as? String)?.hasPrefix("⚠ Severe Thunderstorm Warning (severe) until ") == true)
        #expect((waybar["tooltip"] as? String)?.contains("· Data: Open-Meteo · Warnings: NWS\n") == true)

        let full = try sandbox.run(
            ["alerts"], environment: ["NO_COLOR": "1"], terminal: true, size: (columns: 60, rows: 40))
        #expect(full.status == 0, "\(full)")
        #expect(full.stdout.hasPrefix("Springfield, Missouri, United States: 1 warning in force and\n1 announced"))
        #expect(full.stdout.contains("  Greene, MO; Polk, MO\n"))
        #expect(full.stdout.contains("  What to do: Go inside a sturdy building now and stay away"))
        #expect(full.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 }, "wrapped: \(full.stdout)")
        let listed = try Self.json(try sandbox.run("alerts", "--json"))
        #expect(Set(listed.keys) == ["location", "source", "alerts", "alertsCheckedAt"])
        let details = try #require((listed["alerts"] as? [[String: Any]])?.first)
        #expect(Set(details.keys).isSuperset(of: ["ends", "inForce", "area", "description", "sender"]))
        #expect((details["description"] as? String)?.contains("moving east at 25 mph.") == true)
        #expect(details["area"] as? String == "Greene, MO; Polk, MO")
        // All of it from the one request of `set`.
        #expect(try sandbox.requestCount(.nws) == 1)
    }

    @Test(
        "Berlin's warnings come from DWD through Bright Sky, Bergen's from MET Norway with a contact",
        arguments: TestMoment.hard)
    func dwdAndMetNorway(moment: TestMoment) throws {
        let berlin = try Self.sandbox(saving: ["Berlin"], at: moment)
        let dwd = try #require((try Self.json(try berlin.run("show", "--json"))["alerts"] as? [[String: Any]])?.first)
        #expect(dwd["source"] as? String == "dwd" && dwd["event"] as? String == "Gale-force gusts")
        #expect(try berlin.requestCount(.brightsky) == 1)
        // DWD's terms ask for its credit: the text's last line gives it, as waybar's tooltip, which holds the text.
        #expect(try berlin.run("show").stdout.hasSuffix("· Data: Open-Meteo · Warnings: DWD\n"))

        let bergen = try Self.sandbox(
            saving: ["Bergen"], at: moment, environment: ["WEATHER_CONTACT": "ann@example.org"])
        let met = try #require((try Self.json(try bergen.run("show", "--json"))["alerts"] as? [[String: Any]])?.first)
        #expect(met["source"] as? String == "met-norway" && met["event"] as? String == "Strong wind gusts")
        #expect(try bergen.run("show").stdout.hasSuffix("· Data: Open-Meteo · Warnings: MET Norway\n"))
        let request = try #require(try bergen.server.requests(.metalerts).first)
        #expect(request.query["lang"] == "en" && request.header("User-Agent")?.contains("ann@example.org") == true)

        // Without a contact MET Norway is not asked, and weather alerts says what to set.
        let quiet = try Self.sandbox(saving: ["Bergen"], at: moment)
        #expect(try quiet.requestCount(.metalerts) == 0)
        let said = try quiet.run("alerts")
        #expect(said.status == 0 && said.stdout.contains("set WEATHER_CONTACT"), "\(said)")
    }

    @Test(
        "a warning past its end disappears by the clock alone, with no request; an announced one begins",
        arguments: TestMoment.hardInSpringfield)
    func expiryByTheClock(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment, alerts: true)
        // Fresh for two hours by the service's word: a run that fetches the weather past the storm's end
        // need not ask for the warnings, and the clock alone takes the storm away.
        try sandbox.server.script(
            .nws, [.init(fixture: "nws/springfield-missouri.json", headers: ["Cache-Control": "public, max-age=7200"])])
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        let end = try Self.moment(sandbox, of: "Severe Thunderstorm Warning")
        try sandbox.server.clearRequests()
        let after = sandbox.environment(at: end + 1)
        let text = try sandbox.run(["show"], environment: after).stdout
        #expect(!text.contains("Severe Thunderstorm") && text.contains("Announced: Flood Watch from "), "\(text)")
        #expect(!text.split(separator: "\n")[0].contains("⚠"))
        let json = try Self.json(try sandbox.run(["show", "--json"], environment: after))
        #expect((json["alerts"] as? [[String: Any]])?.map { $0["event"] as? String } == ["Flood Watch"])
        #expect(try sandbox.run(["show", "--format", "%A"], environment: after).stdout == "\n")
        // A terminal fetches the stale weather, not the warnings, which are still fresh: the storm is gone.
        let terminal = try sandbox.run(
            ["show"], environment: after.merging(["NO_COLOR": "1"]) { $1 }, terminal: true)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(!terminal.stdout.contains("Severe Thunderstorm") && terminal.stdout.contains("Announced: Flood Watch"))
        #expect(try sandbox.requestCount(.forecast) == 1, "the terminal's run fetched")
        #expect(try sandbox.requestCount(.nws) == 0)
        let onset = try Self.moment(sandbox, of: "Flood Watch", onset: true)
        let evening = sandbox.environment(at: onset + 1)
        #expect(
            try sandbox.run(["show", "--format", "%A"], environment: evening).stdout.hasPrefix("Flood Watch until "))
    }

    @Test("a watch whose message expired while its hazard goes on stays in every form, update expected; one request")
    func pastItsMessagesExpiry() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        // Fresh for two hours by the service's word: only the message's expiry makes a run ask again.
        try sandbox.server.script(
            .nws,
            [
                .init(
                    fixture: "nws/variants/springfield-missouri-flood-continued.json",
                    headers: ["Cache-Control": "public, max-age=7200"])
            ])
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        let expires = try Self.moment(sandbox, of: "Flood Watch")
        let ends = try Self.moment(sandbox, of: "Flood Watch", ends: true)
        #expect(ends - expires == 1710 * 60, "the fixture's watch goes on for 28.5 hours after its message expires")
        try sandbox.server.clearRequests()

        // Half an hour after the message expired (as 14:00 UTC is after pynws's 13:30), nothing fetched.
        let later = sandbox.environment(at: expires + 1800)
        let text = try sandbox.run(["show"], environment: later).stdout.split(separator: "\n")
        #expect(text[0].contains(" ⚠"), "\(text)")
        #expect(text[1].hasPrefix("⚠ Flood Watch until ") && text[1].hasSuffix(" (update expected)"), "\(text)")
        let format = try sandbox.run(["show", "--format", "%A"], environment: later).stdout
        #expect(format.hasPrefix("Flood Watch until ") && format.hasSuffix(" (update expected)\n"), "\(format)")
        let waybar = try Self.json(try sandbox.run(["show", "--waybar"], environment: later))
        #expect((waybar["class"] as? [String])?.contains("warning-severe") == true)
        let tooltip = try #require(waybar["tooltip"] as? String)
        #expect(tooltip.hasPrefix("⚠ Flood Watch (severe) until ") && tooltip.contains(" (update expected)\n"))
        let full = try sandbox.run(["alerts"], environment: later.merging(["NO_COLOR": "1"]) { $1 })
        #expect(full.stdout.contains("⚠ Flood Watch: severe, in force from "), "\(full)")
        #expect(full.stdout.contains(" (update expected)\n"), "\(full)")
        let json = try Self.json(try sandbox.run(["show", "--json"], environment: later))
        let shown = try #require((json["alerts"] as? [[String: Any]])?.first)
        let iso = ISO8601DateFormatter()
        #expect(shown["expires"] as? String == iso.string(from: Date(timeIntervalSince1970: expires)))
        #expect(shown["ends"] as? String == iso.string(from: Date(timeIntervalSince1970: ends)))
        #expect(shown["inForce"] as? Bool == true)
        #expect(try sandbox.requestCount(.nws) == 0)

        // A run that fetches before the expiry does not ask for the warnings; the first one after does, once.
        // (The server's clock moves with the runs': its answers are then as old as they say.)
        let stale = ["WEATHER_STALE_AFTER": "0"]
        #expect(
            try sandbox.run(["refresh"], environment: try sandbox.at(expires - 60).merging(stale) { $1 }).status == 0)
        #expect(try sandbox.requestCount(.nws) == 0, "fresh until the message expires")
        let asking = try sandbox.run(["refresh"], environment: try sandbox.at(expires + 1800).merging(stale) { $1 })
        #expect(asking.status == 0, "\(asking)")
        #expect(try sandbox.requestCount(.nws) == 1, "its update asked for: \(asking)")
        #expect(try sandbox.run(["refresh"], environment: later.merging(stale) { $1 }).status == 0)
        #expect(try sandbox.requestCount(.nws) == 1, "once")
        // The service no longer lists the expired message and sent no update: the answer replaces it.
        let after = try Self.json(try sandbox.run(["show", "--json"], environment: later))
        #expect(
            (after["alerts"] as? [[String: Any]])?.contains { $0["id"] as? String == shown["id"] as? String } == false)
    }

    @Test("one clock a sentence: a failed update at the place's time, its next request as a duration")
    func oneClockASentence() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        // The machine's clock (New York's) is not the place's (Berlin's), six hours apart.
        sandbox.environment["TZ"] = "America/New_York"
        #expect(try sandbox.run("set", "Berlin").status == 0)
        try sandbox.server.script(.brightsky, [.init(status: 503, times: 2)])
        let later = sandbox.environment(at: sandbox.now + 400)
        let stale = later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 }
        let refresh = try sandbox.run(["refresh"], environment: stale)
        #expect(refresh.stdout.contains("; the warnings were not updated: "), "\(refresh)")
        let clock = try Regex(#"\d\d:\d\d"#)
        func clocks(_ text: Substring) -> Int { text.matches(of: clock).count }
        let said = try sandbox.run(["alerts"], environment: later).stdout
        let failed = try #require(said.split(separator: "\n").first { $0.hasPrefix("The last update failed at ") })
        #expect(clocks(failed) == 1, "the place's time alone: \(failed)")
        #expect(failed.contains("; the next request in "), "\(failed)")
        for line in refresh.stdout.split(separator: ";") {
            #expect(clocks(line) <= 1, "\(refresh.stdout)")
        }
        // refresh of a fresh result: how long it stays fresh, not a clock time of this machine's.
        let fresh = try sandbox.run(["refresh"], environment: later)
        #expect(fresh.stdout.contains(" stays fresh for ") && clocks(fresh.stdout[...]) == 0, "\(fresh)")
    }

    /// An NWS answer of two warnings whose times are seconds from `now`: one ending at `end`, one
    /// beginning at `onset`, seconds from now.
    static func nwsAnswer(ending end: Double, beginning onset: Double, from now: Date) -> String {
        let iso = ISO8601DateFormatter()
        func time(_ seconds: Double) -> String { iso.string(from: now.addingTimeInterval(seconds)) }
        func feature(_ id: String, _ event: String, _ from: Double, _ until: Double) -> String {
            #"{"id":"https://api.weather.gov/alerts/\#(id)","type":"Feature","geometry":null,"properties":{"id":"\#(id)","#
                + #""areaDesc":"Greene, MO","references":[],"sent":"\#(time(-600))","effective":"\#(time(-600))","#
                + #""onset":"\#(time(from))","expires":"\#(time(until))","ends":"\#(time(until))","status":"Actual","#
                + #""messageType":"Alert","severity":"Severe","event":"\#(event)","senderName":"NWS Springfield MO"}}"#
        }
        return #"{"type":"FeatureCollection","features":["#
            + feature("urn:oid:2.49.0.1.840.0.a.001.1", "Severe Thunderstorm Warning", -600, end) + ","
            + feature("urn:oid:2.49.0.1.840.0.b.001.1", "Tornado Warning", onset, 3600) + "]}"
    }

    @Test("watch prints when a warning ends and when one begins, at that moment, with no request")
    func watchAtOnsetAndEnd() throws {
        // The clock runs: the watch wakes for the moments its clock reaches.
        let sandbox = try Sandbox(at: TestMoment.fixtures.running, alerts: true)
        // Fresh for an hour by the service's word, so that a run that fetches meanwhile does not ask again.
        // The storm ends 6 s after `now` and the tornado warning begins 10 s after it, written to the second
        // (so a second earlier at most): time enough to start a watch on a loaded machine.
        let now = sandbox.date
        try sandbox.server.script(
            .nws,
            [
                .init(
                    body: Self.nwsAnswer(ending: 6, beginning: 10, from: now),
                    headers: ["Cache-Control": "public, max-age=3600"])
            ])
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        let watcher = try WatchCommandTests.Watcher(sandbox, ["--format", "%l %A"])
        #expect(
            watcher.waitForLines(1).first?.hasPrefix("Springfield Severe Thunderstorm Warning until ") == true)
        let ended = watcher.waitForLines(2, within: 10)
        let endedAfter = sandbox.date.timeIntervalSince(now)
        #expect(ended.last == "Springfield", "\(ended)")
        // A run that fetches the weather sees the storm gone as the watcher does, with no warnings request.
        let fetching = try sandbox.run(
            ["show", "--refresh", "--format", "%l %A"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(fetching.status == 0 && !fetching.stdout.contains("Severe Thunderstorm"), "\(fetching)")
        #expect(try sandbox.requestCount(.forecast) == 2, "set's and the fetching run's")
        let begun = watcher.waitForLines(3, within: 10)
        let begunAfter = sandbox.date.timeIntervalSince(now)
        #expect(begun.last?.hasPrefix("Springfield Tornado Warning until ") == true, "\(begun)")
        // Each at its moment: not before it, and woken for it rather than by anything later.
        #expect((5..<8).contains(endedAfter) && (9..<12).contains(begunAfter), "\(endedAfter) s, \(begunAfter) s")
        #expect(watcher.stop() == 0)
        #expect(try sandbox.requestCount(.nws) == 1)
    }

    @Test("a place no source covers: no warnings request, and weather alerts says which countries are covered")
    func uncovered() throws {
        let sandbox = try Self.sandbox(saving: ["Paris"])
        let said = try sandbox.run("alerts")
        #expect(said.status == 0, "\(said)")
        #expect(said.stdout.hasPrefix("No warning service covers Paris, Île-de-France, France: "), "\(said)")
        #expect(said.stdout.contains("the United States and its territories (the National Weather Service)"))
        #expect(said.stdout.contains("Germany (DWD (Deutscher Wetterdienst), through Bright Sky)"))
        #expect(said.stdout.contains("Norway with Svalbard and Jan Mayen (MET Norway), by the country"))
        let json = try Self.json(try sandbox.run("alerts", "--json"))
        #expect(json["source"] is NSNull && (json["alerts"] as? [Any])?.isEmpty == true)
        #expect(try sandbox.run("show", "--json").stdout.contains(#""alerts":[],"air":null,"units""#))
        let warnings = try sandbox.server.requests().filter { ["nws", "brightsky", "metalerts"].contains($0.route) }
        #expect(warnings.isEmpty)
        #expect(sandbox.contents(sandbox.cacheHome + "/weather/alerts.txt") == nil)
    }

    @Test("a place given by its coordinates: covered by where it lies, Berlin by DWD, with its ⚠ and weather alerts")
    func coordinatesCovered() throws {
        let sandbox = try Self.sandbox(saving: ["52.52,13.41"])
        let request = try #require(try sandbox.server.requests(.brightsky).first)
        #expect(request.query["lat"] == "52.5200" && request.query["lon"] == "13.4100", "\(request.query)")
        #expect(try sandbox.requestCount(.brightsky) == 1)
        let text = try sandbox.run("show").stdout.split(separator: "\n")
        #expect(text.first?.hasPrefix("52.52°N, 13.41°E: ") == true && text.first?.hasSuffix(" ⚠") == true, "\(text)")
        #expect(text.last == "Updated just now · Data: Open-Meteo · Warnings: DWD", "\(text)")
        #expect(try sandbox.run("show", "--short").stdout.hasSuffix(" ⚠\n"))
        let said = try sandbox.run("alerts")
        #expect(said.status == 0 && said.stdout.hasPrefix("52.52°N, 13.41°E: 1 warning in force"), "\(said)")
        #expect(said.stdout.contains("Gale-force gusts: moderate"), "\(said)")
        let json = try Self.json(try sandbox.run("alerts", "--json"))
        #expect(json["source"] as? String == "dwd" && (json["alerts"] as? [Any])?.count == 2, "\(json)")
        #expect(try sandbox.requestCount(.brightsky) == 1, "all of it from set's request")
    }

    @Test("coordinates in the open sea: no warnings request, and weather alerts says why; once as saved")
    func coordinatesAtSea() throws {
        let sandbox = try Self.sandbox(saving: ["54.5,5.5"])
        #expect(try sandbox.run("show", "--short").stdout.hasPrefix("54.5°N, 5.5°E "))
        let said = try sandbox.run("alerts")
        #expect(said.status == 0, "\(said)")
        #expect(said.stdout.hasPrefix("No warning service covers 54.5°N, 5.5°E: "), "\(said)")
        #expect(said.stdout.contains("these coordinates lie neither on their land nor within about 12 nautical"))
        let json = try Self.json(try sandbox.run("alerts", "--json"))
        #expect(json["source"] is NSNull && (json["alerts"] as? [Any])?.isEmpty == true, "\(json)")
        // A one-off lookup by coordinates: the sea none, Berlin its warnings, the saved place as it was.
        let once = try sandbox.run("alerts", "54.6,5.4")
        #expect(once.status == 0 && once.stdout.hasPrefix("No warning service covers 54.6°N, 5.4°E: "), "\(once)")
        let warnings = try sandbox.server.requests().filter { ["nws", "brightsky", "metalerts"].contains($0.route) }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(sandbox.contents(sandbox.cacheHome + "/weather/alerts.txt") == nil)
        let berlin = try sandbox.run("alerts", "52.52,13.41")
        #expect(berlin.status == 0 && berlin.stdout.contains("Gale-force gusts: moderate"), "\(berlin)")
        #expect(try sandbox.run("52.52,13.41", "--short").stdout.hasSuffix(" ⚠\n"))
        #expect(try sandbox.requestCount(.brightsky) == 1)
        #expect(!(try sandbox.run("show", "--short").stdout.contains("⚠")), "the saved place has none")
    }

    @Test("a failing warnings service never costs the forecast: saved, and the warnings marked as the last known")
    func failingService() throws {
        let sandbox = try Self.sandbox(saving: ["Berlin"])
        try sandbox.server.script(.brightsky, [.init(status: 503, times: 2)])
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        // Past the warnings' own freshness (5 minutes), as a later timer run.
        let later = sandbox.environment(at: sandbox.now + 400)
        let refresh = try sandbox.run(["refresh"], environment: later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(refresh.status == 0, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("newData: Berlin, Land Berlin, Germany: 10.4 °C"), "\(refresh)")
        #expect(refresh.stdout.contains("; the warnings were not updated: "), "\(refresh)")
        #expect(try sandbox.run(["show", "--json"], environment: later).stdout.contains(#""temperature":10.4"#))
        #expect(try Self.saved(sandbox, "failure").first?.last?.contains("HTTP 503") == true)
        #expect(try Self.saved(sandbox, "alert").count == 2, "the warnings as last known")
        let shown = try sandbox.run(["show"], environment: later).stdout
        #expect(shown.contains("⚠ Gale-force gusts until ") && shown.contains(" (as of "), "\(shown)")
        let said = try sandbox.run(["alerts"], environment: later).stdout
        #expect(said.contains("The last update failed at "), "\(said)")
        // The pause is the warnings service's alone: the forecast is asked again at once.
        let file = try #require(sandbox.contents(sandbox.stateHome + "/weather/backoff.json"))
        let backoffs = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        #expect(backoffs.keys.sorted() == [String(sandbox.server.dwdAlertsURL.dropFirst("http://".count))])
        try sandbox.server.clearRequests()
        let again = try sandbox.run(["refresh"], environment: later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(again.status == 0, "\(again)")
        #expect(try sandbox.requestCount(.forecast) == 1)
        #expect(try sandbox.requestCount(.brightsky) == 0, "the service's pause holds for the timer's runs")
    }

    @Test("the forecast failing: the warnings asked all the same; no time left: shown as the last known")
    func forecastFails() throws {
        let sandbox = try Self.sandbox(saving: ["Berlin"])
        let checked = try #require(try Self.saved(sandbox, "checked").first?.first)
        try sandbox.server.clearRequests()
        // Past the warnings' own freshness (5 minutes), as a later timer run; the forecast service fails.
        let later = sandbox.environment(at: sandbox.now + 400)
        let stale = later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 }
        try sandbox.server.script(.forecast, [.init(status: 500, body: #"{"error":true,"reason":"Database down"}"#)])
        let failed = try sandbox.run(["refresh"], environment: stale)
        #expect(failed.status == 1 && failed.stdout.hasPrefix("failed: "), "\(failed)")
        #expect(try sandbox.requestCount(.brightsky) == 1, "asked all the same")
        #expect(try Self.saved(sandbox, "checked").first?.first != checked)
        #expect(try Self.saved(sandbox, "failure").isEmpty)
        #expect(!(try sandbox.run(["show"], environment: later).stdout.contains("(as of")))

        // A forecast request that takes the whole budget leaves none for the warnings: they are the last
        // known, said in the text, the tooltip, weather alerts and --json; the short line keeps its ⚠ alone.
        let evening = sandbox.environment(at: sandbox.now + 800)
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(delay: 5)])
        let slow = try sandbox.run(
            ["refresh"], environment: evening.merging(["WEATHER_STALE_AFTER": "0", "WEATHER_TIMEOUT": "2"]) { $1 })
        #expect(slow.status == 1 && slow.stdout.hasPrefix("failed: "), "\(slow)")
        #expect(slow.elapsed < .seconds(3), "within WEATHER_TIMEOUT and a second: \(slow.elapsed)")
        #expect(try sandbox.requestCount(.brightsky) == 0)
        let failure = try #require(try Self.saved(sandbox, "failure").first?.last)
        #expect(failure.contains("time budget, 2 s (WEATHER_TIMEOUT), was spent"), "\(failure)")
        let text = try sandbox.run(["show"], environment: evening).stdout
        #expect(text.contains("⚠ Gale-force gusts until ") && text.contains(" (as of "), "\(text)")
        let short = try sandbox.run(["show", "--short"], environment: evening).stdout
        #expect(short.hasPrefix("Berlin ☁️🌙 11°C ⚠") && !short.contains("as of"), "\(short)")
        let waybar = try Self.json(try sandbox.run(["show", "--waybar"], environment: evening))
        #expect((waybar["tooltip"] as? String)?.contains("\nWarnings (as of ") == true, "\(waybar)")
        #expect(try sandbox.run(["alerts"], environment: evening).stdout.contains("The last update failed at "))
        let json = try Self.json(try sandbox.run(["show", "--json"], environment: evening))
        #expect((json["alertsProblem"] as? String)?.contains("was spent before they could be asked for") == true)
    }

    @Test(
        "the forecast leaving less than a second, or a warnings service too slow: the forecast saved, the warnings kept as the last known, within WEATHER_TIMEOUT and a second",
        arguments: [
            (
                forecastDelay: 3.3, warningsDelay: 0.0, timeout: 4.0, asked: 0,
                said: "was spent before they could be asked for"
            ),
            (forecastDelay: 0.0, warningsDelay: 10.0, timeout: 3.0, asked: 1, said: "did not answer within"),
        ])
    func timeBudget(forecastDelay: Double, warningsDelay: Double, timeout: Double, asked: Int, said: String) throws {
        let sandbox = try Self.sandbox(saving: ["Berlin"])
        try sandbox.server.clearRequests()
        try sandbox.server.script(
            .forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: forecastDelay)])
        if warningsDelay > 0 { try sandbox.server.script(.brightsky, [.init(delay: warningsDelay)]) }
        // Past the warnings' own freshness (5 minutes), as a later timer run.
        let later = sandbox.environment(at: sandbox.now + 400)
        let refresh = try sandbox.run(
            ["refresh"],
            environment: later.merging(["WEATHER_STALE_AFTER": "0", "WEATHER_TIMEOUT": String(Int(timeout))]) { $1 })
        #expect(refresh.elapsed < .seconds(timeout + 1), "\(refresh.elapsed)")
        #expect(refresh.status == 0, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("newData: Berlin, Land Berlin, Germany: 10.4 °C"), "\(refresh)")
        #expect(refresh.stdout.contains("; the warnings were not updated: ") && refresh.stdout.contains(said))
        #expect(try sandbox.requestCount(.brightsky) == asked)
        #expect(try sandbox.run(["show", "--json"], environment: later).stdout.contains(#""temperature":10.4"#))
        #expect(try Self.saved(sandbox, "alert").count == 2, "the warnings as last known")
        #expect(try Self.saved(sandbox, "failure").first?.last?.contains(said) == true)
        let shown = try sandbox.run(["show"], environment: later).stdout
        #expect(shown.contains("⚠ Gale-force gusts until ") && shown.contains(" (as of "), "\(shown)")
        let json = try Self.json(try sandbox.run(["alerts", "--json"], environment: later))
        #expect((json["alertsProblem"] as? String)?.contains(said) == true, "\(json)")
    }

    @Test("concurrent callers send one forecast request and one warnings request")
    func concurrentCallers() throws {
        let sandbox = try Self.sandbox(saving: ["Berlin"])
        try sandbox.server.clearRequests()
        // 20 minutes on, for the server too: the saved result is stale, the next one fresh.
        try sandbox.advance(by: 1200)
        try sandbox.server.script(.brightsky, [.init(delay: 1.5)])
        let runs = try (0..<6).map { _ in
            try sandbox.spawn(["show", "--refresh", "--format", "%W"])
        }
        .map { $0.wait() }
        #expect(runs.allSatisfy { $0.status == 0 && $0.stdout == "⚠\n" }, "\(runs)")
        #expect(try sandbox.requestCount(.forecast) == 1)
        #expect(try sandbox.requestCount(.brightsky) == 1)
    }

    @Test("a place looked up once gets its warnings too, cached with it; the saved place stays as it was")
    func oneOffPlace() throws {
        let sandbox = try Self.sandbox(saving: ["Paris"])
        let json = try Self.json(try sandbox.run("show", "Springfield, MO", "--json"))
        #expect((json["alerts"] as? [[String: Any]])?.first?["event"] as? String == "Severe Thunderstorm Warning")
        #expect(sandbox.contents(sandbox.cacheHome + "/weather/places/37.2153,-93.2982/alerts.txt") != nil)
        #expect(try sandbox.run("Springfield, MO", "--short").stdout.hasSuffix("⚠\n"))
        #expect(try sandbox.run("alerts", "Springfield, MO").stdout.contains("Severe Thunderstorm Warning: severe"))
        #expect(try sandbox.requestCount(.nws) == 1)
        #expect(!(try sandbox.run("show", "--short").stdout.contains("⚠")), "the saved place has none")
        #expect(sandbox.contents(sandbox.cacheHome + "/weather/alerts.txt") == nil)
    }

    @Test("a cancelled warning is never shown; an update replaces the warning it references")
    func cancelAndUpdate() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        try sandbox.server.script(.nws, [.init(fixture: "nws/variants/springfield-missouri-cancel.json")])
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        let shown = try sandbox.run("show").stdout
        #expect(!shown.contains("Severe Thunderstorm") && shown.contains("Announced: Flood Watch"), "\(shown)")
        #expect(!(try sandbox.run("alerts").stdout.contains("cancelled")))
        // The service may still list the original beside the Update that references it (Fixtures/README.md):
        // the Update alone stands, not the warning it replaces.
        try sandbox.server.script(.nws, [.init(fixture: "nws/variants/springfield-missouri-update-listed.json")])
        let later = sandbox.environment(at: sandbox.now + 60)
        #expect(
            try sandbox.run(["refresh"], environment: later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 }).status == 0)
        let updated = try Self.json(try sandbox.run(["show", "--json"], environment: later))
        let alerts = try #require(updated["alerts"] as? [[String: Any]])
        let storms = alerts.filter { $0["event"] as? String == "Severe Thunderstorm Warning" }
        #expect(storms.count == 1, "\(storms)")
        #expect(
            storms.first?["id"] as? String != "urn:oid:2.49.0.1.840.0.7c2f1e0a9b3d4c5e6f708192a3b4c5d6e7f80910.001.1")
    }

    @Test("the warnings' own freshness: a second request within it is none, after it a conditional one")
    func conditionalRequest() throws {
        let sandbox = try Self.sandbox(saving: ["Springfield, MO"])
        let stale = ["WEATHER_STALE_AFTER": "0"]
        #expect(try sandbox.run(["refresh"], environment: stale).status == 0)
        #expect(try sandbox.requestCount(.nws) == 1, "max-age=30 has not passed")
        let later = sandbox.environment(at: sandbox.now + 60).merging(stale) { $1 }
        #expect(try sandbox.run(["refresh"], environment: later).status == 0)
        let requests = try sandbox.server.requests(.nws)
        #expect(requests.count == 2 && requests.last?.header("If-Modified-Since") != nil, "\(requests)")
    }

    @Test("alerts off: no request, nothing shown, and weather alerts says so")
    func off() throws {
        let sandbox = try Self.sandbox(saving: ["Berlin"], environment: ["WEATHER_ALERTS": "off"])
        #expect(try sandbox.requestCount(.brightsky) == 0)
        #expect(try sandbox.run("show", "--short").stdout == "Berlin ☁️🌙 11°C\n")
        #expect(try sandbox.run("alerts").stdout.hasPrefix("Official warnings are off"))
        let refused = try sandbox.run(["show"], environment: ["WEATHER_ALERTS": "maybe"])
        #expect(refused.status == 78 && refused.stderr.contains("WEATHER_ALERTS"), "\(refused)")
    }
}
