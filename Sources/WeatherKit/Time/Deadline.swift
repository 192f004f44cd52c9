import Glibc

/// The end of a run's time budget (`WEATHER_TIMEOUT`): every request and every wait of the run fits in it.
package struct Deadline: Sendable {
    /// The budget in seconds, as configured, for messages.
    let budget: Double
    /// When the budget runs out.
    let end: MonotonicInstant

    /// A budget of `seconds` starting now.
    init(seconds: Double) {
        budget = seconds
        end = MonotonicInstant(seconds: MonotonicInstant.now().seconds + seconds)
    }

    /// Seconds left, never negative.
    var remaining: Double { max(0, end.seconds - MonotonicInstant.now().seconds) }

    /// Whether no time is left.
    var hasPassed: Bool { remaining <= 0 }
}
