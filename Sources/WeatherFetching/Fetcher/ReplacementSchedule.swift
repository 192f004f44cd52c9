package import WeatherModel
package import WeatherSystem

/// When background refresh replaces the saved result, and so when a replacement is overdue: the user's
/// chosen schedule (`weather schedule`, `RunSchedule`) on their clock, with their own delay, counted from
/// the last run the background scheduler reports. What a status bar's stale mark means.
package struct ReplacementSchedule: Sendable {
    package let store: WeatherStore
    package let clock: any WallClock
    package let timeZone: LocalTimeZone
    /// This user's delay within the timer's spread; `nil` for none.
    package let fixedDelay: @Sendable () -> FixedDelay?
    /// When the background scheduler last started a run (systemd's timer, whose stamp `Persistent=`
    /// keeps); asked only when a result is saved.
    package let lastTrigger: @Sendable () -> Timestamp?

    package init(context: WeatherContext) {
        store = context.store
        clock = context.clock
        timeZone = context.timeZone
        fixedDelay = context.fixedDelay
        lastTrigger = { context.scheduler.lastTrigger() }
    }

    /// The saved place's background schedule as the user chose it, `minimum` being `dataInterval`;
    /// `nil` for `never`. Within what `weather schedule` allows, as the timer's is.
    package func runSchedule(dataInterval: Double?) -> RunSchedule? {
        guard let seconds = store.chosenInterval().seconds(dataInterval: dataInterval ?? Freshness.defaultInterval)
        else { return nil }
        let utcOffset = timeZone.offset(at: clock.now())
        guard let fixedDelay = fixedDelay() else {
            return RunSchedule(interval: seconds, delay: 0, utcOffset: utcOffset)
        }
        return RunSchedule(interval: seconds, fixedDelay: fixedDelay, utcOffset: utcOffset)
    }

    /// When background refresh's replacement of `result` (the saved place's) is overdue; `nil` when
    /// background refresh is off.
    func overdueAt(of result: WeatherResult) -> Timestamp? {
        overdueAt(fetchingFrom: result.naturalStaleAt.moment, dataInterval: result.interval)
    }

    /// When a replacement is overdue that the first run at or after `moment` fetches: that run, after
    /// the scheduler's last run (one reported from the future is not believed), plus the grace
    /// (`RunSchedule.overdueAt`); `nil` when background refresh is off.
    func overdueAt(fetchingFrom moment: Timestamp, dataInterval: Double?) -> Timestamp? {
        guard let schedule = runSchedule(dataInterval: dataInterval) else { return nil }
        let last = lastTrigger().flatMap { $0 <= clock.now() ? $0 : nil }
        return schedule.overdueAt(fetchingFrom: moment, lastRun: last)
    }
}
