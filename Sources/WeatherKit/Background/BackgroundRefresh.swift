public import WeatherModel

/// The app's side of background fetching: the interval the user chose (`weather schedule`, kept in the
/// state folder) and the scheduler that applies it. `set` turns it on at that interval, `logout` and a
/// background run with nothing to fetch turn it off, and neither forgets the user's choice.
public struct BackgroundRefresh: Sendable {
    /// The shortest interval allowed: more often drains batteries and hammers a free service.
    static let shortestInterval = 300.0
    /// The longest interval allowed.
    static let longestInterval = 7 * 86_400.0

    let store: WeatherStore
    let scheduler: any BackgroundScheduler

    init(store: WeatherStore, scheduler: any BackgroundScheduler) {
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
            return "Without systemd: if you added weather's line with crontab -e, remove it; it ends in "
                + "\"refresh >/dev/null 2>&1\", as this one does:\n" + line
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
            return "Background refresh is off (weather schedule minimum turns it on)."
        }
        return "Background refresh: every \(DurationText.format(seconds)) (weather schedule changes it)."
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
        var lines: [String] = []
        switch (interval, scheduler.seconds(for: interval)) {
        case (.never, _), (_, nil):
            lines.append("Interval: never (background refresh is off; weather schedule minimum turns it on)")
        case (.minimum, let seconds?):
            lines.append("Interval: every \(DurationText.format(seconds)) (minimum: as often as the data changes)")
        case (.every, let seconds?):
            lines.append("Interval: every \(DurationText.format(seconds))")
        }
        if interval != .never, !placeSaved {
            lines.append("          from the next weather set <city>: no place is saved")
        }
        let status: TimerStatus
        do throws(WeatherError) {
            status = try scheduler.status(interval: interval == .never ? .minimum : interval)
        } catch {
            guard case .background(.noUserManager(let reason, let cron, let note)) = error else { throw error }
            lines.append("Timer:    none, as no systemd user manager is reachable (\(reason))")
            switch (interval, cron) {
            case (_, .failure(let problem)):
                lines.append("Cron:     no crontab line can stand in: \(problem)")
            case (.never, .success(let line)):
                lines.append("Cron:     if you added weather's line with crontab -e, remove it; it ends in")
                lines.append("          \"refresh >/dev/null 2>&1\", as this one for every 15 min does:")
                lines.append(line)
            case (_, .success(let line)):
                lines.append("Cron:     to refresh in the background, add this line with crontab -e:")
                // Alone on its line, to be copied whole.
                lines.append(line)
                if let note { lines.append("          (" + note + ")") }
            }
            return (lines.joined(separator: "\n"), nil)
        }
        let state = !status.installed ? "not installed" : status.active ? "active" : "inactive"
        lines.append("Timer:    \(RefreshUnits.timerName), \(state)\(status.enabled ? ", enabled" : "")")
        if status.active, let next = status.nextRun {
            lines.append(
                "Next run: \(LocalTime.describe(next, now: now, in: zone)) (in \(DurationText.format(max(0, next - now))))"
            )
        }
        if let last = status.lastRun {
            lines.append("Last run: \(LocalTime.describe(last, now: now, in: zone)) (\(RelativeTime.ago(now - last)))")
        }
        return (lines.joined(separator: "\n"), status.active ? status.nextRun : nil)
    }
}
