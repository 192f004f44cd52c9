public import WeatherModel
import WeatherSources
public import WeatherSystem

/// The app's side of background fetching: the interval the user chose (`weather schedule`, kept in the
/// state folder) and the scheduler that applies it. `set` turns it on at that interval, `logout` and a
/// background run with nothing to fetch turn it off, and neither forgets the user's choice.
public struct BackgroundRefresh: Sendable {
    /// The shortest interval allowed: more often drains batteries and hammers a free service.
    static let shortestInterval = 300.0
    /// The longest interval allowed.
    static let longestInterval = 7 * 86_400.0

    package let store: WeatherStore
    package let scheduler: any BackgroundScheduler

    package init(store: WeatherStore, scheduler: any BackgroundScheduler) {
        self.store = store
        self.scheduler = scheduler
    }

    /// The interval the user chose; `minimum` until they choose.
    func preferredInterval() throws(WeatherError) -> FetchInterval {
        do {
            return try store.loadPreferredInterval() ?? .minimum
        } catch {
            throw .store(error)
        }
    }

    /// Schedules background fetching at the chosen interval (after `set`); returns that interval.
    @discardableResult
    public func enable() throws(WeatherError) -> FetchInterval {
        let interval = try preferredInterval()
        try scheduler.setMinimumBackgroundFetchInterval(interval)
        return interval
    }

    /// Stops background fetching (after `logout`), keeping the chosen interval for the next `set`.
    /// Without a systemd user manager nothing was scheduled here, but a crontab line the user added may
    /// run refresh: returns which line that is, to remove.
    public func disable() throws(WeatherError) -> String? {
        try scheduler.setMinimumBackgroundFetchInterval(.never)
        let interval = store.chosenInterval()
        do throws(WeatherError) {
            _ = try scheduler.status(interval: interval == .never ? .minimum : interval)
        } catch {
            guard case .background(.noUserManager(_, .success(let line), _)) = error else { return nil }
            return tr(
                "Without systemd: if you added weather's line with crontab -e, remove it; it ends in \"refresh >/dev/null 2>&1\", as this one does:"
            ) + "\n" + line
        }
        return nil
    }

    /// Records `interval` as the user's choice and applies it: at once when a place is saved, otherwise
    /// from the next `set`. Intervals under 5 minutes or over 7 days are refused.
    public func choose(_ interval: FetchInterval, placeSaved: Bool) throws(WeatherError) {
        if case .every(let seconds) = interval {
            guard seconds >= Self.shortestInterval else { throw .background(.tooOften(seconds)) }
            guard seconds <= Self.longestInterval else { throw .background(.tooRarely(seconds)) }
        }
        do throws(WeatherError) {
            if placeSaved || interval == .never { try scheduler.setMinimumBackgroundFetchInterval(interval) }
        } catch {
            // Without a user manager the choice is still kept; `report` says what to do with cron.
            guard case .background(.noUserManager) = error else { throw error }
        }
        do {
            try store.savePreferredInterval(interval)
        } catch {
            throw .store(error)
        }
    }
}

extension BackgroundRefresh {
    /// Background refresh for a run: its files and its scheduler.
    public init(context: WeatherContext) {
        self.init(store: context.store, scheduler: context.scheduler)
    }

    /// One line for `set`: how often background refresh now runs.
    public func summary(of interval: FetchInterval) -> String {
        guard let seconds = scheduler.seconds(for: interval) else {
            return tr("Background refresh is off (weather schedule minimum turns it on).")
        }
        return tr(
            "Background refresh: every %s (weather schedule changes it).", DurationText.format(seconds).translated)
    }

    /// What `weather schedule` prints: the chosen interval, the timer's state and its next run; without a
    /// user manager, the crontab line to add for the interval, or (for `never`) which line to remove.
    public func report(placeSaved: Bool, now: Timestamp, in zone: LocalTimeZone) throws(WeatherError) -> String {
        try reportWithNextRun(placeSaved: placeSaved, now: now, in: zone).text
    }

    /// `report`, and the timer's next run it found (for the adaptive schedule's line), from one question
    /// to the scheduler.
    package func reportWithNextRun(placeSaved: Bool, now: Timestamp, in zone: LocalTimeZone) throws(WeatherError)
        -> (text: String, nextRun: Timestamp?)
    {
        let interval = try preferredInterval()
        let (intervalLabel, timerLabel, cronLabel) = (tr("Interval:"), tr("Timer:"), tr("Cron:"))
        let (nextLabel, lastLabel) = (tr("Next run:"), tr("Last run:"))
        var lines = LabelledLines(labels: [intervalLabel, timerLabel, cronLabel, nextLabel, lastLabel], gap: 1)
        switch (interval, scheduler.seconds(for: interval)) {
        case (.never, _), (_, nil):
            lines.add(intervalLabel, tr("never (background refresh is off; weather schedule minimum turns it on)"))
        case (.minimum, let seconds?):
            lines.add(
                intervalLabel,
                tr("every %s (minimum: as often as the data changes)", DurationText.format(seconds).translated))
        case (.every, let seconds?):
            lines.add(intervalLabel, tr("every %s", DurationText.format(seconds).translated))
        }
        if interval != .never, !placeSaved {
            lines.indent(tr("from the next weather set <city>: no place is saved"))
        }
        let status: TimerStatus
        do throws(WeatherError) {
            status = try scheduler.status(interval: interval == .never ? .minimum : interval)
        } catch {
            guard case .background(.noUserManager(let reason, let cron, let note)) = error else { throw error }
            lines.add(timerLabel, tr("none, as no systemd user manager is reachable (%s)", reason))
            switch (interval, cron) {
            case (_, .failure(let problem)):
                lines.add(cronLabel, tr("no crontab line can stand in: %s", "\(problem)"))
            case (.never, .success(let line)):
                lines.add(
                    cronLabel,
                    tr(
                        "if you added weather's line with crontab -e, remove it; it ends in\n\"refresh >/dev/null 2>&1\", as this one for every 15 min does:"
                    ))
                lines.add(line: line)
            case (_, .success(let line)):
                lines.add(cronLabel, tr("to refresh in the background, add this line with crontab -e:"))
                // Alone on its line, to be copied whole.
                lines.add(line: line)
                if let note { lines.indent("(" + note + ")") }
            }
            return (lines.text, nil)
        }
        let state = !status.installed ? tr("not installed") : status.active ? tr("active") : tr("inactive")
        lines.add(
            timerLabel,
            status.enabled
                ? tr("%1$s, %2$s, enabled", RefreshUnits.timerName, state) : RefreshUnits.timerName + ", " + state)
        if status.active, let next = status.nextRun {
            lines.add(
                nextLabel,
                tr(
                    "%1$s (in %2$s)", LocalTime.describe(next, now: now, in: zone),
                    DurationText.format(max(0, next - now)).translated))
        }
        if let last = status.lastRun {
            lines.add(
                lastLabel,
                LocalTime.describe(last, now: now, in: zone) + " (" + RelativeTime.ago(now - last).translated + ")")
        }
        return (lines.text, status.active ? status.nextRun : nil)
    }
}
