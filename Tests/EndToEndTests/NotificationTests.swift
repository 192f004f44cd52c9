import Foundation
import TestSupport
import Testing

/// Desktop notifications of official warnings, end to end: the built binary against the fixture server's
/// NWS, telling a real notification server (dunst on a private session bus, under Xvfb:
/// `NotificationServer`), whose own history says what it received.
@Suite("Desktop notifications: one per new warning, replaced on update, withdrawn at its end", .serialized)
struct NotificationTests {
    /// A warning as the NWS sends it, its times seconds from the sandbox's now.
    struct Warning {
        var id: String
        var event = "Wind Advisory"
        var severity = "Moderate"
        var messageType = "Alert"
        var references: [String] = []
        var until = 3600.0
        var instruction: String? = "Secure outdoor objects."
    }

    /// The NWS's answer at `now` of `warnings` for Springfield, not to be kept: the next run asks again.
    static func answer(_ warnings: [Warning], at now: Date) -> FixtureServer.Response {
        let iso = ISO8601DateFormatter()
        func time(_ seconds: Double) -> String { iso.string(from: now.addingTimeInterval(seconds)) }
        func text(_ value: String) -> String {
            String(
                decoding: try! JSONSerialization.data(withJSONObject: value, options: .fragmentsAllowed), as: UTF8.self)
        }
        let features = warnings.map { warning in
            let references = warning.references.map {
                #"{"@id":"https://api.weather.gov/alerts/\#($0)","identifier":"\#($0)","sender":"w-nws.webmaster@noaa.gov","sent":"\#(time(-900))"}"#
            }
            return
                #"{"id":"https://api.weather.gov/alerts/\#(warning.id)","type":"Feature","geometry":null,"properties":{"#
                + #""id":"\#(warning.id)","areaDesc":"Greene, MO","references":[\#(references.joined(separator: ","))],"#
                + #""sent":"\#(time(-600))","effective":"\#(time(-600))","onset":"\#(time(-600))","#
                + #""expires":"\#(time(warning.until))","ends":"\#(time(warning.until))","status":"Actual","#
                + #""messageType":"\#(warning.messageType)","severity":"\#(warning.severity)","#
                + #""event":"\#(warning.event)","senderName":"NWS Springfield MO","#
                + #""instruction":\#(warning.instruction.map(text) ?? "null")}}"#
        }
        return .init(
            body: #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#,
            headers: ["Cache-Control": "no-cache"])
    }

    /// A sandbox with warnings on, its runs on `server`'s bus when there is one, and Springfield, MO saved
    /// while the NWS has `warnings` (none: no notification yet).
    @discardableResult
    static func springfield(_ warnings: [Warning] = [], server: NotificationServer? = nil, sandbox: Sandbox? = nil)
        throws -> Sandbox
    {
        let sandbox = try sandbox ?? Sandbox(at: .fixtures, alerts: true)
        if let server { sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address }
        try sandbox.server.script(.nws, [answer(warnings, at: sandbox.date)])
        let set = try sandbox.run("set", "Springfield, MO")
        #expect(set.status == 0, "\(set)")
        return sandbox
    }

    /// A background run after the NWS changed its answer to `answer` (with `nil`, its fixture of the moment).
    @discardableResult
    static func refresh(_ sandbox: Sandbox, _ answer: FixtureServer.Response?, environment: [String: String] = [:])
        throws -> Sandbox.Run
    {
        if let answer { try sandbox.server.script(.nws, [answer]) }
        let run = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"].merging(environment) { $1 })
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.split(separator: "\n").count == 1 && run.stderr.isEmpty, "\(run)")
        return run
    }

    /// The notifications the state file says were sent: the warning's identifier, the server's, and the
    /// server that gave it.
    static func notified(_ sandbox: Sandbox) -> [(warning: String, notification: Int, server: String)] {
        let file = sandbox.stateHome + "/weather/notified.txt"
        let lines = String(decoding: sandbox.contents(file) ?? Data(), as: UTF8.self).split(separator: "\n")
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 7, let id = Int(fields[1]) else { return nil }
            return (String(fields[6]), id, String(fields[2]))
        }
    }

    /// "19:26": when the warning `show --format %A` names ends, as weather prints it for the place.
    static func until(_ sandbox: Sandbox, _ event: String) throws -> String {
        let line = try sandbox.run("show", "--format", "%A").stdout.trimmingCharacters(in: .newlines)
        let prefix = event + " until "
        guard line.hasPrefix(prefix) else { throw TestFailure("no \(event) in force: \(line)") }
        return String(line.dropFirst(prefix.count))
    }

    /// Whether a notification's first line ("Until Sat 00:01", "Bis Sa 00:01") names the end that
    /// `show --format %A`'s line `shown` names for `event` ("Wind Advisory until Sat 00:01\n"): the same but
    /// for the capital of its first word. (Only that word: a weekday keeps its capital in both.)
    static func sameEnd(body: String, shown: String, event: String) -> Bool {
        let first = body.prefix { $0 != "\n" }
        guard let space = first.firstIndex(of: " ") else { return false }
        return shown == event + " " + first[..<space].lowercased() + first[space...] + "\n"
    }

    /// Each severity and its urgency, as many times as there are hard moments in Springfield: each hard
    /// moment with one of them.
    static let severities = (0..<TestMoment.hardInSpringfield.count).map {
        [(severity: "Moderate", urgency: "normal"), ("Severe", "critical"), ("Extreme", "critical")][$0 % 3]
    }

    @Test(
        "a refresh that brings a warning of severity moderate or higher sends one notification, as it should read",
        arguments: zip(severities, TestMoment.hardInSpringfield))
    func newWarning(level: (severity: String, urgency: String), moment: TestMoment) throws {
        let (severity, urgency) = level
        let sandbox = try Sandbox(at: moment, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        #expect(try server.displayed() == 0, "no warning yet")
        // Outside text with a tab, runs of blanks and a right-to-left override, which never reach the server.
        let advisory = Warning(
            id: "urn:oid:2.49.0.1.840.0.test.1", severity: severity,
            instruction: "Secure outdoor   objects.\tStay away\u{202E} from trees.")
        let run = try Self.refresh(sandbox, Self.answer([advisory], at: sandbox.date))
        #expect(!run.stdout.contains("notification"), "\(run)")
        let until = try Self.until(sandbox, "Wind Advisory")
        let received = try server.history()
        #expect(
            received.map { [$0.appName, $0.summary, $0.body, $0.urgency] } == [
                [
                    "weather", "⚠ Wind Advisory, Springfield",
                    "Until " + until + "\nSecure outdoor objects. Stay away from trees.", urgency,
                ]
            ], "\(received)")
        #expect(Self.notified(sandbox).map(\.warning) == [advisory.id])
        #expect(Self.notified(sandbox).map(\.notification) == received.map(\.id))
    }

    @Test("a minor warning sends none, and nothing is kept")
    func minorWarning() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        try Self.refresh(
            sandbox,
            Self.answer(
                [Warning(id: "urn:oid:2.49.0.1.840.0.test.2", event: "Frost Advisory", severity: "Minor")],
                at: sandbox.date))
        #expect(try sandbox.run("show", "--format", "%A").stdout.hasPrefix("Frost Advisory until "))
        #expect(try server.history().isEmpty)
        #expect(sandbox.contents(sandbox.stateHome + "/weather/notified.txt") == nil)
    }

    @Test("a warning is told once: later runs that fetch it again, the timer's or a terminal's, send nothing")
    func onceOnly() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        // One answer, as the service repeats it: the same warning, its times and all.
        let answer = Self.answer([Warning(id: "urn:oid:2.49.0.1.840.0.test.3", severity: "Severe")], at: sandbox.date)
        try Self.refresh(sandbox, answer)
        #expect(try server.displayed() == 1)
        try server.closeAll()
        try Self.refresh(sandbox, answer)
        try sandbox.server.script(.nws, [answer])
        let terminal = try sandbox.run(["show"], environment: ["WEATHER_STALE_AFTER": "0"], terminal: true)
        #expect(terminal.status == 0 && terminal.stdout.contains("Wind Advisory"), "\(terminal)")
        #expect(try sandbox.requestCount(.nws) == 4, "each run asked for the warnings")
        #expect(try server.displayed() == 0, "dismissed, and not sent again")
        #expect(try server.history().count == 1)
    }

    @Test("a terminal run that fetches a new warning tells of it too; the timer's next run does not")
    func fromTheTerminal() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        let answer = Self.answer([Warning(id: "urn:oid:2.49.0.1.840.0.test.4", severity: "Severe")], at: sandbox.date)
        try sandbox.server.script(.nws, [answer])
        let terminal = try sandbox.run(["show"], environment: ["WEATHER_STALE_AFTER": "0"], terminal: true)
        #expect(terminal.status == 0 && !terminal.stdout.contains("notification"), "\(terminal)")
        #expect(try server.displayed() == 1)
        try Self.refresh(sandbox, answer)
        #expect(try server.history().count == 1)
    }

    @Test("an update replaces its warning's notification in place, under the same identifier")
    func replacedOnUpdate() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        let first = Warning(id: "urn:oid:2.49.0.1.840.0.test.5.001.1", severity: "Severe", until: 1800)
        try Self.refresh(sandbox, Self.answer([first], at: sandbox.date))
        let original = try #require(Self.notified(sandbox).first)
        #expect(try server.displayed() == 1)
        // The NWS's update: a new message that references the one it replaces, which it no longer lists.
        let update = Warning(
            id: "urn:oid:2.49.0.1.840.0.test.5.002.1", severity: "Severe", messageType: "Update",
            references: [first.id], until: 5400, instruction: "Stay indoors until the wind has dropped.")
        try Self.refresh(sandbox, Self.answer([update], at: sandbox.date))
        #expect(try server.displayed() == 1, "replaced, not added")
        let until = try Self.until(sandbox, "Wind Advisory")
        let received = try server.history()
        #expect(received.map(\.id) == [original.notification], "\(received)")
        #expect(received.first?.body == "Until " + until + "\nStay indoors until the wind has dropped.")
        #expect(Self.notified(sandbox).map(\.warning) == [update.id])
        #expect(Self.notified(sandbox).map(\.notification) == [original.notification])
    }

    @Test("the fixtures' update of Springfield's storm warning replaces its notification; the watch's stays")
    func fixtureUpdate() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        let before = Self.notified(sandbox)
        #expect(try before.count == 2 && server.displayed() == 2, "the storm warning and the flood watch")
        try sandbox.server.script(.nws, [.init(fixture: "nws/variants/springfield-missouri-update.json")])
        let later = sandbox.environment(at: sandbox.now + 60)
        try Self.refresh(sandbox, nil, environment: later)
        #expect(try server.displayed() == 2)
        let received = try server.history()
        #expect(Set(received.map(\.id)) == Set(before.map(\.notification)), "\(received)")
        let storm = try #require(received.first { $0.summary == "⚠ Severe Thunderstorm Warning, Springfield" })
        let until = try sandbox.run(["show", "--format", "%A"], environment: later).stdout
        #expect(Self.sameEnd(body: storm.body, shown: until, event: "Severe Thunderstorm Warning"), "\(until)\(storm)")
    }

    @Test("a cancelled warning's notification is withdrawn, and so is one whose warning ended by the clock")
    func withdrawn() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        let told = Self.notified(sandbox)
        #expect(try told.count == 2 && server.displayed() == 2)
        let storm = try #require(told.first { $0.warning.contains("7c2f1e0a") }).notification
        let watch = try #require(told.first { $0.warning.contains("3a5c7e9b") }).notification

        try sandbox.server.script(.nws, [.init(fixture: "nws/variants/springfield-missouri-cancel.json")])
        try Self.refresh(sandbox, nil, environment: sandbox.environment(at: sandbox.now + 60))
        #expect(try server.displayed() == 1)
        let withdrawn = try server.history(closingAll: false)
        #expect(withdrawn.map(\.id) == [storm], "\(withdrawn)")
        #expect(Self.notified(sandbox).map(\.notification) == [watch])

        // The watch ends by the clock (its hazard's end, after its message's expiry): the next run that
        // fetches withdraws it.
        let end = try AlertsTests.moment(sandbox, of: "Flood Watch", ends: true)
        try Self.refresh(sandbox, nil, environment: sandbox.environment(at: end + 1))
        #expect(try server.displayed() == 0)
        #expect(try server.history(closingAll: false).map(\.id) == [watch, storm])
        #expect(Self.notified(sandbox).isEmpty)
    }

    @Test("logout withdraws the notifications of the place it forgets")
    func logout() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        #expect(try server.displayed() == 2)
        let logout = try sandbox.run("logout")
        #expect(logout.status == 0 && logout.stderr.isEmpty, "\(logout)")
        #expect(try server.displayed() == 0)
        #expect(try server.history(closingAll: false).count == 2)
        #expect(sandbox.contents(sandbox.stateHome + "/weather/notified.txt") == nil)
    }

    @Test("notify all: rain within 30 minutes where it is dry is told once a spell; warnings alone tell none")
    func rainSoon() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let server = try NotificationServer(in: sandbox)
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        // A quarter hour's start: Berlin's fixture has rain from 30 minutes after it to 90.
        let start = sandbox.now
        func at(_ minutes: Double, _ setting: String) throws -> [String: String] {
            sandbox.environment(at: start + minutes * 60).merging([
                "WEATHER_NOTIFY": setting, "WEATHER_STALE_AFTER": "0",
            ]) { $1 }
        }
        func answer() throws {
            try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-rain-soon.json")])
        }
        // notify=warnings (the default): no rain told.
        try answer()
        #expect(try sandbox.run(["set", "Berlin"], environment: try at(0, "warnings")).status == 0)
        #expect(try server.history().isEmpty)
        // notify=all, 5 minutes on: rain in 25 minutes, told.
        try answer()
        let told = try sandbox.run(["refresh"], environment: try at(5, "all"))
        #expect(told.status == 0 && !told.stdout.contains("notification"), "\(told)")
        let received = try server.history()
        #expect(
            received.map { [$0.appName, $0.summary, $0.body, $0.urgency] } == [
                ["weather", "Rain in 25 min", "Berlin, Land Berlin, Germany", "normal"]
            ], "\(received)")
        // The same spell at the next fetch, nearer: not told again.
        try answer()
        #expect(try sandbox.run(["refresh"], environment: try at(15, "all")).status == 0)
        #expect(try server.history().count == 1)
        #expect(Self.notified(sandbox).map(\.warning) == ["rain"])
    }

    @Test("notify off: nothing is sent or kept, whatever the warnings")
    func off() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        sandbox.environment["WEATHER_NOTIFY"] = "Off"
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        #expect(try sandbox.run("show", "--short").stdout.hasSuffix("⚠\n"))
        try Self.refresh(
            sandbox, Self.answer([Warning(id: "urn:oid:2.49.0.1.840.0.test.6", severity: "Extreme")], at: sandbox.date))
        #expect(try server.history().isEmpty)
        #expect(sandbox.contents(sandbox.stateHome + "/weather/notified.txt") == nil)
        let refused = try sandbox.run(["refresh"], environment: ["WEATHER_NOTIFY": "sometimes"])
        #expect(refused.status == 78 && refused.stderr.contains("WEATHER_NOTIFY"), "\(refused)")
        #expect(refused.stderr.contains("one of warnings, all, off"), "\(refused)")
    }

    @Test("without a session bus, or with no notification server on it: no error, one clause in refresh's line")
    func noServer() throws {
        let sandbox = try Self.springfield()
        let warning = Warning(id: "urn:oid:2.49.0.1.840.0.test.7", severity: "Severe")
        let alone = try Self.refresh(sandbox, Self.answer([warning], at: sandbox.date))
        #expect(alone.stdout.hasPrefix("newData: ") || alone.stdout.hasPrefix("noData: "), "\(alone)")
        #expect(alone.stdout.contains("; no desktop notification: no session bus"), "\(alone)")
        let terminal = try sandbox.run(["show"], environment: ["WEATHER_STALE_AFTER": "0"], terminal: true)
        #expect(terminal.status == 0 && !terminal.stdout.contains("notification"), "a terminal is not told")

        let bus = try NotificationServer(in: sandbox, withServer: false)
        let nobody = try Self.refresh(
            sandbox, Self.answer([warning], at: sandbox.date), environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        #expect(
            nobody.stdout.contains("; no desktop notification: no notification server is running on the session bus"),
            "\(nobody)")
        #expect(sandbox.contents(sandbox.stateHome + "/weather/notified.txt") == nil, "told at the next chance")
    }

    @Test("in the user's language: a German run tells in German, and says in German why it could not")
    func inGerman() throws {
        let german = try TestLocales.environment("de_DE.UTF-8")
        let sandbox = try Self.springfield()
        let answer = Self.answer([Warning(id: "urn:oid:2.49.0.1.840.0.test.10", severity: "Severe")], at: sandbox.date)
        let alone = try Self.refresh(sandbox, answer, environment: german)
        #expect(alone.stdout.contains("; keine Desktop-Benachrichtigung: kein Sitzungsbus"), "\(alone)")
        let server = try NotificationServer(in: sandbox)
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = server.address
        try Self.refresh(sandbox, answer, environment: german)
        let until = try sandbox.run(["show", "--format", "%A"], environment: german).stdout
        let received = try #require(try server.history().first)
        #expect(received.summary == "⚠ Wind Advisory, Springfield")
        #expect(Self.sameEnd(body: received.body, shown: until, event: "Wind Advisory"), "\(until)\(received)")
        #expect(received.body.hasPrefix("Bis "), "\(received)")
    }

    @Test("libsystemd is loaded only when a notification is due: never by show, nor by a refresh with none")
    func loadedOnlyWhenDue() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        func libraries(_ arguments: [String], _ environment: [String: String] = [:]) throws -> [String] {
            let run = try sandbox.run(arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
            #expect(run.status == 0)
            return run.stderr.split(separator: "\n").filter { $0.contains("file=") }.map(String.init)
        }
        let warning = Warning(id: "urn:oid:2.49.0.1.840.0.test.8", severity: "Severe")
        try sandbox.server.script(.nws, [Self.answer([], at: sandbox.date)])
        let quiet = try libraries(["refresh"], ["WEATHER_STALE_AFTER": "0"])
        #expect(quiet.contains { $0.contains("libcurl") } && !quiet.contains { $0.contains("libsystemd") })
        try sandbox.server.script(.nws, [Self.answer([warning], at: sandbox.date)])
        let due = try libraries(["refresh"], ["WEATHER_STALE_AFTER": "0"])
        #expect(due.contains { $0.contains("libsystemd.so.0") }, "\(due)")
        #expect(try server.displayed() == 1)
        for arguments in [["show"], ["show", "--short"], ["show", "--waybar"], ["show", "--json"]] {
            #expect(!(try libraries(arguments)).contains { $0.contains("libsystemd") })
        }
    }

    @Test("the timer's real user service sends the notification, on the bus its manager's environment names")
    func userService() throws {
        // The real clock: the service systemd starts gets no WEATHER_TEST_NOW.
        let sandbox = try Sandbox(
            at: .realClock(because: "the service systemd starts keeps the real clock"), alerts: true)
        do {
            try sandbox.startUserManager()
        } catch {
            try Requirement.systemd.skip("no systemd user manager can start here: \(error)")
        }
        let server = try NotificationServer(in: sandbox)
        let imported = try sandbox.systemctl("set-environment", "DBUS_SESSION_BUS_ADDRESS=" + server.address)
        #expect(imported.status == 0, "\(imported)")
        // Saved while no warning stands, with a service that fetches at every start.
        try sandbox.server.script(.nws, [Self.answer([], at: sandbox.date)])
        let set = try sandbox.run(["set", "Springfield, MO"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(set.status == 0, "\(set)")
        try sandbox.server.script(
            .nws, [Self.answer([Warning(id: "urn:oid:2.49.0.1.840.0.test.9", severity: "Severe")], at: sandbox.date)])
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
        let received = try server.history()
        #expect(
            received.map { [$0.appName, $0.summary, $0.urgency] } == [
                ["weather", "⚠ Wind Advisory, Springfield", "critical"]
            ], "\(received)")
    }

    @Test(
        "another program's notification named in notified.txt is neither closed nor replaced, by refresh or logout",
        arguments: ["a line of the first format", "a line of another session"])
    func foreignNotification(line kind: String) throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try Self.springfield(server: server, sandbox: sandbox)
        let calendar = try server.notifyAsAnotherProgram(summary: "Meeting in 5 minutes", body: "Room 3")
        let reminder = try server.notifyAsAnotherProgram(summary: "Take a break", body: "Stand up")
        // A warning that ended (withdrawn, once told) and one told of before in other words (replaced),
        // each named by another program's notification: planted, or left from before a new login.
        let ended = Warning(id: "urn:oid:2.49.0.1.840.0.test.11", severity: "Severe")
        let changed = Warning(id: "urn:oid:2.49.0.1.840.0.test.12", severity: "Severe")
        let at = String(Int(sandbox.now) - 600)
        func line(_ id: UInt32, _ warning: Warning) -> String {
            let fields = [String(id), at, "0123456789abcdef", warning.event, warning.id]
            return
                (kind == "a line of the first format"
                ? ["warning"] + fields
                : ["warning", fields[0], String(repeating: "e", count: 32) + "/:1.1"] + fields.dropFirst())
                .joined(separator: "\t") + "\n"
        }
        let header = kind == "a line of the first format" ? "weather notified 1\n" : "weather notified 2\n"
        try sandbox.write(
            header + line(calendar, ended) + line(reminder, changed), to: sandbox.stateHome + "/weather/notified.txt")

        try Self.refresh(sandbox, Self.answer([changed], at: sandbox.date))
        #expect(try server.displayed() == 3, "both of the other program's stay, and weather's own is new")
        let told = Self.notified(sandbox)
        #expect(told.map(\.warning) == [changed.id], "\(told)")
        let own = try #require(told.first)
        #expect(![Int(calendar), Int(reminder)].contains(own.notification))
        #expect(own.server == (try server.identity()), "kept with the server that gave it")

        #expect(try sandbox.run("logout").status == 0)
        #expect(try server.displayed() == 2, "logout withdrew weather's own, and only it")
        let received = try server.history()
        #expect(received.first { $0.id == Int(calendar) }?.summary == "Meeting in 5 minutes", "\(received)")
        #expect(received.first { $0.id == Int(reminder) }?.summary == "Take a break", "\(received)")
        #expect(received.first { $0.id == own.notification }?.summary == "⚠ Wind Advisory, Springfield")
    }
}
