import Foundation
import Testing
import TestSupport
@testable import WeatherKit

@Suite("Background refresh: units, intervals, the user's choice")
struct BackgroundRefreshTests {
    // MARK: Units

    @Test("the templates compiled into the binary are Config/'s files, word for word", arguments: [
        ("weather-refresh.service.in", RefreshUnits.serviceTemplate),
        ("weather-refresh.timer.in", RefreshUnits.timerTemplate),
    ])
    func templatesMatchConfig(file: String, embedded: String) throws {
        #expect(try String(contentsOfFile: TestPaths.config + "/" + file, encoding: .utf8) == embedded)
    }

    @Test("the service runs this binary's refresh with the carried settings, a little longer than the budget")
    func service() throws {
        let unit = try RefreshUnits.service(
            executable: "/home/ann/.local/bin/weather",
            environment: [("WEATHER_FORECAST_URL", "http://127.0.0.1:8080/v1/forecast"), ("XDG_CACHE_HOME", "/data/cache")],
            budget: 30
        )
        #expect(unit.contains("\nType=oneshot\n"))
        #expect(unit.contains("\nExecStart=\"/home/ann/.local/bin/weather\" refresh\n"))
        #expect(unit.contains("\nEnvironment=\"WEATHER_FORECAST_URL=http://127.0.0.1:8080/v1/forecast\"\nEnvironment=\"XDG_CACHE_HOME=/data/cache\"\n"))
        #expect(unit.contains("\nTimeoutStartSec=40s\n"))
        #expect(unit.range(of: "@[A-Z]+@", options: .regularExpression) == nil)
    }

    @Test("paths and values are escaped for systemd: quotes, backslashes, specifiers; a $ stays as it is")
    func escaping() throws {
        let unit = try RefreshUnits.service(
            executable: "/opt/my apps/100%/we$ather",
            environment: [("WEATHER_FORECAST_URL", "http://h/f?q=\"a b\"&p=50%\\x")],
            budget: 5
        )
        // systemd runs ExecStart='s path as written: a doubled $ would name a program that does not exist.
        #expect(unit.contains("\nExecStart=\"/opt/my apps/100%%/we$ather\" refresh\n"))
        #expect(unit.contains("\nEnvironment=\"WEATHER_FORECAST_URL=http://h/f?q=\\\"a b\\\"&p=50%%\\\\x\"\n"))
        #expect(unit.contains("\nTimeoutStartSec=15s\n"))
    }

    @Test("intervals that divide an hour or a day fire a little after the data's update times; others are periods",
          arguments: [
              (900.0, "OnCalendar=*-*-* *:02/15:00", "3m"),
              (300.0, "OnCalendar=*-*-* *:02/5:00", "1m"),
              (1800.0, "OnCalendar=*-*-* *:02/30:00", "6m"),
              (3600.0, "OnCalendar=*-*-* 00/1:02:00", "12m"),
              (7200.0, "OnCalendar=*-*-* 00/2:02:00", "24m"),
              (86_400.0, "OnCalendar=*-*-* 00/24:02:00", "30m"),
              (2700.0, "OnActiveSec=45m\nOnUnitActiveSec=45m", "9m"),
              (5400.0, "OnActiveSec=1h30m\nOnUnitActiveSec=1h30m", "18m"),
          ])
    func timer(interval: Double, schedule: String, spread: String) {
        let unit = RefreshUnits.timer(every: interval)
        #expect(unit.contains("\n[Timer]\n" + schedule + "\n"))
        #expect(unit.contains("\nRandomizedDelaySec=\(spread)\n"))
        #expect(unit.contains("\nOnStartupSec=1min\n"))
        #expect(unit.contains("\nWantedBy=timers.target\n"))
        #expect(unit.range(of: "@[A-Z]+@", options: .regularExpression) == nil)
    }

    @Test("systemd-analyze verify accepts both rendered units, without a warning")
    func verify() throws {
        let folder = try TemporaryFolder()
        let units = folder.path + "/units"
        let runtime = folder.path + "/runtime"
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let service = try RefreshUnits.service(
            executable: TestPaths.weatherBinary, environment: [("WEATHER_TIMEOUT", "30s"), ("XDG_CONFIG_HOME", folder.path + "/my config")],
            budget: 30
        )
        try service.write(toFile: units + "/" + RefreshUnits.serviceName, atomically: true, encoding: .utf8)
        for (index, interval) in [900.0, 2700, 7200].enumerated() {
            let timer = units + "/" + RefreshUnits.timerName
            try RefreshUnits.timer(every: interval).write(toFile: timer, atomically: true, encoding: .utf8)
            let analyze = Process()
            analyze.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
            analyze.arguments = ["--user", "verify", units + "/" + RefreshUnits.serviceName, timer]
            analyze.environment = ["XDG_RUNTIME_DIR": runtime, "HOME": folder.path, "PATH": "/usr/bin:/bin"]
            let errors = Pipe()
            analyze.standardError = errors
            analyze.standardOutput = errors
            try analyze.run()
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            analyze.waitUntilExit()
            #expect(analyze.terminationStatus == 0, "case \(index): \(output)")
            #expect(output.isEmpty, "case \(index): \(output)")
        }
    }

    @Test("without systemd, a crontab line that runs the same refresh", arguments: [
        (900.0, "2-59/15 * * * *"), (1800.0, "2-59/30 * * * *"), (7200.0, "2 */2 * * *"), (2700.0, "2-59/15 * * * *"),
    ])
    func cronLine(interval: Double, when: String) throws {
        let timer = SystemdTimer(
            unitDirectory: "/u", executable: "/home/ann/bin/weather",
            environment: [("WEATHER_FORECAST_URL", "http://h/f?a=1&b=50%"), ("XDG_STATE_HOME", "/my state")],
            budget: 30, dataInterval: 900
        )
        #expect(try timer.cronLine(every: interval)
            == "\(when) WEATHER_FORECAST_URL='http://h/f?a=1&b=50\\%' XDG_STATE_HOME='/my state' /home/ann/bin/weather refresh >/dev/null 2>&1")
    }

    @Test("what the service carries: WEATHER_* set now, as this run read them, and XDG folders only when set")
    func carried() throws {
        let paths = WeatherPaths(configHome: "/c", cacheDirectory: "/k/weather", stateDirectory: "/home/u/.local/state/weather")
        var settings = Settings.defaults
        settings.timeout = 12
        let timer = SystemdTimer(
            paths: paths, settings: settings,
            environment: Environment(["WEATHER_TIMEOUT": "12", "WEATHER_STALE_AFTER": "", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k", "HOME": "/home/u"]),
            dataInterval: 900
        )
        #expect(timer.environment.map { "\($0.name)=\($0.value)" } == ["WEATHER_TIMEOUT=12s", "XDG_CONFIG_HOME=/c", "XDG_CACHE_HOME=/k"])
        #expect(timer.unitDirectory == "/c/systemd/user")
        #expect(timer.executable?.hasPrefix("/") == true)
    }

    @Test("systemd's times are read")
    func systemdTimes() throws {
        #expect(SystemdTime.sinceBoot("1h 2min 3.5s") == 3723.5)
        #expect(SystemdTime.sinceBoot("0") == nil)
        #expect(SystemdTime.sinceBoot("") == nil)
        let earlier = try #require(SystemdTime.wallClock("Sat 2026-11-21 07:02:07 UTC"))
        let later = try #require(SystemdTime.wallClock("Sun 2026-11-22 08:03:08 UTC"))
        #expect(later - earlier == 86_400 + 3661)
        #expect(SystemdTime.wallClock("n/a") == nil)
        #expect(SystemdTime.wallClock("") == nil)
    }

    // MARK: Intervals and the user's choice

    @Test("intervals read as people write them", arguments: [
        ("minimum", FetchInterval.minimum), ("never", .never), (" NEVER ", .never), ("30m", .every(1800)), ("2h", .every(7200)),
        ("900", .every(900)),
    ])
    func parsesIntervals(text: String, interval: FetchInterval) {
        #expect(FetchInterval(parsing: text) == interval)
    }

    @Test("under 5 minutes or over 7 days is refused with a reason; nothing is applied or saved", arguments: [
        (120.0, "every 2 min is too often: background refresh runs at most every 5 minutes, because waking more often drains batteries and hammers a free service, and the data changes only every 15 minutes; use weather schedule minimum"),
        (0.0, "every 0 s is too often"),
        (8 * 86_400.0, "every 8 days is too rarely: the longest interval is 7 days"),
    ])
    func refusesIntervals(seconds: Double, sentence: String) throws {
        let fixture = try FetcherFixture()
        let scheduler = RecordingScheduler()
        let background = BackgroundRefresh(store: fixture.store, scheduler: scheduler)
        #expect {
            try background.choose(.every(seconds), placeSaved: true)
        } throws: { error in
            (error as? WeatherError)?.description.hasPrefix(sentence) == true && (error as? WeatherError)?.exitCode == 64
        }
        #expect(scheduler.recorded.isEmpty)
        #expect(try fixture.store.loadPreferredInterval() == nil)
    }

    @Test("a choice applies at once with a place saved, from the next set without one, and survives logout")
    func choice() throws {
        let fixture = try FetcherFixture()
        let scheduler = RecordingScheduler()
        let background = BackgroundRefresh(store: fixture.store, scheduler: scheduler)
        #expect(try background.preferredInterval() == .minimum)
        try background.choose(.every(7200), placeSaved: false)
        #expect(scheduler.recorded.isEmpty)
        #expect(try background.enable() == .every(7200))
        try background.choose(.every(2700), placeSaved: true)
        try background.disable()
        #expect(try background.preferredInterval() == .every(2700))
        try background.choose(.never, placeSaved: false)
        #expect(scheduler.recorded == [.every(7200), .every(2700), .never, .never])
        #expect(background.summary(of: .every(7200)) == "Background refresh: every 2 h (weather schedule changes it).")
        #expect(background.summary(of: .never) == "Background refresh is off (weather schedule minimum turns it on).")
    }

    @Test("the schedule report says the interval, the timer's state and the next run")
    func report() throws {
        let fixture = try FetcherFixture()
        let background = BackgroundRefresh(store: fixture.store, scheduler: RecordingScheduler())
        #expect(try background.report(placeSaved: false, now: fixture.clock.now()) == """
            Interval: every 15 min (minimum: as often as the data changes)
                      from the next weather set <city>: no place is saved
            Timer:    weather-refresh.timer, not installed
            """)
        try background.choose(.never, placeSaved: true)
        #expect(try background.report(placeSaved: true, now: fixture.clock.now()).hasPrefix(
            "Interval: never (background refresh is off; weather schedule minimum turns it on)\n"))
    }

    @Test("a damaged choice file is reported with what to run")
    func corruptChoice() throws {
        let fixture = try FetcherFixture()
        try FileIO.createDirectory(fixture.store.paths.stateDirectory)
        try FileIO.writeAtomically(Array("{\"interval\":\"sometimes\"}".utf8), to: fixture.store.paths.scheduleFile)
        #expect {
            _ = try fixture.store.loadPreferredInterval()
        } throws: { error in
            (error as? StoreError)?.description.hasSuffix("; run weather schedule minimum (or another interval) to choose again") == true
        }
    }
}
