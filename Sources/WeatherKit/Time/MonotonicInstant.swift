import Glibc
import WeatherModel

/// A moment on the monotonic clock, which no change of the wall clock moves: for budgets and durations.
struct MonotonicInstant: Sendable, Comparable {
    /// Seconds since an arbitrary start (the system's boot).
    var seconds: Double

    /// Now.
    static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(seconds: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }

    /// Seconds elapsed since this instant.
    var elapsed: Double { MonotonicInstant.now().seconds - seconds }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.seconds < rhs.seconds }
}
