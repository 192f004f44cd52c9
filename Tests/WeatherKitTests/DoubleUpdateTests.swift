import Synchronization
import Testing
@testable import WeatherKit

@Suite("Freshness in RFC 9111's order")
struct FreshnessTests {
    /// Berlin observed at 17:00 (a 900 s interval), fetched at 17:04.
    static func result(_ validators: HTTPValidators = HTTPValidators(), updatedAt: Double = 1_791_479_040) -> WeatherResult {
        WeatherResult(
            location: FetcherFixture.berlin, conditions: CurrentConditions(temperature: 10.9),
            observedAt: Timestamp(secondsSince1970: 1_791_478_800), interval: 900,
            updatedAt: Timestamp(secondsSince1970: updatedAt), validators: validators
        )
    }

    static let fetched = Timestamp(secondsSince1970: 1_791_479_040)

    @Test("each rule, and which one decides", arguments: [
        // The data's clock: the 17:15 values, published by 17:17.
        (HTTPValidators(), nil, 1020.0 - 240, Freshness.Source.data),
        // WEATHER_STALE_AFTER replaces the data's clock...
        (HTTPValidators(), 60.0, 60.0, .setting),
        (HTTPValidators(), 0.0, 0.0, .setting),
        // ...but never the server's explicit lifetime.
        (HTTPValidators(cacheControl: "public, max-age=600"), 0.0, 600.0, .server),
        (HTTPValidators(cacheControl: "max-age=\"600\""), nil, 600.0, .server),
        (HTTPValidators(cacheControl: "max-age=600", age: "100"), nil, 500.0, .server),
        (HTTPValidators(cacheControl: "max-age=600", date: "Thu, 08 Oct 2026 17:02:00 GMT"), nil, 480.0, .server),
        (HTTPValidators(cacheControl: "no-cache"), 3600.0, 0.0, .server),
        (HTTPValidators(cacheControl: "max-age=600", expires: "Thu, 08 Oct 2026 18:00:00 GMT"), nil, 600.0, .server),
        (HTTPValidators(expires: "Thu, 08 Oct 2026 17:34:00 GMT", date: "Thu, 08 Oct 2026 17:04:00 GMT"), nil, 1800.0, .server),
        (HTTPValidators(expires: "Thu, 08 Oct 2026 17:34:00 GMT"), nil, 1800.0, .server),
        (HTTPValidators(expires: "0"), 3600.0, 0.0, .server),
        (HTTPValidators(expires: "Thu, 08 Oct 2026 16:00:00 GMT"), nil, 0.0, .server),
        // Validators alone say nothing about freshness.
        (HTTPValidators(etag: "\"v1\"", lastModified: "Thu, 08 Oct 2026 17:00:00 GMT"), nil, 780.0, .data),
    ] as [(HTTPValidators, Double?, Double, Freshness.Source)])
    func rules(validators: HTTPValidators, staleAfter: Double?, lifetime: Double, source: Freshness.Source) {
        let (moment, decidedBy) = Freshness(staleAfter: staleAfter).staleAt(Self.result(validators))
        #expect(moment - Self.fetched == lifetime)
        #expect(decidedBy == source)
    }

    @Test("when the service is late with new values, it is asked again at a slow pace, not at every call")
    func recheckFloor() {
        // Fetched at 17:20, still the 17:00 values: the data's clock says stale since 17:17.
        let late = Self.result(updatedAt: 1_791_478_800 + 1200)
        let (moment, source) = Freshness(staleAfter: nil).staleAt(late)
        #expect(source == .data)
        #expect(moment - late.updatedAt == Freshness.recheckDelay)
    }

    @Test("HTTP dates in all three forms", arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ])
    func httpDates(text: String) {
        #expect(HTTPDate.parse(text)?.secondsSince1970 == 784_111_777)
    }

    @Test("HTTP dates that are none", arguments: ["0", "", "-1", "Sun, 32 Nov 1994 08:49:37 GMT", "tomorrow", "Sun, 06 Nov 1994 08:49:37 CET"])
    func notHTTPDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("IMF-fixdate is written as servers must")
    func imfFixdate() {
        #expect(HTTPDate.format(Timestamp(secondsSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Timestamp(secondsSince1970: 1_791_478_800)) == "Thu, 08 Oct 2026 17:00:00 GMT")
    }
}

@Suite("Back-off after 429 and 503")
struct BackoffTests {
    static let now = Timestamp(secondsSince1970: 1_791_478_800)

    @Test("Retry-After in seconds or as an HTTP date decides", arguments: [
        ("120", 120.0), ("0", 0.0), ("Thu, 08 Oct 2026 17:05:00 GMT", 300.0), ("Thu, 08 Oct 2026 16:00:00 GMT", 0.0),
        ("999999", 86_400.0),
    ])
    func retryAfter(value: String, pause: Double) {
        let backoff = Backoff.after(refusal: "HTTP 429", retryAfter: value, previous: nil, now: Self.now, jitter: 0.2)
        #expect(backoff.until - Self.now == pause)
    }

    @Test("without one: 1, 2, 4 ... minutes up to an hour, stretched by at most a quarter")
    func exponential() {
        var previous: Backoff?
        var pauses: [Double] = []
        for _ in 0..<9 {
            let backoff = Backoff.after(refusal: "HTTP 503", retryAfter: previous == nil ? "soon" : nil, previous: previous, now: Self.now, jitter: 0)
            pauses.append(backoff.until - Self.now)
            previous = backoff
        }
        #expect(pauses == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
        #expect(previous?.failures == 9)
        for _ in 0..<50 {
            let jittered = Backoff.after(refusal: "HTTP 503", retryAfter: nil, previous: nil, now: Self.now).until - Self.now
            #expect((60...75).contains(jittered))
        }
    }
}

@Suite("The fetcher's side of double-update avoidance")
struct DoubleUpdateTests {
    func berlinSaved(_ answers: [ScriptedTransport.Answer]) throws -> FetcherFixture {
        let fixture = try FetcherFixture(staleAfter: 0, answers: answers)
        try fixture.store.saveLocation(FetcherFixture.berlin)
        return fixture
    }

    @Test("stored validators make the request conditional; 304 renews the result and is noData")
    func conditional() throws {
        let fixture = try berlinSaved([
            .fixture("open-meteo/forecast/berlin.json", headers: [("ETag", "\"v1\""), ("Last-Modified", "Thu, 08 Oct 2026 17:00:00 GMT")]),
            .fixture("open-meteo/errors/geocoding-count.json", status: 304, headers: [("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")]),
        ])
        let first = try fixture.fetcher.fetch().result
        #expect(fixture.transport.requests[0].headers.isEmpty)
        let posted = Mutex(false)
        fixture.notifications.addObserver(forName: .weatherUpdated) { _ in posted.withLock { $0 = true } }
        fixture.clock.advance(30)
        guard case .noData(let renewed) = try fixture.nextRun().fetch() else { Issue.record("not noData"); return }
        let conditional = fixture.transport.requests[1]
        #expect(conditional.headers.map(\.name) == ["If-None-Match", "If-Modified-Since"])
        #expect(conditional.headers.map(\.value) == ["\"v1\"", "Thu, 08 Oct 2026 17:00:00 GMT"])
        #expect(renewed.conditions == first.conditions)
        #expect(renewed.updatedAt == fixture.clock.now())
        #expect(renewed.validators == HTTPValidators(etag: "\"v1\"", lastModified: "Thu, 08 Oct 2026 17:00:00 GMT", cacheControl: "max-age=60"))
        #expect(fixture.store.loadResult().result == renewed)
        #expect(!posted.withLock { $0 })
    }

    @Test("a result stored by another run while this one waited is used: no second request")
    func shared() throws {
        let fixture = try berlinSaved([.fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast-berlin-later.json")])
        _ = try fixture.fetcher.fetch()
        let waiting = fixture.nextRun()
        _ = waiting.cachedResult()  // what this run judged stale
        fixture.clock.advance(10)
        guard case .newData(let other) = try fixture.nextRun().fetch() else { Issue.record("other run"); return }
        guard case .shared(let reused) = try waiting.fetch() else { Issue.record("not shared"); return }
        #expect(reused == other)
        #expect(fixture.transport.requests.count == 2)
    }

    @Test("a place changed by set while waiting is the place fetched for")
    func placeChanged() throws {
        let fixture = try berlinSaved([
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/geocoding/paris.json"), .fixture("open-meteo/forecast/paris.json"),
        ])
        _ = try fixture.fetcher.fetch()
        let waiting = fixture.nextRun()
        _ = try waiting.savedLocation()
        _ = waiting.cachedResult()
        fixture.clock.advance(10)
        _ = try fixture.nextRun().setLocation(PlaceQuery(name: "Paris"))
        guard case .shared(let result) = try waiting.fetch() else { Issue.record("not shared"); return }
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
            guard case .backingOff(_, let backoff, let remaining) = error as? WeatherError else { return false }
            return remaining == 120 && backoff.reason == "HTTP 429: Minutely API request limit exceeded. Please try again in one minute."
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

    @Test("503 without Retry-After backs off exponentially; other errors do not back off")
    func unavailable() throws {
        let fixture = try berlinSaved([
            .fixture("broken/forecast-empty.json", status: 500),
            .fixture("broken/forecast-empty.json", status: 503),
        ])
        #expect(throws: WeatherError.self) { _ = try fixture.fetcher.fetch() }
        #expect(fixture.store.loadBackoffs().isEmpty)
        #expect(throws: WeatherError.self) { _ = try fixture.nextRun().fetch() }
        let backoff = try #require(fixture.store.loadBackoffs()["127.0.0.1:9"])
        #expect((60...75).contains(backoff.until - fixture.clock.now()))
        #expect(backoff.reason == "HTTP 503 Service Unavailable")
    }

    @Test("the back-off message says until when, and is not a usage error")
    func backoffMessage() {
        let error = WeatherError.backingOff(
            service: "the forecast service at api.open-meteo.com",
            backoff: Backoff(until: Timestamp(secondsSince1970: 1_791_479_520), failures: 1, reason: "HTTP 429: Slow down."),
            remaining: 720
        )
        #expect(error.description.hasPrefix("the forecast service at api.open-meteo.com asked weather to slow down (HTTP 429: Slow down.); no request before "))
        #expect(error.description.hasSuffix(" (in 12 min)"))
        #expect(error.exitCode == 1)
    }
}
