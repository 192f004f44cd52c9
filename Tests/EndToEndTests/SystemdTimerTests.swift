import Foundation
import Glibc
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// The timer with a real `systemd --user`: the Linux form of the system waking the app.
@Suite("Background refresh through a real systemd user timer", .serialized)
struct SystemdTimerTests {
    func sandboxWithUserManager() throws -> Sandbox {
        try Sandbox.withUserManager()
    }

    func timerState(_ sandbox: Sandbox) throws -> String {
        let active = try sandbox.systemctl("is-active", UnitNames.timer).stdout
        let enabled = try sandbox.systemctl("is-enabled", UnitNames.timer).stdout
        return (active + " " + enabled).replacingOccurrences(of: "\n", with: "")
    }

    func timerProperty(_ sandbox: Sandbox, _ name: String) throws -> String {
        try sandbox.systemctl("show", UnitNames.timer, "--property=" + name).stdout
    }

    @Test(
        "each user's delay (FixedDelay, which the crontab line uses) is systemd's own, to the microsecond",
        arguments: ["minimum", "30m", "2h"])
    func fixedDelayAsSystemdComputesIt(interval: String) throws {
        let sandbox = try sandboxWithUserManager()
        #expect(try sandbox.run("schedule", interval).status == 0)
        try sandbox.setBerlin()
        let seconds = ["minimum": 900.0, "30m": 1800, "2h": 7200][interval]!
        // The raw microseconds, from the manager's bus: "t 1763812231086278".
        let next = try sandbox.run(
            program: "/usr/bin/busctl",
            [
                "--user", "get-property", "org.freedesktop.systemd1",
                "/org/freedesktop/systemd1/unit/weather_2drefresh_2etimer", "org.freedesktop.systemd1.Timer",
                "NextElapseUSecRealtime",
            ]
        ).stdout
        let microseconds = try #require(
            Int64(next.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        let elapse = Double(microseconds % 86_400_000_000) / 1_000_000
        let delay = FixedDelay.current().seconds(within: RefreshUnits.spread(for: seconds))
        // The timer is due `delay` after a clock time 2 minutes past the interval's steps (in UTC here).
        let clockTime = (elapse - delay + 86_400).truncatingRemainder(dividingBy: seconds)
        #expect(abs(clockTime - 120) < 0.000_001, "\(next): \(elapse) - \(delay) uid \(getuid())")
    }

    @Test("weather-commands replaced while set runs (an upgrade): ExecStart names the file, not '(deleted)'")
    func replacedWhileRunning() throws {
        let sandbox = try sandboxWithUserManager()
        let folder = sandbox.root + "/p/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestPaths.copyWeather(to: folder + "/weather")
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast/berlin.json", delay: 1.5)])
        let set = try sandbox.launch(program: folder + "/weather", ["set", "Berlin"])
        // While the forecast is on its way, a new weather-commands takes the old one's name.
        usleep(700_000)
        try TestPaths.copyProgram(TestPaths.commandsBinary, to: folder + "/.weather-commands.new")
        #expect(rename(folder + "/.weather-commands.new", folder + "/weather-commands") == 0)
        #expect(set.wait() == 0)
        let service = try String(
            contentsOfFile: sandbox.configHome + "/systemd/user/weather-refresh.service", encoding: .utf8)
        #expect(!service.contains("(deleted)"), "\(service)")
        let resolved = try #require(
            realpath(folder, nil).map { path in
                defer { free(path) }
                return String(cString: path)
            })
        #expect(service.contains("ExecStart=\"\(resolved)/weather\" refresh\n"), "\(service)")
        #expect(try timerState(sandbox) == "active enabled")
    }

    @Test("set enables the timer; the service refreshes for real; schedule changes it; never and logout stop it")
    func lifecycle() throws {
        let sandbox = try sandboxWithUserManager()
        let set = try sandbox.run(["set", "Berlin"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stderr.isEmpty, "\(set)")
        #expect(set.stdout.hasSuffix("\nBackground refresh: every 15 min (weather schedule changes it).\n"))
        #expect(try timerState(sandbox) == "active enabled")
        #expect(try timerProperty(sandbox, "TimersCalendar").contains("OnCalendar=*-*-* *:02/15:00"))

        let service = try String(
            contentsOfFile: sandbox.configHome + "/systemd/user/weather-refresh.service", encoding: .utf8)
        #expect(service.contains("ExecStart=\"\(TestPaths.weatherBinary)\" refresh\n"))
        #expect(service.contains("Environment=\"WEATHER_FORECAST_URL=\(sandbox.server.forecastURL)\"\n"))
        #expect(
            service.contains("Environment=\"WEATHER_STALE_AFTER=0s\"\n")
                || service.contains("Environment=\"WEATHER_STALE_AFTER=0\"\n"))
        #expect(service.contains("Environment=\"XDG_STATE_HOME=\(sandbox.stateHome)\"\n"))

        // The system wakes the app: a real background fetch, as the timer would start it.
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 100)])
        try sandbox.server.clearRequests()
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
        #expect(try sandbox.requestCount(.forecast) >= 1)
        #expect(try sandbox.run("show", "--cached").stdout.contains(" 10.4 °C, slight rain\n"))

        let schedule = try sandbox.run("schedule")
        #expect(schedule.status == 0)
        #expect(
            schedule.stdout.hasPrefix(
                "Interval: every 15 min (minimum: as often as the data changes)\nTimer:    weather-refresh.timer, active, enabled\nNext run: "
            ))

        #expect(try sandbox.run("schedule", "45m").status == 0)
        #expect(try timerProperty(sandbox, "TimersMonotonic").contains("OnUnitActiveUSec=45min"))
        #expect(try timerState(sandbox) == "active enabled")

        #expect(try sandbox.run("schedule", "never").stdout.hasPrefix("Interval: never"))
        #expect(try timerState(sandbox) == "inactive disabled")

        // A later set keeps the chosen interval, even after never.
        #expect(try sandbox.run("schedule", "2h").status == 0)
        #expect(try timerState(sandbox) == "active enabled")
        let again = try sandbox.run("set", "Paris")
        #expect(again.stdout.hasSuffix("Background refresh: every 2 h (weather schedule changes it).\n"))
        #expect(try timerProperty(sandbox, "TimersCalendar").contains("OnCalendar=*-*-* 00/2:02:00"))

        let logout = try sandbox.run("logout")
        #expect(logout.stdout.hasSuffix("Background refresh is off.\n"))
        #expect(try timerState(sandbox) == "inactive disabled")
        #expect(
            try sandbox.run("schedule").stdout.hasPrefix(
                "Interval: every 2 h\n          from the next weather set <city>: no place is saved\n"))
    }

    @Test("a background run that finds no saved place switches its own timer off")
    func switchesItselfOff() throws {
        let sandbox = try sandboxWithUserManager()
        try sandbox.setBerlin()
        #expect(try timerState(sandbox) == "active enabled")
        try FileManager.default.removeItem(atPath: sandbox.locationFile)
        try sandbox.server.clearRequests()
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
        #expect(try timerState(sandbox) == "inactive disabled")
        #expect(try sandbox.requestCount() == 0)
        #expect(
            try sandbox.run("schedule").stdout.hasPrefix("Interval: every 15 min (minimum"), "the user's choice is kept"
        )
    }

    @Test("the service starts with its hardening under a user manager, and within its time limit")
    func hardening() throws {
        let sandbox = try sandboxWithUserManager()
        try sandbox.setBerlin()
        let properties = try sandbox.systemctl(
            "show", UnitNames.service,
            "--property=NoNewPrivileges,MemoryDenyWriteExecute,RestrictRealtime,TimeoutStartUSec,Nice,UMask"
        ).stdout
        #expect(properties.contains("NoNewPrivileges=yes"))
        #expect(properties.contains("MemoryDenyWriteExecute=yes"))
        #expect(properties.contains("TimeoutStartUSec=40s"))
        #expect(properties.contains("Nice=19"))
        #expect(properties.contains("UMask=0077"))
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
        let result = try sandbox.systemctl("show", UnitNames.service, "--property=Result,ExecMainStatus").stdout
        #expect(result == "Result=success\nExecMainStatus=0\n")
    }
}
