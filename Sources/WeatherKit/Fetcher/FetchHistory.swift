package import WeatherModel

/// What weather remembers of background runs and of people looking (`RunHistory`, in `runs.txt` and
/// `looks.json`), and the decision of a background run under `weather schedule minimum` it feeds
/// (`AdaptiveSchedule`).
package struct FetchHistory: Sendable {
    let store: WeatherStore
    let clock: any WallClock
    let timeZone: LocalTimeZone
    let lock: FetchLockHolder
    let deadline: @Sendable () -> Deadline

    /// The decision of a background run about to fetch for `saved` (the saved result, if any): always
    /// `.fetch` unless the chosen interval is `minimum`, whose runs adapt. `session` is asked at most once.
    func adaptiveDecision(for saved: WeatherResult?, session: () -> AdaptiveSchedule.Session)
        -> AdaptiveSchedule.Decision
    {
        guard store.chosenInterval() == .minimum else { return .fetch(reason: "the interval you chose") }
        let now = clock.now()
        return AdaptiveSchedule.decide(
            at: now, history: store.loadHistory(now: now, utcOffset: timeZone.offset(at: now)), session: session(),
            lastFetch: saved?.updatedAt,
            dataInterval: saved?.interval ?? Freshness.defaultInterval, utcOffset: timeZone.offset(at: now))
    }

    /// Adds a background run to the history, under the lock (and a look, when it found the session
    /// active); a history that cannot be written only costs the schedule what it would have learned.
    func recordRun(_ run: RunHistory.Run, sessionActive: Bool) {
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
    func recordLook() {
        let now = clock.now()
        var history = RunHistory(looks: store.loadLooks(now: now, utcOffset: timeZone.offset(at: now)))
        let before = history.looks
        history.recordLook(at: now, utcOffset: timeZone.offset(at: now))
        if history.looks != before { try? store.saveLooks(of: history) }
    }

    /// What `weather schedule` adds: the last day and week of background runs, and under `minimum` the
    /// hours learned from the looks, where the session comes from, and what the run at `nextRun` (or now)
    /// would do for `saved` (the saved result, if any), and why.
    func report(nextRun: Timestamp?, session: AdaptiveSchedule.Session, saved: WeatherResult?) -> [String] {
        let now = clock.now()
        let history = store.loadHistory(now: now, utcOffset: timeZone.offset(at: now))
        var lines = [
            "Last day:   " + Self.summary(history.runs.filter { now - $0.at <= 86_400 }),
            "Last week:  " + Self.summary(history.runs.filter { now - $0.at <= 7 * 86_400 }),
        ]
        guard store.chosenInterval() == .minimum else { return lines }
        let looked = Self.lookedHours(history)
        lines.append(
            "Looks:      "
                + (looked.isEmpty ? "none in the last 3 weeks (terminal shows and forecasts count)" : looked[0]))
        lines += looked.dropFirst().map { "            " + $0 }
        lines.append(
            "Session:    "
                + (session == .unknown
                    ? "no logind here to ask: the looks alone decide" : "\(session.rawValue), as logind says"))
        let moment = nextRun ?? now
        let decision = AdaptiveSchedule.decide(
            at: moment, history: history, session: session, lastFetch: saved?.updatedAt,
            dataInterval: saved?.interval ?? Freshness.defaultInterval, utcOffset: timeZone.offset(at: moment))
        let when = nextRun.map { "the run at " + LocalTime.describe($0, now: now, in: timeZone) } ?? "a run now"
        switch decision {
        case .fetch(let reason):
            lines.append("Adaptive:   \(when) fetches if the result is stale: \(reason)")
        case .skip(let reason, let by):
            lines.append(
                "Adaptive:   \(when) sends no request: \(reason); the next fetch by \(LocalTime.describe(by, now: now, in: timeZone)) at the latest"
            )
        }
        return lines
    }

    /// "96 runs: 42 new data, 50 no data, 4 failed; 44 requests; median 0.2 s".
    package static func summary(_ runs: [RunHistory.Run]) -> String {
        guard !runs.isEmpty else { return "no runs" }
        let newData = runs.filter { $0.result == .newData }.count
        let failed = runs.filter { $0.result == .failed }.count
        let durations = runs.map(\.duration).sorted()
        return runs.count.counted("run") + ": \(newData) new data, \(runs.count - newData - failed) no data, "
            + "\(failed) failed; " + runs.filter(\.requested).count.counted("request") + "; median "
            + DurationText.elapsed(durations[durations.count / 2])
    }

    /// The quarter hours looked in over the last 3 weeks, a line per weekday: "Mon 08:00–09:30, 18:00".
    package static func lookedHours(_ history: RunHistory) -> [String] {
        let quarters = Set(history.looks.map { $0 % RunHistory.quartersPerWeek })
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        func clock(_ quarter: Int) -> String {
            let minutes = quarter % 96 * 15
            return String(minutes / 60).leftPadded(to: 2) + ":" + String(minutes % 60).leftPadded(to: 2)
        }
        var lines: [String] = []
        for (day, name) in days.enumerated() {
            var ranges: [String] = []
            var quarter = day * 96
            while quarter < (day + 1) * 96 {
                guard quarters.contains(quarter) else {
                    quarter += 1
                    continue
                }
                let start = quarter
                while quarter + 1 < (day + 1) * 96, quarters.contains(quarter + 1) { quarter += 1 }
                ranges.append(clock(start) + "–" + (quarter + 1 == (day + 1) * 96 ? "24:00" : clock(quarter + 1)))
                quarter += 1
            }
            if !ranges.isEmpty { lines.append(name + " " + ranges.joined(separator: ", ")) }
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
