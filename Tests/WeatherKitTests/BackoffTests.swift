import Synchronization
import Testing

@testable import WeatherKit

@Suite("Back-off after 429 and 503")
struct BackoffTests {
    static let now = Timestamp(secondsSince1970: 1_791_478_800)

    @Test(
        "Retry-After in seconds or as an HTTP date decides",
        arguments: [
            ("120", 120.0), ("0", 0.0), ("Thu, 08 Oct 2026 17:05:00 GMT", 300.0),
            ("Thu, 08 Oct 2026 16:00:00 GMT", 0.0),
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
            let backoff = Backoff.after(
                refusal: "HTTP 503", retryAfter: previous == nil ? "soon" : nil, previous: previous, now: Self.now,
                jitter: 0)
            pauses.append(backoff.until - Self.now)
            previous = backoff
        }
        #expect(pauses == [60, 120, 240, 480, 960, 1920, 3600, 3600, 3600])
        #expect(previous?.failures == 9)
        for _ in 0..<50 {
            let jittered =
                Backoff.after(refusal: "HTTP 503", retryAfter: nil, previous: nil, now: Self.now).until - Self.now
            #expect((60...75).contains(jittered))
        }
    }
}
