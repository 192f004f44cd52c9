import Synchronization
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

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

    @Test(
        "a daily or hourly limit waits until the service counts afresh (UTC); the others take the short pause",
        arguments: [
            ("HTTP 429: Daily API request limit exceeded. Please try again tomorrow.", 1_791_504_060.0),
            ("HTTP 429: Hourly API request limit exceeded. Please try again in the next hour.", 1_791_482_460),
            ("HTTP 429: Minutely API request limit exceeded. Please try again in one minute.", nil),
            ("HTTP 429: Too many concurrent requests", nil),
            ("HTTP 503: The service is overloaded", nil),
        ] as [(String, Double?)])
    func limitWindows(reason: String, countsAfresh: Double?) {
        // 17:20:34 UTC: the next hour is 18:00, the next day 00:00, each a minute later for the counters.
        let now = Self.now + 1234
        for jitter in [0.0, 0.25] {
            let backoff = Backoff.after(refusal: reason, retryAfter: nil, previous: nil, now: now, jitter: jitter)
            if let countsAfresh {
                #expect(backoff.until.secondsSince1970 == countsAfresh + 240 * jitter)
                #expect(backoff.isPlausible(at: now))
            } else {
                #expect(backoff.until - now == 60 * (1 + jitter))
            }
        }
        // The service's own Retry-After still decides, as it is the more exact word.
        let told = Backoff.after(refusal: reason, retryAfter: "30", previous: nil, now: now, jitter: 0)
        #expect(told.until - now == 30)
        #expect((LimitWindow(reason: reason) != nil) == (countsAfresh != nil))
    }

    @Test("just before midnight UTC the daily window ends in a minute, not a day")
    func windowEdge() {
        let justBefore = Timestamp(secondsSince1970: 1_791_503_999)
        let backoff = Backoff.after(
            refusal: "HTTP 429: Daily API request limit exceeded.", retryAfter: nil, previous: nil, now: justBefore,
            jitter: 0)
        #expect(backoff.until - justBefore == 61)
    }

    @Test("a failed request: a minute for callers who look, 1, 2, 4 ... minutes for the timer; refusals bind everyone")
    func sharedFailure() throws {
        let first = Backoff.after(failure: "cannot reach h", previous: nil, now: Self.now, jitter: 0)
        #expect(!first.refused)
        #expect(first.end(background: false) - Self.now == 60)
        #expect(first.end(background: true) - Self.now == 60)
        let third = Backoff.after(
            failure: "cannot reach h",
            previous: Backoff.after(failure: "x", previous: first, now: Self.now, jitter: 0), now: Self.now, jitter: 0)
        #expect(third.end(background: true) - Self.now == 240)
        #expect(third.end(background: false) - Self.now == 60)
        let refusal = Backoff.after(refusal: "HTTP 429", retryAfter: "600", previous: nil, now: Self.now)
        #expect(refusal.end(background: false) - Self.now == 600)

        // Written and read back; a file from before shared failures holds refusals.
        var writer = JSONWriter()
        writer.object { third.write(into: &$0) }
        #expect(try Backoff(reading: JSONDocument(parsing: writer.bytes).reader) == third)
        let old = Array(#"{"until":"2026-10-08T17:10:00Z","failures":2,"reason":"HTTP 503"}"#.utf8)
        let read = try Backoff(reading: JSONDocument(parsing: old).reader)
        #expect(read.refused)
        #expect(read.end(background: false) == read.until)
    }
}
