import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("The background-fetch handler")
struct BackgroundFetchHandlerTests {
    @Test("no saved place: background fetching is switched off and noData reported, without a request")
    func noLocation() throws {
        let fixture = try TestContext()
        let scheduler = RecordingScheduler()
        let report = BackgroundFetchHandler(fetcher: fixture.fetcher, scheduler: scheduler).performFetch()
        #expect(report.exitCode == 0)
        #expect(report.result == .noData)
        #expect(report.message == "no place saved; background refresh is disabled")
        #expect(scheduler.recorded == [.never])
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test("fresh: noData without a request; stale: fetch and report what came")
    func freshAndStale() throws {
        let fixture = try TestContext(answers: [
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
        #expect(fresh.message == "the result for Berlin, Land Berlin, Germany from just now stays fresh for 17 min")
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
        #expect(failed.exitCode == 1)
        #expect(failed.message.contains("it looks cut off"))
        #expect(try FileIO.read(fixture.store.paths.resultFile) == saved)
        #expect(scheduler.recorded.isEmpty)
    }
}
