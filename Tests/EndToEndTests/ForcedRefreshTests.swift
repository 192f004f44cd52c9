import Foundation
import TestSupport
import Testing

/// `weather refresh --force`: one request now, whatever the schedule says; one run at a time, and never
/// during a wait the service asked for.
@Suite("weather refresh --force")
struct ForcedRefreshTests {
    /// A run's line starts with `token` (one of them, separated by `|`), and the server got `requests`
    /// forecast requests more than `before`.
    func expect(
        _ run: Sandbox.Run, _ token: String, requests: Int, in sandbox: Sandbox, before: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            token.split(separator: "|").contains { run.stdout.hasPrefix($0 + ": ") }, "\(run)",
            sourceLocation: sourceLocation)
        #expect(
            try sandbox.requestCount(.forecast) == before + requests, "\(run)", sourceLocation: sourceLocation)
    }

    @Test("a fresh result: refresh sends nothing, refresh --force one request")
    func fresh() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let refresh = try sandbox.run("refresh")
        try expect(refresh, "noData", requests: 0, in: sandbox, before: 1)
        #expect(refresh.stdout.contains(" stays fresh for "), "\(refresh)")
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 2)])
        let forced = try sandbox.run("refresh", "--force")
        #expect(forced.status == 0, "\(forced)")
        try expect(forced, "newData", requests: 1, in: sandbox, before: 1)
        #expect(try sandbox.run("show").stdout.contains("10.4 °C"))
        let same = try sandbox.run("refresh", "--force")
        try expect(same, "noData", requests: 1, in: sandbox, before: 2)
        #expect(same.stdout.contains("has not changed"), "\(same)")
    }

    @Test("the interval chosen with weather schedule has not passed: refresh waits, refresh --force fetches")
    func chosenInterval() throws {
        let sandbox = try Sandbox(at: .fixtures)
        // A result 20 minutes old, stale by the data's interval, under a chosen interval of 1 h 50 min (not
        // a clock step: due 1 h 50 min after the last fetch).
        try sandbox.advance(by: -1200)
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        try sandbox.advance(by: 1200)
        try sandbox.write(#"{"format":1,"interval":"1h50m"}"#, to: sandbox.stateHome + "/weather/schedule.json")
        let refresh = try sandbox.run("refresh")
        try expect(refresh, "noData", requests: 0, in: sandbox, before: 1)
        #expect(refresh.stdout.contains("the interval chosen with weather schedule has not passed"), "\(refresh)")
        let forced = try sandbox.run("refresh", "--force")
        #expect(forced.status == 0, "\(forced)")
        try expect(forced, "newData|noData", requests: 1, in: sandbox, before: 1)
    }

    @Test("the adaptive schedule would skip: refresh says why and waits, refresh --force fetches")
    func adaptive() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // Eight days of runs and no look around this time: the adaptive schedule skips (as in
        // AdaptiveScheduleEndToEndTests).
        let now = sandbox.now
        let runs = stride(from: now - 8 * 86_400, to: now - 899, by: 900).map { "\(Int($0)) n 1 200\n" }
        try sandbox.write("weather runs 1\n" + runs.joined(), to: sandbox.stateHome + "/weather/runs.txt")
        let environment = ["WEATHER_STALE_AFTER": "0", "TZ": "UTC"]
        let refresh = try sandbox.run(["refresh"], environment: environment)
        try expect(refresh, "noData", requests: 0, in: sandbox, before: 1)
        #expect(refresh.stdout.contains("skipped the request"), "\(refresh)")
        let forced = try sandbox.run(["refresh", "--force"], environment: environment)
        #expect(forced.status == 0, "\(forced)")
        try expect(forced, "newData|noData", requests: 1, in: sandbox, before: 1)
    }

    @Test("a wait the service asked for (429, Retry-After) holds; a failure shared by other runs does not")
    func backoffs() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(
            .forecast,
            [.init(status: 429, fixture: "open-meteo/errors/rate-limited.json", headers: ["Retry-After": "120"])])
        let refused = try sandbox.run("refresh", "--force")
        #expect(refused.status != 0, "\(refused)")
        try expect(refused, "failed", requests: 1, in: sandbox, before: 1)
        let waiting = try sandbox.run("refresh", "--force")
        #expect(waiting.status != 0, "\(waiting)")
        try expect(waiting, "failed", requests: 0, in: sandbox, before: 2)

        let other = try Sandbox(at: .fixtures)
        try other.setBerlin()
        let stale = ["WEATHER_STALE_AFTER": "0"]
        try other.server.script(.forecast, [.init(status: 500, body: "{}")])
        let failed = try other.run(["refresh"], environment: stale)
        try expect(failed, "failed", requests: 1, in: other, before: 1)
        // The failure is shared: the next background run reports it without a request of its own.
        let shared = try other.run(["refresh"], environment: stale)
        try expect(shared, "failed", requests: 0, in: other, before: 2)
        let forced = try other.run(["refresh", "--force"], environment: stale)
        #expect(forced.status == 0, "\(forced)")
        try expect(forced, "newData|noData", requests: 1, in: other, before: 2)
    }

    @Test("two forced runs at once take turns at the fetch lock: one request, the second uses its result")
    func oneAtATime() throws {
        // The clock runs: the second run tells the first one's result from an older one by its clock.
        let sandbox = try Sandbox(at: TestMoment.fixtures.running)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 1.5)])
        let first = try sandbox.spawn(["refresh", "--force"])
        usleep(300_000)
        let second = try sandbox.spawn(["refresh", "--force"])
        let runs = [first.wait(), second.wait()]
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs)")
        #expect(try sandbox.requestCount(.forecast) == 2, "set's and one forced run's: \(runs)")
        let lines = runs.map(\.stdout).sorted()
        #expect(lines[0].hasPrefix("newData: Berlin"), "\(lines)")
        #expect(lines[1].hasPrefix("noData: another run has just fetched it"), "\(lines)")
    }
}
