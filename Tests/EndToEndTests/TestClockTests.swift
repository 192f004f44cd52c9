import Foundation
import TestSupport
import Testing

/// `WEATHER_TEST_NOW` read by the built programs: every run's wall clock, in every path, and refused
/// when it is no moment.
@Suite("The test clock in the programs")
struct TestClockTests {
    /// 2030-01-01T12:00:05Z: years after any real clock of today's machines, so that a wait the kernel
    /// kept on the real clock would never end.
    static let future = TestMoment("2030-01-01T12:00:05Z", "2030-01-01T12:00:05Z, years ahead of the real clock")

    @Test(
        "a bad WEATHER_TEST_NOW is refused in one line, exit 78, by the fast path and the commands alike",
        arguments: [["show"], ["show", "--short"], ["forecast"], ["refresh"], ["schedule"]])
    func refused(arguments: [String]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // The sandbox's own WEATHER_TEST_NOW, replaced by this one.
        let run = try sandbox.run(arguments, environment: ["WEATHER_TEST_NOW": "tomorrow"])
        #expect(run.status == 78, "\(run)")
        #expect(
            run.stderr
                == "weather: WEATHER_TEST_NOW=\"tomorrow\" is not valid: it must be seconds since 1970 up to the end of 2099, such as 1791478800, or with a + to let the clock run on from there, such as 1791478800+\n"
        )
        #expect(run.stdout.isEmpty)
    }

    @Test("every run takes the moment as now: the result's time, its age, its staleness")
    func moment() throws {
        let sandbox = try Sandbox(at: Self.future)
        let now = ["WEATHER_TEST_NOW": "1893499205"]
        #expect(try sandbox.run(["set", "Berlin"], environment: now).status == 0)
        let saved = try JSONSerialization.jsonObject(with: try #require(sandbox.contents(sandbox.resultFile)))
        #expect((saved as? [String: Any])?["updatedAt"] as? Double == Self.future.seconds, "\(saved)")
        let fresh = try sandbox.run(["show", "--format", "%a"], environment: now)
        #expect(fresh.stdout == "just now\n", "\(fresh)")
        let later = ["WEATHER_TEST_NOW": "1893506405"]
        let stale = try sandbox.run(["show", "--format", "%a"], environment: later)
        #expect(stale.stdout == "2 h ago\n", "\(stale)")
        let short = try sandbox.run(["show", "--short"], environment: later)
        #expect(short.stdout.hasSuffix(" (stale)\n"), "\(short)")
        #expect(try sandbox.run(["show", "--short"], environment: now).stdout == "Berlin ☁️🌙 11°C\n")
    }

    @Test("weather watch wakes when its running clock reaches the moment, though the real clock never does")
    func watchWakes() throws {
        let sandbox = try Sandbox(at: Self.future)
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        // Stale 60 s after it was stored; the watch's clock starts 58 s after that and runs on.
        let watch = try sandbox.spawn(
            ["watch"], environment: ["WEATHER_TEST_NOW": "1893499263+", "WEATHER_STALE_AFTER": "60"])
        defer { if watch.process.isRunning { watch.process.terminate() } }
        // A wait, so on the monotonic clock: the program's clock is WEATHER_TEST_NOW's.
        let deadline = ContinuousClock.now + .seconds(20)
        while watch.stdoutSoFar.split(separator: "\n").count < 2, ContinuousClock.now < deadline {
            usleep(20_000)
        }
        #expect(watch.stdoutSoFar == "Berlin ☁️🌙 11°C\nBerlin ☁️🌙 11°C (stale)\n")
        watch.process.terminate()
        #expect(watch.wait().status == 0)
    }
}
