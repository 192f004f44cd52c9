import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("The background refresh units")
struct RefreshUnitsTests {
    @Test(
        "the templates compiled into the binary are Config/'s files, word for word",
        arguments: [
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
            environment: [
                ("WEATHER_FORECAST_URL", "http://127.0.0.1:8080/v1/forecast"), ("XDG_CACHE_HOME", "/data/cache"),
            ],
            budget: 30
        )
        #expect(unit.contains("\nType=oneshot\n"))
        #expect(unit.contains("\nExecStart=\"/home/ann/.local/bin/weather\" refresh\n"))
        #expect(
            unit.contains(
                "\nEnvironment=\"WEATHER_FORECAST_URL=http://127.0.0.1:8080/v1/forecast\"\nEnvironment=\"XDG_CACHE_HOME=/data/cache\"\n"
            ))
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

    @Test(
        "intervals that divide an hour or a day fire a little after the data's update times; others are periods",
        arguments: [
            (900.0, "OnCalendar=*-*-* *:02/15:00", "7m30s"),
            (300.0, "OnCalendar=*-*-* *:02/5:00", "2m30s"),
            (1800.0, "OnCalendar=*-*-* *:02/30:00", "27m30s"),
            (3600.0, "OnCalendar=*-*-* 00/1:02:00", "57m30s"),
            (7200.0, "OnCalendar=*-*-* 00/2:02:00", "1h57m30s"),
            (86_400.0, "OnCalendar=*-*-* 00/24:02:00", "23h57m30s"),
            (2700.0, "OnActiveSec=45m\nOnUnitActiveSec=45m", "1m"),
            (5400.0, "OnActiveSec=1h30m\nOnUnitActiveSec=1h30m", "1m"),
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
        try Requirement.systemd.check(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
            "systemd-analyze is not installed (apt-get install systemd)")
        let folder = try TemporaryFolder()
        let units = folder.path + "/units"
        let runtime = folder.path + "/runtime"
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let service = try RefreshUnits.service(
            executable: TestPaths.weatherBinary,
            environment: [("WEATHER_TIMEOUT", "30s"), ("XDG_CONFIG_HOME", folder.path + "/my config")],
            budget: 30
        )
        try service.write(toFile: units + "/" + RefreshUnits.serviceName, atomically: true, encoding: .utf8)
        for (index, interval) in [900.0, 2700, 7200].enumerated() {
            let timer = units + "/" + RefreshUnits.timerName
            try RefreshUnits.timer(every: interval).write(toFile: timer, atomically: true, encoding: .utf8)
            let analyze = Process()
            analyze.executableURL = URL(fileURLWithPath: "/usr/bin/systemd-analyze")
            analyze.arguments = ["--user", "verify", units + "/" + RefreshUnits.serviceName, timer]
            // Documentation=man:weather(1) is checked with man: the page make builds is on MANPATH.
            analyze.environment = [
                "XDG_RUNTIME_DIR": runtime, "HOME": folder.path, "PATH": "/usr/bin:/bin",
                "MANPATH": try TestPaths.manualFolder(),
            ]
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

    @Test("what the service carries: WEATHER_* set now, as this run read them, and XDG folders only when set")
    func carried() throws {
        let paths = WeatherPaths(
            configHome: "/c", cacheDirectory: "/k/weather", stateDirectory: "/home/u/.local/state/weather")
        var settings = Settings.defaults
        settings.timeout = 12
        let carried = SystemdTimer.carried(
            paths: paths, settings: settings,
            environment: Environment([
                "WEATHER_TIMEOUT": "12", "WEATHER_STALE_AFTER": "", "XDG_CONFIG_HOME": "/c", "XDG_CACHE_HOME": "/k",
                "HOME": "/home/u",
            ])
        )
        #expect(
            carried.map { "\($0.name)=\($0.value)" } == [
                "WEATHER_TIMEOUT=12s", "XDG_CONFIG_HOME=/c", "XDG_CACHE_HOME=/k",
            ])
        #expect(paths.unitDirectory == "/c/systemd/user")
        #expect(SystemdTimer.currentExecutable()?.hasPrefix("/") == true)
    }
}
