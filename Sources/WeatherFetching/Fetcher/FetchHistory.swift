package import WeatherModel
package import WeatherSystem

/// What weather remembers of background runs and of people looking (`RunHistory`, in `runs.txt` and
/// `looks.json`), and the decision of a background run under `weather schedule minimum` it feeds
/// (`AdaptiveSchedule`).
package struct FetchHistory: Sendable {
    package let store: WeatherStore
    package let clock: any WallClock
    package let timeZone: LocalTimeZone
    package let lock: FetchLockHolder
    package let deadline: @Sendable () -> Deadline

    /// The decision of a background run about to fetch for `saved` (the saved result, if any): always
    /// `.fetch` unless the chosen interval is `minimum`, whose runs adapt. `session` is asked at most once.
    package func adaptiveDecision(for saved: WeatherResult?, session: () -> AdaptiveSchedule.Session)
        -> AdaptiveSchedule.Decision
    {
        guard store.chosenInterval() == .minimum else { return .fetch(reason: tr("the interval you chose")) }
        let now = clock.now()
        return AdaptiveSchedule.decide(
            at: now, history: store.loadHistory(now: now, utcOffset: timeZone.offset(at: now)), session: session(),
            lastFetch: saved?.updatedAt,
            dataInterval: saved?.interval ?? Freshness.defaultInterval, utcOffset: timeZone.offset(at: now))
    }

    /// Adds a background run to the history, under the lock (and a look, when it found the session
    /// active); a history that cannot be written only costs the schedule what it would have learned.
    package func recordRun(_ run: RunHistory.Run, sessionActive: Bool) {
        try? lock.withLock(before: deadline()) { () throws(WeatherError) in
            try? store.appendRun(run)
            // A run that found the user's session active counts as a look too (see `RunHistory.record`).
            guard sessionActive else { return }
            var history = RunHistory(looks: store.loadLooks(now: run.at, utcOffset: timeZone.offset(at: run.at)))
            let before = history.looks
            history.recordLook(at: run.at, utcOffset: timeZone.offset(at: run.at))
            if history.looks != before { try? store.saveLooks(of: history) }
        }
    }

    /// Records that someone looked now (a terminal `show` or `forecast`), by quarter hour of the week.
    package func recordLook() {
        let now = clock.now()
        var history = RunHistory(looks: store.loadLooks(now: now, utcOffset: timeZone.offset(at: now)))
        let before = history.looks
        history.recordLook(at: now, utcOffset: timeZone.offset(at: now))
        if history.looks != before { try? store.saveLooks(of: history) }
    }

    /// What `weather schedule` adds: the last day and week of background runs, and under `minimum` the
    /// hours learned from the looks, where the session comes from, and what the run at `nextRun` (or now)
    /// would do for `saved` (the saved result, if any), and why.
    package func report(nextRun: Timestamp?, session: AdaptiveSchedule.Session, saved: WeatherResult?) -> [String] {
        let now = clock.now()
        let history = store.loadHistory(now: now, utcOffset: timeZone.offset(at: now))
        let (dayLabel, weekLabel) = (tr("Last day:"), tr("Last week:"))
        let (looksLabel, sessionLabel, adaptiveLabel) = (tr("Shown at:"), tr("Session:"), tr("Adaptive:"))
        var lines = LabelledLines(labels: [dayLabel, weekLabel, looksLabel, sessionLabel, adaptiveLabel], gap: 2)
        lines.add(dayLabel, Self.summary(history.runs.filter { now - $0.at <= 86_400 }))
        lines.add(weekLabel, Self.summary(history.runs.filter { now - $0.at <= 7 * 86_400 }))
        guard store.chosenInterval() == .minimum else { return lines.lines }
        let looked = Self.lookedHours(history)
        lines.add(
            looksLabel,
            looked.first ?? tr("none in the last 3 weeks (terminal shows and forecasts count)"))
        for line in looked.dropFirst() { lines.indent(line) }
        let asked =
            switch session {
            case .unknown: tr("no logind here to ask: only the times weather was shown decide")
            case .active: tr("active, as logind says")
            case .idle: tr("idle, as logind says")
            }
        lines.add(sessionLabel, asked)
        let moment = nextRun ?? now
        let decision = AdaptiveSchedule.decide(
            at: moment, history: history, session: session, lastFetch: saved?.updatedAt,
            dataInterval: saved?.interval ?? Freshness.defaultInterval, utcOffset: timeZone.offset(at: moment))
        let when =
            nextRun.map { tr("the run at %s", LocalTime.describe($0, now: now, in: timeZone)) } ?? tr("a run now")
        switch decision {
        case .fetch(let reason):
            lines.add(adaptiveLabel, tr("%1$s fetches if the result is stale: %2$s", when, reason))
        case .skip(let reason, let by):
            lines.add(
                adaptiveLabel,
                tr(
                    "%1$s sends no request: %2$s; the next fetch by %3$s at the latest", when, reason,
                    LocalTime.describe(by, now: now, in: timeZone)))
        }
        return lines.lines
    }

    /// "96 runs: 42 new data, 50 no data, 4 failed; 44 requests; median 0.2 s".
    package static func summary(_ runs: [RunHistory.Run]) -> String {
        guard !runs.isEmpty else { return tr("no runs") }
        let newData = runs.filter { $0.result == .newData }.count
        let failed = runs.filter { $0.result == .failed }.count
        let durations = runs.map(\.duration).sorted()
        let requests = runs.filter(\.requested).count
        let noData = runs.count - newData - failed
        // Each count a message of its own, for its plural form: English's are alike, not every language's.
        return tr(
            "%1$s: %2$s, %3$s, %4$s; %5$s; median %6$s",
            trn("%d run", "%d runs", runs.count, String(runs.count)),
            trn("%d new data", "%d new data", newData, String(newData)),
            trn("%d no data", "%d no data", noData, String(noData)),
            trn("%d failed", "%d failed", failed, String(failed)),
            trn("%d request", "%d requests", requests, String(requests)),
            Conventions.current.elapsed(durations[durations.count / 2]))
    }

    /// The quarter hours looked in over the last 3 weeks, a line per weekday: "Mon 08:00–09:30, 18:00",
    /// the weekdays and times as the locale writes them.
    package static func lookedHours(_ history: RunHistory) -> [String] {
        let quarters = Set(history.looks.map { $0 % RunHistory.quartersPerWeek })
        let conventions = Conventions.current
        // 1970-01-05 was a Monday: the day of the week's first quarter hours.
        func moment(_ quarter: Int) -> CivilTime {
            CivilTime(secondsSince1970: Int64(4 * 86_400 + quarter * 900), utcOffset: 0)
        }
        var lines: [String] = []
        for day in 0..<7 {
            var ranges: [String] = []
            var quarter = day * 96
            while quarter < (day + 1) * 96 {
                guard quarters.contains(quarter) else {
                    quarter += 1
                    continue
                }
                let start = quarter
                while quarter + 1 < (day + 1) * 96, quarters.contains(quarter + 1) { quarter += 1 }
                let end = quarter + 1 == (day + 1) * 96 ? conventions.endOfDay : conventions.clock(moment(quarter + 1))
                ranges.append(conventions.clock(moment(start)) + "–" + end)
                quarter += 1
            }
            if !ranges.isEmpty {
                lines.append(conventions.date("%a", moment(day * 96)) + " " + ranges.joined(separator: ", "))
            }
        }
        return lines
    }
}

extension WeatherFetcher {
    /// What `weather schedule` adds of the run history (`FetchHistory.report`), for the saved result.
    package func historyReport(nextRun: Timestamp?, session: AdaptiveSchedule.Session) -> [String] {
        let saved = (try? savedLocation()).flatMap { $0 }.flatMap { results.cachedResult(for: $0) }
        return history.report(nextRun: nextRun, session: session, saved: saved)
    }
}
