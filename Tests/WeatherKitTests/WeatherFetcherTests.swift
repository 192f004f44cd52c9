import Synchronization
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("WeatherFetcher: one cache, new data only when values change")
struct WeatherFetcherTests {
    @Test("set finds the place, fetches, saves both and posts WeatherUpdated")
    func setLocation() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        let posted = Mutex<[WeatherResult]>([])
        fixture.notifications.addObserver(forName: .weatherUpdated) { note in
            posted.withLock { $0.append(note.object as! WeatherResult) }
        }
        let placement = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        #expect(placement.choice.location == TestContext.berlin)
        #expect(placement.result.conditions.temperature == 10.9)
        #expect(placement.result.updatedAt == fixture.clock.now())
        #expect(try fixture.store.loadLocation() == TestContext.berlin)
        #expect(fixture.store.loadResult() == .result(placement.result))
        #expect(posted.withLock { $0 } == [placement.result])
        #expect(fixture.transport.requests.count == 2)
    }

    @Test(
        "a failed set leaves the saved place and result exactly as they were",
        arguments: [
            ScriptedTransport.Answer.fixture("open-meteo/geocoding/no-match.json"),
            .fixture("open-meteo/errors/geocoding-count.json", status: 400),
            .failure(.timedOut(host: "x", budget: 30)),
            .fixture("broken/geocoding-truncated.json"),
        ])
    func failedSet(answer: ScriptedTransport.Answer) throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/paris.json"), .fixture("open-meteo/forecast/paris.json"), answer,
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Paris"))
        let savedResult = try FileIO.read(fixture.store.paths.resultFile)
        let savedLocation = try FileIO.read(fixture.store.paths.locationFile)
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().setLocation(PlaceQuery(name: "Berlin")) }
        #expect(try FileIO.read(fixture.store.paths.resultFile) == savedResult)
        #expect(try FileIO.read(fixture.store.paths.locationFile) == savedLocation)
    }

    @Test("a forecast failure after the place was found also leaves everything as it was")
    func failedForecastDuringSet() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("broken/forecast-html.html"),
        ])
        #expect(throws: WeatherError.self) { _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin")) }
        #expect(!FileIO.exists(fixture.store.paths.resultFile))
        #expect(!FileIO.exists(fixture.store.paths.locationFile))
    }

    @Test("changed values are newData and posted; the same values are noData and not posted")
    func newOrNot() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
            .fixture("open-meteo/forecast-berlin-later.json"),
        ])
        try fixture.store.saveLocation(TestContext.berlin)
        let count = Mutex(0)
        fixture.notifications.addObserver(forName: .weatherUpdated) { _ in count.withLock { $0 += 1 } }
        guard case .newData = try fixture.fetcher.fetch() else {
            Issue.record("first fetch")
            return
        }
        fixture.clock.advance(60)
        guard case .noData(let renewed) = try fixture.fetcher.fetch() else {
            Issue.record("same")
            return
        }
        #expect(renewed.updatedAt == fixture.clock.now())
        #expect(fixture.store.loadResult().result?.updatedAt == fixture.clock.now())
        guard case .newData(let later) = try fixture.nextRun().fetch() else {
            Issue.record("later")
            return
        }
        #expect(later.conditions.temperature == 10.4)
        #expect(count.withLock { $0 } == 2)
    }

    @Test("a change in what a bar shows (the outlook) is newData; a change further ahead is saved, as noData")
    func forecastChanges() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast-berlin-far-change.json"),
            .fixture("open-meteo/forecast-berlin-outlook-change.json"),
        ])
        try fixture.store.saveLocation(TestContext.berlin)
        let count = Mutex(0)
        fixture.notifications.addObserver(forName: .weatherUpdated) { _ in count.withLock { $0 += 1 } }
        _ = try fixture.fetcher.fetch()
        let before = try #require(fixture.store.loadForecast().forecast)
        guard case .noData = try fixture.nextRun().fetch() else {
            Issue.record("a change on day 7 and in hour 40 alone is not new data for a bar")
            return
        }
        let after = try #require(fixture.store.loadForecast().forecast)
        #expect(after.forecast != before.forecast, "but it is saved")
        #expect(after.forecast.days[6].temperatureMax == (before.forecast.days[6].temperatureMax ?? 0) + 2.5)
        guard case .newData = try fixture.nextRun().fetch() else {
            Issue.record("tomorrow's high is in the tooltip")
            return
        }
        #expect(count.withLock { $0 } == 2)
    }

    @Test("values converted from °F read back from the file exactly: the same values again are noData")
    func convertedValuesAreTheSame() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/forecast-fahrenheit.json"), .fixture("open-meteo/forecast-fahrenheit.json"),
        ])
        try fixture.store.saveLocation(TestContext.berlin)
        guard case .newData(let first) = try fixture.fetcher.fetch() else {
            Issue.record("first fetch")
            return
        }
        // The conversion leaves 16 and 17 significant digits; the file keeps every one.
        #expect(first.conditions.temperature == (51.6 - 32) * 5 / 9)
        #expect(fixture.store.loadResult().result?.conditions == first.conditions)
        fixture.clock.advance(60)
        guard case .noData = try fixture.nextRun().fetch() else {
            Issue.record("the same values again")
            return
        }
    }

    @Test("a failed fetch leaves the saved result untouched and posts nothing")
    func failedFetch() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/forecast/berlin.json"), .fixture("broken/forecast-null-temperature.json"),
        ])
        try fixture.store.saveLocation(TestContext.berlin)
        _ = try fixture.fetcher.fetch()
        let saved = try FileIO.read(fixture.store.paths.resultFile)
        let posted = Mutex(false)
        fixture.notifications.addObserver(forName: .weatherUpdated) { _ in posted.withLock { $0 = true } }
        #expect {
            _ = try fixture.fetcher.fetch()
        } throws: { error in
            (error as? WeatherError)?.description.contains("current.temperature_2m is null") == true
        }
        #expect(try FileIO.read(fixture.store.paths.resultFile) == saved)
        #expect(!posted.withLock { $0 })
    }

    @Test("a result for another place is not this place's result")
    func otherPlace() throws {
        let fixture = try TestContext(answers: [.fixture("open-meteo/forecast/paris.json")])
        let paris = Location(id: 2_988_507, name: "Paris", latitude: 48.85341, longitude: 2.3488)
        try fixture.store.saveLocation(paris)
        _ = try fixture.fetcher.fetch()
        #expect(fixture.fetcher.results.cachedResult(for: paris) != nil)
        #expect(fixture.fetcher.results.cachedResult(for: TestContext.berlin) == nil)
    }

    @Test("forgetting removes the files and says what was saved")
    func forget() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        #expect(try fixture.nextRun().forgetLocation() == TestContext.berlin)
        #expect(!FileIO.exists(fixture.store.paths.resultFile))
        #expect(try fixture.nextRun().forgetLocation() == nil)
    }

    @Test("no saved place: nothing to fetch")
    func noPlace() throws {
        let fixture = try TestContext()
        #expect(throws: WeatherError.noLocation) { _ = try fixture.fetcher.fetch() }
        #expect(fixture.transport.requests.isEmpty)
    }
}

@Suite("The fetcher's side of double-update avoidance")
struct SharedFetchTests {
    func berlinSaved(_ answers: [ScriptedTransport.Answer]) throws -> TestContext {
        let fixture = try TestContext(staleAfter: 0, answers: answers)
        try fixture.store.saveLocation(TestContext.berlin)
        return fixture
    }

    @Test("stored validators make the request conditional; 304 renews the result and is noData")
    func conditional() throws {
        let fixture = try berlinSaved([
            .fixture(
                "open-meteo/forecast/berlin.json",
                headers: [("ETag", "\"v1\""), ("Last-Modified", "Thu, 08 Oct 2026 17:00:00 GMT")]),
            .fixture(
                "open-meteo/errors/geocoding-count.json", status: 304,
                headers: [("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")]),
        ])
        let first = try fixture.fetcher.fetch().result
        #expect(fixture.transport.requests[0].headers.isEmpty)
        let posted = Mutex(false)
        fixture.notifications.addObserver(forName: .weatherUpdated) { _ in posted.withLock { $0 = true } }
        fixture.clock.advance(30)
        guard case .noData(let renewed) = try fixture.nextRun().fetch() else {
            Issue.record("not noData")
            return
        }
        let conditional = fixture.transport.requests[1]
        #expect(conditional.headers.map(\.name) == ["If-None-Match", "If-Modified-Since"])
        #expect(conditional.headers.map(\.value) == ["\"v1\"", "Thu, 08 Oct 2026 17:00:00 GMT"])
        #expect(renewed.conditions == first.conditions)
        #expect(renewed.updatedAt == fixture.clock.now())
        #expect(
            renewed.cachingHeaders
                == CachingHeaders(
                    etag: "\"v1\"", lastModified: "Thu, 08 Oct 2026 17:00:00 GMT", cacheControl: "max-age=60"))
        #expect(fixture.store.loadResult().result == renewed)
        #expect(!posted.withLock { $0 })
    }

    @Test("a result stored by another run while this one waited is used: no second request")
    func shared() throws {
        let fixture = try berlinSaved([
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast-berlin-later.json"),
        ])
        _ = try fixture.fetcher.fetch()
        let waiting = fixture.nextRun()
        _ = waiting.results.cachedResult()  // what this run judged stale
        fixture.clock.advance(10)
        guard case .newData(let other) = try fixture.nextRun().fetch() else {
            Issue.record("other run")
            return
        }
        guard case .fetchedByAnotherRun(let reused) = try waiting.fetch() else {
            Issue.record("not shared")
            return
        }
        #expect(reused == other)
        #expect(fixture.transport.requests.count == 2)
    }

    @Test("a place changed by set while waiting is the place fetched for")
    func placeChanged() throws {
        let fixture = try berlinSaved([
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/geocoding/paris.json"),
            .fixture("open-meteo/forecast/paris.json"),
        ])
        _ = try fixture.fetcher.fetch()
        let waiting = fixture.nextRun()
        _ = try waiting.savedLocation()
        _ = waiting.results.cachedResult()
        fixture.clock.advance(10)
        _ = try fixture.nextRun().setLocation(PlaceQuery(name: "Paris"))
        guard case .fetchedByAnotherRun(let result) = try waiting.fetch() else {
            Issue.record("not shared")
            return
        }
        #expect(result.location.name == "Paris")
        #expect(fixture.transport.requests.count == 3)
    }

    @Test("429 starts a back-off every run respects: no request until it ends, and success ends it")
    func rateLimited() throws {
        let fixture = try berlinSaved([
            .fixture("open-meteo/errors/rate-limited.json", status: 429, headers: [("Retry-After", "120")]),
            .fixture("open-meteo/forecast/berlin.json"),
        ])
        #expect {
            _ = try fixture.fetcher.fetch()
        } throws: { error in
            guard case .backingOff(_, let reason, let remaining) = error as? WeatherError else { return false }
            return remaining == 120
                && reason == "HTTP 429: Minutely API request limit exceeded. Please try again in one minute."
        }
        #expect(fixture.store.loadBackoffs()["127.0.0.1:9"]?.failures == 1)
        fixture.clock.advance(119)
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().fetch() }
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().setLocation(PlaceQuery(name: "Berlin")) }
        #expect(fixture.transport.requests.count == 1)
        fixture.clock.advance(1)
        _ = try fixture.nextRun().fetch()
        #expect(fixture.transport.requests.count == 2)
        #expect(fixture.store.loadBackoffs().isEmpty)
    }

    @Test("503 without Retry-After backs off; a 500 is a failure shared for a minute; a 400 neither")
    func unavailable() throws {
        let fixture = try berlinSaved([
            .fixture("broken/forecast-empty.json", status: 400),
            .fixture("broken/forecast-empty.json", status: 500),
            .fixture("broken/forecast-empty.json", status: 503),
        ])
        #expect(throws: WeatherError.self) { _ = try fixture.fetcher.fetch() }
        #expect(fixture.store.loadBackoffs().isEmpty)
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().fetch() }
        let failure = try #require(fixture.store.loadBackoffs()["127.0.0.1:9"])
        #expect(!failure.refused)
        // Within the minute, the failure is reported without a request.
        fixture.clock.advance(59)
        #expect {
            _ = try fixture.nextRun().fetch()
        } throws: { error in
            guard case .recentFailure(_, let reason, let ago, _) = error as? WeatherError else { return false }
            return ago == 59 && reason.contains("HTTP 500")
        }
        #expect(fixture.transport.requests.count == 2)
        fixture.clock.advance(2)
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().fetch() }
        #expect(fixture.transport.requests.count == 3)
        let backoff = try #require(fixture.store.loadBackoffs()["127.0.0.1:9"])
        #expect(backoff.refused)
        #expect((120...150).contains(backoff.until - fixture.clock.now()), "the second failure in a row")
        #expect(backoff.reason == "HTTP 503 Service Unavailable")
    }

    @Test("a command typed in a terminal tries once after a failure before it, and reports one while it waited")
    func typedCommandTriesOnce() throws {
        let fixture = try berlinSaved([
            .fixture("broken/forecast-empty.json", status: 500),
            .fixture("open-meteo/forecast/berlin.json"),
            .fixture("broken/forecast-empty.json", status: 502),
        ])
        #expect(throws: WeatherError.self) { _ = try fixture.fetcher.fetch() }
        fixture.clock.advance(10)
        // A status bar's run (a pipe) reports the failure of 10 s ago; a person's, typed after it, asks.
        #expect {
            _ = try fixture.nextRun().fetch()
        } throws: { error in
            guard case .recentFailure = error as? WeatherError else { return false }
            return true
        }
        #expect(fixture.transport.requests.count == 1)
        _ = try fixture.nextRun(terminal: true).fetch()
        #expect(fixture.transport.requests.count == 2)
        // A typed run that began before a failure, waiting behind it, reports it without asking again.
        let waiting = fixture.nextRun(terminal: true)
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().fetch(for: .background) }
        #expect(fixture.transport.requests.count == 3)
        #expect {
            _ = try waiting.fetch()
        } throws: { error in
            guard case .recentFailure(_, let reason, _, _) = error as? WeatherError else { return false }
            return reason == "HTTP 502 Bad Gateway"
        }
        #expect(fixture.transport.requests.count == 3)
    }

    @Test("the back-off message says how long, as a duration (no clock of its own), and is not a usage error")
    func backoffMessage() {
        let service = ProviderError.Service(
            role: .forecast, host: "api.open-meteo.com", setting: "WEATHER_FORECAST_URL")
        let error = WeatherError.backingOff(service: service, reason: "HTTP 429: Slow down.", remaining: 720)
        #expect(
            error.description
                == "the forecast service at api.open-meteo.com asked weather to slow down (HTTP 429: Slow down.); the next request in 12 min"
        )
        #expect(error.exitCode == 1)
        let daily = WeatherError.backingOff(
            service: service, reason: "HTTP 429: Daily API request limit exceeded. Please try again tomorrow.",
            remaining: 25_920)
        #expect(
            daily.description.hasSuffix("its daily limit starts again at 00:00 UTC, so the next request in 7 h 12 min"))
        let failed = WeatherError.recentFailure(service: service, reason: "HTTP 500", ago: 120, remaining: 74)
        #expect(failed.description.hasSuffix("failed 2 min ago (HTTP 500); the next request in 1 min 14 s"))
    }

    @Test("a result file read again under the lock is parsed again only when another run replaced it")
    func rereadsReplacedFiles() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        let saved = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin")).result
        let fetcher = fixture.fetcher
        fetcher.results.rereadFiles()
        #expect(fetcher.results.cachedResult() == .result(saved))
        fetcher.results.rereadFiles()
        #expect(fetcher.results.cachedResult() == .result(saved), "the same file: what was read stands")
        // Another run replaces the file (a new inode, as every write does): this run sees the new values.
        var newer = saved
        newer.conditions.temperature = 12.5
        try fixture.store.saveResult(newer)
        #expect(fetcher.results.cachedResult() == .result(saved), "remembered until the run reads the files again")
        fetcher.results.rereadFiles()
        #expect(fetcher.results.cachedResult() == .result(newer))
        // Removed: nothing saved any more.
        try FileIO.remove(fixture.store.paths.resultFile)
        fetcher.results.rereadFiles()
        #expect(fetcher.results.cachedResult() == .empty)
    }
}
