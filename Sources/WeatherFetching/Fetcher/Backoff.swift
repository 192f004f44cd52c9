package import WeatherModel
import WeatherSources
import WeatherSystem

/// A pause every process respects after a service said it has had too much (429) or is unavailable (503):
/// until `Retry-After` when the service sent one, otherwise exponentially longer with each refusal, with
/// jitter, from one minute up to an hour.
///
/// A request that failed (no answer, a dropped connection, a 500, 502 or 504) is recorded too, as a
/// shared failure: callers waiting behind it and those within `sharedFailureWindow` after it report that
/// failure instead of asking again, and background runs pause as after a refusal; a success ends it.
package struct Backoff: Sendable, Equatable {
    /// How long after a failed request every caller reports it rather than asking again.
    package static let sharedFailureWindow = 60.0

    /// The first pause without a `Retry-After`.
    static let firstPause = 60.0
    /// The longest pause without a `Retry-After`.
    static let longestPause = 3600.0
    /// The longest `Retry-After` honoured; a service asking for more is asked again after a day.
    package static let longestRetryAfter = 86_400.0

    /// No request to the service before this moment.
    package var until: Timestamp
    /// How many refusals in a row led here.
    var failures: Int
    /// The service's refusal, such as "HTTP 429: Minutely API request limit exceeded.", or the failure.
    package var reason: String
    /// Whether the service refused (everyone waits until `until`), or a request failed (background runs
    /// wait until `until`, callers who are looking for `sharedFailureWindow` after `at`).
    package var refused: Bool
    /// When it happened.
    package var at: Timestamp

    package init(until: Timestamp, failures: Int, reason: String, refused: Bool = true, at: Timestamp? = nil) {
        self.until = until
        self.failures = failures
        self.reason = reason
        self.refused = refused
        self.at = at ?? until
    }

    /// The pause after a failed request at `now`: as after a refusal without `Retry-After` (1, 2, 4, ...
    /// minutes, at most an hour) for background runs.
    package static func after(
        failure reason: String, previous: Backoff?, now: Timestamp, jitter: Double = Double.random(in: 0...0.25)
    ) -> Backoff {
        var backoff = after(refusal: reason, retryAfter: nil, previous: previous, now: now, jitter: jitter)
        backoff.refused = false
        backoff.at = now
        return backoff
    }

    /// When the pause ends for a caller: a background run waits it out; a caller who is looking waits
    /// it out after a refusal, and `sharedFailureWindow` after a failure.
    package func end(background: Bool) -> Timestamp {
        refused || background ? until : min(until, at + Self.sharedFailureWindow)
    }

    /// The pause after a refusal at `now`: `Retry-After` (seconds or an HTTP date) when given and readable;
    /// else, when the refusal names a daily or hourly limit, until the service counts afresh
    /// (`LimitWindow`); otherwise 1, 2, 4, ... minutes (up to an hour) for the 1st, 2nd, 3rd refusal in a
    /// row. Stretched by a random quarter at most (a quarter of 4 minutes after a window), so that clients
    /// refused together do not return together.
    package static func after(
        refusal reason: String, retryAfter: String?, previous: Backoff?, now: Timestamp,
        jitter: Double = Double.random(in: 0...0.25)
    ) -> Backoff {
        let failures = min((previous?.failures ?? 0), Self.mostFailures) + 1
        if let retryAfter, let pause = Self.pause(retryAfter: retryAfter, now: now) {
            return Backoff(until: now + min(pause, longestRetryAfter), failures: failures, reason: reason, at: now)
        }
        if let window = LimitWindow(reason: reason) {
            return Backoff(
                until: window.countsAfresh(after: now) + 240 * jitter, failures: failures, reason: reason, at: now)
        }
        var pause = firstPause
        for _ in 1..<min(failures, 8) where pause < longestPause { pause *= 2 }
        return Backoff(
            until: now + min(pause, longestPause) * (1 + jitter), failures: failures, reason: reason, at: now)
    }

    /// Seconds from `now` that a `Retry-After` value asks for; `nil` when it is unreadable.
    static func pause(retryAfter: String, now: Timestamp) -> Double? {
        let text = retryAfter.trimmingWhitespace()
        if let seconds = Freshness.deltaSeconds(text) { return seconds }
        return HTTPDate.parse(text).map { max(0, $0 - now) }
    }

    /// The count of refusals in a row is kept up to this many; the pause stops growing long before.
    static let mostFailures = 1000

    /// Whether this back-off could have been made by `after(refusal:...)` by `now`: a file that asks for
    /// a longer wait, or says it happened later than now, was not written by weather, and is ignored
    /// rather than obeyed for ever.
    package func isPlausible(at now: Timestamp) -> Bool {
        until - now <= Self.longestRetryAfter + 180 && at - now <= Timestamp.futureTolerance
            && (0...Self.mostFailures + 1).contains(failures)
    }

    /// Writes the back-off's members, as the state file keeps them.
    package func write(into writer: inout JSONWriter) {
        writer.field("until", until.iso8601())
        writer.field("failures", failures)
        writer.field("reason", reason)
        writer.field("refused", refused)
        writer.field("at", at.iso8601())
    }

    /// Reads what `write` wrote; a file from before failures were shared holds refusals only.
    package init(reading reader: JSONReader) throws(JSONShapeError) {
        self.init(
            until: try reader.iso8601("until"), failures: try reader.int("failures"),
            reason: try reader.text("reason", maximumLength: 400), refused: try reader.optionalBool("refused") ?? true,
            at: try reader.optionalField("at") != nil ? try reader.iso8601("at") : nil
        )
    }
}

/// A limit a service counts within a window of the clock, as Open-Meteo's refusals name them ("Daily API
/// request limit exceeded. Please try again tomorrow."): its counters of calls per address are cleared in
/// the first minute of each UTC day and hour (`RateLimiter` in its server source), and it sends no
/// `Retry-After`. A minutely limit, too many concurrent requests and an overloaded service are not
/// windows: the short pause serves them.
package enum LimitWindow: Sendable, Equatable {
    case day
    case hour

    /// The window `reason` names, if any.
    package init?(reason: String) {
        let words = reason.lowercased()
        if words.includes("daily api request limit") {
            self = .day
        } else if words.includes("hourly api request limit") {
            self = .hour
        } else {
            return nil
        }
    }

    /// The window's length in seconds.
    package var seconds: Double {
        switch self {
        case .day: 86_400
        case .hour: 3600
        }
    }

    /// When the service counts afresh after `now`: the next UTC midnight or hour, and the minute in which
    /// its counters are cleared.
    package func countsAfresh(after now: Timestamp) -> Timestamp {
        let next = ((now.secondsSince1970 / seconds).rounded(.down) + 1) * seconds
        return Timestamp(secondsSince1970: next + 60)
    }

}

/// The back-offs' file (`backoff.json`), kept by the fetcher's services that read it.
extension WeatherStore {
    /// The back-offs in force or past, by service host. A damaged file counts as none: it only ever
    /// makes us wait, so losing it costs a request, not data.
    func loadBackoffs() -> [String: Backoff] {
        guard let bytes = try? read(paths.backoffFile) else { return [:] }
        return Self.decodeBackoffs(bytes, path: paths.backoffFile)
    }

    /// The back-offs in `bytes`, the contents of the file at `path`; what cannot be read counts as none.
    package static func decodeBackoffs(_ bytes: [UInt8], path: String) -> [String: Backoff] {
        guard let reader = try? parse(bytes, path: path, remedy: .none), let hosts = try? reader.members() else {
            return [:]
        }
        var backoffs: [String: Backoff] = [:]
        for (host, value) in hosts {
            if let backoff = try? Backoff(reading: value) { backoffs[host] = backoff }
        }
        return backoffs
    }

    /// Saves the back-offs; none removes the file.
    func saveBackoffs(_ backoffs: [String: Backoff]) throws(StoreError) {
        guard !backoffs.isEmpty else {
            return try remove(paths.backoffFile)
        }
        var writer = JSONWriter()
        writer.object { writer in
            for (host, backoff) in backoffs.sorted(by: { $0.key < $1.key }) {
                writer.object(host) { backoff.write(into: &$0) }
            }
        }
        try write(writer.bytes, to: paths.backoffFile)
    }
}
