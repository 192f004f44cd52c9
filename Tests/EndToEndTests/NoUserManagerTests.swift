import Foundation
import TestSupport
import Testing

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
        let cron =
            "add this line with crontab -e: 2-59/15 * * * * WEATHER_GEOCODING_URL=\(sandbox.server.searchURL) WEATHER_FORECAST_URL=\(sandbox.server.forecastURL) XDG_CONFIG_HOME=\(sandbox.configHome) XDG_CACHE_HOME=\(sandbox.cacheHome) XDG_STATE_HOME=\(sandbox.stateHome) \(TestPaths.weatherBinary) refresh >/dev/null 2>&1\n"
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
