import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

@Suite("Background refresh without a systemd user manager")
struct NoUserManagerTests {
    static let sentence = "weather: background refresh is not scheduled: no systemd user manager is reachable ("

    @Test(
        "set still works and says on stderr how to refresh with cron instead, without the test's clock",
        arguments: TestMoment.hard)
    func set(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        let run = try sandbox.run("set", "Berlin")
        #expect(run.status == 0)
        #expect(run.stdout.contains("10.9 °C"))
        #expect(run.errorLines.count == 2, "the sentence, then the line alone, to be copied whole")
        #expect(run.stderr.hasPrefix(Self.sentence))
        let command =
            "WEATHER_ALERTS=off WEATHER_GEOCODING_URL=\(sandbox.server.searchURL) WEATHER_FORECAST_URL=\(sandbox.server.forecastURL) WEATHER_MET_URL=\(sandbox.server.metURL) WEATHER_NWS_ALERTS_URL=\(sandbox.server.nwsAlertsURL) WEATHER_DWD_ALERTS_URL=\(sandbox.server.dwdAlertsURL) WEATHER_METALERTS_URL=\(sandbox.server.metAlertsURL) WEATHER_AIR=off WEATHER_AIR_QUALITY_URL=\(sandbox.server.airQualityURL) XDG_CONFIG_HOME=\(sandbox.configHome) XDG_CACHE_HOME=\(sandbox.cacheHome) XDG_STATE_HOME=\(sandbox.stateHome) \(TestPaths.weatherBinary) refresh >/dev/null 2>&1\n"
        #expect(run.stderr.hasSuffix(command), "\(run)")
        let line = try #require(run.stderr.components(separatedBy: "add this line with crontab -e:\n").last)
        #expect(try Self.offset(of: line) == 120 + Int(FixedDelay.current().seconds(within: 450)), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.configHome + "/systemd"))
    }

    /// The crontab line `schedule` prints under "Cron:": the first line there that starts with a minute.
    /// The crontab line `schedule` prints after its `Cron:` field: alone on its line, as it is, with
    /// nothing before it to leave out when it is copied.
    static func cronLine(_ output: String) throws -> String {
        let lines = output.split(separator: "\n").map(String.init)
        let cron = try #require(lines.firstIndex { $0.hasPrefix("Cron:") })
        let line = try #require(lines[cron...].first { $0.contains(" refresh >/dev/null 2>&1") })
        #expect(line.first?.isNumber == true, "not alone on its line: \(line.debugDescription)")
        return line
    }

    /// Seconds after the clock step at which a crontab line runs: its minute, and the sleep before the command.
    static func offset(of line: String) throws -> Int {
        let words = line.split(separator: " ")
        let minute = try #require(Int(words[0].split(separator: "-")[0]))
        let sleep = words[5] == "sleep" ? try #require(Int(words[6].dropLast())) : 0
        return minute * 60 + sleep
    }

    @Test(
        "schedule keeps the choice and prints the crontab line for it; never says which line to remove",
        arguments: TestMoment.hard)
    func schedule(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        let status = try sandbox.run("schedule")
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.contains("\nTimer:    none, as no systemd user manager is reachable ("))
        #expect(status.stdout.contains("\nCron:     to refresh in the background, add this line with crontab -e:\n"))
        let chosen = try sandbox.run("schedule", "30m")
        #expect(chosen.status == 0, "\(chosen)")
        #expect(chosen.stdout.hasPrefix("Interval: every 30 min\n"))
        let line = try Self.cronLine(chosen.stdout)
        #expect(line.range(of: #"^\d+-59/30 \* \* \* \* "#, options: .regularExpression) != nil, "\(line)")
        #expect(try Self.offset(of: line) == 120 + Int(FixedDelay.current().seconds(within: 1650)))
        #expect(
            sandbox.contents(sandbox.stateHome + "/weather/schedule.json").map { String(decoding: $0, as: UTF8.self) }?
                .contains("30m") == true)
        let never = try sandbox.run("schedule", "never")
        #expect(never.status == 0, "\(never)")
        #expect(never.stderr.isEmpty)
        #expect(
            never.stdout.contains("\nCron:     if you added weather's line with crontab -e, remove it; it ends in\n"))
        #expect(try Self.cronLine(never.stdout).hasSuffix(" refresh >/dev/null 2>&1"))

        let tooOften = try sandbox.run("schedule", "4m")
        #expect(tooOften.status == 64)
        #expect(
            tooOften.stderr.hasPrefix(
                "weather: every 4 min is too often: background refresh runs at most every 5 minutes"))
        let nonsense = try sandbox.run("schedule", "often")
        #expect(nonsense.status == 64)
        #expect(
            nonsense.stderr
                == "weather: \"often\" is not an interval: use minimum, never, or a duration such as 30m, 2h or 900 (seconds)\n"
        )
    }

    @Test("logout says which crontab line to remove; refresh with nothing scheduled stays quiet")
    func quiet() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.run("set", "Berlin")
        let logout = try sandbox.run("logout")
        #expect(logout.status == 0)
        #expect(logout.stderr.isEmpty)
        // Which crontab line to remove, alone on its own line.
        #expect(
            logout.stdout.contains(
                "Background refresh is off.\nWithout systemd: if you added weather's line with crontab -e, remove it;"),
            "\(logout)")
        #expect(try Self.offset(of: String(logout.stdout.split(separator: "\n").last ?? "")) >= 120, "\(logout)")
        #expect(logout.stdout.hasSuffix(" refresh >/dev/null 2>&1\n"))
        let refresh = try sandbox.run("refresh")
        #expect(refresh.stdout.hasPrefix("noData: no place saved; background refresh is disabled ("))
    }

    @Test("logout with nothing saved says so and that refresh is off, and nothing of a crontab line")
    func logoutNothingSaved() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let logout = try sandbox.run("logout")
        #expect(logout.status == 0, "\(logout)")
        #expect(logout.stdout == "Nothing was saved.\nBackground refresh is off.\n", "\(logout)")
        #expect(logout.stderr.isEmpty, "\(logout)")
    }

    @Test("two users on one machine get crontab lines at different moments, as their timers would be")
    func twoUsers() throws {
        let root = try Sandbox(at: .fixtures)
        let nobody = try Sandbox(at: .fixtures)
        // The other user runs a copy of the binary in their own home (the clone may be in a private folder).
        let binary = nobody.root + "/weather"
        try TestPaths.copyWeather(to: binary)
        #expect(try nobody.run(program: "/bin/chown", ["-R", "65534:65534", nobody.root]).status == 0)
        let asNobody = try nobody.run(
            program: "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "schedule", "30m"])
        let asRoot = try root.run("schedule", "30m")
        #expect(asNobody.status == 0, "\(asNobody)")
        let lines = try [asRoot, asNobody].map { try Self.cronLine($0.stdout) }
        let offsets = try lines.map { try Self.offset(of: $0) }
        #expect(offsets[0] != offsets[1], "\(lines)")
        #expect(offsets.allSatisfy { (120..<1800 - 30).contains($0) })
    }

    @Test(
        "a % or a backslash in a setting reaches refresh exactly as given, the crontab line read as cron reads it",
        arguments: [#"me\%x@y.org"#, "100%", #"a\\%b"#, #"50%\"#, #"it's%'s"#, #"\\\%%\"#, "%%", #"a\b"#])
    func percentInASetting(contact: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let set = try sandbox.run(["set", "Berlin"], environment: ["WEATHER_CONTACT": contact])
        #expect(set.status == 0, "\(set)")
        let line = try #require(set.stderr.components(separatedBy: "add this line with crontab -e:\n").last)
            .trimmingCharacters(in: .newlines)
        for collapsing in [false, true] {
            var command = CronLine.command(in: line, collapsingBackslashes: collapsing)
            let ending = TestPaths.weatherBinary + " refresh >/dev/null 2>&1"
            #expect(command.hasSuffix(ending), "cron would cut the command: \(command)")
            command = String(command.dropLast(ending.count)) + "/usr/bin/env"
            if command.hasPrefix("sleep ") { command = ":" + command[command.firstIndex(of: ";")!...] }
            let shell = try sandbox.run(program: "/bin/sh", ["-c", command])
            #expect(shell.status == 0, "\(shell)")
            #expect(
                shell.stdout.split(separator: "\n").contains { $0 == "WEATHER_CONTACT=" + contact },
                "collapsing \(collapsing): \(command) gave \(shell.stdout)")
        }
    }

    @Test(
        "schedule writes a crontab line that keeps the interval chosen, or says what cron keeps instead",
        arguments: [
            ("7d", #"^\d+ \d+ \* \* 0 "#, nil),
            (
                "1h30m", #"^\d+-59/30 \* \* \* \* "#,
                "cron runs weather every 30 min, and it fetches every 1 h 30 min, as chosen"
            ),
            (
                "45m", #"^\d+-59/15 \* \* \* \* "#,
                "cron runs weather every 15 min, and it fetches every 45 min, as chosen"
            ),
            (
                "25m", #"^\d+-59/5 \* \* \* \* "#,
                "cron runs weather every 5 min, and it fetches every 25 min, as chosen"
            ),
            (
                "100m", #"^\d+-59/20 \* \* \* \* "#,
                "cron runs weather every 20 min, and it fetches every 1 h 40 min, as chosen"
            ),
            (
                "7m", #"^\d+-59/5 \* \* \* \* "#,
                "cron cannot keep every 7 min: cron runs weather every 5 min, so it fetches every 10 min, the nearest it can"
            ),
            ("2d", #"^\d+ \d+ \* \* \* "#, "cron runs weather every 24 h, and it fetches every 2 days, as chosen"),
            ("6h", #"^\d+ \d+-23/6 \* \* \* "#, nil),
        ] as [(String, String, String?)])
    func intervalKept(interval: String, pattern: String, note: String?) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let chosen = try sandbox.run("schedule", interval)
        #expect(chosen.status == 0, "\(chosen)")
        let line = try Self.cronLine(chosen.stdout)
        #expect(line.range(of: pattern, options: .regularExpression) != nil, "\(line)")
        if let note {
            #expect(chosen.stdout.contains("\n          (\(note))"), "\(chosen)")
        } else {
            #expect(!chosen.stdout.contains("cron runs weather"), "\(chosen)")
        }
        // set says the same, the line alone on its own line.
        let set = try sandbox.run("set", "Berlin")
        #expect(set.stderr.hasSuffix(":\n" + line + "\n"), "\(set)")
        if let note { #expect(set.stderr.contains("(\(note))"), "\(set)") }
    }

    /// An interval chosen, with the cron moments at which a run finds it has not passed, and the one at
    /// which it fetches (less cron's half minute), in minutes after the fetch.
    struct Kept: CustomTestStringConvertible, Sendable {
        var interval: String
        var skipsAt: [Double]
        var fetchesAt: Double
        var testDescription: String { interval }
    }

    @Test(
        "refresh honours the chosen interval whatever starts it: runs before it send nothing",
        arguments: [
            Kept(interval: "45m", skipsAt: [20, 30], fetchesAt: 45),
            Kept(interval: "25m", skipsAt: [20], fetchesAt: 25),
            Kept(interval: "100m", skipsAt: [20, 80], fetchesAt: 100),
            Kept(interval: "7d", skipsAt: [3 * 1440], fetchesAt: 7 * 1440),
            Kept(interval: "1h30m", skipsAt: [], fetchesAt: 92),
        ])
    func refreshHonoursInterval(kept: Kept) throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run("schedule", kept.interval).status == 0)
        try sandbox.setBerlin()
        let requests = try sandbox.requestCount(.forecast)
        let start = sandbox.now
        // The data changed (a stale result) but the interval has not passed.
        for minutes in kept.skipsAt {
            try sandbox.setClock(to: start + minutes * 60)
            let refresh = try sandbox.run(["refresh"])
            #expect(refresh.status == 0, "\(refresh)")
            #expect(refresh.stdout.hasPrefix("noData: the result for Berlin"), "\(minutes): \(refresh)")
            #expect(refresh.stdout.contains("the interval chosen with weather schedule has not passed"), "\(refresh)")
            #expect(try sandbox.requestCount(.forecast) == requests)
        }
        try sandbox.setClock(to: start + kept.fetchesAt * 60 - 20)
        let refresh = try sandbox.run(["refresh"])
        #expect(
            refresh.stdout.hasPrefix("newData: ") || refresh.stdout.hasPrefix("noData: the weather in"), "\(refresh)")
        #expect(try sandbox.requestCount(.forecast) == requests + 1)
        // WEATHER_STALE_AFTER decides where it is set, as it does the stale mark.
        let forced = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(forced.status == 0, "\(forced)")
        #expect(try sandbox.requestCount(.forecast) == requests + 2)
    }

    @Test("a fetch between two weekly cron runs does not make the next fetch wait two weeks")
    func fetchInBetween() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run("schedule", "7d").status == 0)
        try sandbox.setBerlin()
        let start = sandbox.now
        func refresh(afterDays days: Double, _ arguments: [String] = ["refresh"]) throws -> Sandbox.Run {
            try sandbox.setClock(to: start + days * 86_400)
            return try sandbox.run(arguments)
        }
        // Cron's weekly run fetches; someone fetches three days later; at the next weekly run, four days
        // after that fetch, the nearer run fetches, not the one a week later.
        #expect(try refresh(afterDays: 7).stdout.hasPrefix("newData: "))
        #expect(try refresh(afterDays: 10, ["refresh", "--force"]).status == 0)
        let requests = try sandbox.requestCount(.forecast)
        let weekly = try refresh(afterDays: 14)
        #expect(weekly.stdout.hasPrefix("newData: ") || weekly.stdout.hasPrefix("noData: the weather in"), "\(weekly)")
        #expect(try sandbox.requestCount(.forecast) == requests + 1)
    }

    @Test("the timer's run, a period of the interval, fetches half an interval on; cron's 15-minute run does not")
    func timerPeriod() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run("schedule", "45m").status == 0)
        try sandbox.setBerlin()
        let requests = try sandbox.requestCount(.forecast)
        try sandbox.advance(by: 30 * 60)
        let cron = try sandbox.run(["refresh"])
        #expect(cron.stdout.contains("the interval chosen with weather schedule has not passed"), "\(cron)")
        #expect(try sandbox.requestCount(.forecast) == requests)
        // The service systemd starts (INVOCATION_ID set): its next run is a whole interval away.
        let timer = try sandbox.run(
            ["refresh"], environment: ["INVOCATION_ID": "0123456789abcdef0123456789abcdef"])
        #expect(timer.stdout.hasPrefix("newData: ") || timer.stdout.hasPrefix("noData: the weather in"), "\(timer)")
        #expect(try sandbox.requestCount(.forecast) == requests + 1)
    }
}
