/// When a result stops being fresh, so that nobody asks for data that cannot have changed yet.
///
/// In RFC 9111's order: an explicit lifetime from the server (`Cache-Control: max-age`, else `Expires`
/// minus `Date`) first; without one, `WEATHER_STALE_AFTER` when set; otherwise the data's own clock:
/// values observed at `current.time` are replaced at `current.time + current.interval`, and published a
/// little after.
package struct Freshness: Sendable, Equatable {
    /// The interval assumed when a result does not state its own: Open-Meteo's 15 minutes.
    package static let defaultInterval = 900.0
    /// How often a service may say its values change: from a minute to a day. Anything else would make
    /// `weather` ask too often, or never.
    package static let intervals = 60.0...86_400.0
    /// How long after the data's update time the new values are surely published.
    package static let publishDelay = 120.0
    /// The shortest time between two requests that the data's clock alone allows: when the service is
    /// late with new values, it is asked again at this pace, not at every call.
    package static let recheckDelay = 90.0

    /// `WEATHER_STALE_AFTER`, when set.
    package var staleAfter: Double?

    package init(staleAfter: Double?) {
        self.staleAfter = staleAfter
    }

    /// Where a result's freshness comes from.
    package enum Source: String, Sendable, Equatable {
        /// `Cache-Control: max-age` or `Expires`.
        case server
        /// `WEATHER_STALE_AFTER`.
        case setting
        /// `current.time + current.interval`.
        case data

        /// The synthesized initializer, written out: that one searches an array of the names, whose type
        /// the runtime sets up on first use (4,000 instructions in a run of `show`, which reads one).
        package init?(rawValue: String) {
            switch rawValue {
            case "server": self = .server
            case "setting": self = .setting
            case "data": self = .data
            default: return nil
            }
        }
    }

    /// The longest a result stays fresh, whatever the server or the data say: current weather a day old is
    /// no longer current, and a response that claims otherwise (a far `max-age` or `Expires`, a
    /// `current.time` years ahead) must not keep every later run from asking again.
    package static let longestLifetime = 86_400.0
    /// How far a result's `updatedAt` may lie ahead of the clock before it counts as stale: a clock that
    /// was set back, or a file written by something else, must not make a result fresh for ever.
    package static let clockTolerance = 60.0

    /// A moment a result turns stale, and which rule says so.
    package struct Moment: Sendable, Equatable {
        package var moment: Timestamp
        package var source: Source
    }

    /// The moment `result` becomes stale, and why then: the server's lifetime, else the setting, else the
    /// data's clock. The first and the last were worked out when the result was made (`natural(for:)`).
    package func staleAt(_ result: WeatherResult) -> (moment: Timestamp, source: Source) {
        let natural = result.naturalStaleAt
        if natural.source == .data, let staleAfter {
            return (result.updatedAt + staleAfter, .setting)
        }
        return (natural.moment, natural.source)
    }

    /// When `result` turns stale without `WEATHER_STALE_AFTER`: by the server's explicit lifetime when it
    /// gave one, otherwise by the data's own clock; never more than `longestLifetime` after `updatedAt`.
    package static func natural(for result: WeatherResult) -> Moment {
        if let lifetime = serverLifetime(result.cachingHeaders, receivedAt: result.updatedAt) {
            return Moment(moment: result.updatedAt + lifetime, source: .server)
        }
        let longest = result.updatedAt + longestLifetime
        let interval = (result.interval ?? defaultInterval).clamped(to: Freshness.intervals)
        let nextValues = result.observedAt + interval + publishDelay
        return Moment(
            moment: min(max(nextValues, result.updatedAt + min(recheckDelay, interval)), longest), source: .data)
    }

    /// Whether `result` is stale at `now`: past its moment, or fetched "in the future" by a clock that
    /// has since been set back.
    package func isStale(_ result: WeatherResult, at now: Timestamp) -> Bool {
        now >= staleAt(result).moment || result.updatedAt - now > Self.clockTolerance
    }

    /// Whether `result` is shown as stale at `now` (the text's mark, a status bar's class, `--json`'s
    /// `stale`): when its replacement by background refresh is overdue (`overdueAt`), not merely when new
    /// values exist, which the timer fetches minutes later by design; or when `WEATHER_STALE_AFTER` says
    /// so. Without a scheduled refresh, when new values exist.
    package func showsStale(_ result: WeatherResult, at now: Timestamp) -> Bool {
        now >= showsStaleAt(result) || result.updatedAt - now > Self.clockTolerance
    }

    /// The moment `result` starts to be shown as stale (`showsStale`).
    package func showsStaleAt(_ result: WeatherResult) -> Timestamp {
        let stale = staleAt(result)
        guard stale.source != .setting, let overdueAt = result.overdueAt else { return stale.moment }
        return max(overdueAt, stale.moment)
    }

    /// The freshness the server gave, in seconds from `receivedAt`, at most `longestLifetime`: `max-age`
    /// less the response's age when it arrived, else `Expires` less `Date`; `no-cache` and `no-store`, an
    /// invalid `Expires` (such as `0`) or one in the past mean no freshness at all. `nil` when the server
    /// said nothing.
    package static func serverLifetime(_ headers: CachingHeaders, receivedAt: Timestamp) -> Double? {
        guard headers.cacheControl != nil || headers.expires != nil else { return nil }
        let date = headers.date.flatMap(HTTPDate.parse)
        let directives = (headers.cacheControl ?? "").lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
        if directives.contains(where: { $0 == "no-cache" || $0 == "no-store" }) { return 0 }
        let lifetime: Double
        if let maxAge = directives.lazy.compactMap({ directive -> Double? in
            guard directive.hasPrefix("max-age=") else { return nil }
            return deltaSeconds(directive.dropFirst("max-age=".count).trimmingCharacters(in: "\""))
        }).first {
            // The age it already had: what the Age header says, or what the Date header shows.
            let apparentAge = date.map { max(0, receivedAt - $0) } ?? 0
            let age = max(apparentAge, headers.age.flatMap(deltaSeconds) ?? 0)
            lifetime = maxAge - age
        } else if let expires = headers.expires {
            guard let expiry = HTTPDate.parse(expires) else { return 0 }
            lifetime = expiry - (date ?? receivedAt)
        } else {
            return nil
        }
        return lifetime.clamped(to: 0...longestLifetime)
    }

    /// RFC 9111's delta-seconds: one or more ASCII digits, and no more than 2^31 however many there are
    /// (section 1.2.2). `nil` for anything else (`inf`, `1e300`, `-5`).
    package static func deltaSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return nil
        }
        return min(Double(text) ?? 2_147_483_648, 2_147_483_648)
    }
}
