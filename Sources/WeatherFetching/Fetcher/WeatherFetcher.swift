import Synchronization
public import WeatherModel
import WeatherSources
package import WeatherSystem

/// Fetches the weather for the saved place, keeps the last result (with its location and `updatedAt`),
/// and posts `WeatherUpdated` when the values change: the design's face, over small services that each
/// do one job, in a file of its name: the result cache (`ResultCache`), the pauses services asked for
/// (`ServiceBackoffs`), finding places (`PlaceFinder`), the saved place replaced all or nothing
/// (`SavedPlace`; `set` and `logout` in `PlaceChange`), when a replacement is overdue
/// (`ReplacementSchedule`), the run history (`FetchHistory`), one-off places (`OneOffLookup`,
/// `LookupCache`), the official warnings that come with the weather (`WarningsUpdater`) and the desktop
/// notifications they call for (`Notifier`).
///
/// `WeatherFetcher.shared` serves the process, of the context its `main` built once; a test builds one
/// from a context of doubles. Foreground (`weather show`) and background (`weather refresh`) go through
/// the same fetcher, so they share one cache and one set of rules.
public final class WeatherFetcher: Sendable {
    /// The run's parts: clock, zone, settings, files, console, transport, scheduler.
    public var context: WeatherContext { settingsParts.withLock { $0.context } }
    /// The saved place and result as this run read them.
    let results: ResultCache
    /// The pauses services asked for, and failures shared between runs.
    var backoffs: ServiceBackoffs { settingsParts.withLock { $0.backoffs } }
    /// Finds the place words name.
    var places: PlaceFinder { settingsParts.withLock { $0.places } }
    /// The saved place on disk, replaced all or nothing.
    let savedPlace: SavedPlace
    /// When background refresh replaces a result, and so when that is overdue.
    var replacement: ReplacementSchedule { settingsParts.withLock { $0.replacement } }
    /// The background runs and looks the adaptive schedule learns from.
    let history: FetchHistory
    /// The results of one-off lookups of other places.
    let lookups: LookupCache
    /// The forecast service the settings choose (`WeatherProvider`).
    var provider: any WeatherProvider { settingsParts.withLock { $0.provider } }
    /// Open-Meteo's geocoder, which finds places for every provider.
    var geocoder: OpenMeteo { settingsParts.withLock { $0.geocoder } }
    /// The official warnings, fetched after the weather in the same run.
    var warnings: WarningsUpdater { settingsParts.withLock { $0.warnings } }
    /// What else is known of the saved place (the air), brought up to date with its weather: made when a
    /// run fetches, so that `show` builds none.
    var supplements: SupplementsUpdater {
        settingsParts.withLock { [runDeadline] parts in
            SupplementsUpdater(context: parts.context, backoffs: parts.backoffs, deadline: { runDeadline.now })
        }
    }
    /// The desktop notifications of the saved place's warnings, sent after they were updated.
    var notifier: any WarningsNotifier { settingsParts.withLock { $0.notifier } }
    /// This run's hold on the fetch lock.
    let lock: FetchLockHolder

    /// The run's network time budget (`WEATHER_TIMEOUT`), started when the fetcher was made; a person
    /// waiting at a terminal gets a shorter one (`limitNetworkTime(to:setting:)`).
    package var deadline: Deadline { runDeadline.now }
    private let runDeadline: RunDeadline
    /// How many forecast requests this run has sent.
    package var requestsSent: Int { sentRequests.withLock { $0 } }
    private let sentRequests = Mutex(0)
    /// The context and what its settings decide, replaced whole by `adopt(_:)`.
    private let settingsParts: Mutex<Configured>

    /// What the settings decide: the run's parts with them, and the services made of them, which
    /// `adopt(_:)` replaces together.
    final class Configured: Sendable {
        let context: WeatherContext
        let backoffs: ServiceBackoffs
        let places: PlaceFinder
        let replacement: ReplacementSchedule
        let provider: any WeatherProvider
        let geocoder: OpenMeteo
        let warnings: WarningsUpdater
        let notifier: any WarningsNotifier

        init(context: WeatherContext, startedAt: Timestamp, deadline: @escaping @Sendable () -> Deadline) {
            self.context = context
            let geocoder = OpenMeteo(
                geocodingURL: context.settings[source: .geocodingURL],
                forecastURL: context.settings[source: .forecastURL],
                http: context.http, zones: context.zones)
            self.geocoder = geocoder
            provider = chosenProvider(by: context.settings, http: context.http, zones: context.zones)
            let backoffs = ServiceBackoffs(context: context, startedAt: startedAt)
            self.backoffs = backoffs
            places = PlaceFinder(
                geocoder: geocoder, backoffs: backoffs, language: { WeatherFetcher.textLanguage(of: context) },
                deadline: deadline)
            warnings = WarningsUpdater(
                settings: context.settings, http: context.http, clock: context.clock, backoffs: backoffs,
                deadline: deadline, language: { WeatherFetcher.textLanguage(of: context) })
            notifier = context.notifier(context)
            replacement = ReplacementSchedule(context: context)
        }
    }

    /// The fetcher of the run `context`.
    package init(context: WeatherContext) {
        let store = context.store
        let runDeadline = RunDeadline(Deadline(seconds: context.settings.timeout))
        self.runDeadline = runDeadline
        let deadline: @Sendable () -> Deadline = { runDeadline.now }
        let lookups = LookupCache(paths: context.paths)
        self.lookups = lookups
        lock = FetchLockHolder(lockFile: context.paths.lockFile) {
            store.removeTemporaryFiles(amongUnits: RefreshUnits.fileNames, clock: context.clock)
            lookups.removeTemporaryFiles()
        }
        settingsParts = Mutex(Configured(context: context, startedAt: context.clock.now(), deadline: deadline))
        results = ResultCache(store: store, lock: lock, deadline: deadline)
        savedPlace = SavedPlace(store: store)
        history = FetchHistory(
            store: store, clock: context.clock, timeZone: context.timeZone, lock: lock, deadline: deadline)
    }

    /// Goes on with `settings` in place of the run's: what `weather watch` does when config.json changed,
    /// so that the process's one fetcher judges and prints by the settings as last read. The files, the
    /// lock, the clock and the transport stay the run's (watch sends nothing); so does the network budget.
    package func adopt(_ settings: Settings) {
        let current = settingsParts.withLock { $0 }
        let deadline: @Sendable () -> Deadline = { [runDeadline] in runDeadline.now }
        let adopted = Configured(
            context: current.context.replacingSettings(settings), startedAt: current.backoffs.startedAt,
            deadline: deadline)
        settingsParts.withLock { $0 = adopted }
    }

    /// The language place names are looked up in, worked out when a run looks a place up: `weather show` of
    /// the saved place never needs it.
    package var language: String { places.language() }

    /// The language a run asks services for their texts in: that of the catalogue its words come from,
    /// else the one they are chosen by (`Settings.textLanguage`: a language without a catalogue of
    /// weather's still has place names).
    package static func textLanguage(of context: WeatherContext) -> String {
        context.textLanguage
    }

    /// Ends the run's network time `seconds` from now, named by `setting` in messages, when that is
    /// sooner than its budget would.
    package func limitNetworkTime(to seconds: Double, setting: String) {
        runDeadline.limit(to: seconds, setting: setting)
    }

    // MARK: What is saved

    /// The saved place, or `nil` when there is none (`ResultCache.savedLocation`).
    public func savedLocation() throws(WeatherError) -> Location? {
        try results.savedLocation()
    }

    /// Whether `result` is stale now.
    package func isStale(_ result: WeatherResult) -> Bool {
        context.freshness.isStale(result, at: context.clock.now())
    }

    /// Whether a run in `state` fetches before it shows `result`: when someone is looking (`active`) or
    /// the timer woke it (`background`), and the result is missing, stale or another provider's. A pipe
    /// (`inactive`) never.
    package func needsFetch(_ result: WeatherResult?, in state: AppState) -> Bool {
        guard state.fetchesWhenStale else { return false }
        guard let result else { return true }
        return isStale(result) || !isProvidersOwn(result)
    }

    /// Until when the service's own word (`Expires`, `max-age`) keeps `result` fresh, when it came from
    /// the provider the settings choose and that moment is still ahead: no request may be sent for its
    /// place before then, whoever asks (MET Norway's terms; a forced refresh and `set` included). `nil`
    /// for a result fresh only by the data's clock (Open-Meteo's, which sends no such word) or stale.
    package func freshByServer(_ result: WeatherResult?) -> Timestamp? {
        guard let result, isProvidersOwn(result), result.naturalStaleAt.source == .server,
            context.clock.now() < result.naturalStaleAt.moment
        else { return nil }
        return result.naturalStaleAt.moment
    }

    /// Whether `result` came from the provider the settings choose now. One from the other is replaced
    /// at the next fetch, by a request without its validators, which belong to the other service.
    package func isProvidersOwn(_ result: WeatherResult) -> Bool {
        result.provider == provider.id
    }

    // MARK: Fetching

    /// Fetches the current weather for the saved place, saves it and, when the values changed, posts
    /// `WeatherUpdated`. On failure the saved result is left exactly as it was.
    ///
    /// However many processes call this at once, one request is made: they take turns at the fetch lock,
    /// and a run that finds a result newer than the one it judged stale uses that one instead. A stored
    /// `ETag` or `Last-Modified` makes the request conditional, and a service's back-off is respected.
    ///
    /// `needingForecast`: the caller shows the forecast, and there is no forecast file for the place (a
    /// cache from before forecasts were saved): the request is then unconditional, as a `304` would bring
    /// no forecast.
    ///
    /// A request that failed is shared: callers waiting behind it, and for a minute after it, report
    /// that failure without a request of their own; a `.background` caller pauses longer (`Backoff`).
    package func fetch(needingForecast: Bool = false, for caller: FetchCaller = .foreground) throws(WeatherError)
        -> FetchOutcome
    {
        let seen = try savedLocation().flatMap { results.cachedResult(for: $0) }
        do {
            try backoffs.check(provider.forecastService, for: caller)
        } catch {
            // The forecast waits out its service's pause; the warnings, another service's, need not.
            try updateWarningsAlone(for: caller)
            throw error
        }
        return try withFetchLock { () throws(WeatherError) -> FetchOutcome in
            try fetchHoldingLock(seen: seen, needingForecast: needingForecast, caller: caller)
        }
    }

    /// The saved place's warnings brought up to date in a run whose forecast may not be asked for (its
    /// service's pause, or a failure shared): under the fetch lock, as in a fetch, and only for a place
    /// with a saved result, which they are shown with. Throws only when a signal stopped the run.
    private func updateWarningsAlone(for caller: FetchCaller) throws(WeatherError) {
        do {
            try withFetchLock { () throws(WeatherError) in
                results.rereadFiles()
                guard let location = try savedLocation(), results.cachedResult(for: location) != nil else { return }
                let store = context.store
                try warnings.update(
                    for: location, in: store, caller: caller, stillWanted: { FileIO.exists(store.paths.locationFile) })
            }
        } catch {
            if case .stopped = error { throw error }
        }
    }

    private func fetchHoldingLock(seen: WeatherResult?, needingForecast: Bool, caller: FetchCaller)
        throws(WeatherError) -> FetchOutcome
    {
        // Under the lock the files are as the last run left them: a `set` may have changed the place, and
        // another fetch may have stored a newer result.
        results.rereadFiles()
        guard let location = try savedLocation() else { throw .noLocation }
        let stored = results.cachedResult(for: location)
        if stored != nil { savedPlace.matchLocationFile(to: location) }
        let forecastMissing = needingForecast && results.savedForecast(for: location) == nil
        if let stored, !forecastMissing, isProvidersOwn(stored),
            stored.updatedAt > (seen?.updatedAt ?? Timestamp(secondsSince1970: -.infinity))
        {
            return .fetchedByAnotherRun(stored)
        }
        // A logout that could not wait for the lock wins: store nothing. (Nothing else changes the saved
        // place without holding the lock, so that it still exists is all there is to check.)
        let store = context.store
        let outcome = try request(
            for: location, stored: stored, forecastMissing: forecastMissing, into: store, caller: caller,
            scheduled: true, stillWanted: { FileIO.exists(store.paths.locationFile) })
        results.remember(outcome.result)
        notifyOfWarnings(at: outcome.result)
        if let stored, !isProvidersOwn(stored) { followProvider() }
        if case .newData(let result) = outcome { context.notifications.post(name: .weatherUpdated, object: result) }
        return outcome
    }

    /// The desktop notifications the saved place's warnings call for, once they were brought up to date
    /// with `result`, its weather: from the timer's run as from a terminal's or `set`'s, each under the
    /// fetch lock (`Notifier`).
    func notifyOfWarnings(at result: WeatherResult) {
        notifier.notify(
            of: savedAlerts(for: result.location), at: result, replacements: warnings.lastReplacements,
            before: deadline)
    }

    /// After the saved place's first result from another provider: the timer written again with this
    /// run's settings, so that it asks the provider this run asked, not the one before, and under
    /// `minimum` at the new data's pace (MET Norway's is not Open-Meteo's quarter hour). A timer that
    /// cannot be written is left as it was: the next run of it that fetches writes it.
    private func followProvider() {
        let interval = context.store.chosenInterval()
        guard interval != .never else { return }
        try? context.scheduler.setMinimumBackgroundFetchInterval(interval)
    }

    /// Asks for `location`'s weather, conditionally when `stored` is this provider's and has validators
    /// (and the forecast is not missing), and saves what comes in `store`, unless `stillWanted` says the
    /// place was forgotten in the meantime; then its official warnings (`WarningsUpdater`), whose change
    /// alone is new data too. `scheduled`: background refresh keeps this result up to date (the saved
    /// place), so the result says when its replacement is overdue. Holding the lock.
    ///
    /// When the forecast cannot be had (its service failing or pausing), the warnings of a place with a
    /// `stored` result are asked for all the same, within what is left of the budget, and the forecast's
    /// failure is thrown: the warnings are another service's, and matter most when the weather cannot be
    /// had (Open-Meteo's daily limit pauses the forecast until midnight UTC).
    package func request(
        for location: Location, stored: WeatherResult?, forecastMissing: Bool, into store: WeatherStore,
        caller: FetchCaller = .foreground, scheduled: Bool = false, stillWanted: () -> Bool
    ) throws(WeatherError) -> FetchOutcome {
        let outcome: FetchOutcome
        do {
            outcome = try requestWeather(
                for: location, stored: stored, forecastMissing: forecastMissing, into: store, caller: caller,
                scheduled: scheduled, stillWanted: stillWanted)
        } catch {
            switch error {
            case .provider, .backingOff, .recentFailure:
                if stored != nil, StopSignal.received == nil {
                    try warnings.update(for: location, in: store, caller: caller, stillWanted: stillWanted)
                }
            default: break
            }
            throw error
        }
        let warned = try warnings.update(for: location, in: store, caller: caller, stillWanted: stillWanted)
        let supplemented = try supplements.update(for: location, in: store, caller: caller, stillWanted: stillWanted)
        guard warned == .changed || supplemented, case .noData(let result) = outcome else { return outcome }
        return .newData(result)
    }

    private func requestWeather(
        for location: Location, stored: WeatherResult?, forecastMissing: Bool, into store: WeatherStore,
        caller: FetchCaller, scheduled: Bool, stillWanted: () -> Bool
    ) throws(WeatherError) -> FetchOutcome {
        let stored = stored.flatMap { isProvidersOwn($0) ? $0 : nil }
        // Never a request before the service's own `Expires`, even for a missing forecast file.
        if let stored, freshByServer(stored) != nil { return .noData(stored) }
        try backoffs.check(provider.forecastService, for: caller)
        let fetched = try requestForecast(for: location, cachingHeaders: forecastMissing ? nil : stored?.cachingHeaders)
        guard stillWanted() else { throw .noLocation }
        let now = context.clock.now()
        switch fetched {
        case .notModified(let headers):
            // Only a conditional request, which needs a stored result, can get a 304.
            guard let stored else { throw unexpectedNotModified }
            var renewed = stored.renewed(by: headers, at: now)
            if scheduled { renewed.overdueAt = replacement.overdueAt(of: renewed) }
            try save(renewed, in: store)
            return .noData(renewed)
        case .modified(let response):
            var result = makeResult(response, for: location)
            if let stored, !forecastMissing, result.isWorse(than: stored) {
                // An older observation, or the same one lacking more values, would replace better ones:
                // the saved result is renewed instead, as by a 304.
                var renewed = stored.renewed(by: response.cachingHeaders, at: now)
                if scheduled { renewed.overdueAt = replacement.overdueAt(of: renewed) }
                try save(renewed, in: store)
                return .noData(renewed)
            }
            if scheduled { result.overdueAt = replacement.overdueAt(of: result) }
            if let forecast = savedForecast(of: response, for: location) {
                do {
                    try store.saveForecast(forecast)
                } catch {
                    throw .store(error)
                }
            }
            try save(result, in: store)
            if let stored, stored.showsTheSame(as: result) { return .noData(result) }
            return .newData(result)
        }
    }

    /// Sends the forecast request, unless the provider refuses to be asked at all; a refusal (429, 503)
    /// starts or extends the back-off, a success ends it. What the service says of itself (a deprecated
    /// version) is said once, at the end of the run.
    func requestForecast(for location: Location, cachingHeaders: CachingHeaders?) throws(WeatherError)
        -> ForecastFetch
    {
        if let refusal = provider.refusalBeforeAnyRequest { throw .settings(refusal) }
        sentRequests.withLock { $0 += 1 }
        do {
            let fetched = try provider.currentWeather(at: location, cachingHeaders: cachingHeaders, before: deadline)
            backoffs.clear(provider.forecastService)
            if case .modified(let response) = fetched, let notice = response.notice { context.noteOnce(notice) }
            return fetched
        } catch {
            throw backoffs.recording(error, from: provider.forecastService)
        }
    }

    /// A 304 to a request that was not conditional: the service is not speaking HTTP as it should.
    var unexpectedNotModified: WeatherError {
        .provider(
            .badResponse(
                provider.forecastService, problem: tr("it answered 304 Not Modified to an unconditional request")))
    }

    /// Works out again when the saved result's replacement is overdue, after the schedule changed.
    /// Holding the lock.
    public func rescheduleSavedResult() {
        results.rereadFiles()
        guard var result = results.cachedResult().result else { return }
        result.overdueAt = replacement.overdueAt(of: result)
        try? save(result, in: context.store)
        results.remember(result)
    }

    /// After a background run the adaptive schedule skipped, under one hold of the lock: `location.json`
    /// made to match the saved result (what a fetch would have done), and the result's replacement
    /// overdue only after the run that fetches by `nextFetchBy`, so that a status bar marks it stale when
    /// that plan fails, not while it is followed.
    package func afterSkippedRun(nextFetchBy: Timestamp) {
        try? withFetchLock { () throws(WeatherError) in
            results.rereadFiles()
            guard let location = try savedLocation(), var result = results.cachedResult(for: location) else { return }
            savedPlace.matchLocationFile(to: location)
            guard let overdue = replacement.overdueAt(fetchingFrom: nextFetchBy, dataInterval: result.interval),
                overdue > (result.overdueAt ?? Timestamp(secondsSince1970: -.infinity))
            else { return }
            result.overdueAt = overdue
            try? save(result, in: context.store)
        }
    }

    // MARK: The lock

    /// Runs `body` holding the fetch lock (`FetchLockHolder`), waiting for another run at most until
    /// the run's deadline.
    public func withFetchLock<T>(_ body: () throws(WeatherError) -> T) throws(WeatherError) -> T {
        try lock.withLock(before: deadline, body)
    }

    private func save(_ result: WeatherResult, in store: WeatherStore) throws(WeatherError) {
        do {
            try store.saveResult(result)
        } catch {
            throw .store(error)
        }
    }
}
