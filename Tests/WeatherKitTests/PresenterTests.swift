import Testing
@testable import WeatherKit

@Suite("WeatherPresenter: the cache at once, the network only when stale and active")
struct PresenterTests {
    /// A fetcher with Berlin saved and fetched, at `age` seconds ago.
    func saved(age: Double, answers: [ScriptedTransport.Answer] = []) throws -> FetcherFixture {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ] + answers)
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        fixture.clock.advance(age)
        return fixture
    }

    @Test("fetches only when stale and active", arguments: [
        (0.0, AppState.active, WeatherPresenter.Source.automatic, false),
        (0, .inactive, .automatic, false),
        (1000, .active, .automatic, false),
        (1200, .active, .automatic, true),
        (1200, .inactive, .automatic, false),
        (1200, .inactive, .refresh, true),
        (0, .inactive, .refresh, false),
        (1200, .active, .cached, false),
    ])
    func decision(age: Double, state: AppState, source: WeatherPresenter.Source, fetches: Bool) throws {
        let fixture = try saved(age: age, answers: [.fixture("open-meteo/forecast-berlin-later.json")])
        let presenter = WeatherPresenter(fetcher: fixture.nextRun(), appState: state)
        let (_, cached, _) = try presenter.loadFromCache()
        #expect(presenter.needsRefresh(cached, in: presenter.effectiveState(source)) == fetches)
        let output = try presenter.show(source: source)
        #expect(fixture.transport.requests.count == (fetches ? 3 : 2))
        #expect(output.contains(fetches ? "10.4 °C" : "10.9 °C"))
        // Observed at 17:00, so stale from 17:17, when the 17:15 values are surely out.
        #expect(output.contains("(stale)") == (age >= 1020 && !fetches))
    }

    @Test("a failed refresh shows the saved result with a warning and its age")
    func failedRefresh() throws {
        let fixture = try saved(age: 1200, answers: [.fixture("broken/forecast-empty.json")])
        var warnings: [String] = []
        let output = try WeatherPresenter(fetcher: fixture.nextRun(), appState: .active).show { warnings.append($0) }
        #expect(output.contains("10.9 °C"))
        #expect(output.contains("Updated 20 min ago (stale)"))
        #expect(warnings == [
            "could not refresh: the forecast service at 127.0.0.1:9 sent a response weather cannot read: the body is empty; try again later, or check WEATHER_FORECAST_URL; showing the result from 20 min ago",
        ])
    }

    @Test("no saved place is an error telling what to run")
    func noLocation() throws {
        let fixture = try FetcherFixture()
        #expect(throws: WeatherError.noLocation) { _ = try WeatherPresenter(fetcher: fixture.fetcher, appState: .active).show() }
        #expect(WeatherError.noLocation.description.contains("weather set <city>"))
    }

    @Test("a place without a result is fetched when active, an error when not")
    func placeWithoutResult() throws {
        let fixture = try saved(age: 0, answers: [.fixture("open-meteo/forecast/berlin.json")])
        try FileIO.remove(fixture.store.paths.resultFile)
        #expect(throws: WeatherError.noResultYet(FetcherFixture.berlin)) {
            _ = try WeatherPresenter(fetcher: fixture.nextRun(), appState: .inactive).show()
        }
        #expect(try WeatherPresenter(fetcher: fixture.nextRun(), appState: .active).show().contains("10.9 °C"))
    }

    @Test("a damaged cache is reported, treated as empty, and replaced by a refresh")
    func corruptCache() throws {
        let fixture = try saved(age: 0, answers: [.fixture("open-meteo/forecast/berlin.json")])
        try FileIO.writeAtomically(Array("{\"format\":".utf8), to: fixture.store.paths.resultFile)
        var warnings: [String] = []
        let output = try WeatherPresenter(fetcher: fixture.nextRun(), appState: .active).show { warnings.append($0) }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("is damaged") == true)
        #expect(output.contains("10.9 °C"))
        #expect(fixture.store.loadResult().result != nil)
    }

    @Test("JSON output carries the contract's fields")
    func json() throws {
        let fixture = try saved(age: 1200)
        let text = try WeatherPresenter(fetcher: fixture.nextRun(), appState: .inactive).show(json: true)
        let reader = try JSONDocument(parsing: Array(text.utf8)).reader
        #expect(try reader.field("location").string("name") == "Berlin")
        #expect(try reader.field("location").string("country") == "Germany")
        #expect(try reader.field("location").double("latitude") == 52.52437)
        #expect(try reader.field("location").double("longitude") == 13.41053)
        #expect(try reader.double("temperature") == 10.9)
        #expect(try reader.string("updatedAt") == "2026-10-08T17:00:00Z")
        #expect(try reader.bool("stale") == true)
        #expect(try reader.field("units").string("windSpeed") == "m/s")
    }
}

@Suite("The background-fetch handler")
struct BackgroundFetchHandlerTests {
    @Test("no saved place: background fetching is switched off and noData reported, without a request")
    func noLocation() throws {
        let fixture = try FetcherFixture()
        let scheduler = RecordingScheduler()
        let report = BackgroundFetchHandler(fetcher: fixture.fetcher, scheduler: scheduler).performFetch()
        #expect(report.result == .noData)
        #expect(report.message == "no place saved; background refresh is disabled")
        #expect(scheduler.recorded == [.never])
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test("fresh: noData without a request; stale: fetch and report what came")
    func freshAndStale() throws {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast-berlin-later.json"),
            .fixture("broken/forecast-truncated.json"),
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        let scheduler = RecordingScheduler()
        func run() -> BackgroundFetchHandler.Report {
            BackgroundFetchHandler(fetcher: fixture.nextRun(), scheduler: scheduler).performFetch()
        }
        let fresh = run()
        #expect(fresh.result == .noData)
        #expect(fresh.message == "the result for Berlin, Land Berlin, Germany from just now is fresh until 17:17")
        #expect(fixture.transport.requests.count == 2)

        fixture.clock.advance(1200)
        let same = run()
        #expect(same.result == .noData)
        #expect(same.message == "the weather in Berlin, Land Berlin, Germany has not changed")

        fixture.clock.advance(1200)
        let new = run()
        #expect(new.result == .newData)
        #expect(new.message == "Berlin, Land Berlin, Germany: 10.4 °C, slight rain")
        #expect(new.line.hasPrefix("newData: Berlin, Land Berlin, Germany: 10.4 °C, slight rain ("))

        fixture.clock.advance(1200)
        let saved = try FileIO.read(fixture.store.paths.resultFile)
        let failed = run()
        #expect(failed.result == .failed)
        #expect(failed.message.contains("it looks cut off"))
        #expect(try FileIO.read(fixture.store.paths.resultFile) == saved)
        #expect(scheduler.recorded.isEmpty)
    }
}
