import Foundation
import TestSupport
import Testing

extension Sandbox {
    /// A sandbox with its own user manager; skips the test, saying why, where none can start, unless
    /// `WEATHER_REQUIRE_SYSTEMD` is set (as `make test` and CI set it), which makes that a failure. On the
    /// real clock: the manager's timers run by it, and so does the refresh they start (the unit does not
    /// carry WEATHER_TEST_NOW).
    static func withUserManager() throws -> Sandbox {
        let sandbox = try Sandbox(
            at: .realClock(because: "systemd's timers, and the runs they start, keep the real clock"))
        do {
            try sandbox.startUserManager()
        } catch {
            try Requirement.systemd.skip("no systemd user manager can start here: \(error)")
        }
        return sandbox
    }

    /// Runs `weather set Berlin` and checks that it worked.
    func setBerlin(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try run("set", "Berlin")
        #expect(run.status == 0, "\(run)", sourceLocation: sourceLocation)
    }

    /// The saved files, to compare before and after a failure.
    func savedFiles() -> [Data?] {
        [contents(resultFile), contents(locationFile)]
    }

    /// The one back-off in the state file, as weather wrote it: when it ends (seconds since 1970) and why.
    func backoff(sourceLocation: SourceLocation = #_sourceLocation) throws -> (until: Double, reason: String) {
        let data = try #require(contents(stateHome + "/weather/backoff.json"), sourceLocation: sourceLocation)
        let hosts = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: [String: Any]], sourceLocation: sourceLocation)
        let backoff = try #require(hosts.values.first, sourceLocation: sourceLocation)
        let until = try #require(
            (backoff["until"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) },
            sourceLocation: sourceLocation)
        return (until.timeIntervalSince1970, backoff["reason"] as? String ?? "")
    }

    /// The number of requests the server received for `route`.
    func requestCount(_ route: FixtureServer.Route? = nil) throws -> Int {
        try server.requests(route).count
    }
}

extension Sandbox.Run {
    /// stderr's lines.
    var errorLines: [Substring] { stderr.split(separator: "\n") }
}

/// The names of the background refresh units, as the tests spell them (the library has its own).
enum UnitNames {
    static let timer = "weather-refresh.timer"
    static let service = "weather-refresh.service"
}
