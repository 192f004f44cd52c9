import Glibc

/// Tells the time of day. Injected, so that tests can say when "now" is.
public protocol WallClock: Sendable {
    /// The current moment.
    func now() -> Timestamp
}

/// The system's real-time clock.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }
}

/// A moment on the monotonic clock, which no change of the wall clock moves: for budgets and durations.
public struct MonotonicInstant: Sendable, Comparable {
    /// Seconds since an arbitrary start (the system's boot).
    public var seconds: Double

    /// Now.
    public static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(seconds: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }

    /// Seconds elapsed since this instant.
    public var elapsed: Double { MonotonicInstant.now().seconds - seconds }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.seconds < rhs.seconds }
}

/// The end of a run's time budget (`WEATHER_TIMEOUT`): every request and every wait of the run fits in it.
public struct Deadline: Sendable {
    /// The budget in seconds, as configured, for messages.
    public let budget: Double
    /// When the budget runs out.
    public let end: MonotonicInstant

    /// A budget of `seconds` starting now.
    public init(seconds: Double) {
        budget = seconds
        end = MonotonicInstant(seconds: MonotonicInstant.now().seconds + seconds)
    }

    /// Seconds left, never negative.
    public var remaining: Double { max(0, end.seconds - MonotonicInstant.now().seconds) }

    /// Whether no time is left.
    public var hasPassed: Bool { remaining <= 0 }
}
