import Foundation
import TestSupport
import Testing

/// `weather schedule minimum`, adaptive: the run history, the looks, and a background run that skips.
@Suite("The adaptive schedule, end to end")
struct AdaptiveScheduleEndToEndTests {
    static let stale = ["WEATHER_STALE_AFTER": "0", "TZ": "UTC"]

    var runsFile: (Sandbox) -> String { { $0.stateHome + "/weather/runs.txt" } }
    var looksFile: (Sandbox) -> String { { $0.stateHome + "/weather/looks.json" } }

    /// A history of `days` days of runs every 15 minutes that found new data, the last one 15 minutes ago.
    func writeRuns(_ sandbox: Sandbox, days: Double, every step: Double = 900) throws {
        let now = sandbox.now
        // As weather writes them: seconds, result (n, d, f), a request sent (1 or 0), milliseconds.
        let runs = stride(from: now - days * 86_400, to: now - 899, by: step).map { "\(Int($0)) n 1 200\n" }
        try sandbox.write("weather runs 1\n" + runs.joined(), to: runsFile(sandbox))
    }

    /// Looks at `moments` (seconds since 1970), as weather keys them: quarter hours from Monday 1969-12-29.
    func writeLooks(_ sandbox: Sandbox, _ moments: [Double]) throws {
        let keys = moments.map { "\(Int(($0 + 3 * 86_400) / 900))" }
        try sandbox.write("{\"format\":1,\"looks\":\"" + keys.joined(separator: ",") + "\"}", to: looksFile(sandbox))
    }

    @Test(
        "with a week learned and no look around this time, a background run sends nothing and says why",
        arguments: TestMoment.hard)
    func skips(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        try sandbox.setBerlin()
        try writeRuns(sandbox, days: 8)
        try sandbox.server.clearRequests()
        let before = Int(sandbox.now)
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        let after = Int(sandbox.now.rounded(.up))
        #expect(refresh.status == 0, "\(refresh)")
        #expect(
            refresh.stdout.hasPrefix(
                "noData: skipped the request: you did not look around this time in the last 3 weeks (no logind here to ask); the next fetch in "
            ), "\(refresh)")
        #expect(try sandbox.requestCount() == 0)
        // The stale mark waits for the planned fetch: 2 hours after the last one, and the run after it.
        let result = try #require(
            try JSONSerialization.jsonObject(with: sandbox.contents(sandbox.resultFile) ?? Data()) as? [String: Any])
        let updatedAt = try #require(result["updatedAt"] as? Double)
        let overdueAt = try #require(result["overdueAt"] as? Double)
        #expect(overdueAt >= updatedAt + 7200 + 120, "\(overdueAt - updatedAt)")
        #expect(overdueAt <= updatedAt + 7200 + 900 + 120 + 1)
        // The run is in the history, as one that sent no request.
        let runs = String(decoding: sandbox.contents(runsFile(sandbox)) ?? Data(), as: UTF8.self)
        let last = runs.split(separator: "\n").last ?? ""
        let at = Int(last.split(separator: " ").first ?? "") ?? 0
        #expect((before...after).contains(at) && last.contains(" d 0 "), "\(last), run between \(before) and \(after)")
    }

    @Test("a look last week around this time makes the run fetch; a terminal show is recorded as a look")
    func looked() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try writeRuns(sandbox, days: 8)
        let now = sandbox.now
        try writeLooks(sandbox, [now - 7 * 86_400 + 600])
        try sandbox.server.clearRequests()
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(
            refresh.stdout.hasPrefix("newData: ") || refresh.stdout.hasPrefix("noData: the weather in"), "\(refresh)")
        #expect(try sandbox.requestCount(.forecast) == 1)

        let terminal = try sandbox.run(["show"], environment: ["NO_COLOR": "1", "TZ": "UTC"], terminal: true)
        #expect(terminal.status == 0)
        let looks = String(decoding: sandbox.contents(looksFile(sandbox)) ?? Data(), as: UTF8.self)
        #expect(looks.contains("\(Int((sandbox.now + 3 * 86_400) / 900))"), "\(looks)")
        // A pipe is not a look.
        try FileManager.default.removeItem(atPath: looksFile(sandbox))
        #expect(try sandbox.run("show").status == 0)
        #expect(!FileManager.default.fileExists(atPath: looksFile(sandbox)))
    }

    @Test("a look dated next week counts for nothing, and the next look saved leaves it out")
    func lookFromTheFuture() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try writeRuns(sandbox, days: 8)
        let now = sandbox.now
        // Around this time of the week, but a week ahead: obeyed, it would make this run fetch.
        try writeLooks(sandbox, [now + 7 * 86_400 + 600, now + 400 * 86_400])
        try sandbox.server.clearRequests()
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.stdout.hasPrefix("noData: skipped the request: "), "\(refresh)")
        #expect(try sandbox.requestCount() == 0)

        #expect(try sandbox.run(["show"], environment: ["NO_COLOR": "1", "TZ": "UTC"], terminal: true).status == 0)
        let looks = String(decoding: sandbox.contents(looksFile(sandbox)) ?? Data(), as: UTF8.self)
        let keys = looks.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.filter { $0 > 1 }
        #expect(keys == [Int((sandbox.now + 3 * 86_400) / 900)], "\(looks)")
    }

    @Test(
        "schedule shows the last day and week, the hours learned, and why the next run does what it does",
        arguments: TestMoment.hard)
    func schedule(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        try sandbox.setBerlin()
        try writeRuns(sandbox, days: 8)
        // Looks every weekday of last week at 08:00-08:30 UTC.
        let monday = (sandbox.now / (7 * 86_400)).rounded(.down) * 7 * 86_400 - 3 * 86_400
        try writeLooks(
            sandbox,
            (0..<5).flatMap { day in [0.0, 900].map { monday - 7 * 86_400 + Double(day) * 86_400 + 8 * 3600 + $0 } })
        let run = try sandbox.run(["schedule"], environment: ["TZ": "UTC"])
        #expect(run.status == 0, "\(run)")
        // A day holds 96 runs every 15 minutes, or 95 when the day's edge falls just so.
        #expect(
            run.stdout.range(
                of: #"\nLast day:   (9[56]) runs: \1 new data, 0 no data, 0 failed; \1 requests; median 200 ms\n"#,
                options: .regularExpression) != nil, "\(run)")
        #expect(run.stdout.contains("\nShown at:   Mon 08:00–08:30\n            Tue 08:00–08:30\n"), "\(run)")
        #expect(run.stdout.contains("\nSession:    no logind here to ask: only the times weather was shown decide\n"))
        #expect(run.stdout.contains("\nAdaptive:   a run now "), "\(run)")
    }

    @Test("logout removes the history; the runs file stays bounded however long it ran")
    func forgottenAndBounded() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try writeRuns(sandbox, days: 60, every: 300)
        #expect(try sandbox.run(["refresh"], environment: Self.stale).status == 0)
        let runs = try #require(sandbox.contents(runsFile(sandbox)))
        let kept = String(decoding: runs, as: UTF8.self).split(separator: "\n").dropFirst()
        let oldest = try #require(Double(kept.first?.split(separator: " ").first ?? ""))
        #expect(sandbox.now - oldest <= 28 * 86_400 + 60)
        #expect(kept.count <= 28 * 96 * 2 + 1)
        #expect(try sandbox.mode(runsFile(sandbox)) == 0o600)
        _ = try sandbox.run(["show"], environment: ["NO_COLOR": "1"], terminal: true)
        #expect(FileManager.default.fileExists(atPath: looksFile(sandbox)))
        #expect(try sandbox.run("logout").status == 0)
        #expect(!FileManager.default.fileExists(atPath: runsFile(sandbox)))
        #expect(!FileManager.default.fileExists(atPath: looksFile(sandbox)))
    }
}
