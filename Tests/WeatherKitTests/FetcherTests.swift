import Synchronization
import Testing
@testable import WeatherKit

@Suite("WeatherFetcher: one cache, new data only when values change")
struct FetcherTests {
    @Test("set finds the place, fetches, saves both and posts WeatherUpdated")
    func setLocation() throws {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        let posted = Mutex<[WeatherResult]>([])
        fixture.notifications.addObserver(forName: .weatherUpdated) { note in
            posted.withLock { $0.append(note.object as! WeatherResult) }
        }
        let placement = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        #expect(placement.choice.location == FetcherFixture.berlin)
        #expect(placement.result.conditions.temperature == 10.9)
        #expect(placement.result.updatedAt == fixture.clock.now())
        #expect(try fixture.store.loadLocation() == FetcherFixture.berlin)
        #expect(fixture.store.loadResult() == .result(placement.result))
        #expect(posted.withLock { $0 } == [placement.result])
        #expect(fixture.transport.requests.count == 2)
    }

    @Test("a failed set leaves the saved place and result exactly as they were", arguments: [
        ScriptedTransport.Answer.fixture("open-meteo/geocoding/no-match.json"),
        .fixture("open-meteo/errors/geocoding-count.json", status: 400),
        .failure(.timedOut(host: "x", budget: 30)),
        .fixture("broken/geocoding-truncated.json"),
    ])
    func failedSet(answer: ScriptedTransport.Answer) throws {
        let fixture = try FetcherFixture(answers: [
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
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("broken/forecast-html.html"),
        ])
        #expect(throws: WeatherError.self) { _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin")) }
        #expect(!FileIO.exists(fixture.store.paths.resultFile))
        #expect(!FileIO.exists(fixture.store.paths.locationFile))
    }

    @Test("changed values are newData and posted; the same values are noData and not posted")
    func newOrNot() throws {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/forecast/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
            .fixture("open-meteo/forecast-berlin-later.json"),
        ])
        try fixture.store.saveLocation(FetcherFixture.berlin)
        let count = Mutex(0)
        fixture.notifications.addObserver(forName: .weatherUpdated) { _ in count.withLock { $0 += 1 } }
        guard case .newData = try fixture.fetcher.fetch() else { Issue.record("first fetch"); return }
        fixture.clock.advance(60)
        guard case .noData(let renewed) = try fixture.fetcher.fetch() else { Issue.record("same"); return }
        #expect(renewed.updatedAt == fixture.clock.now())
        #expect(fixture.store.loadResult().result?.updatedAt == fixture.clock.now())
        guard case .newData(let later) = try fixture.nextRun().fetch() else { Issue.record("later"); return }
        #expect(later.conditions.temperature == 10.4)
        #expect(count.withLock { $0 } == 2)
    }

    @Test("values converted from °F, read back from the file, are the same values: noData, not newData")
    func convertedValuesAreTheSame() throws {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/forecast-fahrenheit.json"), .fixture("open-meteo/forecast-fahrenheit.json"),
        ])
        try fixture.store.saveLocation(FetcherFixture.berlin)
        guard case .newData(let first) = try fixture.fetcher.fetch() else { Issue.record("first fetch"); return }
        // The conversion leaves more digits than the file keeps: the values differ in memory, not in meaning.
        #expect(fixture.store.loadResult().result?.conditions != first.conditions)
        fixture.clock.advance(60)
        guard case .noData = try fixture.nextRun().fetch() else { Issue.record("the same values again"); return }
    }

    @Test("a failed fetch leaves the saved result untouched and posts nothing")
    func failedFetch() throws {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/forecast/berlin.json"), .fixture("broken/forecast-null-temperature.json"),
        ])
        try fixture.store.saveLocation(FetcherFixture.berlin)
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
        let fixture = try FetcherFixture(answers: [.fixture("open-meteo/forecast/paris.json")])
        let paris = Location(id: 2_988_507, name: "Paris", latitude: 48.85341, longitude: 2.3488)
        try fixture.store.saveLocation(paris)
        _ = try fixture.fetcher.fetch()
        #expect(fixture.fetcher.cachedResult(for: paris) != nil)
        #expect(fixture.fetcher.cachedResult(for: FetcherFixture.berlin) == nil)
    }

    @Test("forgetting removes the files and says what was saved")
    func forget() throws {
        let fixture = try FetcherFixture(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        #expect(try fixture.nextRun().forgetLocation() == FetcherFixture.berlin)
        #expect(!FileIO.exists(fixture.store.paths.resultFile))
        #expect(try fixture.nextRun().forgetLocation() == nil)
    }

    @Test("no saved place: nothing to fetch")
    func noPlace() throws {
        let fixture = try FetcherFixture()
        #expect(throws: WeatherError.noLocation) { _ = try fixture.fetcher.fetch() }
        #expect(fixture.transport.requests.isEmpty)
    }
}
