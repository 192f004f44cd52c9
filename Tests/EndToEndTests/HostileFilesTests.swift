import Foundation
import Glibc
import TestSupport
import Testing

/// Files, folders, the environment and signals that no run should meet, and do: the built binary in a
/// private HOME. Nothing hangs, nothing traps, nothing saved is lost.
@Suite("Hostile files, folders, environment and signals")
struct HostileFilesTests {
    @Test(
        "a FIFO in place of a saved file or the config cannot make a run hang",
        arguments: [
            "result", "location", "config", "lock",
        ])
    func fifos(file: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let path =
            switch file {
            case "result": sandbox.resultFile
            case "location": sandbox.locationFile
            case "config": sandbox.configFile
            default: sandbox.stateHome + "/weather/fetch.lock"
            }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o600) == 0)
        for arguments in [
            ["show"], ["show", "--json"], ["refresh"], ["show", "--refresh"], ["set", "Paris"], ["logout"],
        ] {
            let run = try sandbox.run(arguments, environment: ["WEATHER_STALE_AFTER": "0", "WEATHER_TIMEOUT": "5"])
            #expect(run.status < 128, "\(arguments): \(run)")
            // The budget (WEATHER_TIMEOUT) and a second, as the contract allows: a FIFO waited on never ends.
            #expect(run.elapsed < .seconds(5 + 1), "\(arguments) took \(run.elapsed)")
            if run.status != 0 {
                #expect(
                    run.stdout.contains("not a regular file") || run.stderr.contains("not a regular file"),
                    "\(arguments): \(run)")
            }
        }
    }

    @Test(
        "a saved result with values no server could send is reported as damaged and read as empty",
        arguments: [
            ("relativeHumidity", "1e300"), ("interval", "0.4"), ("utcOffsetSeconds", "-9223372036854775808"),
            ("name", "\"\(String(repeating: "x", count: 300))\""), ("temperature", "1e308"),
        ])
    func damagedValues(key: String, new: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let text = String(decoding: sandbox.contents(sandbox.resultFile) ?? Data(), as: UTF8.self)
        // The first member of that name, whatever its value (the offset depends on the season).
        let member = try #require(text.firstRange(of: try Regex("\"\(key)\":(-?[0-9.e+]+|\"[^\"]*\")")), "\(text)")
        var damaged = text
        damaged.replaceSubrange(member, with: "\"\(key)\":\(new)")
        try sandbox.write(damaged, to: sandbox.resultFile)
        let show = try sandbox.run("show")
        #expect(show.status == 1, "\(show)")
        #expect(show.stderr.contains("is damaged"), "\(show)")
        // A terminal, or the timer, heals it with one request.
        let refresh = try sandbox.run("refresh")
        #expect(refresh.status == 0, "\(refresh)")
        #expect(try sandbox.run("show").status == 0)
    }

    @Test("temporary files of killed runs are removed by the next run that takes the lock")
    func strayTemporaryFiles() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let strays = [
            sandbox.cacheHome + "/weather/.current.json.AbC123", sandbox.stateHome + "/weather/.location.json.x1Y2z3",
            sandbox.stateHome + "/weather/.backoff.json.qwerty", sandbox.stateHome + "/weather/.schedule.json.ZZZZZZ",
        ]
        let keep = [sandbox.cacheHome + "/weather/.current.json.bak", sandbox.cacheHome + "/weather/notes.txt"]
        for path in strays + keep { try sandbox.write("{\"secret\": true}", to: path) }
        #expect(try sandbox.run("show").status == 0)
        #expect(
            strays.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "show takes no lock and removes nothing")
        #expect(try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"]).status == 0)
        #expect(strays.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(keep.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "only weather's own temporary files go")
    }

    @Test("a set killed between its two renames has happened, for every later run")
    func setKilledBetweenRenames() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.run("set", "Paris")
        let parisResult = try #require(sandbox.contents(sandbox.resultFile))
        try sandbox.setBerlin()
        // The result of the new place renamed into place, the place itself not yet: what kill -9 between
        // the two renames of `weather set Paris` leaves.
        try parisResult.write(to: URL(fileURLWithPath: sandbox.resultFile))
        #expect(try sandbox.run("show").stdout.hasPrefix("Paris, "))
        #expect(try sandbox.run("show", "--json").stdout.contains("\"name\":\"Paris\""))
        try sandbox.server.clearRequests()
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.contains("Paris"), "\(refresh)")
        let request = try #require(try sandbox.server.requests(.forecast).first)
        #expect(request.query["latitude"] == "48.8534", "the refresh fetched the place that show shows")
        let location = String(decoding: sandbox.contents(sandbox.locationFile) ?? Data(), as: UTF8.self)
        #expect(location.contains("\"name\":\"Paris\""), "and location.json now says so too")
        #expect(try sandbox.run("logout").stdout.hasPrefix("Forgot Paris, "))
    }

    @Test(
        "SIGTERM or SIGINT during a refresh: the transfer ends, a failed line says so, nothing changes",
        arguments: [SIGTERM, SIGINT])
    func stoppedRefresh(signal: Int32) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 20)])
        try sandbox.server.clearRequests()
        let refresh = try sandbox.spawn(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        try sandbox.waitForRequest(.forecast)
        // A promise (docs/security.md, "Signals": the transfer ends within about a second), so a budget,
        // on the monotonic clock; the answer, 20 s away, cannot end it sooner.
        let signalled = ContinuousClock.now
        kill(refresh.process.processIdentifier, signal)
        let run = refresh.wait()
        #expect(ContinuousClock.now - signalled < .seconds(2.5), "stopped within about a second")
        #expect(run.status == 128 + signal, "\(run)")
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(
            run.stdout.hasPrefix("failed: stopped by \(name) before it finished; everything saved is as it was ("),
            "\(run)")
        #expect(sandbox.savedFiles() == saved)
        #expect(sandbox.temporaryFiles().isEmpty)
    }

    @Test("SIGTERM during a set leaves the saved place and result as they were")
    func stoppedSet() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast/paris.json", trickle: 0.3)])
        try sandbox.server.clearRequests()
        let set = try sandbox.spawn(["set", "Paris"])
        try sandbox.waitForRequest(.forecast)
        kill(set.process.processIdentifier, SIGTERM)
        let run = set.wait()
        #expect(run.status == 128 + SIGTERM, "\(run)")
        #expect(run.stderr == "weather: stopped by SIGTERM before it finished; everything saved is as it was\n")
        #expect(sandbox.savedFiles() == saved)
        #expect(sandbox.temporaryFiles().isEmpty)
    }

    @Test(
        "a folder whose name is not UTF-8 is refused by name, never replaced by another",
        arguments: [
            "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "HOME",
        ])
    func notUTF8(variable: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        var environment = sandbox.environment
        if variable == "HOME" { environment["XDG_STATE_HOME"] = nil }
        environment[variable] = nil
        let assignments = environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let script = "exec env -i \(assignments) \(variable)=\"$(printf '\(sandbox.root)/caf\\351')\" \"$0\" \"$@\""
        let run = try sandbox.run(program: "/bin/sh", ["-c", script, TestPaths.weatherBinary, "set", "Berlin"])
        #expect(run.status == 78, "\(run)")
        #expect(
            run.stderr
                == "weather: \(variable) names a folder whose name is not UTF-8 text, which weather cannot name exactly; set \(variable) to a folder with a UTF-8 name\n"
        )
        let contents = try FileManager.default.contentsOfDirectory(atPath: sandbox.root)
        #expect(!contents.contains { $0.contains("\u{FFFD}") }, "\(contents)")
    }

    @Test(
        "a setting whose value is not UTF-8 is refused by name, on the fast path too",
        arguments: [["show"], ["set", "Berlin"]])
    func settingNotUTF8(arguments: [String]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let assignments = sandbox.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let script = "exec env -i \(assignments) WEATHER_ICONS=\"$(printf 'nerd\\351')\" \"$0\" \"$@\""
        let run = try sandbox.run(program: "/bin/sh", ["-c", script, TestPaths.weatherBinary] + arguments)
        #expect(run.status == 78, "\(run)")
        #expect(run.stderr == "weather: WEATHER_ICONS=\"nerd\u{FFFD}\" is not valid: it must be UTF-8 text\n")
    }

    @Test("a line break in a folder's name: the place is saved, and background refresh says why it cannot be set up")
    func lineBreakInFolder() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let folder = sandbox.root + "/cache\nExecStartPre=/bin/touch /tmp/pwned"
        let run = try sandbox.run(["set", "Berlin"], environment: ["XDG_CACHE_HOME": folder])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("10.9 °C"))
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.contains("no crontab line can stand in: XDG_CACHE_HOME ("), "\(run)")
        #expect(
            run.stderr.hasSuffix(
                "contains a control character such as a line break, which a crontab line cannot hold; rename it, or choose another\n"
            ))
        #expect(try sandbox.run(["show"], environment: ["XDG_CACHE_HOME": folder]).status == 0)
    }
}

extension Sandbox {
    /// Waits until the server has received a request for `route`.
    func waitForRequest(_ route: FixtureServer.Route, timeout: Double = 10) throws {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while try server.requests(route).isEmpty {
            guard ContinuousClock.now < deadline else { throw TestFailure("no \(route) request arrived") }
            usleep(20_000)
        }
    }

    /// weather's temporary files left in the saved folders.
    func temporaryFiles() -> [String] {
        [cacheHome + "/weather", stateHome + "/weather"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") }
        }
    }
}

extension HostileFilesTests {
    @Test("a back-off that says it happened in 9999 is ignored, not obeyed for a day")
    func backoffFromTheFuture() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(status: 500, body: "{}")])
        let failed = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(failed.stdout.hasPrefix("failed"), "\(failed)")
        let path = sandbox.stateHome + "/weather/backoff.json"
        var backoffs = try #require(
            try JSONSerialization.jsonObject(with: sandbox.contents(path) ?? Data()) as? [String: [String: Any]])
        let host = try #require(backoffs.keys.first)
        let tomorrow = ISO8601DateFormatter().string(from: sandbox.date.addingTimeInterval(86_000))
        backoffs[host]?["until"] = tomorrow
        backoffs[host]?["at"] = "9999-01-01T00:00:00Z"
        try JSONSerialization.data(withJSONObject: backoffs).write(to: URL(fileURLWithPath: path))
        try sandbox.server.clearRequests()
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.hasPrefix("newData") || refresh.stdout.hasPrefix("noData"), "\(refresh)")
        #expect(try sandbox.requestCount(.forecast) == 1)
    }

    @Test("a run dated in 5138 is not counted under the last day, and does not stay in the runs file")
    func runFromTheFuture() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let path = sandbox.stateHome + "/weather/runs.txt"
        let now = Int(sandbox.now)
        try sandbox.write("weather runs 1\n99999999999 n 1 200\n\(now - 600) d 0 3\n", to: path)
        let schedule = try sandbox.run("schedule")
        #expect(schedule.stdout.contains("Last day:   1 run"), "\(schedule)")
        #expect(
            try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0", "WEATHER_TIMEOUT": "5"]).status == 0)
        let text = String(decoding: sandbox.contents(path) ?? Data(), as: UTF8.self)
        #expect(!text.contains("99999999999"), "\(text)")
        #expect(text.split(separator: "\n").count == 3, "\(text)")
    }

    @Test("a config file over 64 KiB is called that, not larger than 1 MiB")
    func configTooLarge() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write(
            "{\"units\":\"metric\",\"x\":\"" + String(repeating: "a", count: 70_000) + "\"}", to: sandbox.configFile)
        let show = try sandbox.run("show")
        #expect(show.status == 78, "\(show)")
        #expect(show.stderr.contains("it is larger than 64 KiB"), "\(show)")
        #expect(show.errorLines.count == 1, "\(show)")
    }
}
