import Synchronization

/// Fetches the weather for the saved place, keeps the last result (with its location and `updatedAt`),
/// and posts `WeatherUpdated` when the values change.
///
/// `WeatherFetcher.shared` serves the process: the fetcher of `WeatherContext.live`. A test builds one
/// from parts, or a context of doubles. Foreground (`weather show`) and background (`weather refresh`) go
/// through the same fetcher, so they share one cache and one set of rules.
public final class WeatherFetcher: Sendable {
    /// The process-wide fetcher, built on first use with the live context.
    public static var shared: WeatherFetcher {
        get throws(WeatherError) { try WeatherContext.live.fetcher }
    }

    /// The run's settings.
    let settings: Settings
    /// Where results and the saved place live.
    let store: WeatherStore
    /// Tells the time for `updatedAt` and freshness.
    public let clock: any WallClock
    /// How clock times in messages are printed.
    let timeZone: LocalTimeZone
    /// Where `WeatherUpdated` is posted.
    let notifications: NotificationCenter
    /// The run's network time budget (`WEATHER_TIMEOUT`), started when the fetcher was made; a person
    /// waiting at a terminal gets a shorter one (`limitNetworkTime(to:setting:)`).
    var deadline: Deadline { runDeadline.withLock { $0 } }
    private let runDeadline: Mutex<Deadline>
    /// When results go stale.
    let freshness: Freshness
    let provider: OpenMeteo
    /// The results of one-off lookups of other places.
    let lookups: LookupCache

    /// How many forecast requests this run has sent.
    var requestsSent: Int { sentRequests.withLock { $0 } }
    private let sentRequests = Mutex(0)

    /// The files as this run last read or wrote them; `nil` until first needed.
    private let memory = Mutex(Memory())
    /// How deep this process is in `withFetchLock`: the lock is taken once, by the outermost call.
    private let lockDepth = Mutex(0)

    /// The variables of the run, whose locale says the language of place names.
    let environment: Environment
    /// This user's delay within the timer's spread, read when a result is saved (`RunSchedule`); `nil`
    /// for none (a test's fetcher, whose timer runs at the clock times themselves).
    let fixedDelay: @Sendable () -> FixedDelay?
    /// Whether a person typed this run's command in a terminal (its standard output is one): after a
    /// shared failure such a run still tries once, unless the failure happened while it waited.
    let typedAtTerminal: Bool
    /// When the run began: a failure recorded since then happened while it waited for the lock.
    let startedAt: Timestamp

    /// A fetcher of these parts.
    init(
        settings: Settings, store: WeatherStore, http: any HTTPTransport, clock: any WallClock,
        timeZone: LocalTimeZone, notifications: NotificationCenter, environment: Environment = Environment([:]),
        fixedDelay: @escaping @Sendable () -> FixedDelay? = { nil }, typedAtTerminal: Bool = false
    ) {
        self.settings = settings
        self.store = store
        self.clock = clock
        self.timeZone = timeZone
        self.notifications = notifications
        runDeadline = Mutex(Deadline(seconds: settings.timeout))
        freshness = Freshness(staleAfter: settings.staleAfter)
        self.environment = environment
        self.fixedDelay = fixedDelay
        self.typedAtTerminal = typedAtTerminal
        startedAt = clock.now()
        provider = OpenMeteo(geocodingURL: settings.geocodingURL, forecastURL: settings.forecastURL, http: http)
        lookups = LookupCache(paths: store.paths)
    }

    /// The language place names are looked up in (the setting, else the locale's), worked out when a
    /// run looks a place up: `weather show` of the saved place never needs it.
    var language: String { settings.placeNameLanguage(environment: environment) }

    /// Ends the run's network time `seconds` from now, named by `setting` in messages, when that is
    /// sooner than its budget would.
    func limitNetworkTime(to seconds: Double, setting: String) {
        runDeadline.withLock { deadline in
            if seconds < deadline.remaining { deadline = Deadline(seconds: seconds, setting: setting) }
        }
    }

    // MARK: What is saved

    /// The saved place, or `nil` when there is none.
    ///
    /// `location.json` says whether a place is saved; the result file, when it holds a result, says which.
    /// `set` renames its result into place before the place, so the result is never for an older place
    /// than `location.json`: a `set` killed between the two renames has happened, consistently for every
    /// later run, and the next fetch writes `location.json` to match.
    public func savedLocation() throws(WeatherError) -> Location? {
        if case .read(let known) = memory.withLock({ $0.location }) { return known }
        let location: Location?
        if !FileIO.exists(store.paths.locationFile) {
            location = nil
        } else if let result = cachedResult().result {
            location = result.location
        } else {
            do {
                location = try store.loadLocation()
            } catch {
                throw .store(error)
            }
        }
        memory.withLock { $0.location = .read(location) }
        return location
    }

    /// The last result as stored, whatever place it is for. Read from disk once per run; a file in an
    /// older format is rewritten in the current one, once, under the fetch lock (its values kept as they
    /// are: an upgrade loses nothing).
    func cachedResult() -> WeatherStore.CachedResult {
        if let known = memory.withLock({ $0.result }) { return known }
        // Read again (`rereadFiles`) a file no one has replaced or changed since: what was read stands.
        if let last = memory.withLock({ $0.lastRead }), FileIO.identity(of: store.paths.resultFile) == last.identity {
            memory.withLock { $0.result = last.result }
            return last.result
        }
        var identity: FileIO.Identity?
        var loaded = store.loadResult(identity: &identity)
        if case .outdated(let result) = loaded {
            try? withFetchLock { () throws(WeatherError) in
                guard case .outdated(let stillOutdated) = store.loadResult() else { return }
                do throws(StoreError) {
                    try store.saveResult(stillOutdated)
                } catch {
                    throw .store(error)
                }
            }
            loaded = .result(result)
        }
        memory.withLock { memory in
            memory.result = loaded
            // What the file held, as this run reads it (an older format rewritten has a new identity).
            memory.lastRead = identity.map { ResultRead(identity: $0, result: loaded) }
        }
        return loaded
    }

    /// The saved result and its place, with a warning when the cache was damaged: what `show` and
    /// `forecast` print first.
    ///
    /// One read of one file when all is well: the result holds its place, and every run that writes the
    /// result or the saved place does so under the fetch lock, result first. The saved place is only
    /// checked to exist then, and read when there is no usable result.
    func loadFromCache() throws(WeatherError) -> (location: Location, result: WeatherResult?, warnings: [String]) {
        switch cachedResult() {
        case .result(let result), .outdated(let result):
            guard FileIO.exists(store.paths.locationFile) else { throw .noLocation }
            return (result.location, result, [])
        case .empty:
            guard let location = try savedLocation() else { throw .noLocation }
            return (location, nil, [])
        case .corrupt(let problem):
            guard let location = try savedLocation() else { throw .noLocation }
            return (location, nil, [problem])
        }
    }

    /// Forgets what this run read, so that the next look reads the files as another run may have left them
    /// (a result file still the one read is not parsed again).
    func rereadFiles() {
        memory.withLock { $0 = Memory(lastRead: $0.lastRead) }
    }

    /// The last result if it is for `location`.
    func cachedResult(for location: Location) -> WeatherResult? {
        guard let result = cachedResult().result, result.location.isSamePlace(as: location) else { return nil }
        return result
    }

    /// Whether `result` is stale now.
    func isStale(_ result: WeatherResult) -> Bool {
        freshness.isStale(result, at: clock.now())
    }

    /// Whether a run in `state` fetches before it shows `result`: when someone is looking (`active`) or
    /// the timer woke it (`background`), and the result is missing or stale. A pipe (`inactive`) never.
    func needsFetch(_ result: WeatherResult?, in state: AppState) -> Bool {
        guard state.fetchesWhenStale else { return false }
        guard let result else { return true }
        return isStale(result)
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
    func fetch(needingForecast: Bool = false, for caller: Caller = .foreground) throws(WeatherError) -> FetchOutcome {
        let seen = try savedLocation().flatMap { cachedResult(for: $0) }
        try checkBackoff(for: provider.forecastService, caller: caller)
        return try withFetchLock { () throws(WeatherError) -> FetchOutcome in
            try fetchHoldingLock(seen: seen, needingForecast: needingForecast, caller: caller)
        }
    }

    /// Who asks for a fetch, which decides how a recorded failure is respected.
    package enum Caller: Sendable {
        /// Someone looking (a terminal, `--refresh`, a one-off lookup, `search`): a failure of the last
        /// minute is reported, not repeated, unless a person typed the command after it
        /// (`typedAtTerminal`).
        case foreground
        /// The timer: waits out the pause after failures, as after a refusal.
        case background
        /// `set`, and `refresh --force`: always tries once, but never during a refusal's back-off.
        case set
    }

    private func fetchHoldingLock(seen: WeatherResult?, needingForecast: Bool, caller: Caller) throws(WeatherError)
        -> FetchOutcome
    {
        // Under the lock the files are as the last run left them: a `set` may have changed the place, and
        // another fetch may have stored a newer result.
        rereadFiles()
        guard let location = try savedLocation() else { throw .noLocation }
        let stored = cachedResult(for: location)
        if stored != nil { matchLocationFile(to: location) }
        let forecastMissing = needingForecast && savedForecast(for: location) == nil
        if let stored, !forecastMissing, stored.updatedAt > (seen?.updatedAt ?? Timestamp(secondsSince1970: -.infinity))
        {
            return .fetchedByAnotherRun(stored)
        }
        // A logout that could not wait for the lock wins: store nothing. (Nothing else changes the saved
        // place without holding the lock, so that it still exists is all there is to check.)
        let outcome = try request(
            for: location, stored: stored, forecastMissing: forecastMissing, into: store, caller: caller,
            scheduled: true, stillWanted: { FileIO.exists(store.paths.locationFile) })
        memory.withLock { $0.result = .result(outcome.result) }
        if case .newData(let result) = outcome { notifications.post(name: .weatherUpdated, object: result) }
        return outcome
    }

    /// Asks for `location`'s weather, conditionally when `stored` has validators (and the forecast is not
    /// missing), and saves what comes in `store`, unless `stillWanted` says the place was forgotten in
    /// the meantime. `scheduled`: background refresh keeps this result up to date (the saved place), so
    /// the result says when its replacement is overdue. Holding the lock.
    func request(
        for location: Location, stored: WeatherResult?, forecastMissing: Bool, into store: WeatherStore,
        caller: Caller = .foreground, scheduled: Bool = false, stillWanted: () -> Bool
    ) throws(WeatherError) -> FetchOutcome {
        try checkBackoff(for: provider.forecastService, caller: caller)
        let fetched = try requestForecast(
            for: location, cachingHeaders: forecastMissing ? nil : stored?.cachingHeaders)
        guard stillWanted() else { throw .noLocation }
        switch fetched {
        case .notModified(let headers):
            // Only a conditional request, which needs a stored result, can get a 304.
            guard let stored else { throw unexpectedNotModified }
            var renewed = stored.renewed(by: headers, at: clock.now())
            if scheduled { renewed.overdueAt = overdueAt(of: renewed) }
            try save(renewed, in: store)
            return .noData(renewed)
        case .modified(let response):
            var result = makeResult(response, for: location)
            if let stored, !forecastMissing, result.observedAt <= stored.observedAt,
                result.implausibleValues > stored.implausibleValues
            {
                // The same data with more values left out would replace good ones: the saved result is
                // renewed instead, as by a 304.
                var renewed = stored.renewed(by: response.cachingHeaders, at: clock.now())
                if scheduled { renewed.overdueAt = overdueAt(of: renewed) }
                try save(renewed, in: store)
                return .noData(renewed)
            }
            if scheduled { result.overdueAt = overdueAt(of: result) }
            try saveForecast(response, for: location, in: store)
            try save(result, in: store)
            if let stored, stored.showsTheSame(as: result) { return .noData(result) }
            return .newData(result)
        }
    }

    /// What `set` did: the place chosen and its weather.
    public struct Placement: Sendable, Equatable {
        /// The place and how it was chosen.
        var choice: PlaceChoice
        /// Its current weather, now saved.
        public var result: WeatherResult

        /// "Saved Berlin, Land Berlin, Germany (the most populous of 10 matches).": which place, and why.
        public var announcement: String {
            "Saved \(choice.location.displayName) (\(choice.how))."
        }

        /// How a qualifier that names both a country and a state was read, for standard error: `"MO" read
        /// as Missouri, United States (no Springfield in Macao)`.
        public var note: String? { choice.note }
    }

    /// Finds `query`, fetches its weather and saves both, replacing the saved place: always with a
    /// request, as the user asked for one, but never during a service's back-off. On any failure the saved
    /// place and result stay exactly as they were.
    public func setLocation(_ query: PlaceQuery) throws(WeatherError) -> Placement {
        try checkBackoff(for: provider.forecastService, caller: .set)
        return try withFetchLock { () throws(WeatherError) -> Placement in try setLocationHoldingLock(query) }
    }

    /// The place `query` names: the place at its coordinates, or the geocoding service's best match.
    func findPlace(_ query: PlaceQuery, for caller: Caller = .foreground) throws(WeatherError) -> PlaceChoice {
        if let coordinates = query.coordinates {
            return PlaceChoice(
                location: Location(name: query.name, latitude: coordinates.latitude, longitude: coordinates.longitude),
                matchCount: 0)
        }
        return PlaceChoice(try matches(for: query, caller: caller))
    }

    /// What the geocoding service knows by `query`'s name, narrowed by its qualifiers (`PlaceMatches`):
    /// one request, never during the service's back-off. Words without a comma that find nothing, or a
    /// place their last words do not describe, are tried with one (`CommaHint`): a request or two more,
    /// for a message that says what to write.
    package func matches(for query: PlaceQuery, caller: Caller = .foreground) throws(WeatherError) -> PlaceMatches {
        try checkBackoff(for: provider.geocodingService, caller: caller)
        do throws(ProviderError) {
            let language = language
            let candidates = try provider.searchPlaces(query, language: language, before: deadline)
            clearBackoff(for: provider.geocodingService)
            guard !candidates.isEmpty else {
                let found = CommaHint.splits(of: query).first(where: findsItsName)
                throw ProviderError.placeNotFound(query, suggestion: found?.text)
            }
            var found = try PlaceMatches(query, candidates: candidates, language: language)
            let chosen = found.fitting[0]
            let split = CommaHint.splits(of: query).first { split in
                CommaHint.readsAsPlace(split)
                    && !PlaceQualifier.readings(of: split.qualifiers[0]).contains { $0.fits(chosen) }
                    && findsItsName(split)
            }
            if let split {
                let note = CommaHint.note(for: query, found: chosen.location, split: split)
                found.note = [found.note, note].compactMap { $0 }.joinedText("; ")
            }
            return found
        } catch {
            throw recordingBackoff(after: error, from: provider.geocodingService)
        }
    }

    /// Whether `query` chooses a place of exactly its name (not one it is the start of), asked only to
    /// give advice: any failure is a no.
    private func findsItsName(_ query: PlaceQuery) -> Bool {
        guard let candidates = try? provider.searchPlaces(query, language: language, before: deadline),
            let found = try? PlaceMatches(query, candidates: candidates, language: language)
        else { return false }
        return found.fitting[0].location.name.lowercased() == query.name.lowercased()
    }

    private func setLocationHoldingLock(_ query: PlaceQuery) throws(WeatherError) -> Placement {
        let choice = try findPlace(query, for: .set)
        guard case .modified(let response) = try requestForecast(for: choice.location, cachingHeaders: nil) else {
            throw unexpectedNotModified
        }
        var result = makeResult(response, for: choice.location)
        result.overdueAt = overdueAt(of: result)
        let previousResult = PreviousFile(store.paths.resultFile)
        let previousForecast = PreviousFile(store.paths.forecastFile)
        do throws(WeatherError) {
            // The forecast first: it names its place, so until the result's rename no run reads it for the
            // saved place. The commit: once the result is renamed into place, the new place is saved (see
            // `savedLocation`).
            try saveForecast(response, for: choice.location, in: store)
            try save(result, in: store)
            do {
                try store.saveLocation(choice.location)
            } catch {
                throw WeatherError.store(error)
            }
        } catch {
            restore(previousResult, to: store.paths.resultFile)
            restore(previousForecast, to: store.paths.forecastFile)
            throw error
        }
        memory.withLock { $0 = Memory(location: .read(choice.location), result: .result(result)) }
        notifications.post(name: .weatherUpdated, object: result)
        return Placement(choice: choice, result: result)
    }

    /// Removes the saved place and results, and the places looked up once; returns the place that was
    /// saved, if one was. Waits for a
    /// fetch under way to finish, so that it cannot write its result back afterwards.
    @discardableResult
    public func forgetLocation() throws(WeatherError) -> Location? {
        let location = try? savedLocation()
        do throws(WeatherError) {
            try withFetchLock { () throws(WeatherError) in try removeSavedFiles() }
        } catch {
            // A fetch that outlasts our budget must not keep the user from forgetting the place; it stores
            // nothing once the place is gone (see `fetchHoldingLock`).
            guard case .busy = error else { throw error }
            try removeSavedFiles()
        }
        return location ?? nil
    }

    private func removeSavedFiles() throws(WeatherError) {
        do {
            try store.removeAll()
        } catch {
            throw .store(error)
        }
        lookups.removeAll()
        memory.withLock { $0 = Memory(location: .read(nil), result: .empty) }
    }

    // MARK: The lock

    /// Runs `body` holding the fetch lock, under which every file of weather's is written: the results,
    /// the place, the back-offs, the chosen interval and the timer's units. So the holder knows that a
    /// temporary file beside them was left by a killed run, and removes it. Calls nest: only the
    /// outermost takes the lock. From here on SIGTERM and SIGINT stop the run cleanly (`StopSignal`):
    /// whatever `body` throws after one of them arrived becomes `.stopped`.
    public func withFetchLock<T>(_ body: () throws(WeatherError) -> T) throws(WeatherError) -> T {
        if lockDepth.withLock({ $0 }) > 0 { return try body() }
        StopSignal.install()
        do {
            let lock = try FetchLock.acquire(store.paths.lockFile, before: deadline)
            defer { withExtendedLifetime(lock) {} }
            store.removeTemporaryFiles()
            lookups.removeTemporaryFiles()
            lockDepth.withLock { $0 += 1 }
            defer { lockDepth.withLock { $0 -= 1 } }
            return try body()
        } catch {
            if let signal = StopSignal.received { throw .stopped(signal: signal) }
            throw error
        }
    }

    /// Writes `location.json` again when it names another place than the saved result (a `set` killed
    /// between its two renames), so that the file says what every run already reads. Holding the lock.
    func matchLocationFile(to location: Location) {
        guard (try? store.loadLocation())??.isSamePlace(as: location) != true else { return }
        try? store.saveLocation(location)
    }

    // MARK: Back-off

    /// Throws `.backingOff` while `service` asked us to wait, and `.recentFailure` while a failed request
    /// is `caller`'s to report (`Backoff.end(background:)`). A failed request is shared by the callers
    /// queued behind it and, for a while, by runs nobody typed (a status bar's, the timer's): never by
    /// `set`, nor by a command a person typed in a terminal after it, which tries once. A refusal binds
    /// everyone.
    private func checkBackoff(for service: ProviderError.Service, caller: Caller) throws(WeatherError) {
        let now = clock.now()
        guard let backoff = store.loadBackoffs()[service.host], backoff.isPlausible(at: now) else { return }
        if !backoff.refused, caller == .set || (typedAtTerminal && backoff.at < startedAt) { return }
        let end = backoff.end(background: caller == .background)
        guard end > now else { return }
        guard !backoff.refused else { throw backingOff(service, backoff, now: now) }
        throw .recentFailure(
            service: service.description, reason: backoff.reason, ago: max(0, now - backoff.at),
            resumesAt: LocalTime.describe(end, now: now, in: timeZone), remaining: end - now)
    }

    /// Sends the forecast request; a refusal (429, 503) starts or extends the back-off, a success ends it.
    private func requestForecast(for location: Location, cachingHeaders: CachingHeaders?) throws(WeatherError)
        -> OpenMeteo.ForecastFetch
    {
        sentRequests.withLock { $0 += 1 }
        do {
            let fetched = try provider.currentWeather(at: location, cachingHeaders: cachingHeaders, before: deadline)
            clearBackoff(for: provider.forecastService)
            return fetched
        } catch {
            throw recordingBackoff(after: error, from: provider.forecastService)
        }
    }

    /// `error` as a `WeatherError`, after recording the back-off it calls for: after a 429 or a 503, a
    /// refusal; after a request that failed (no answer, a 500, 502 or 504), a shared failure.
    private func recordingBackoff(after error: ProviderError, from service: ProviderError.Service) -> WeatherError {
        var backoffs = store.loadBackoffs()
        let now = clock.now()
        guard let refusal = error.refusal else {
            guard error.isSharedFailure else { return .provider(error) }
            backoffs[service.host] = Backoff.after(
                failure: error.cause, previous: backoffs[service.host], now: now)
            try? store.saveBackoffs(backoffs)
            return .provider(error)
        }
        let backoff = Backoff.after(
            refusal: refusal.reason, retryAfter: refusal.retryAfter, previous: backoffs[refusal.service.host], now: now
        )
        backoffs[refusal.service.host] = backoff
        try? store.saveBackoffs(backoffs)
        return backingOff(refusal.service, backoff, now: now)
    }

    private func backingOff(_ service: ProviderError.Service, _ backoff: Backoff, now: Timestamp) -> WeatherError {
        .backingOff(
            service: service.description, reason: backoff.reason,
            resumesAt: LocalTime.describe(backoff.until, now: now, in: timeZone), remaining: backoff.until - now
        )
    }

    /// A 304 to a request that was not conditional: the service is not speaking HTTP as it should.
    private var unexpectedNotModified: WeatherError {
        .provider(
            .badResponse(provider.forecastService, problem: "it answered 304 Not Modified to an unconditional request"))
    }

    private func clearBackoff(for service: ProviderError.Service) {
        var backoffs = store.loadBackoffs()
        guard backoffs.removeValue(forKey: service.host) != nil else { return }
        try? store.saveBackoffs(backoffs)
    }

    // MARK: Helpers

    private func makeResult(_ response: ForecastResponse, for location: Location) -> WeatherResult {
        var result = WeatherResult(
            location: location, conditions: response.conditions, observedAt: response.observedAt,
            clock: response.clock, interval: response.interval, sunrise: response.sunrise,
            sunset: response.sunset, outlook: response.forecast.outlook(after: response.observedAt),
            updatedAt: clock.now(), cachingHeaders: response.cachingHeaders
        )
        result.implausibleValues = response.implausible.count
        return result
    }

    /// The saved place's background schedule as the user chose it (`weather schedule`), `minimum` being
    /// `dataInterval`; `nil` for `never`. Within what `weather schedule` allows, as the timer's is.
    func runSchedule(dataInterval: Double?) -> RunSchedule? {
        guard let seconds = store.chosenInterval().seconds(dataInterval: dataInterval ?? Freshness.defaultInterval)
        else { return nil }
        let utcOffset = timeZone.offset(at: clock.now())
        guard let fixedDelay = fixedDelay() else {
            return RunSchedule(interval: seconds, delay: 0, utcOffset: utcOffset)
        }
        return RunSchedule(interval: seconds, fixedDelay: fixedDelay, utcOffset: utcOffset)
    }

    /// When background refresh's replacement of `result` (the saved place's) is overdue: by the chosen
    /// schedule, after the timer's last trigger (the mtime of systemd's stamp file, which `Persistent=`
    /// keeps); `nil` when background refresh is off.
    func overdueAt(of result: WeatherResult) -> Timestamp? {
        overdueAt(fetchingFrom: result.naturalStaleAt.moment, dataInterval: result.interval)
    }

    /// When a replacement is overdue that the first run at or after `moment` fetches: that run, after
    /// the timer's last trigger, plus the grace (`RunSchedule.overdueAt`); `nil` when background refresh
    /// is off.
    func overdueAt(fetchingFrom moment: Timestamp, dataInterval: Double?) -> Timestamp? {
        guard let schedule = runSchedule(dataInterval: dataInterval) else { return nil }
        let dataHome =
            environment.nonEmpty("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment.nonEmpty("HOME").map { $0 + "/.local/share" }
        let lastTrigger = dataHome.flatMap {
            FileIO.modificationTime($0 + "/systemd/timers/stamp-" + RefreshUnits.timerName)
        }
        return schedule.overdueAt(fetchingFrom: moment, lastRun: lastTrigger.flatMap { $0 <= clock.now() ? $0 : nil })
    }

    /// Works out again when the saved result's replacement is overdue, after the schedule changed.
    /// Holding the lock.
    public func rescheduleSavedResult() {
        rereadFiles()
        guard var result = cachedResult().result else { return }
        result.overdueAt = overdueAt(of: result)
        try? save(result, in: store)
        memory.withLock { $0.result = .result(result) }
    }

    /// The saved forecast when it is for `location`.
    func savedForecast(for location: Location) -> SavedForecast? {
        guard let saved = store.loadForecast().forecast, saved.location.isSamePlace(as: location) else { return nil }
        return saved
    }

    /// Saves the forecast of `response`, which comes before its result (see `saveForecast` of the store).
    /// A response without one (a service that sends no hourly or daily block) leaves the file as it was.
    private func saveForecast(_ response: ForecastResponse, for location: Location, in store: WeatherStore)
        throws(WeatherError)
    {
        guard !response.forecast.isEmpty else { return }
        do {
            try store.saveForecast(
                SavedForecast(
                    location: location, utcOffsetSeconds: response.utcOffsetSeconds, forecast: response.forecast,
                    fetchedAt: clock.now()))
        } catch {
            throw .store(error)
        }
    }

    private func save(_ result: WeatherResult, in store: WeatherStore) throws(WeatherError) {
        do {
            try store.saveResult(result)
        } catch {
            throw .store(error)
        }
    }

    /// Puts back the file at `path`, byte for byte, as it was before a `set` that failed half-way.
    private func restore(_ previous: PreviousFile, to path: String) {
        switch previous {
        case .contents(let bytes): try? FileIO.writeAtomically(bytes, to: path)
        case .absent: try? FileIO.remove(path)
        case .unreadable: break
        }
        memory.withLock { $0.result = nil }
    }
}

/// The files as one run last read or wrote them, so that it reads each at most once.
private struct Memory {
    /// The saved place, or `nil` when none is saved; `notRead` until first needed.
    var location: RememberedLocation = .notRead
    /// What the result file held; `nil` until first needed.
    var result: WeatherStore.CachedResult?
    /// The result file as last read from disk, and what it held: kept when the rest is forgotten.
    var lastRead: ResultRead?
}

/// A result file as read, and what it held.
private struct ResultRead {
    var identity: FileIO.Identity
    var result: WeatherStore.CachedResult
}

/// The saved place as read from the files, or not read yet. (Not a generic `Remembered<Value>`: its
/// metadata would be built at run time, at every start of `weather show`.)
private enum RememberedLocation {
    case notRead
    case read(Location?)
}

/// A file as it was before a change that may have to be undone.
private enum PreviousFile {
    case contents([UInt8])
    case absent
    /// It could not be read, so it cannot be put back.
    case unreadable

    init(_ path: String) {
        do {
            self = try FileIO.read(path).map(PreviousFile.contents) ?? .absent
        } catch {
            self = .unreadable
        }
    }
}
