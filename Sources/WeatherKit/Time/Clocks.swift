import Glibc
public import WeatherModel

/// Tells the time of day. Injected, so that tests can say when "now" is.
public protocol WallClock: Sendable {
    /// The current moment.
    func now() -> Timestamp
}

/// The system's real-time clock.
struct SystemClock: WallClock {
    init() {}

    /// `CLOCK_REALTIME`, now.
    public func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }
}
