import Foundation
import TestSupport
import Testing

@Suite("weather refresh and weather logout")
struct RefreshAndLogoutTests {
    /// `token: message (N ms)`.
    func expectLine(
        _ run: Sandbox.Run, _ token: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pattern =
            "^\(token): \(NSRegularExpression.escapedPattern(for: message).replacingOccurrences(of: "HH:MM", with: "\\d\\d:\\d\\d").replacingOccurrences(of: "DURATION", with: "\\d+ (h|min|s)( \\d+ (min|s))?")) \\(\\d+ ms\\)\n$"
        #expect(
            run.stdout.range(of: pattern, options: .regularExpression) != nil, "\(run)", sourceLocation: sourceLocation)
    }

    @Test("no saved place: noData, background refresh disabled, exit 0, no request")
    func noLocation() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("refresh")
        #expect(run.status == 0)
        expectLine(run, "noData", "no place saved; background refresh is disabled")
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("fresh: noData without a request")
    func fresh() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        let run = try sandbox.run("refresh")
        #expect(run.status == 0)
        expectLine(run, "noData", "the result for Berlin, Land Berlin, Germany from just now stays fresh for DURATION")
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("stale: the same values are noData, changed values newData, a failure failed with the result untouched")
    func stale() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let stale = ["WEATHER_STALE_AFTER": "0"]
        let same = try sandbox.run(["refresh"], environment: stale)
        #expect(same.status == 0)
        expectLine(same, "noData", "the weather in Berlin, Land Berlin, Germany has not changed")

        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        let new = try sandbox.run(["refresh"], environment: stale)
        #expect(new.status == 0)
        expectLine(new, "newData", "Berlin, Land Berlin, Germany: 10.4 °C, slight rain")
        #expect(try sandbox.run("show").stdout.contains("10.4 °C"))

        let saved = sandbox.savedFiles()
        try sandbox.server.script(.forecast, [.init(fixture: "broken/forecast-html.html")])
        let failed = try sandbox.run(["refresh"], environment: stale)
        #expect(failed.status == 1)
        #expect(failed.stdout.hasPrefix("failed: the forecast service at "))
        #expect(failed.stdout.contains("it is an HTML page, not JSON"))
        #expect(failed.stdout.hasSuffix(" ms)\n"))
        #expect(sandbox.savedFiles() == saved)
        #expect(try sandbox.requestCount(.forecast) == 4)
    }

    @Test("logout removes the saved place and results; with nothing saved it is fine")
    func logout() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let first = try sandbox.run("logout")
        #expect(first.status == 0)
        #expect(first.stdout.hasPrefix("Forgot Berlin, Land Berlin, Germany and its weather."))
        #expect(sandbox.savedFiles() == [nil, nil])
        #expect(try sandbox.run("show").status == 1)
        let second = try sandbox.run("logout")
        #expect(second.status == 0)
        #expect(second.stdout.hasPrefix("Nothing was saved."))
    }

    @Test("kill -9 at any instant leaves the previous result or the new one, never a torn file")
    func killDuringWrites() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", times: 1000)])
        var killed = 0
        for attempt in 0..<150 {
            let process = try sandbox.start(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
            usleep(useconds_t(attempt % 30) * 1000)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            let show = try sandbox.run("show", "--cached", "--json")
            #expect(show.status == 0, "attempt \(attempt): \(show)")
            #expect(show.stderr.isEmpty, "attempt \(attempt): \(show)")
            guard show.status == 0, show.stderr.isEmpty else { break }
        }
        #expect(killed > 0, "no run was killed before it ended: nothing was tested")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.cacheHome + "/weather")
        #expect(leftovers.contains("current.json"))
    }
}
