import Foundation
import Glibc

/// A real notification server of a sandbox's own: a private session bus (`dbus-daemon` with a
/// configuration of its own, listening on a socket in the sandbox, with no service to activate), and
/// `dunst` on it, drawing on a virtual X server (`Xvfb`) with a private `dunstrc`. What it received is
/// read back from its own history (`dunstctl history`); dunst 1.9 keeps a notification there once it is
/// closed (by weather, by `closeAll`, never by a timeout: every urgency's is off here), and leaves out
/// the urgency, which the private `dunstrc` writes at the head of each notification's formatted message.
///
/// `WEATHER_REQUIRE_NOTIFY=1` (CI) makes a missing program a failure rather than a skip.
public final class NotificationServer: @unchecked Sendable {
    /// The bus, as `DBUS_SESSION_BUS_ADDRESS` names it.
    public let address: String
    /// The X display dunst draws on, as `DISPLAY` names it, once Xvfb chose it.
    public private(set) var display = ""
    private let sandbox: Sandbox
    private let bus: Sandbox.Launched
    private var xvfb: Sandbox.Launched?
    private var dunst: Sandbox.Launched?

    /// What a notification server knows of one notification.
    public struct Received: Sendable, Equatable, CustomStringConvertible {
        public var id: Int
        public var appName: String
        public var summary: String
        public var body: String
        /// `low`, `normal` or `critical`.
        public var urgency: String

        public var description: String { "#\(id) [\(urgency)] \(appName): \(summary) | \(body)" }
    }

    /// The programs it runs, found where Debian installs them; the test is skipped (or fails, with the
    /// switch set) when one is missing.
    static func program(_ name: String) throws -> String {
        guard
            let path = ["/usr/bin", "/bin", "/usr/local/bin"].map({ $0 + "/" + name })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            try Requirement.notify.skip(
                "\(name) is not installed (apt-get install --no-install-recommends dunst dbus-daemon dbus-bin xvfb)")
        }
        return path
    }

    /// A bus for `sandbox`, and, unless `withServer` is false, dunst on it: a bus where no notification
    /// server runs. The bus refuses every call of the `denying` members of the Notifications interface
    /// (`GetCapabilities`): a server that cannot say what it can do.
    public init(in sandbox: Sandbox, withServer: Bool = true, denying: [String] = []) throws {
        self.sandbox = sandbox
        let daemon = try Self.program("dbus-daemon")
        let socket = sandbox.root + "/session-bus"
        address = "unix:path=" + socket
        let denials = denying.map {
            #"<deny send_destination="org.freedesktop.Notifications" send_interface="org.freedesktop.Notifications" send_member="\#($0)"/>"#
        }.joined(separator: "\n")
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
                \(denials)
              </policy>
            </busconfig>
            """
        try sandbox.write(configuration, to: sandbox.root + "/session-bus.conf")
        bus = try sandbox.launch(
            program: daemon, ["--config-file=" + sandbox.root + "/session-bus.conf", "--nofork", "--nopidfile"],
            stderr: sandbox.root + "/dbus-daemon.log")
        try Self.wait("the session bus", until: { FileManager.default.fileExists(atPath: socket) }, while: bus)
        guard withServer else { return }
        try startDunst()
    }

    /// Xvfb on a display it chooses itself (`-displayfd`), and dunst drawing on it.
    private func startDunst() throws {
        let xvfbProgram = try Self.program("Xvfb")
        let dunstProgram = try Self.program("dunst")
        _ = try Self.program("dunstctl")
        _ = try Self.program("dbus-send")
        let numberFile = sandbox.root + "/display-number"
        let xvfb = try sandbox.launch(
            program: xvfbProgram, ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
            stdout: numberFile)
        self.xvfb = xvfb
        var number = ""
        try Self.wait(
            "Xvfb",
            until: {
                number = String(decoding: FileManager.default.contents(atPath: numberFile) ?? Data(), as: UTF8.self)
                return number.hasSuffix("\n")
            }, while: xvfb)
        display = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
        // Nothing expires, and each urgency marks the message dunst formats, which its history keeps.
        let configuration = """
            [global]
                font = DejaVu Sans 11
                width = 420
                origin = top-right
                offset = 10x10
                markup = full
                history_length = 100
                sticky_history = yes
                show_age_threshold = -1
            [urgency_low]
                timeout = 0
                format = "low|%a|%s|%b"
            [urgency_normal]
                timeout = 0
                format = "normal|%a|%s|%b"
            [urgency_critical]
                timeout = 0
                format = "critical|%a|%s|%b"
            """
        try sandbox.write(configuration, to: sandbox.root + "/dunstrc")
        dunst = try sandbox.launch(
            program: dunstProgram, ["-config", sandbox.root + "/dunstrc"],
            environment: ["DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address],
            stdout: sandbox.root + "/dunst.log", stderr: sandbox.root + "/dunst.log")
        try Self.wait("dunst", until: { (try? self.dunstctl("is-paused").status) == 0 }, while: dunst!)
    }

    deinit { stop() }

    /// Stops dunst, Xvfb and the bus.
    public func stop() {
        dunst?.stop()
        xvfb?.stop()
        bus.stop()
    }

    /// Runs `dunstctl arguments...` against the server.
    @discardableResult
    public func dunstctl(_ arguments: String...) throws -> Sandbox.Run {
        try sandbox.run(
            program: try Self.program("dunstctl"), arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display])
    }

    /// Shows a notification as another program does (`dunstify`, a client of the bus of its own): the
    /// identifier the server gave it.
    public func notifyAsAnotherProgram(summary: String, body: String) throws -> UInt32 {
        let sent = try sandbox.run(
            program: try Self.program("dunstify"), ["--appname=calendar", "--printid", summary, body],
            environment: ["DBUS_SESSION_BUS_ADDRESS": address])
        guard sent.status == 0, let id = UInt32(sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestFailure("dunstify: \(sent)")
        }
        return id
    }

    /// The server as weather keeps it with each notification: the bus's identifier, a slash and the unique
    /// name that owns `org.freedesktop.Notifications`, as `dbus-send` asks the bus for them.
    public func identity() throws -> String {
        let dbusSend = try Self.program("dbus-send")
        func ask(_ method: String, _ arguments: String...) throws -> String {
            let asked = try sandbox.run(
                program: dbusSend,
                [
                    "--bus=" + address, "--print-reply=literal", "--dest=org.freedesktop.DBus",
                    "/org/freedesktop/DBus", "org.freedesktop.DBus." + method,
                ] + arguments)
            let answer = asked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            guard asked.status == 0, !answer.isEmpty else { throw TestFailure("dbus-send \(method): \(asked)") }
            return answer
        }
        return try ask("GetId") + "/" + ask("GetNameOwner", "string:org.freedesktop.Notifications")
    }

    /// How many notifications are on the screen.
    public func displayed() throws -> Int {
        let count = try dunstctl("count", "displayed")
        guard count.status == 0, let number = Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestFailure("dunstctl count displayed: \(count)")
        }
        return number
    }

    /// Closes every notification on the screen: each goes to the history.
    public func closeAll() throws {
        let closed = try dunstctl("close-all")
        guard closed.status == 0 else { throw TestFailure("dunstctl close-all: \(closed)") }
    }

    /// The notifications in the history, the most recent first; with `closingAll`, those on the screen
    /// too, closed first.
    public func history(closingAll: Bool = true) throws -> [Received] {
        if closingAll { try closeAll() }
        let listed = try dunstctl("history")
        guard listed.status == 0,
            let document = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any],
            let outer = document["data"] as? [[[String: Any]]], let entries = outer.first
        else { throw TestFailure("dunstctl history: \(listed)") }
        return try entries.map { entry in
            func value(_ key: String) -> Any? { (entry[key] as? [String: Any])?["data"] }
            let message = value("message") as? String ?? ""
            guard let id = value("id") as? Int, let urgency = message.split(separator: "|").first else {
                throw TestFailure("a notification without an id or an urgency: \(entry)")
            }
            return Received(
                id: id, appName: value("appname") as? String ?? "", summary: value("summary") as? String ?? "",
                body: value("body") as? String ?? "", urgency: String(urgency))
        }
    }

    /// Waits up to 10 s for `condition`, as long as `process` runs.
    private static func wait(_ what: String, until condition: () -> Bool, while process: Sandbox.Launched) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard process.isRunning, ContinuousClock.now < deadline else { throw TestFailure("\(what) did not start") }
            usleep(20_000)
        }
    }
}
