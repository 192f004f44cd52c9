import Synchronization
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Freshness in RFC 9111's order")
struct FreshnessTests {
    /// Berlin observed at 17:00 (a 900 s interval), fetched at 17:04.
    static func result(_ cachingHeaders: CachingHeaders = CachingHeaders(), updatedAt: Double = 1_791_479_040)
        -> WeatherResult
    {
        WeatherResult(
            location: TestContext.berlin, conditions: CurrentConditions(temperature: 10.9),
            observedAt: Timestamp(secondsSince1970: 1_791_478_800), interval: 900,
            updatedAt: Timestamp(secondsSince1970: updatedAt), cachingHeaders: cachingHeaders
        )
    }

    static let fetched = Timestamp(secondsSince1970: 1_791_479_040)

    @Test("a source reads back from its name, and nothing else reads as one")
    func sourceNames() {
        for source in [Freshness.Source.server, .setting, .data] {
            #expect(Freshness.Source(rawValue: source.rawValue) == source)
        }
        for name in ["", "Server", "data ", "heuristic"] {
            #expect(Freshness.Source(rawValue: name) == nil)
        }
    }

    @Test(
        "each rule, and which one decides",
        arguments: [
            // The data's clock: the 17:15 values, published by 17:17.
            (CachingHeaders(), nil, 1020.0 - 240, Freshness.Source.data),
            // WEATHER_STALE_AFTER replaces the data's clock...
            (CachingHeaders(), 60.0, 60.0, .setting),
            (CachingHeaders(), 0.0, 0.0, .setting),
            // ...but never the server's explicit lifetime.
            (CachingHeaders(cacheControl: "public, max-age=600"), 0.0, 600.0, .server),
            (CachingHeaders(cacheControl: "max-age=\"600\""), nil, 600.0, .server),
            (CachingHeaders(cacheControl: "max-age=600", age: "100"), nil, 500.0, .server),
            (CachingHeaders(cacheControl: "max-age=600", date: "Thu, 08 Oct 2026 17:02:00 GMT"), nil, 480.0, .server),
            (CachingHeaders(cacheControl: "no-cache"), 3600.0, 0.0, .server),
            (
                CachingHeaders(cacheControl: "max-age=600", expires: "Thu, 08 Oct 2026 18:00:00 GMT"), nil, 600.0,
                .server
            ),
            (
                CachingHeaders(expires: "Thu, 08 Oct 2026 17:34:00 GMT", date: "Thu, 08 Oct 2026 17:04:00 GMT"), nil,
                1800.0, .server
            ),
            (CachingHeaders(expires: "Thu, 08 Oct 2026 17:34:00 GMT"), nil, 1800.0, .server),
            (CachingHeaders(expires: "0"), 3600.0, 0.0, .server),
            (CachingHeaders(expires: "Thu, 08 Oct 2026 16:00:00 GMT"), nil, 0.0, .server),
            // Validators alone say nothing about freshness.
            (CachingHeaders(etag: "\"v1\"", lastModified: "Thu, 08 Oct 2026 17:00:00 GMT"), nil, 780.0, .data),
        ] as [(CachingHeaders, Double?, Double, Freshness.Source)])
    func rules(cachingHeaders: CachingHeaders, staleAfter: Double?, lifetime: Double, source: Freshness.Source) {
        let (moment, decidedBy) = Freshness(staleAfter: staleAfter).staleAt(Self.result(cachingHeaders))
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
}

@Suite("The stale mark: when the replacement is overdue")
struct OverdueTests {
    static let quarter = Timestamp(secondsSince1970: 1_791_478_800)  // 2026-10-08 17:00 UTC

    @Test(
        "the first run after a moment: clock times plus the user's delay, on the user's clock; periods from the last run",
        arguments: [
            // interval, delay, offset, moment (from 17:00 UTC), first run (from 17:00 UTC)
            (900.0, 0.0, 0, 1020.0, 1020.0),
            (900.0, 300.0, 0, 1020.0, 1320.0),
            (900.0, 300.0, 0, 1321.0, 2220.0),
            (1800.0, 1000.0, 0, 0.0, 1120.0),
            (7200.0, 0.0, 0, 1.0, 3720.0),  // 17:00 is an odd hour: the next even one is 18:00
            (7200.0, 0.0, 3600, 1.0, 120.0),  // in UTC+1, 17:00 UTC is 18:00 local, an even hour
            (1800.0, 0.0, 20_700, 1.0, 1020.0),  // Nepal, UTC+5:45: runs at :17 and :47 UTC
            (2700.0, 60.0, 0, 0.0, 2760.0),  // a period: 45 min and the delay after the last run
        ] as [(Double, Double, Int, Double, Double)])
    func firstRun(interval: Double, delay: Double, offset: Int, moment: Double, expected: Double) {
        let schedule = RunSchedule(interval: interval, delay: delay, utcOffset: offset)
        #expect(schedule.firstRun(atOrAfter: Self.quarter + moment, lastRun: Self.quarter) == Self.quarter + expected)
    }

    @Test("after a run that caught up on waking, the clock time it stood in for is not run again")
    func afterCatchUp() {
        // 2 h, in UTC+5:30: clock times at 00:32, 02:32 ... UTC; a delay of 1 h 50 min. Woken at 01:52, the
        // timer catches up the run of 22:32; the next is 02:32's, at 04:22, not 00:32's at 02:22.
        let schedule = RunSchedule(interval: 7200, delay: 6600, utcOffset: 19_800)
        let midnight = Timestamp(secondsSince1970: 1_791_417_600)  // 2026-10-08 00:00 UTC
        let woken = midnight + 6720
        #expect(schedule.firstRun(atOrAfter: woken + 600, lastRun: woken) == midnight + 4 * 3600 + 1320)
        #expect(schedule.firstRun(atOrAfter: woken + 600, lastRun: nil) == midnight + 2 * 3600 + 1320)
    }

    func result(overdueAt: Timestamp?) -> WeatherResult {
        var result = WeatherResult(
            location: Location(name: "Berlin", latitude: 52.52, longitude: 13.41),
            conditions: CurrentConditions(temperature: 10), observedAt: Self.quarter, interval: 900,
            updatedAt: Self.quarter + 100)
        result.overdueAt = overdueAt
        return result
    }

    @Test("past the data's clock but before the run is overdue: fetched by a terminal, not marked stale")
    func notYetOverdue() {
        let freshness = Freshness(staleAfter: nil)
        let overdue = RunSchedule(interval: 900, delay: 300, utcOffset: 0).overdueAt(
            result(overdueAt: nil), lastRun: Self.quarter + 2)
        #expect(overdue == Self.quarter + 17 * 60 + 300 + RunSchedule.grace)
        let result = result(overdueAt: overdue)
        let now = Self.quarter + 20 * 60
        #expect(freshness.isStale(result, at: now), "new values exist: a terminal fetches")
        #expect(!freshness.showsStale(result, at: now), "the timer's run is not overdue: no mark")
        #expect(freshness.showsStale(result, at: overdue))
        #expect(freshness.showsStaleAt(result) == overdue)
        // Without a scheduled refresh, and with WEATHER_STALE_AFTER, the mark follows those clocks.
        #expect(Freshness(staleAfter: nil).showsStale(self.result(overdueAt: nil), at: now))
        #expect(Freshness(staleAfter: 60).showsStale(result, at: Self.quarter + 161))
        #expect(!Freshness(staleAfter: 3600).showsStale(result, at: now))
    }
}
