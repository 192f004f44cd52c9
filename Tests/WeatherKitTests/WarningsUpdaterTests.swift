import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Warnings with the weather: one more request in the run, by each service's rules, never costing the forecast")
struct WarningsUpdaterTests {
    static let springfield = Location(
        id: 4_409_896, name: "Springfield", region: "Missouri", country: "United States", countryCode: "US",
        latitude: 37.21533, longitude: -93.29824, timezone: "America/Chicago")
    static let bergen = Location(
        id: 3_161_732, name: "Bergen", region: "Vestland", country: "Norway", countryCode: "NO", latitude: 60.39299,
        longitude: 5.32415, timezone: "Europe/Oslo")
    static let paris = Location(
        id: 2_988_507, name: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
        latitude: 48.85341, longitude: 2.3488, timezone: "Europe/Paris")

    /// A run with warnings on, the saved place `location`, and these answers; every result stale at once.
    static func context(
        _ location: Location, _ answers: [ScriptedTransport.Answer], contact: String? = nil, alerts: Bool = true
    ) throws -> TestContext {
        let fixture = try TestContext(staleAfter: 0, answers: answers) { settings in
            settings.alerts = alerts
            settings.contact = contact
        }
        try fixture.store.saveLocation(location)
        return fixture
    }

    @Test("the warnings come after the forecast in the same run, and not again while the last answer is fresh")
    func afterTheForecast() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
                .fixture("brightsky/berlin.json"),
            ])
        _ = try fixture.fetcher.fetch()
        #expect(
            fixture.transport.requests.map(\.url) == [
                fixture.transport.requests[0].url, "http://127.0.0.1:9/alerts?lat=52.5244&lon=13.4105",
            ])
        let saved = try #require(fixture.store.loadAlerts())
        #expect(saved.alerts.map(\.event) == ["Gale-force gusts", "Wind gusts"])
        #expect(saved.freshUntil == fixture.clock.now() + 300, "Bright Sky sends no freshness: weather's own pace")
        #expect(fixture.store.loadAlertTexts().details.count == 2)
        fixture.clock.advance(200)
        _ = try fixture.nextRun().fetch()
        #expect(fixture.transport.requests.count == 3, "still fresh: the forecast alone")
        fixture.clock.advance(100)
        _ = try fixture.nextRun().fetch()
        #expect(fixture.transport.requests.count == 5)
    }

    @Test("conditional where the service sends validators; its 304 renews the warnings, its max-age their freshness")
    func conditional() throws {
        let headers = [
            ("Last-Modified", "Thu, 08 Oct 2026 16:59:00 GMT"), ("Cache-Control", "public, max-age=30, s-maxage=30"),
        ]
        let fixture = try Self.context(
            Self.springfield,
            [
                .fixture("open-meteo/forecast/berlin.json"),
                .fixture("nws/springfield-missouri.json", headers: headers),
                .fixture("open-meteo/forecast/berlin.json"), .fixture("nws/springfield-missouri.json", status: 304),
            ])
        _ = try fixture.fetcher.fetch()
        let first = try #require(fixture.store.loadAlerts())
        #expect(first.freshUntil == fixture.clock.now() + 30)
        #expect(fixture.transport.requests[1].url == "http://127.0.0.1:9/alerts/active?point=37.2153,-93.2982")
        fixture.clock.advance(60)
        _ = try fixture.nextRun().fetch()
        let asked = try #require(fixture.transport.requests.last)
        #expect(asked.headers.contains { $0 == ("If-Modified-Since", "Thu, 08 Oct 2026 16:59:00 GMT") })
        let renewed = try #require(fixture.store.loadAlerts())
        #expect(renewed.alerts == first.alerts && renewed.checkedAt == fixture.clock.now())
        #expect(fixture.store.loadAlertTexts().details.count == 2, "the texts of a 304 stay as they were")
    }

    @Test("fresh warnings in another language than the run's are asked for again; not for the NWS's one language")
    func anotherLanguage() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
            ])
        _ = try fixture.fetcher.fetch()
        #expect(try #require(fixture.store.loadAlerts()).language == "en")
        fixture.clock.advance(60)
        let german = fixture.nextRun { $0.language = "de" }
        _ = try german.fetch()
        #expect(fixture.transport.requests.count == 4, "fresh, but in English: asked again")
        let saved = try #require(fixture.store.loadAlerts())
        #expect(saved.language == "de" && saved.alerts.first?.event == "Sturmböen")
        #expect(saved.alerts.first?.eventTranslation == .init(language: "en", text: "Gale-force gusts"))

        // The NWS speaks English to every reader: a German run finds English warnings fresh.
        let springfield = try Self.context(
            Self.springfield,
            [
                .fixture("open-meteo/forecast/berlin.json"),
                .fixture("nws/springfield-missouri.json", headers: [("Cache-Control", "max-age=300")]),
                .fixture("open-meteo/forecast/berlin.json"),
            ])
        _ = try springfield.fetcher.fetch()
        springfield.clock.advance(60)
        _ = try springfield.nextRun { $0.language = "de" }.fetch()
        #expect(springfield.transport.requests.count == 3, "the forecast alone")
        #expect(try #require(springfield.store.loadAlerts()).language == "en")
    }

    @Test("a warning whose message expires before its hazard ends: the answer is fresh until that expiry, no later")
    func freshUntilUpdateDue() throws {
        let fixture = try Self.context(
            Self.springfield,
            [
                .fixture("open-meteo/forecast/berlin.json"),
                .fixture(
                    "nws/variants/springfield-missouri-flood-continued.json",
                    headers: [("Cache-Control", "public, max-age=7200")]),
                .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
                .fixture("nws/springfield-missouri.json"),
            ])
        _ = try fixture.fetcher.fetch()
        let saved = try #require(fixture.store.loadAlerts())
        let watch = try #require(saved.alerts.first)
        #expect(watch.event == "Flood Watch" && watch.expires == fixture.clock.now() + 1800)
        #expect(saved.freshUntil == fixture.clock.now() + 1800, "its max-age would say two hours")
        fixture.clock.advance(1799)
        _ = try fixture.nextRun().fetch()
        #expect(fixture.transport.requests.count == 3, "still fresh: the forecast alone")
        fixture.clock.advance(1)
        _ = try fixture.nextRun().fetch()
        #expect(fixture.transport.requests.count == 5, "the update is due: one request")
        #expect(
            try #require(fixture.store.loadAlerts()).alerts.map(\.event) == [
                "Severe Thunderstorm Warning", "Flood Watch",
            ])
    }

    @Test("a warnings file answered \"in the future\" is not fresh: the service is asked, without its validators")
    func answerInTheFuture() throws {
        let fixture = try Self.context(
            TestContext.berlin, [.fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json")])
        let now = fixture.clock.now()
        let future = now + 365 * 86_400
        try fixture.store.saveAlerts(
            SavedAlerts(
                source: .dwd, latitude: TestContext.berlin.latitude, longitude: TestContext.berlin.longitude,
                language: "en", checkedAt: future, freshUntil: future + 3600,
                cachingHeaders: CachingHeaders(etag: "\"x\""), alerts: []),
            texts: AlertTexts(details: [:]))
        _ = try fixture.fetcher.fetch()
        let asked = try #require(fixture.transport.requests.last)
        #expect(asked.url == "http://127.0.0.1:9/alerts?lat=52.5244&lon=13.4105")
        #expect(!asked.headers.contains { $0.0 == "If-None-Match" })
        let saved = try #require(fixture.store.loadAlerts())
        #expect(saved.checkedAt == now && saved.alerts.map(\.event) == ["Gale-force gusts", "Wind gusts"])
    }

    @Test("a failing warnings service never costs the forecast: it is saved, the warnings kept as the last known")
    func failureKeepsTheForecast() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/forecast-berlin-later.json"), .fixture("brightsky/errors/503.txt", status: 503),
                .fixture("open-meteo/forecast/berlin.json"),
            ])
        _ = try fixture.fetcher.fetch()
        let before = try #require(fixture.store.loadAlerts())
        fixture.clock.advance(400)
        guard case .newData(let later) = try fixture.nextRun().fetch() else {
            Issue.record("the new forecast is new data, whatever the warnings did")
            return
        }
        #expect(fixture.store.loadResult().result == later)
        let after = try #require(fixture.store.loadAlerts())
        #expect(after.alerts == before.alerts && after.checkedAt == before.checkedAt)
        #expect(after.failure?.reason.contains("HTTP 503") == true, "\(String(describing: after.failure))")
        // Its own back-off, kept apart from the forecast's (both services are on 127.0.0.1:9 here).
        #expect(Array(fixture.store.loadBackoffs().keys) == ["127.0.0.1:9/alerts"])
        fixture.clock.advance(10)
        _ = try fixture.nextRun().fetch()
        #expect(
            fixture.transport.requests.count == 5, "the warnings wait out the service's pause; the forecast does not")
    }

    @Test("a place in Puerto Rico gets the NWS's warnings, one in Svalbard MET Norway's")
    func territories() throws {
        let sanJuan = Location(
            id: 4_568_127, name: "San Juan", region: "San Juan", country: "Puerto Rico", countryCode: "PR",
            latitude: 18.46633, longitude: -66.10572, timezone: "America/Puerto_Rico")
        let fixture = try Self.context(
            sanJuan,
            [.fixture("open-meteo/forecast/new-york.json"), .fixture("nws/variants/springfield-missouri-tornado.json")])
        _ = try fixture.fetcher.fetch()
        #expect(fixture.transport.requests.last?.url == "http://127.0.0.1:9/alerts/active?point=18.4663,-66.1057")
        #expect(fixture.store.loadAlerts()?.source == .nws)
        let longyearbyen = Location(
            id: 2_729_907, name: "Longyearbyen", region: "Svalbard", country: "Svalbard and Jan Mayen",
            countryCode: "SJ", latitude: 78.2232, longitude: 15.6469, timezone: "Arctic/Longyearbyen")
        let arctic = try Self.context(
            longyearbyen,
            [.fixture("open-meteo/forecast/bergen.json"), .fixture("metalerts/variants/bergen-none.en.json")],
            contact: "ann@example.org")
        _ = try arctic.fetcher.fetch()
        #expect(arctic.transport.requests.last?.url.hasSuffix("/current.json?lat=78.2232&lon=15.6469&lang=en") == true)
        #expect(arctic.store.loadAlerts()?.source == .metNorway)
    }

    @Test("the forecast failing or pausing: the warnings are asked all the same, the forecast's failure thrown")
    func forecastFails() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/errors/daily-limit.json", status: 429),
                .fixture("brightsky/variants/berlin-none.json"), .fixture("brightsky/berlin.json"),
            ])
        let first = try fixture.fetcher.fetch().result
        let alertsURL = "http://127.0.0.1:9/alerts?lat=52.5244&lon=13.4105"
        fixture.clock.advance(400)
        do {
            _ = try fixture.nextRun().fetch()
            Issue.record("the forecast's 429 is the run's failure")
        } catch {
            guard case .backingOff = error else { throw error }
        }
        #expect(fixture.transport.requests.count == 4 && fixture.transport.requests.last?.url == alertsURL)
        let asked = try #require(fixture.store.loadAlerts())
        #expect(asked.checkedAt == fixture.clock.now() && asked.failure == nil && asked.alerts.isEmpty)
        #expect(fixture.store.loadResult().result == first, "the saved result untouched")
        // The forecast's pause lasts until midnight UTC; the warnings, past their freshness, are asked alone.
        fixture.clock.advance(400)
        do {
            _ = try fixture.nextRun().fetch(for: .background)
            Issue.record("the forecast's pause holds")
        } catch {
            guard case .backingOff = error else { throw error }
        }
        #expect(fixture.transport.requests.count == 5 && fixture.transport.requests.last?.url == alertsURL)
        #expect(fixture.store.loadAlerts()?.alerts.map(\.event) == ["Gale-force gusts", "Wind gusts"])
        #expect(fixture.store.loadResult().result == first)
    }

    @Test("no time left for the warnings: the forecast saved, the warnings marked as the last known")
    func noTimeLeft() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/forecast-berlin-later.json"),
            ])
        _ = try fixture.fetcher.fetch()
        let before = try #require(fixture.store.loadAlerts())
        fixture.clock.advance(400)
        let run = fixture.nextRun()
        run.limitNetworkTime(to: 0.5, setting: "WEATHER_TIMEOUT")
        guard case .newData(let result) = try run.fetch() else {
            Issue.record("the new forecast is new data")
            return
        }
        #expect(fixture.store.loadResult().result == result)
        #expect(fixture.transport.requests.count == 3, "no warnings request")
        let after = try #require(fixture.store.loadAlerts())
        #expect(after.alerts == before.alerts && after.checkedAt == before.checkedAt)
        #expect(after.failure?.at == fixture.clock.now())
        let reason = try #require(after.failure?.reason)
        #expect(
            reason.hasPrefix("the run's time budget, ")
                && reason.hasSuffix(" (WEATHER_TIMEOUT), was spent before they could be asked for"), "\(reason)")
        guard case .failed(let said) = run.warnings.lastOutcome else {
            Issue.record("\(String(describing: run.warnings.lastOutcome))")
            return
        }
        #expect(said == reason)
    }

    @Test("the warnings service pausing, or MET Norway not to be asked: the saved ones marked as the last known")
    func notAskedIsMarked() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/forecast/berlin.json"),
            ])
        _ = try fixture.fetcher.fetch()
        try fixture.store.saveBackoffs([
            "127.0.0.1:9/alerts": Backoff.after(
                refusal: "HTTP 429: Too Many Requests", retryAfter: "3600", previous: nil, now: fixture.clock.now())
        ])
        fixture.clock.advance(400)
        _ = try fixture.nextRun().fetch()
        #expect(fixture.transport.requests.count == 3, "the warnings service's pause holds")
        let paused = try #require(fixture.store.loadAlerts())
        #expect(paused.failure?.at == fixture.clock.now() && paused.alerts.count == 2)
        #expect(paused.failure?.reason.contains("asked weather to slow down (HTTP 429: Too Many Requests)") == true)

        let bergen = try Self.context(
            Self.bergen, [.fixture("open-meteo/forecast/bergen.json"), .fixture("metalerts/bergen.en.json")],
            contact: "ann@example.org")
        _ = try bergen.fetcher.fetch()
        bergen.clock.advance(700)
        bergen.transport.queue(.fixture("open-meteo/forecast/bergen.json"))
        _ = try bergen.nextRun(settings: { $0.contact = nil }).fetch()
        #expect(bergen.transport.requests.count == 3)
        let refused = try #require(bergen.store.loadAlerts())
        #expect(refused.failure?.reason.contains("WEATHER_CONTACT") == true && refused.alerts.count == 2)
    }

    @Test("no source for the place's country: no request, and the warnings of a place before are removed")
    func uncovered() throws {
        let fixture = try Self.context(Self.paris, [.fixture("open-meteo/forecast/paris.json")])
        try fixture.store.saveAlerts(SavedAlertsTests.saved([]), texts: AlertTexts(details: [:]))
        _ = try fixture.fetcher.fetch()
        #expect(fixture.transport.requests.count == 1)
        #expect(!FileIO.exists(fixture.store.paths.alertsFile) && !FileIO.exists(fixture.store.paths.alertTextsFile))
        #expect(fixture.fetcher.warnings.lastOutcome == .uncovered)
    }

    @Test("warnings off: no request and nothing saved, in a country a source covers too")
    func off() throws {
        let fixture = try Self.context(TestContext.berlin, [.fixture("open-meteo/forecast/berlin.json")], alerts: false)
        _ = try fixture.fetcher.fetch()
        #expect(fixture.transport.requests.count == 1 && fixture.store.loadAlerts() == nil)
        #expect(fixture.fetcher.savedAlerts(for: TestContext.berlin) == nil)
    }

    @Test("MET Norway: no request without a contact; with one, its answer in English")
    func metNorway() throws {
        let without = try Self.context(Self.bergen, [.fixture("open-meteo/forecast/bergen.json")])
        _ = try without.fetcher.fetch()
        #expect(without.transport.requests.count == 1)
        guard case .notAsked(let reason) = without.fetcher.warnings.lastOutcome else {
            Issue.record("\(String(describing: without.fetcher.warnings.lastOutcome))")
            return
        }
        #expect(reason.contains("WEATHER_CONTACT"))
        let with = try Self.context(
            Self.bergen, [.fixture("open-meteo/forecast/bergen.json"), .fixture("metalerts/bergen.en.json")],
            contact: "ann@example.org")
        _ = try with.fetcher.fetch()
        #expect(with.transport.requests.last?.url.hasSuffix("?lat=60.3930&lon=5.3242&lang=en") == true)
        #expect(with.store.loadAlerts()?.alerts.first?.event == "Strong wind gusts")
    }

    @Test("new warnings under the same weather are new data, posted as WeatherUpdated")
    func newWarningsAreNewData() throws {
        let fixture = try Self.context(
            TestContext.berlin,
            [
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/variants/berlin-none.json"),
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
                .fixture("open-meteo/forecast/berlin.json"), .fixture("brightsky/berlin.json"),
            ])
        _ = try fixture.fetcher.fetch()
        fixture.clock.advance(400)
        guard case .newData = try fixture.nextRun().fetch() else {
            Issue.record("a gale warning issued is new data")
            return
        }
        fixture.clock.advance(400)
        guard case .noData = try fixture.nextRun().fetch() else {
            Issue.record("the same warnings and weather are not")
            return
        }
    }
}
