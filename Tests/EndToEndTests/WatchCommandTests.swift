import Foundation
import Glibc
import TestSupport
import Testing

/// `weather watch` against other runs of weather changing the files, as a status bar would run it.
@Suite("weather watch")
struct WatchCommandTests {
    /// A running `weather watch arguments...` and the lines it printed.
    final class Watcher {
        let run: Sandbox.Pending

        init(_ sandbox: Sandbox, _ arguments: [String] = [], environment: [String: String] = [:]) throws {
            run = try sandbox.spawn(["watch"] + arguments, environment: environment)
        }

        var lines: [String] {
            run.stdoutSoFar.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }

        /// Waits until it has printed `count` lines, or `seconds` pass; the lines.
        @discardableResult
        func waitForLines(_ count: Int, within seconds: Double = 5) -> [String] {
            let deadline = ContinuousClock.now + .seconds(seconds)
            while lines.count < count, ContinuousClock.now < deadline { usleep(10_000) }
            return lines
        }

        /// Ends it with SIGTERM and returns its exit status.
        func stop() -> Int32 {
            run.process.terminate()
            return run.wait().status
        }

        deinit {
            if run.process.isRunning { run.process.terminate() }
        }
    }

    @Test("the line at once; a new one as soon as another run stores new data; none for noData")
    func newData() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox)
        #expect(watcher.waitForLines(1) == ["Berlin ☁️🌙 11°C"])

        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 2)])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.hasPrefix("newData"), "\(refresh)")
        // The default line's own wake-ups are the stale moment (15 min away) and the turn of the hour: a new
        // line within seconds comes from the folder watch. (No bound tighter than the wait: on a loaded
        // machine a second is no promise.)
        #expect(watcher.waitForLines(2, within: 10) == ["Berlin ☁️🌙 11°C", "Berlin 🌧️ 10°C"])

        let again = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(again.stdout.hasPrefix("noData"), "\(again)")
        usleep(1_000_000)
        #expect(watcher.lines.count == 2, "noData changes nothing a bar shows: \(watcher.lines)")
        #expect(try sandbox.requestCount(.forecast) == 3, "set and the two refreshes: watch asks nothing itself")
        #expect(watcher.stop() == 0)
    }

    @Test("the stale mark at the moment the result turns stale, and away again with new data")
    func turnsStale() throws {
        // The clock runs: the watch wakes for the moment its clock reaches.
        let sandbox = try Sandbox(at: TestMoment.fixtures.running)
        let before = sandbox.date
        try sandbox.setBerlin()
        let after = sandbox.date
        // Stale 6 s after it was stored: time enough to see it fresh first on a loaded machine.
        let watcher = try Watcher(sandbox, environment: ["WEATHER_STALE_AFTER": "6"])
        #expect(watcher.waitForLines(1).first == "Berlin ☁️🌙 11°C")
        let lines = watcher.waitForLines(2, within: 10)
        #expect(lines.last == "Berlin ☁️🌙 11°C (stale)")
        // Stored between `before` and `after`: not before its moment, and woken by the clock at it.
        let shown = sandbox.date
        #expect(
            shown >= before + 6 && shown < after + 9,
            "stale 6 s after it was stored: shown after \(shown.timeIntervalSince(before)) s")
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        #expect(try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"]).status == 0)
        #expect(watcher.waitForLines(3).last == "Berlin 🌧️ 10°C")
        #expect(watcher.stop() == 0)
    }

    @Test(
        "the age moves on in what shows it (%a, the waybar tooltip), by the minute; the default line waits",
        arguments: [["--format", "%a"], ["--waybar"], ["--format", "%t %a"]])
    func ageMovesOn(arguments: [String]) throws {
        // The clock runs: the watch wakes for the minute its clock reaches.
        let sandbox = try Sandbox(at: TestMoment.fixtures.running)
        // A result fetched 52 s ago: "just now" for 8 more seconds (time to start two watches on a loaded
        // machine), then "1 min ago".
        let before = sandbox.date
        #expect(try sandbox.run(["set", "Berlin"], environment: sandbox.environment(at: sandbox.now - 52)).status == 0)
        let after = sandbox.date
        let watcher = try Watcher(sandbox, arguments)
        let plain = try Watcher(sandbox)
        #expect(watcher.waitForLines(1).first?.contains("just now") == true, "\(watcher.lines)")
        let lines = watcher.waitForLines(2, within: 15)
        #expect(lines.count == 2 && lines[1].contains("1 min ago"), "\(lines)")
        #expect(!(lines.last ?? "").contains("just now"), "\(lines)")
        // Fetched between `before` and `after` (52 s earlier by its clock): the minute turns 8 s after that,
        // and the watch wakes for it then, not before and not at some later moment of its own.
        let shown = sandbox.date
        #expect(
            shown >= before + 8 && shown < after + 11,
            "the minute came \(shown.timeIntervalSince(before) + 52) s after the fetch")
        // The short line shows no age: nothing new to print, and no line printed twice.
        #expect(plain.lines == ["Berlin ☁️🌙 11°C"], "\(plain.lines)")
        #expect(watcher.stop() == 0 && plain.stop() == 0)
    }

    @Test("config.json edited under a running watch: its units, icons and format apply at once")
    func configEdited() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox)
        let waybar = try Watcher(sandbox, ["--waybar", "--format", "%t"])
        #expect(watcher.waitForLines(1) == ["Berlin ☁️🌙 11°C"])
        #expect(waybar.waitForLines(1).first?.hasPrefix(#"{"text":"11°C","#) == true, "\(waybar.lines)")
        // Nothing else wakes a default line within seconds: the new one comes from the folder watch.
        try sandbox.write(#"{"units": "imperial"}"#, to: sandbox.configFile)
        let lines = watcher.waitForLines(2, within: 10)
        #expect(lines.last == "Berlin ☁️🌙 52°F", "\(lines)")
        #expect(waybar.waitForLines(2).last?.hasPrefix(#"{"text":"52°F","#) == true, "\(waybar.lines)")
        // The format setting is the default line's, not an explicit --format's; an editor's rename too.
        let temporary = sandbox.configHome + "/weather/.config.json.swp"
        try sandbox.write(#"{"units": "imperial", "format": "%c %t", "icons": "ascii"}"#, to: temporary)
        #expect(rename(temporary, sandbox.configFile) == 0)
        #expect(watcher.waitForLines(3).last == "m 52°F", "\(watcher.lines)")
        #expect(waybar.waitForLines(3).last?.hasPrefix(#"{"text":"52°F","#) == true, "\(waybar.lines)")
        // A setting that changes nothing shown prints nothing.
        try sandbox.write(
            #"{"units": "imperial", "format": "%c %t", "icons": "ascii", "timeout": 20}"#, to: sandbox.configFile)
        usleep(500_000)
        #expect(watcher.lines.count == 3, "\(watcher.lines)")
        #expect(watcher.stop() == 0 && waybar.stop() == 0)
    }

    @Test("a broken config.json: the reason (waybar's ⚠ object), and the weather again once it is fixed")
    func configBroken() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox)
        let waybar = try Watcher(sandbox, ["--waybar"])
        #expect(watcher.waitForLines(1) == ["Berlin ☁️🌙 11°C"])
        #expect(waybar.waitForLines(1).count == 1)
        try sandbox.write(#"{"units": "kelvin"}"#, to: sandbox.configFile)
        #expect(watcher.waitForLines(2).last == "", "\(watcher.lines)")
        #expect(watcher.run.stderrSoFar.contains("\"units\" must be one of"), "\(watcher.run.stderrSoFar)")
        let warning = waybar.waitForLines(2).last ?? ""
        #expect(warning.hasPrefix(#"{"text":"⚠","tooltip":"weather: "#), "\(warning)")
        #expect(warning.contains("config.json") && warning.contains(#""class":["error"]"#), "\(warning)")
        try sandbox.write(#"{"units": "Metric"}"#, to: sandbox.configFile)
        #expect(watcher.waitForLines(3).last == "Berlin ☁️🌙 11°C", "\(watcher.lines)")
        #expect(waybar.waitForLines(3).last?.hasPrefix(#"{"text":"Berlin ☁️🌙 11°C","#) == true)
        // Started with the file broken, it starts all the same, and recovers as well.
        try sandbox.write("{\"units\":", to: sandbox.configFile)
        let late = try Watcher(sandbox, ["--waybar"])
        #expect(late.waitForLines(1).first?.contains(#""class":["error"]"#) == true, "\(late.lines)")
        try FileManager.default.removeItem(atPath: sandbox.configFile)
        #expect(late.waitForLines(2).last?.hasPrefix(#"{"text":"Berlin ☁️🌙 11°C","#) == true, "\(late.lines)")
        #expect(watcher.stop() == 0 && waybar.stop() == 0 && late.stop() == 0)
    }

    @Test("a config folder that cannot be made: the weather is watched all the same")
    func configFolderUnmade() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // Not even root can make a folder under /proc.
        let watcher = try Watcher(sandbox, environment: ["XDG_CONFIG_HOME": "/proc/self/no-such-folder"])
        #expect(watcher.waitForLines(1) == ["Berlin ☁️🌙 11°C"], "\(watcher.run.stderrSoFar)")
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        #expect(try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"]).status == 0)
        #expect(watcher.waitForLines(2).last == "Berlin 🌧️ 10°C", "\(watcher.lines)")
        #expect(watcher.stop() == 0)
    }

    @Test("waybar: logout hides the module (class none); set brings a place back")
    func logoutAndSet() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox, ["--waybar"])
        #expect(watcher.waitForLines(1).first?.hasPrefix(#"{"text":"Berlin ☁️🌙 11°C","#) == true)
        #expect(try sandbox.run("logout").status == 0)
        #expect(watcher.waitForLines(2).last?.contains(#""class":["none"]"#) == true, "\(watcher.lines)")
        #expect(try sandbox.run("set", "Paris").status == 0)
        #expect(watcher.waitForLines(3).last?.hasPrefix(#"{"text":"Paris "#) == true, "\(watcher.lines)")
        usleep(300_000)
        #expect(watcher.lines.count == 3, "one line a change: \(watcher.lines)")
        #expect(watcher.run.stderrSoFar.isEmpty, "\(watcher.run.stderrSoFar)")
        #expect(watcher.stop() == 0)
    }

    @Test("a damaged result: a warning once, and it goes on; a removed cache folder is watched again")
    func damage() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox)
        watcher.waitForLines(1)
        try sandbox.write("{\"format\":", to: sandbox.resultFile)
        #expect(watcher.waitForLines(2).last == "")
        #expect(watcher.run.stderrSoFar.contains("current.json is damaged"), "\(watcher.run.stderrSoFar)")
        try FileManager.default.removeItem(atPath: sandbox.cacheHome + "/weather")
        usleep(200_000)
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        #expect(try sandbox.run("refresh").stdout.hasPrefix("newData"))
        #expect(watcher.waitForLines(3).last == "Berlin 🌧️ 10°C", "\(watcher.lines)")
        #expect(watcher.run.process.isRunning)
        #expect(watcher.stop() == 0)
    }

    @Test("it ends, exit 0, when the bar stops reading (a closed pipe) and on SIGINT")
    func endings() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.weatherBinary)
        process.arguments = ["watch"]
        process.environment = sandbox.runEnvironment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let first = pipe.fileHandleForReading.availableData
        #expect(String(decoding: first, as: UTF8.self) == "Berlin ☁️🌙 11°C\n")
        try pipe.fileHandleForReading.close()
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        #expect(!process.isRunning, "still running after its reader went away")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let watcher = try Watcher(sandbox)
        watcher.waitForLines(1)
        kill(watcher.run.process.processIdentifier, SIGINT)
        #expect(watcher.run.wait().status == 0)
    }

    @Test(
        "a cache folder moved away, or removed, and made again is watched again: the next result is shown",
        arguments: ["moved", "removed"])
    func folderReplaced(how: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox)
        #expect(watcher.waitForLines(1) == ["Berlin ☁️🌙 11°C"])
        let folder = sandbox.cacheHome + "/weather"
        if how == "moved" {
            #expect(rename(folder, sandbox.cacheHome + "/weather.old") == 0)
        } else {
            try FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        usleep(200_000)
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 2)])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.hasPrefix("newData"), "\(refresh)")
        let deadline = ContinuousClock.now + .seconds(5)
        while watcher.lines.last != "Berlin 🌧️ 10°C", ContinuousClock.now < deadline { usleep(10_000) }
        #expect(watcher.lines.last == "Berlin 🌧️ 10°C", "\(watcher.lines)")
        #expect(watcher.stop() == 0)
    }

    @Test("after the kernel's event queue overflowed, the files are read again: a result stored meanwhile is shown")
    func queueOverflow() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let watcher = try Watcher(sandbox)
        #expect(watcher.waitForLines(1) == ["Berlin ☁️🌙 11°C"])
        let queued =
            Int(
                (try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16_384
        // Stopped, the watcher reads nothing: renames in its folder fill the queue past its end, and the
        // event of the new result is lost with the rest.
        let pid = watcher.run.process.processIdentifier
        #expect(kill(pid, SIGSTOP) == 0)
        let folder = sandbox.cacheHome + "/weather/"
        #expect(creat(folder + "a", 0o600) >= 0)
        for index in 0..<(queued / 2 + 1000) {
            let (from, to) = index % 2 == 0 ? ("a", "b") : ("b", "a")
            rename(folder + from, folder + to)
        }
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 2)])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.hasPrefix("newData"), "\(refresh)")
        #expect(kill(pid, SIGCONT) == 0)
        let deadline = ContinuousClock.now + .seconds(5)
        while watcher.lines.last != "Berlin 🌧️ 10°C", ContinuousClock.now < deadline { usleep(10_000) }
        #expect(watcher.lines.last == "Berlin 🌧️ 10°C", "\(watcher.lines)")
        #expect(watcher.stop() == 0)
    }
}
