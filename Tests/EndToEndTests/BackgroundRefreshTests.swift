import Foundation
import Testing
import TestSupport

@Suite("Background refresh without a systemd user manager")
struct NoUserManagerTests {
    static let sentence = "weather: background refresh is not scheduled: no systemd user manager is reachable ("

    @Test("set still works and says on stderr how to refresh with cron instead")
    func set() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("set", "Berlin")
        #expect(run.status == 0)
        #expect(run.stdout.contains("10.9 °C"))
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.hasPrefix(Self.sentence))
        let cron = "add this line with crontab -e: 2-59/15 * * * * WEATHER_GEOCODING_URL=\(sandbox.server.searchURL) WEATHER_FORECAST_URL=\(sandbox.server.forecastURL) XDG_CONFIG_HOME=\(sandbox.configHome) XDG_CACHE_HOME=\(sandbox.cacheHome) XDG_STATE_HOME=\(sandbox.stateHome) \(TestPaths.weatherBinary) refresh >/dev/null 2>&1\n"
        #expect(run.stderr.hasSuffix(cron), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.configHome + "/systemd"))
    }

    @Test("schedule fails with the same sentence; a bad interval is refused before that")
    func schedule() throws {
        let sandbox = try Sandbox()
        let status = try sandbox.run("schedule")
        #expect(status.status == 1)
        #expect(status.stderr.hasPrefix(Self.sentence))
        let tooOften = try sandbox.run("schedule", "4m")
        #expect(tooOften.status == 64)
        #expect(tooOften.stderr.hasPrefix("weather: every 4 min is too often: background refresh runs at most every 5 minutes"))
        let nonsense = try sandbox.run("schedule", "often")
        #expect(nonsense.status == 64)
        #expect(nonsense.stderr == "weather: \"often\" is not an interval: use minimum, never, or a duration such as 30m, 2h or 900 (seconds)\n")
    }

    @Test("logout and refresh with nothing scheduled stay quiet")
    func quiet() throws {
        let sandbox = try Sandbox()
        try sandbox.run("set", "Berlin")
        let logout = try sandbox.run("logout")
        #expect(logout.status == 0)
        #expect(logout.stderr.isEmpty)
        #expect(logout.stdout.hasSuffix("Background refresh is off.\n"))
        let refresh = try sandbox.run("refresh")
        #expect(refresh.stdout.hasPrefix("noData: no place saved; background refresh is disabled ("))
    }
}

/// The timer with a real `systemd --user`: the Linux form of the system waking the app.
@Suite("Background refresh through a real systemd user timer", .serialized)
struct SystemdTimerTests {
    func sandboxWithUserManager() throws -> Sandbox {
        try Sandbox.withUserManager()
    }

    func timerState(_ sandbox: Sandbox) throws -> String {
        let active = try sandbox.systemctl("is-active", RefreshUnits.timer).stdout
        let enabled = try sandbox.systemctl("is-enabled", RefreshUnits.timer).stdout
        return (active + " " + enabled).replacingOccurrences(of: "\n", with: "")
    }

    func timerProperty(_ sandbox: Sandbox, _ name: String) throws -> String {
        try sandbox.systemctl("show", RefreshUnits.timer, "--property=" + name).stdout
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

        let service = try String(contentsOfFile: sandbox.configHome + "/systemd/user/weather-refresh.service", encoding: .utf8)
        #expect(service.contains("ExecStart=\"\(TestPaths.weatherBinary)\" refresh\n"))
        #expect(service.contains("Environment=\"WEATHER_FORECAST_URL=\(sandbox.server.forecastURL)\"\n"))
        #expect(service.contains("Environment=\"WEATHER_STALE_AFTER=0s\"\n") || service.contains("Environment=\"WEATHER_STALE_AFTER=0\"\n"))
        #expect(service.contains("Environment=\"XDG_STATE_HOME=\(sandbox.stateHome)\"\n"))

        // The system wakes the app: a real background fetch, as the timer would start it.
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 100)])
        try sandbox.server.clearRequests()
        let start = try sandbox.systemctl("start", RefreshUnits.service)
        #expect(start.status == 0, "\(start)")
        #expect(try sandbox.requestCount(.forecast) >= 1)
        #expect(try sandbox.run("show", "--cached").stdout.contains(": 10.4 °C, slight rain\n"))

        let schedule = try sandbox.run("schedule")
        #expect(schedule.status == 0)
        #expect(schedule.stdout.hasPrefix("Interval: every 15 min (minimum: as often as the data changes)\nTimer:    weather-refresh.timer, active, enabled\nNext run: "))

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
        #expect(try sandbox.run("schedule").stdout.hasPrefix("Interval: every 2 h\n          from the next weather set <city>: no place is saved\n"))
    }

    @Test("a background run that finds no saved place switches its own timer off")
    func switchesItselfOff() throws {
        let sandbox = try sandboxWithUserManager()
        try sandbox.setBerlin()
        #expect(try timerState(sandbox) == "active enabled")
        try FileManager.default.removeItem(atPath: sandbox.locationFile)
        try sandbox.server.clearRequests()
        let start = try sandbox.systemctl("start", RefreshUnits.service)
        #expect(start.status == 0, "\(start)")
        #expect(try timerState(sandbox) == "inactive disabled")
        #expect(try sandbox.requestCount() == 0)
        #expect(try sandbox.run("schedule").stdout.hasPrefix("Interval: every 15 min (minimum"), "the user's choice is kept")
    }

    @Test("the service starts with its hardening under a user manager, and within its time limit")
    func hardening() throws {
        let sandbox = try sandboxWithUserManager()
        try sandbox.setBerlin()
        let properties = try sandbox.systemctl("show", RefreshUnits.service, "--property=NoNewPrivileges,MemoryDenyWriteExecute,RestrictRealtime,TimeoutStartUSec,Nice,UMask").stdout
        #expect(properties.contains("NoNewPrivileges=yes"))
        #expect(properties.contains("MemoryDenyWriteExecute=yes"))
        #expect(properties.contains("TimeoutStartUSec=40s"))
        #expect(properties.contains("Nice=19"))
        #expect(properties.contains("UMask=0077"))
        let start = try sandbox.systemctl("start", RefreshUnits.service)
        #expect(start.status == 0, "\(start)")
        let result = try sandbox.systemctl("show", RefreshUnits.service, "--property=Result,ExecMainStatus").stdout
        #expect(result == "Result=success\nExecMainStatus=0\n")
    }
}

enum RefreshUnits {
    static let timer = "weather-refresh.timer"
    static let service = "weather-refresh.service"
}
