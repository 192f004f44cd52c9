import Synchronization
import TestSupport
import Testing

@testable import WeatherKit

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
