import Foundation
import Glibc
import TestSupport
import Testing

/// The README's tmux and i3blocks recipes, read from README.md itself, in a real tmux and a real i3blocks: what
/// each shows is `weather show --short`'s line, fresh and then stale. `weather` is found on the `PATH` by that
/// name, as a user's bar finds it; the place is saved from the fixture server.
@Suite("weather in tmux and i3blocks, as the README sets them up", .serialized)
struct TextBarTests {
    /// A sandbox with `place` saved (Berlin; with `alerts`, its official warnings fetched too) and a `bin`
    /// folder, first on its `PATH`, holding `weather`.
    static func sandbox(place: [String] = ["Berlin"], alerts: Bool = false) throws -> Sandbox {
        let sandbox = try Sandbox(at: .fixtures, alerts: alerts)
        try FileManager.default.createDirectory(atPath: sandbox.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.root + "/bin/weather", withDestinationPath: TestPaths.weatherBinary)
        sandbox.environment["PATH"] = sandbox.root + "/bin:/usr/bin:/bin"
        let set = try sandbox.run(["set"] + place)
        try #require(set.status == 0, "\(set)")
        return sandbox
    }

    /// Saves `stale_after` in config.json and returns `weather show --short`'s line, checked to be stale or
    /// fresh as that makes it: what the bar must show.
    static func shortLine(_ sandbox: Sandbox, staleAfter: String) throws -> String {
        try sandbox.write(#"{"stale_after": "\#(staleAfter)"}"#, to: sandbox.configFile)
        let run = try sandbox.run("show", "--short")
        try #require(run.status == 0, "\(run)")
        let line = run.stdout.trimmingCharacters(in: .newlines)
        try #require(line.hasSuffix(" (stale)") == (staleAfter == "0"), "weather show --short: \(line)")
        return line
    }

    @Test(
        "i3blocks runs the README's block: its full_text is the short line (weather show --short's), fresh then stale")
    func i3blocks() throws {
        let i3blocks = try requiringProgram("i3blocks")
        let block = try Readme.fence(after: "**i3blocks**", language: "ini", within: 3)
        let sandbox = try Self.sandbox()
        let config = sandbox.root + "/i3blocks.conf"
        try sandbox.write(block + "\n", to: config)
        for staleAfter in ["1h", "0"] {
            let expected = try Self.shortLine(sandbox, staleAfter: staleAfter)
            let shown = try Self.i3blocksText(i3blocks, config: config, block: "weather", sandbox: sandbox)
            #expect(shown == expected, "stale_after \(staleAfter)")
        }
    }

    /// Runs i3blocks on `config` until it prints a status line holding the block `block` (at once: a block
    /// with an `interval` runs when i3blocks starts), and returns that block's `full_text`.
    static func i3blocksText(_ i3blocks: String, config: String, block: String, sandbox: Sandbox) throws -> String {
        let output = sandbox.root + "/i3blocks-" + UUID().uuidString
        // Through `launch`, not Foundation's Process: i3blocks inherits no blocked SIGTERM, so it can be
        // stopped, and a `weather watch` it runs (interval=persist) sees its reader go away and ends.
        let process = try sandbox.launch(
            program: i3blocks, ["-c", config], stdout: output, stderr: output)
        defer { process.stop() }
        // i3bar's protocol: a header line, `[`, then one JSON array of blocks a line, each but the first
        // after a comma.
        let deadline = ContinuousClock.now + .seconds(10)
        var printed = ""
        while ContinuousClock.now < deadline {
            printed = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
            for line in printed.split(separator: "\n").reversed() {
                let array = line.drop { $0 == "," }
                guard let blocks = try? JSONSerialization.jsonObject(with: Data(array.utf8)) as? [[String: Any]],
                    let found = blocks.first(where: { $0["name"] as? String == block })
                else { continue }
                return found["full_text"] as? String ?? ""
            }
            usleep(50_000)
        }
        throw TestFailure("i3blocks showed no block \(block) in 10 s; it printed:\n\(printed)")
    }

    @Test("tmux shows the README's status-right: weather show --short's line, then the clock, fresh then stale")
    func tmux() throws {
        try Self.tmuxShowsTheShortLine(in: try Self.sandbox())
    }

    @Test("with a warning in force, tmux shows the short line's ⚠ and the clock in its 40 columns, fresh then stale")
    func tmuxWithWarning() throws {
        // Springfield's Severe Thunderstorm Warning: the longest place name of the fixtures with a warning.
        let sandbox = try Self.sandbox(place: ["Springfield, MO"], alerts: true)
        try Self.tmuxShowsTheShortLine(in: sandbox, warning: true)
    }

    /// The README's tmux line, in a real tmux, shows `weather show --short`'s line (with ⚠ when `warning`),
    /// whole, then the clock: fresh, then stale, the longest it gets.
    static func tmuxShowsTheShortLine(in sandbox: Sandbox, warning: Bool = false) throws {
        let tmux = try requiringProgram("tmux")
        let line = try Readme.fence(after: "**tmux**", language: "sh", within: 3)
        // tmux's sockets in the sandbox, not in /tmp/tmux-UID.
        sandbox.environment["TMUX_TMPDIR"] = sandbox.root
        try sandbox.write(line + "\n", to: sandbox.root + "/tmux.conf")
        // The terminal the status line is drawn on: a second tmux, whose pane runs a client of the first;
        // `screen`, whose terminfo every system has.
        try sandbox.write("set -g status off\nset -g default-terminal screen\n", to: sandbox.root + "/screen.conf")
        for staleAfter in ["1h", "0"] {
            let expected = try Self.shortLine(sandbox, staleAfter: staleAfter)
            #expect(expected.contains(" ⚠") == warning, "weather show --short: \(expected)")
            let shown = try Self.tmuxStatusLine(tmux, sandbox: sandbox, until: { $0.contains(expected) })
            // status-right, right-aligned: the line, then the clock. tmux cuts status-right past its
            // status-right-length (40 columns by default) at the end: the clock shows that nothing was cut.
            let clock = shown.suffix(5)
            #expect(
                shown.hasSuffix(expected + " " + clock) && clock.count == 5 && clock.dropFirst(2).first == ":"
                    && clock.filter(\.isNumber).count == 4,
                "stale_after \(staleAfter), the status line: \(shown)")
        }
    }

    /// The status line of a tmux started with the sandbox's `tmux.conf`, as a client attached to it in a
    /// 100×10 terminal draws it, once it satisfies `condition` (`#()` runs its command after the first
    /// drawing), or after 30 s: a wait, so on the monotonic clock, and long, for a loaded machine (it ends as
    /// soon as the line is there). Both tmux servers are ended on return.
    static func tmuxStatusLine(_ tmux: String, sandbox: Sandbox, until condition: (String) -> Bool) throws
        -> String
    {
        func run(_ arguments: String...) throws -> Sandbox.Run {
            try sandbox.runLeavingDaemon(program: tmux, arguments)
        }
        defer {
            _ = try? run("-L", "screen", "kill-server")
            _ = try? run("-L", "bar", "kill-server")
        }
        let bar = try run(
            "-L", "bar", "-f", sandbox.root + "/tmux.conf", "new-session", "-d", "-x", "100", "-y", "10")
        try #require(bar.status == 0, "tmux new-session: \(bar)")
        let screen = try run(
            "-L", "screen", "-f", sandbox.root + "/screen.conf", "new-session", "-d", "-x", "100", "-y", "10",
            "env -u TMUX \(tmux) -L bar attach")
        try #require(screen.status == 0, "tmux new-session: \(screen)")
        let deadline = ContinuousClock.now + .seconds(30)
        var last = ""
        while ContinuousClock.now < deadline {
            let capture = try run("-L", "screen", "capture-pane", "-p")
            last = capture.stdout.split(separator: "\n").last.map(String.init) ?? ""
            if condition(last) { return last }
            usleep(50_000)
        }
        return last
    }
}

/// The path of `program`; when it is not installed, skips the test, saying so, unless `WEATHER_REQUIRE_BAR`
/// is set (as `make test` and CI set it), which makes that a failure.
func requiringProgram(_ program: String) throws -> String {
    if let path = ["/usr/local/bin", "/usr/bin", "/bin"].map({ $0 + "/" + program })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    {
        return path
    }
    try Requirement.bar.skip("\(program) is not installed (apt-get install --no-install-recommends \(program))")
}
