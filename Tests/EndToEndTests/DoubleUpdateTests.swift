import Foundation
import TestSupport
import Testing

/// One request per data change, however many callers: the server's request log is the truth.
@Suite("Double-update avoidance, end to end")
struct DoubleUpdateTests {
    static let stale = ["WEATHER_STALE_AFTER": "0"]

    /// The clock for runs that race: which came first (a result stored while a run waited, a failure
    /// while it waited) is told by their clocks, which on one standing clock read the same.
    static let racing = TestMoment.fixtures.running

    /// Waits until the server has received `count` forecast requests.
    func waitForRequests(_ sandbox: Sandbox, _ count: Int) throws {
        for _ in 0..<200 where try sandbox.requestCount(.forecast) < count { usleep(25_000) }
        #expect(try sandbox.requestCount(.forecast) >= count)
    }

    @Test("sixteen concurrent stale callers make one request and all print the same result")
    func sixteenCallers() throws {
        let sandbox = try Sandbox(at: Self.racing)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 1)])
        let runs = try (0..<16).map { index in
            try sandbox.spawn(index % 4 == 0 ? ["refresh"] : ["show", "--refresh", "--json"], environment: Self.stale)
        }.map { $0.wait() }
        #expect(try sandbox.requestCount(.forecast) == 1)
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.filter { $0.status != 0 })")
        let shows = runs.enumerated().filter { $0.offset % 4 != 0 }.map(\.element.stdout)
        #expect(Set(shows).count == 1)
        #expect(shows.first?.contains("\"temperature\":10.4") == true)
        let refreshes = runs.enumerated().filter { $0.offset % 4 == 0 }.map(\.element.stdout)
        #expect(refreshes.filter { $0.hasPrefix("newData: ") }.count <= 1)
        #expect(
            refreshes.allSatisfy {
                $0.hasPrefix("newData: ") || $0.hasPrefix("noData: another run has just fetched it: ")
            })
    }

    @Test("the background fetch and a terminal meeting at the same moment make one request")
    func timerAndTerminal() throws {
        let sandbox = try Sandbox(at: Self.racing)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 0.5)])
        let background = try sandbox.spawn(["refresh"], environment: Self.stale)
        let terminal = try sandbox.run(
            ["show"], environment: Self.stale.merging(["NO_COLOR": "1"]) { $1 }, terminal: true)
        let refresh = background.wait()
        #expect(terminal.stdout.contains("10.4 °C"))
        #expect(refresh.status == 0)
        #expect(try sandbox.requestCount(.forecast) == 1)
    }

    @Test("a holder killed with -9 does not block the next run")
    func crashedHolder() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 30)])
        let holder = try sandbox.start(["refresh"], environment: Self.stale)
        try waitForRequests(sandbox, 1)
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        let next = try sandbox.run(["refresh"], environment: Self.stale.merging(["WEATHER_TIMEOUT": "5"]) { $1 })
        #expect(next.status == 0, "\(next)")
        #expect(next.stdout.hasPrefix("noData: the weather in Berlin"), "fetched again: the killed run stored nothing")
        #expect(try sandbox.requestCount(.forecast) == 2)
    }

    @Test("a waiter never waits past its own time budget")
    func waiterBudget() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 4)])
        let holder = try sandbox.spawn(["refresh"], environment: Self.stale)
        try waitForRequests(sandbox, 1)
        let waiter = try sandbox.run(
            ["show", "--refresh"], environment: Self.stale.merging(["WEATHER_TIMEOUT": "1"]) { $1 })
        #expect(waiter.status == 0)
        #expect(waiter.stdout.contains("10.9 °C"), "the saved result, shown at once after the budget")
        #expect(
            waiter.stderr.hasPrefix(
                "weather: could not refresh: another weather run is fetching and did not finish within this run's time budget of 1 s (WEATHER_TIMEOUT)"
            ))
        #expect(waiter.elapsed < .seconds(2), "the contract allows the budget plus a second")
        #expect(holder.wait().status == 0)
        #expect(try sandbox.requestCount(.forecast) == 1)
    }

    @Test("stored validators make the request conditional; 304 renews the result and is noData")
    func conditionalRequests() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let modified = "Thu, 08 Oct 2026 17:00:00 GMT"
        try sandbox.server.script(
            .forecast,
            [
                .init(
                    fixture: "open-meteo/forecast/berlin.json",
                    headers: ["ETag": "W/\"v1\"", "Last-Modified": modified])
            ])
        try sandbox.setBerlin()
        let before = try sandbox.run("show", "--json").stdout
        try sandbox.server.clearRequests()
        try sandbox.server.script(
            .forecast, [.init(status: 304, headers: ["ETag": "W/\"v1\"", "Cache-Control": "max-age=1"])])
        // Past the max-age of 1 s.
        try sandbox.advance(by: 2)
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(
            refresh.stdout.hasPrefix("noData: the weather in Berlin, Land Berlin, Germany has not changed ("),
            "\(refresh)")
        let request = try #require(try sandbox.server.requests(.forecast).first)
        #expect(request.header("If-None-Match") == "W/\"v1\"")
        #expect(request.header("If-Modified-Since") == modified)
        let after = try sandbox.run("show", "--json").stdout
        #expect(after != before, "updatedAt renewed")
        #expect(after.contains("\"temperature\":10.9"))
        let cache = try String(contentsOfFile: sandbox.resultFile, encoding: .utf8)
        #expect(cache.contains("\"cacheControl\":\"max-age=1\""))
        #expect(cache.contains("\"lastModified\":\"\(modified)\""))
    }

    @Test("a server's explicit lifetime wins over WEATHER_STALE_AFTER: no request while it lasts")
    func serverLifetime() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(
            .forecast, [.init(fixture: "open-meteo/forecast/berlin.json", headers: ["Cache-Control": "max-age=3600"])])
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(
            refresh.stdout.hasPrefix(
                "noData: the result for Berlin, Land Berlin, Germany from just now stays fresh for "))
        #expect(try sandbox.run(["show"], environment: Self.stale, terminal: true).status == 0)
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("Expires: 0 means already expired")
    func invalidExpires() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(
            .forecast, [.init(fixture: "open-meteo/forecast/berlin.json", headers: ["Expires": "0"])])
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        #expect(try sandbox.run("refresh").stdout.hasPrefix("noData: the weather in Berlin"))
        #expect(try sandbox.requestCount(.forecast) == 1)
    }

    @Test("the data's own clock: right after a fetch nothing can have changed, so nothing is asked")
    func dataClock() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        for _ in 0..<3 {
            #expect(try sandbox.run("refresh").stdout.contains(" stays fresh for "))
            #expect(try sandbox.run(["show", "--refresh"]).status == 0)
        }
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("429 starts a back-off every run respects, with when it ends")
    func rateLimited() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(
            .forecast,
            [.init(status: 429, fixture: "open-meteo/errors/rate-limited.json", headers: ["Retry-After": "120"])])
        let first = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(first.status == 1)
        #expect(
            first.stdout.hasPrefix(
                "failed: the forecast service at \(sandbox.server.host) asked weather to slow down (HTTP 429: Minutely API request limit exceeded. Please try again in one minute.); the next request in "
            ), "\(first)")
        #expect(first.stdout.contains("; the next request in 2 min (") || first.stdout.contains(" in 1 min 59 s ("))

        let second = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(second.status == 1)
        #expect(second.stdout.contains("asked weather to slow down"))
        let show = try sandbox.run(["show", "--refresh"], environment: Self.stale)
        #expect(show.status == 0)
        #expect(show.stdout.contains("10.9 °C"))
        #expect(show.stderr.hasPrefix("weather: could not refresh: the forecast service at "))
        #expect(show.stderr.contains("asked weather to slow down"))
        let set = try sandbox.run("set", "Paris")
        #expect(set.status == 1)
        #expect(set.stderr.contains("asked weather to slow down"))
        #expect(try sandbox.requestCount() == 1, "only the refused request")
        #expect(FileManager.default.fileExists(atPath: sandbox.stateHome + "/weather/backoff.json"))
    }

    @Test(
        "a daily or hourly limit, as the real service words it without Retry-After, waits until it counts afresh",
        arguments: [
            ("daily-limit", "its daily limit starts again at 00:00 UTC, so the next request in ", 86_400.0),
            ("hourly-limit", "its hourly limit starts again on the hour, so the next request in ", 3600),
        ], TestMoment.hard)
    func countingWindow(limit: (String, String, Double), moment: TestMoment) throws {
        let (fixture, explanation, window) = limit
        let sandbox = try Sandbox(at: moment)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(status: 429, fixture: "open-meteo/errors/\(fixture).json")])
        let first = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(first.status == 1)
        #expect(first.stdout.contains("exceeded. Please try again "), "\(first)")
        #expect(first.stdout.contains(explanation), "\(first)")
        let now = sandbox.now
        let boundary = ((now / window).rounded(.down) + 1) * window
        let backoff = try sandbox.backoff()
        #expect((boundary + 60...boundary + 120).contains(backoff.until), "\(backoff)")
        // Nobody asks again before then: not the timer, not a terminal, not set.
        #expect(try sandbox.run(["refresh"], environment: Self.stale).stdout.contains(explanation))
        #expect(try sandbox.run(["show", "--refresh"], environment: Self.stale).stderr.contains(explanation))
        #expect(try sandbox.run("set", "Paris").stderr.contains(explanation))
        #expect(try sandbox.requestCount() == 1, "only the refused request")
        // Once the service counts afresh, the next run asks.
        let later = try sandbox.run(
            ["refresh"], environment: sandbox.environment(at: backoff.until + 1).merging(Self.stale) { $1 })
        #expect(later.stdout.hasPrefix("newData") || later.stdout.hasPrefix("noData"), "\(later)")
        #expect(try sandbox.requestCount() == 2)
    }

    @Test(
        "too many concurrent requests and an overloaded service keep the short pause",
        arguments: [(429, "concurrent-requests"), (503, "overloaded")])
    func shortPause(status: Int, fixture: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(status: status, fixture: "open-meteo/errors/\(fixture).json")])
        let run = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(run.status == 1)
        #expect(!run.stdout.contains("starts again"), "\(run)")
        let pause = try sandbox.backoff().until - sandbox.now
        #expect((50...80).contains(pause), "\(pause)")
    }

    @Test("after an outage the network is back from, a command typed in a terminal tries once; a bar does not")
    func typedAfterOutage() throws {
        let sandbox = try Sandbox(at: Self.racing)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(status: 500, body: "")])
        #expect(try sandbox.run(["refresh"], environment: Self.stale).status == 1)
        #expect(try sandbox.requestCount() == 1)
        // A status bar's --refresh (a pipe) within the minute reports the failure, in one clause each.
        let bar = try sandbox.run(["show", "--refresh"], environment: Self.stale)
        #expect(
            bar.stderr.range(
                of:
                    #"failed (just now|\d+ s ago) \(HTTP 500 Internal Server Error\); the next request in (\d+ s|1 min)"#,
                options: .regularExpression) != nil, "\(bar)")
        #expect(try sandbox.requestCount() == 1)
        // The service is back: what a person types in a terminal asks, once each.
        let show = try sandbox.run(["show"], environment: Self.stale.merging(["NO_COLOR": "1"]) { $1 }, terminal: true)
        #expect(!show.stdout.contains("could not refresh"), "\(show)")
        #expect(try sandbox.requestCount() == 2)
        let refresh = try sandbox.run(["refresh"], environment: Self.stale, terminal: true)
        #expect(refresh.stdout.hasPrefix("newData") || refresh.stdout.hasPrefix("noData"), "\(refresh)")
        #expect(try sandbox.requestCount() == 3)
    }

    @Test("search, forecast and a place looked up once, typed after an outage, each try once")
    func otherCommandsTypedAfterOutage() throws {
        let sandbox = try Sandbox(at: Self.racing)
        try sandbox.setBerlin()
        let terminal = Self.stale.merging(["NO_COLOR": "1"]) { $1 }
        // The geocoder failed a moment ago; the person types the search again.
        try sandbox.server.script(.search, [.init(status: 500, body: "")])
        #expect(try sandbox.run(["search", "Paris"], environment: terminal, terminal: true).status == 1)
        let searches = try sandbox.requestCount(.search)
        let search = try sandbox.run(["search", "Paris"], environment: terminal, terminal: true)
        #expect(search.status == 0 && search.stdout.contains("Paris"), "\(search)")
        #expect(try sandbox.requestCount(.search) == searches + 1)
        // The forecast service failed the timer a moment ago; forecast typed in a terminal asks.
        try sandbox.server.script(.forecast, [.init(status: 500, body: "")])
        #expect(try sandbox.run(["refresh"], environment: Self.stale).status == 1)
        let forecasts = try sandbox.requestCount(.forecast)
        let forecast = try sandbox.run(["forecast"], environment: terminal, terminal: true)
        #expect(forecast.status == 0 && !forecast.stdout.contains("could not"), "\(forecast)")
        #expect(try sandbox.requestCount(.forecast) == forecasts + 1)
        // And a place looked up once: its first try failed, the next typed one asks.
        try sandbox.server.script(.forecast, [.init(status: 500, body: "")])
        #expect(try sandbox.run(["Paris"], environment: terminal, terminal: true).status == 1)
        let lookups = try sandbox.requestCount(.forecast)
        let paris = try sandbox.run(["Paris"], environment: terminal, terminal: true)
        #expect(paris.status == 0 && paris.stdout.hasPrefix("Paris, Île-de-France, France: "), "\(paris)")
        #expect(try sandbox.requestCount(.forecast) == lookups + 1)
    }

    @Test("a failed connection is reported without brackets in brackets, and without advice twice")
    func failureMessage() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let closed = "http://127.0.0.1:9/v1/forecast"
        let first = try sandbox.run(
            ["refresh"], environment: Self.stale.merging(["WEATHER_FORECAST_URL": closed]) { $1 })
        #expect(first.status == 1)
        let bar = try sandbox.run(
            ["show", "--refresh"], environment: Self.stale.merging(["WEATHER_FORECAST_URL": closed]) { $1 })
        let message = try #require(bar.stderr.split(separator: "\n").first.map(String.init))
        #expect(message.contains("the last request to the forecast service at 127.0.0.1:9 failed"), "\(bar)")
        var depth = 0
        var deepest = 0
        for character in message {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            deepest = max(deepest, depth)
        }
        #expect(deepest == 1, "\(message)")
        #expect(message.components(separatedBy: "try again").count <= 2, "\(message)")
    }

    @Test("503 without Retry-After backs off for about a minute")
    func unavailable() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(status: 503, body: "")])
        let run = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(
            run.stdout.range(
                of:
                    #"\(HTTP 503 Service Unavailable\); the next request in 1 min( \d+ s)? \(\d+ ms\)\n$"#,
                options: .regularExpression) != nil, "\(run)")
    }

    @Test("new data means new values: the same values in other bytes are noData")
    func sameValuesOtherBytes() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-same-values.json")])
        #expect(
            try sandbox.run(["refresh"], environment: Self.stale).stdout.hasPrefix(
                "noData: the weather in Berlin, Land Berlin, Germany has not changed"))
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        #expect(try sandbox.run(["refresh"], environment: Self.stale).stdout.hasPrefix("newData: "))
    }
}

/// A failed request is shared: the callers behind it report it instead of asking again.
@Suite("Shared failures, end to end")
struct SharedFailureTests {
    static let stale = ["WEATHER_STALE_AFTER": "0"]

    @Test("sixteen concurrent callers during an outage send at most 2 requests, and all show the saved result")
    func outage() throws {
        let sandbox = try Sandbox(at: DoubleUpdateTests.racing)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(delay: 0.5, drop: true, times: 100)])
        let runs = try (0..<16).map { _ in try sandbox.spawn(["show", "--refresh", "--json"], environment: Self.stale) }
            .map { $0.wait() }
        #expect(try sandbox.requestCount(.forecast) <= 2)
        #expect(runs.allSatisfy { $0.status == 0 && $0.stdout.contains("\"temperature\":10.9") }, "\(runs)")
        #expect(runs.allSatisfy { $0.stderr.hasPrefix("weather: could not refresh: ") })
        #expect(runs.filter { $0.stderr.contains("; the next request in ") }.count >= 14, "\(runs.map(\.stderr))")

        // The timer's run reports the failure too, and backs off; set always tries once.
        try sandbox.server.clearRequests()
        let refresh = try sandbox.run(["refresh"], environment: Self.stale)
        #expect(refresh.status == 1)
        #expect(refresh.stdout.hasPrefix("failed: the last request to the forecast service at "), "\(refresh)")
        #expect(try sandbox.requestCount() == 0)
        try sandbox.server.clearScript()
        let set = try sandbox.run("set", "Berlin")
        #expect(set.status == 0, "\(set)")
        #expect(try sandbox.requestCount(.forecast) == 1)
        // A success ends it: the next stale caller asks again.
        #expect(try sandbox.run(["show", "--refresh"], environment: Self.stale).status == 0)
        #expect(try sandbox.requestCount(.forecast) == 2)
    }
}
