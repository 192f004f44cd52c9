/// When a result stops being fresh, so that nobody asks for data that cannot have changed yet.
public struct Freshness: Sendable, Equatable {
    /// The interval assumed when a result does not state its own: Open-Meteo's 15 minutes.
    public static let defaultInterval = 900.0

    /// `WEATHER_STALE_AFTER`, when set.
    public var staleAfter: Double?

    public init(staleAfter: Double?) {
        self.staleAfter = staleAfter
    }

    /// How long `result` stays fresh after its `updatedAt`: `WEATHER_STALE_AFTER` when set, otherwise the
    /// data's own update interval.
    public func lifetime(of result: WeatherResult) -> Double {
        staleAfter ?? result.interval ?? Self.defaultInterval
    }

    /// The moment `result` becomes stale.
    public func staleAt(_ result: WeatherResult) -> Timestamp {
        result.updatedAt + lifetime(of: result)
    }

    /// Whether `result` is stale at `now`.
    public func isStale(_ result: WeatherResult, at now: Timestamp) -> Bool {
        now >= staleAt(result)
    }
}
