import Foundation
import Glibc
import TestSupport
import Testing

/// Every file weather reads in its own folders, replaced by a link to a copy of itself outside them: no
/// run opens what the link points to (strace's `-y` names the file behind every descriptor), whatever
/// the command. The removals and writes have their own tests (`RemovalTests`).
@Suite("Reads never follow a link planted in weather's own folders")
struct PlantedLinkReadTests {
    /// weather's files, relative to the sandbox's home, each read by some command below.
    static let files = [
        ".cache/weather/current.json", ".cache/weather/forecast.json", ".cache/weather/alerts.txt",
        ".cache/weather/alert-texts.json", ".cache/weather/air.txt", ".cache/weather/places/names.json",
        ".cache/weather/places/48.8534,2.3488/current.json", ".local/state/weather/location.json",
        ".local/state/weather/schedule.json", ".local/state/weather/backoff.json", ".local/state/weather/runs.txt",
        ".local/state/weather/looks.json", ".local/state/weather/notified.txt", ".local/state/weather/fetch.lock",
    ]

    /// Springfield, MO saved with its warnings and its air, Paris looked up once, and every state file
    /// written.
    static func setUp() throws -> Sandbox {
        let sandbox = try Sandbox(at: .fixtures, alerts: true, air: true)
        #expect(try sandbox.run("set", "Springfield, MO").status == 0)
        #expect(try sandbox.run("show", "Paris").status == 0)
        #expect(try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"]).status == 0)
        #expect(try sandbox.run(["show"], terminal: true).status == 0)
        let state = sandbox.stateHome + "/weather/"
        try sandbox.write(#"{"format":1,"interval":"30m"}"#, to: state + "schedule.json")
        try sandbox.write(
            #"{"api.weather.gov":{"until":"2020-01-01T00:00:00Z","at":"2020-01-01T00:00:00Z","reason":"x"}}"#,
            to: state + "backoff.json")
        try sandbox.write(
            "weather notified 1\nwarning\t3\t\(Int(sandbox.now) - 60)\t0123456789abcdef\tFlood Watch\tx\n",
            to: state + "notified.txt")
        for file in files {
            #expect(FileManager.default.fileExists(atPath: sandbox.home + "/" + file), "\(file) was not written")
        }
        return sandbox
    }

    /// What the descriptors of `weather arguments...` named, as strace's `-y` writes them after each call
    /// that opens one; skips the test, saying why, where strace is missing or may not trace.
    static func traced(
        _ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false
    ) throws -> (run: Sandbox.Run, trace: String) {
        let strace = "/usr/bin/strace"
        try Requirement.locales.check(
            FileManager.default.isExecutableFile(atPath: strace), "strace is not installed (apt-get install strace)")
        let log = sandbox.root + "/strace-\(UUID().uuidString).log"
        let run = try sandbox.run(
            program: strace,
            ["-f", "-qq", "-y", "-e", "trace=open,openat,creat", "-o", log, TestPaths.weatherBinary] + arguments,
            environment: environment, terminal: terminal)
        if run.stderr.contains("ptrace") { try Requirement.locales.skip("strace may not trace here: \(run.stderr)") }
        return (run, try String(contentsOfFile: log, encoding: .utf8))
    }

    @Test("a link in place of a file of weather's: its target is never opened, by any command", arguments: files)
    func neverOpened(file: String) throws {
        let sandbox = try Self.setUp()
        let path = sandbox.home + "/" + file
        // As the kernel names it, as strace does: the sandbox's path may hold a double slash.
        let victim =
            try #require(realpath(sandbox.root, nil).map { String(cString: $0) }) + "/victim-"
            + (file as NSString).lastPathComponent
        try FileManager.default.moveItem(atPath: path, toPath: victim)
        let kept = try #require(sandbox.contents(victim))
        #expect(symlink(victim, path) == 0)
        // The reading commands first, then those that write (and may replace the link by a file).
        let stale = ["WEATHER_STALE_AFTER": "0"]
        let commands: [(arguments: [String], environment: [String: String], terminal: Bool)] = [
            (["show"], [:], false), (["show", "--json"], [:], false), (["forecast"], [:], false),
            (["alerts"], [:], false), (["air"], [:], false), (["show", "Paris"], [:], false),
            (["schedule"], [:], false),
            (["show"], stale, true), (["refresh"], stale, false), (["set", "Springfield, MO"], [:], false),
            (["logout"], [:], false),
        ]
        for (arguments, environment, terminal) in commands {
            let (run, trace) = try Self.traced(sandbox, arguments, environment: environment, terminal: terminal)
            #expect(run.status < 128, "\(arguments): \(run)")
            let opened = trace.split(separator: "\n").filter { $0.contains(victim) }
            #expect(opened.isEmpty, "\(arguments) opened the link's target: \(opened)")
        }
        #expect(sandbox.contents(victim) == kept, "the target is as it was")
    }

    @Test(
        "a link in place of a systemd unit of weather's: reinstalling never opens its target, and writes a unit in its place",
        arguments: ["weather-refresh.service", "weather-refresh.timer"])
    func unitNeverOpened(unit: String) throws {
        let sandbox = try Sandbox.withUserManager()
        try sandbox.setBerlin()
        let path = sandbox.configHome + "/systemd/user/" + unit
        let written = try #require(sandbox.contents(path), "set wrote no \(unit)")
        let victim =
            try #require(realpath(sandbox.root, nil).map { String(cString: $0) }) + "/victim-" + unit
        try written.write(to: URL(fileURLWithPath: victim))
        // Each command that writes the units reads the installed ones first, to restart the timer only
        // when they changed.
        for arguments in [["schedule", "30m"], ["set", "Paris"], ["schedule", "15m"]] {
            try? FileManager.default.removeItem(atPath: path)
            #expect(symlink(victim, path) == 0)
            let (run, trace) = try Self.traced(sandbox, arguments)
            #expect(run.status == 0, "\(arguments): \(run)")
            let opened = trace.split(separator: "\n").filter { $0.contains(victim) }
            #expect(opened.isEmpty, "\(arguments) opened the link's target: \(opened)")
            let replaced = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            #expect(replaced == .typeRegular, "\(arguments) left \(String(describing: replaced)) at \(unit)")
        }
        #expect(sandbox.contents(victim) == written, "the target is as it was")
    }
}

extension PlantedLinkReadTests {
    @Test("config.json may be a link, as dotfile managers place it; what it leads to must be a regular file")
    func configLink() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let dotfiles = sandbox.root + "/dotfiles/weather.json"
        try sandbox.write(#"{"units": "imperial"}"#, to: dotfiles)
        try FileManager.default.createDirectory(
            atPath: sandbox.configHome + "/weather", withIntermediateDirectories: true)
        #expect(symlink(dotfiles, sandbox.configFile) == 0)
        let show = try sandbox.run("show")
        #expect(show.status == 0 && show.stdout.contains(" °F"), "\(show)")

        try FileManager.default.removeItem(atPath: dotfiles)
        #expect(mkfifo(dotfiles, 0o600) == 0)
        let fifo = try sandbox.run("show")
        #expect(fifo.status == 78, "\(fifo)")
        #expect(fifo.stderr.contains("it is not a regular file"), "\(fifo)")
    }

    @Test("a link in place of location.json is named as one, and refused as damage")
    func linkNamed() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.run("set", "Paris")
        let paris = try #require(sandbox.contents(sandbox.locationFile))
        try sandbox.setBerlin()
        try paris.write(to: URL(fileURLWithPath: sandbox.root + "/paris.json"))
        try FileManager.default.removeItem(atPath: sandbox.locationFile)
        try FileManager.default.removeItem(atPath: sandbox.resultFile)
        #expect(symlink(sandbox.root + "/paris.json", sandbox.locationFile) == 0)
        let show = try sandbox.run("show")
        #expect(show.status != 0, "\(show)")
        #expect(!show.stderr.contains("Paris"), "\(show)")
        #expect(
            show.stderr.contains(
                "location.json is damaged (it is a symbolic link, which weather never follows in its own folders); "
                    + "run weather set <city> to save a place again"),
            "\(show)")
    }
}
