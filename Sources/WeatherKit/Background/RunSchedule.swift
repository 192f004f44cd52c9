/// When background refresh runs for this user: the clock times of the timer's schedule (`RefreshUnits`),
/// on the user's clock as systemd's calendar reads it, plus the user's own fixed delay (`FixedDelay`);
/// or, for a period from the timer's start, an interval plus the delay after the last run. From it, the
/// moment a result's replacement is overdue: what a status bar marks as stale.
package struct RunSchedule: Sendable, Equatable {
    /// Seconds between runs.
    var interval: Double
    /// The user's delay after each clock time, within the interval's spread.
    var delay: Double
    /// The user's offset from UTC, in seconds, when the clock times are worked out.
    var utcOffset: Int

    /// How late a replacement may be before it is overdue: `AccuracySec=`, a run's own time (its
    /// budget is 30 s by default) and a margin.
    package static let grace = 120.0

    package init(interval: Double, delay: Double, utcOffset: Int) {
        self.interval = interval
        self.delay = delay
        self.utcOffset = utcOffset
    }

    /// The schedule of `interval` seconds for the user of `fixedDelay`, whose clock is `utcOffset` from UTC.
    package init(interval: Double, fixedDelay: FixedDelay, utcOffset: Int) {
        self.init(
            interval: interval, delay: fixedDelay.seconds(within: RefreshUnits.spread(for: interval)),
            utcOffset: utcOffset)
    }

    /// The first run at or after `moment`; for a period from the timer's start, at or after an interval
    /// and the delay from `lastRun` too.
    package func firstRun(atOrAfter moment: Timestamp, lastRun: Timestamp) -> Timestamp {
        guard let step = RefreshUnits.ClockStep(every: interval) else {
            return max(moment, lastRun + interval + delay)
        }
        let period = Double(step.seconds)
        let offset = Double(RefreshUnits.publishDelayMinutes * 60) + delay - Double(utcOffset)
        let steps = ((moment.secondsSince1970 - offset) / period).rounded(.up)
        return Timestamp(secondsSince1970: steps * period + offset)
    }

    /// When `result`'s replacement is overdue: the first run after the moment new values exist (the
    /// data's clock, or the server's word), plus `grace`.
    package func overdueAt(_ result: WeatherResult) -> Timestamp {
        firstRun(atOrAfter: result.naturalStaleAt.moment, lastRun: result.updatedAt) + Self.grace
    }
}
