import Glibc
import WeatherModel

/// A moment on the monotonic clock, which no change of the wall clock moves: for budgets and durations.
package struct MonotonicInstant: Sendable, Comparable {
    /// Seconds since an arbitrary start (the system's boot).
    package var seconds: Double

    /// Now.
    package static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(seconds: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }

    /// Seconds elapsed since this instant.
    package var elapsed: Double { MonotonicInstant.now().seconds - seconds }

    package static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.seconds < rhs.seconds }
}
