public import WeatherFetching
import WeatherModel
import WeatherSources
import WeatherSystem

/// What `weather refresh` does when the system wakes it: the background-fetch handler.
///
/// It fetches for the saved place when the saved result is stale, and reports `newData`, `noData` or
/// `failed`. With no place saved it switches background fetching off (interval `never`), as an iOS app
/// does when nobody is logged in.
public struct BackgroundFetchHandler: Sendable {
    /// Fetches and keeps the result.
    let fetcher: WeatherFetcher
    /// Switches background fetching off when there is nothing to fetch for.
    let scheduler: any BackgroundScheduler
    /// The user's session, asked when the adaptive schedule needs it.
    let session: @Sendable () -> AdaptiveSchedule.Session

    init(
        fetcher: WeatherFetcher, scheduler: any BackgroundScheduler,
        session: @escaping @Sendable () -> AdaptiveSchedule.Session = { .unknown }
    ) {
        self.fetcher = fetcher
        self.scheduler = scheduler
        self.session = session
    }

    /// The handler of a run woken by the timer.
    public init(fetcher: WeatherFetcher) {
        let context = fetcher.context
        self.init(fetcher: fetcher, scheduler: context.scheduler, session: context.loginSession)
    }

    /// The run's parts: its clock, zone, settings and files.
    var context: WeatherContext { fetcher.context }

    /// What one run did, for its one line of output.
    public struct Report: Sendable, Equatable {
        var result: BackgroundFetchResult
        /// What happened, in words.
        var message: String
        /// How long the run took, in seconds.
        var elapsed: Double
        /// The exit status: 0 unless `failed`; 128 plus the signal's number when a signal stopped the run.
        public var exitCode: Int32 = 0

        /// `newData: Berlin, Land Berlin, Germany: 10.9 °C, partly cloudy (212 ms)`.
        public var line: String {
            "\(result.rawValue): \(message) (\(Conventions.current.elapsed(elapsed)))"
        }
    }

    /// Runs one background fetch, and records it in the run history (`RunHistory`). `force` (`weather
    /// refresh --force`) fetches whatever the result's freshness, the chosen interval and the adaptive
    /// schedule say: one request now, through the fetch lock, never during a back-off the service asked
    /// for, as `set`'s.
    public func performFetch(force: Bool = false) -> Report {
        let started = MonotonicInstant.now()
        let startedAt = context.clock.now()
        var asked: AdaptiveSchedule.Session?
        let (result, message, exitCode) = fetchOnce(force: force, askingSession: &asked)
        let report = Report(result: result, message: message, elapsed: started.elapsed, exitCode: exitCode)
        if exitCode < 128 {
            fetcher.recordRun(
                RunHistory.Run(
                    at: startedAt, result: result, requested: fetcher.requestsSent > 0, duration: report.elapsed),
                sessionActive: asked == .active)
        }
        return report
    }

    /// `weather refresh`: one background fetch in `context`, its report printed as one line; the exit status.
    public static func run(with fetcher: WeatherFetcher, force: Bool = false) -> Int32 {
        let report = BackgroundFetchHandler(fetcher: fetcher).performFetch(force: force)
        let context = fetcher.context
        context.console.printLine(report.line)
        return report.exitCode
    }

    /// When a fetch is due by the interval the user chose (`weather schedule 45m`), if that is still ahead:
    /// refresh honours it whatever starts it (the timer, a crontab line that runs more often than the
    /// interval, a person). For an interval of clock times (one that divides an hour or a day), the first
    /// of them after the last fetch, as the timer runs. For any other, the interval after the last fetch,
    /// less half the time until the next run (the timer's own period, or cron's step): of two runs, the
    /// one nearer the moment due fetches. A fetch in between (by a terminal) would otherwise make the
    /// next run find the interval not quite passed, and the fetch after wait for the run after it: with
    /// `7d` under cron, two weeks. Not under `minimum`, whose runs follow the data, nor with `WEATHER_STALE_AFTER`, which then
    /// decides. A run up to a minute early is on time: `updatedAt` is when the last fetch ended, up to the
    /// run's time budget after that run started, and cron starts on the minute (every step is 5 minutes
    /// or longer, so a minute never makes an earlier step due).
    func nextFetchByChosenInterval(after result: WeatherResult) -> Timestamp? {
        guard context.settings.staleAfter == nil, case .every(let seconds) = context.store.chosenInterval() else {
            return nil
        }
        let next: Timestamp
        if RefreshUnits.ClockStep(every: seconds) != nil,
            let schedule = fetcher.runSchedule(dataInterval: result.interval)
        {
            next = schedule.firstRun(atOrAfter: result.updatedAt + 60, lastRun: nil)
        } else {
            // The timer's service runs with systemd's INVOCATION_ID; cron's runs without.
            let runs =
                context.environment.nonEmpty("INVOCATION_ID") != nil
                ? seconds : CronLine.plan(every: seconds).step.seconds
            next = result.updatedAt + seconds - min(runs, seconds) / 2
        }
        return context.clock.now() < next - 60 ? next : nil
    }

    /// "; ⚠ Gale-force gusts until 19:50": the warnings of `result`'s place after the fetch, "; the
    /// warnings were not updated: ..." when their request failed (the weather is saved all the same), and
    /// "; no desktop notification: ..." when one was due and could not be sent (no session bus, no
    /// notification server): the one place the run says so.
    func warningsNote(_ result: WeatherResult, formatter: WeatherFormatter) -> String {
        var note =
            formatter.alertLine(fetcher.savedAlerts(for: result.location), at: result).map {
                tr(context: "the warnings after the refresh's report", "; %s", $0)
            } ?? ""
        if let reason = fetcher.warningsProblem { note += tr("; the warnings were not updated: %s", reason) }
        if let problem = fetcher.notificationProblem { note += tr("; no desktop notification: %s", problem) }
        return note
    }

    /// "; 2 implausible values left out": what a run says of the gaps in what it saved.
    static func leftOut(_ count: Int) -> String {
        count == 0
            ? "" : trn("; %d implausible value left out", "; %d implausible values left out", count, String(count))
    }

    /// One fetch; `asked` is the session, when the adaptive schedule asked for it.
    private func fetchOnce(force: Bool, askingSession asked: inout AdaptiveSchedule.Session?) -> (
        BackgroundFetchResult, String, Int32
    ) {
        do throws(WeatherError) {
            let (result, message) = try reportedFetch(force: force, askingSession: &asked)
            return (result, message, 0)
        } catch {
            return (.failed, error.description, error.exitCode)
        }
    }

    private func reportedFetch(force: Bool, askingSession asked: inout AdaptiveSchedule.Session?)
        throws(WeatherError) -> (BackgroundFetchResult, String)
    {
        guard let location = try fetcher.savedLocation() else {
            do {
                try scheduler.setMinimumBackgroundFetchInterval(.never)
            } catch {
                return (.noData, tr("no place saved, but background refresh could not be disabled: %s", "\(error)"))
            }
            return (.noData, tr("no place saved; background refresh is disabled"))
        }
        let cached = fetcher.lastResult(for: location)
        if !force, let skipped = skip(cached, of: location, askingSession: &asked) { return skipped }
        if force, let cached, let until = fetcher.freshByServer(cached) {
            // Forced or not, no request before the service's own `Expires` (MET Norway's terms).
            let now = context.clock.now()
            return (
                .noData,
                tr(
                    "the result for %1$s from %2$s stays fresh for %3$s", location.displayName,
                    RelativeTime.ago(now - cached.updatedAt).translated, DurationText.format(until - now).translated)
                    + tr("; %s allows no request before then", cached.provider.attribution)
            )
        }
        // In the units of the settings (config.json, which the service reads too); no icons in a log.
        let context = context
        let formatter = WeatherFormatter(
            now: context.clock.now(), units: context.settings.units, textLanguage: { context.textLanguage })
        switch try fetcher.fetch(for: force ? .set : .background) {
        case .newData(let result):
            return (
                .newData,
                WeatherFormatter.placeLine(result.location.displayName, formatter.summary(of: result.conditions))
                    + Self.leftOut(result.implausibleValues) + warningsNote(result, formatter: formatter)
            )
        case .noData(let result):
            return (
                .noData,
                tr("the weather in %s has not changed", result.location.displayName)
                    + Self.leftOut(result.implausibleValues) + warningsNote(result, formatter: formatter)
            )
        case .fetchedByAnotherRun(let result):
            return (
                .noData,
                tr(
                    "another run has just fetched it: %1$s, %2$s", result.location.displayName,
                    formatter.summary(of: result.conditions))
            )
        }
    }

    /// Why this run sends no request, or `nil` when it fetches: the result is still fresh, the interval
    /// chosen with `weather schedule` has not passed, or the adaptive schedule waits. A result of another
    /// provider than the settings choose is replaced at once.
    private func skip(
        _ cached: WeatherResult?, of location: Location, askingSession asked: inout AdaptiveSchedule.Session?
    ) -> (BackgroundFetchResult, String)? {
        if let cached, !fetcher.isProvidersOwn(cached) { return nil }
        if let cached, !fetcher.needsFetch(cached, in: .background) {
            let now = context.clock.now()
            // A moment of the next request is said as a duration: a clock time of this machine's would
            // be read beside the place's times of the weather (issue 38).
            let staleAt = context.freshness.staleAt(cached).moment
            return (
                .noData,
                tr(
                    "the result for %1$s from %2$s stays fresh for %3$s", location.displayName,
                    RelativeTime.ago(now - cached.updatedAt).translated, DurationText.format(staleAt - now).translated)
            )
        }
        if let cached, let next = nextFetchByChosenInterval(after: cached) {
            let now = context.clock.now()
            return (
                .noData,
                tr(
                    "the result for %1$s from %2$s stands: the interval chosen with weather schedule has not passed; the next fetch in %3$s",
                    location.displayName, RelativeTime.ago(now - cached.updatedAt).translated,
                    DurationText.format(next - now).translated)
            )
        }
        let decision = fetcher.adaptiveDecision(for: cached) { () -> AdaptiveSchedule.Session in
            let session = self.session()
            asked = session
            return session
        }
        if case .skip(let reason, let nextFetchBy) = decision {
            fetcher.afterSkippedRun(nextFetchBy: nextFetchBy)
            let within = DurationText.format(nextFetchBy - context.clock.now()).translated
            return (.noData, tr("skipped the request: %1$s; the next fetch in %2$s at the latest", reason, within))
        }
        return nil
    }
}
