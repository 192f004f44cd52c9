import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Background refresh: intervals and the user's choice")
struct BackgroundRefreshTests {
    @Test(
        "intervals read as people write them",
        arguments: [
            ("minimum", FetchInterval.minimum), ("never", .never), (" NEVER ", .never), ("30m", .every(1800)),
            ("2h", .every(7200)),
            ("900", .every(900)),
        ])
    func parsesIntervals(text: String, interval: FetchInterval) {
        #expect(FetchInterval(parsing: text) == interval)
    }

    @Test(
        "under 5 minutes or over 7 days is refused with a reason; nothing is applied or saved",
        arguments: [
            (
                120.0,
                "every 2 min is too often: background refresh runs at most every 5 minutes, because waking more often drains batteries and hammers a free service, and the data changes only every 15 minutes; use weather schedule minimum"
            ),
            (0.0, "every 0 s is too often"),
            (8 * 86_400.0, "every 8 days is too rarely: the longest interval is 7 days"),
        ])
    func refusesIntervals(seconds: Double, sentence: String) throws {
        let fixture = try TestContext()
        let scheduler = RecordingScheduler()
        let background = BackgroundRefresh(store: fixture.store, scheduler: scheduler)
        #expect {
            try background.choose(.every(seconds), placeSaved: true)
        } throws: { error in
            (error as? WeatherError)?.description.hasPrefix(sentence) == true
                && (error as? WeatherError)?.exitCode == 64
        }
        #expect(scheduler.recorded.isEmpty)
        #expect(try fixture.store.loadPreferredInterval() == nil)
    }

    @Test("a choice applies at once with a place saved, from the next set without one, and survives logout")
    func choice() throws {
        let fixture = try TestContext()
        let scheduler = RecordingScheduler()
        let background = BackgroundRefresh(store: fixture.store, scheduler: scheduler)
        #expect(try background.preferredInterval() == .minimum)
        try background.choose(.every(7200), placeSaved: false)
        #expect(scheduler.recorded.isEmpty)
        #expect(try background.enable() == .every(7200))
        try background.choose(.every(2700), placeSaved: true)
        _ = try background.disable()
        #expect(try background.preferredInterval() == .every(2700))
        try background.choose(.never, placeSaved: false)
        #expect(scheduler.recorded == [.every(7200), .every(2700), .never, .never])
        #expect(background.summary(of: .every(7200)) == "Background refresh: every 2 h (weather schedule changes it).")
        #expect(background.summary(of: .never) == "Background refresh is off (weather schedule minimum turns it on).")
    }

    @Test("the schedule report says the interval, the timer's state and the next run")
    func report() throws {
        let fixture = try TestContext()
        let background = BackgroundRefresh(store: fixture.store, scheduler: RecordingScheduler())
        #expect(
            try background.report(placeSaved: false, now: fixture.clock.now(), in: .fixed(offsetSeconds: 0)) == """
                Interval: every 15 min (minimum: as often as the data changes)
                          from the next weather set <city>: no place is saved
                Timer:    weather-refresh.timer, not installed
                """)
        try background.choose(.never, placeSaved: true)
        #expect(
            try background.report(placeSaved: true, now: fixture.clock.now(), in: .fixed(offsetSeconds: 0)).hasPrefix(
                "Interval: never (background refresh is off; weather schedule minimum turns it on)\n"))
    }

    @Test("a damaged choice file is reported with what to run")
    func corruptChoice() throws {
        let fixture = try TestContext()
        try FileIO.createDirectory(fixture.store.paths.stateDirectory)
        try FileIO.writeAtomically(Array("{\"interval\":\"sometimes\"}".utf8), to: fixture.store.paths.scheduleFile)
        #expect {
            _ = try fixture.store.loadPreferredInterval()
        } throws: { error in
            (error as? StoreError)?.description.hasSuffix(
                "; run weather schedule minimum (or another interval) to choose again") == true
        }
    }
}
