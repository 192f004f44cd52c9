package import WeatherModel
import WeatherSystem

/// When background refresh runs for this user: the clock times of the timer's schedule (`RefreshUnits`),
/// on the user's clock as systemd's calendar reads it, plus the user's own fixed delay (`FixedDelay`);
/// or, for a period from the timer's start, an interval plus the delay after the last run. From it, the
/// moment a result's replacement is overdue: what a status bar marks as stale.
package struct RunSchedule: Sendable, Equatable {
    /// Seconds between runs.
    package var interval: Double
    /// The user's delay after each clock time, within the interval's spread.
    package var delay: Double
    /// The user's offset from UTC, in seconds, when the clock times are worked out.
    package var utcOffset: Int

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

    /// The first run at or after `moment`, as systemd schedules them after the timer's last trigger,
    /// `lastRun`: the delay after the first clock time past the last trigger (after a run caught up on
    /// waking, the clock time it stood in for is not run again), then every step; for a period from the
    /// timer's start, an interval and the delay after the last trigger. Without a last trigger (cron, a
    /// timer that never ran), at every clock time.
    package func firstRun(atOrAfter moment: Timestamp, lastRun: Timestamp?) -> Timestamp {
        guard let step = RefreshUnits.ClockStep(every: interval) else {
            return max(moment, (lastRun ?? moment) + interval + delay)
        }
        let period = Double(step.seconds)
        let base = Double(RefreshUnits.publishDelayMinutes * 60) - Double(utcOffset)
        // Clock times are base + k * period; a run is `delay` after one.
        let afterLastRun = lastRun.map { ((($0.secondsSince1970 - base) / period).rounded(.down)) + 1 } ?? -.infinity
        let reachingMoment = ((moment.secondsSince1970 - delay - base) / period).rounded(.up)
        return Timestamp(secondsSince1970: base + max(afterLastRun, reachingMoment) * period + delay)
    }

    /// When `result`'s replacement is overdue: the first run after the moment new values exist (the
    /// data's clock, or the server's word), plus `grace`; `lastRun` is the timer's last trigger.
    package func overdueAt(_ result: WeatherResult, lastRun: Timestamp?) -> Timestamp {
        overdueAt(fetchingFrom: result.naturalStaleAt.moment, lastRun: lastRun)
    }

    /// When the replacement that the first run at or after `moment` fetches is overdue.
    package func overdueAt(fetchingFrom moment: Timestamp, lastRun: Timestamp?) -> Timestamp {
        // In whole seconds, as the cache file keeps its other moments: a shorter number to read at every show.
        Timestamp(
            secondsSince1970: (firstRun(atOrAfter: moment, lastRun: lastRun) + Self.grace).secondsSince1970.rounded(.up)
        )
    }
}
