import Synchronization
package import WeatherModel
package import WeatherSources
package import WeatherSystem

/// Keeps the official warnings of a place up to date: one more request in the run that fetches its
/// weather, under the same fetch lock and time budget, only where a source covers the place
/// (`AlertSource(for:)`: its country, or where a place given by its coordinates lies), not again while the
/// last answer is fresh by the service's own word, conditional where it sent validators, and behind the
/// service's own back-off and shared failures (`ServiceBackoffs`, kept apart from the forecast's). A
/// failure never costs the weather: the warnings keep their last known state, the file saying since when
/// and why (`SavedAlerts.failure`).
package final class WarningsUpdater: Sendable {
    private let settings: Settings
    private let http: any HTTPTransport
    private let clock: any WallClock
    private let backoffs: ServiceBackoffs
    private let deadline: @Sendable () -> Deadline
    /// The language of the warnings' texts: the run's (`WeatherFetcher.textLanguage`), as place names'.
    private let language: @Sendable () -> String
    /// What this run's last update did.
    private let last = Mutex<Outcome?>(nil)
    /// The warnings each update of this run's last answer replaces (`AlertMessage.replacements`).
    private let replaced = Mutex<[String: [String]]>([:])

    package init(
        settings: Settings, http: any HTTPTransport, clock: any WallClock, backoffs: ServiceBackoffs,
        deadline: @escaping @Sendable () -> Deadline, language: @escaping @Sendable () -> String
    ) {
        self.settings = settings
        self.http = http
        self.clock = clock
        self.backoffs = backoffs
        self.deadline = deadline
        self.language = language
    }

    /// What an update did.
    package enum Outcome: Sendable, Equatable {
        /// No source covers the place, or warnings are off: no request, no file.
        case uncovered
        /// The saved warnings are still fresh: no request.
        case fresh
        /// The source may not be asked (`WarningSource.refusal`).
        case notAsked(String)
        /// The service answered: the warnings changed, or stayed the same (a 304 among them).
        case changed
        case unchanged
        /// The request failed, the service asked to wait, or the run had no time left for it: the warnings
        /// are the last known ones.
        case failed(String)
    }

    /// What this run's last update did, if it did one.
    package var lastOutcome: Outcome? { last.withLock { $0 } }

    /// The warnings each update in this run's last answer replaces, by the update's identifier: empty
    /// when the update sent no request, got a 304, or the service names none.
    var lastReplacements: [String: [String]] { replaced.withLock { $0 } }

    /// The source for `location`, when warnings are on and one covers its country, or its point when it
    /// was given by its coordinates.
    package func source(for location: Location) -> (any WarningSource)? {
        guard settings.alerts, let service = AlertSource(for: location)?.descriptor else { return nil }
        return service.make(settings)
    }

    /// Brings the warnings of `location` in `store` up to date, holding the fetch lock: a request unless
    /// the saved ones are fresh; saved unless `stillWanted` says the place was forgotten meanwhile. Throws
    /// only when a signal stopped the run during the request.
    @discardableResult
    package func update(for location: Location, in store: WeatherStore, caller: FetchCaller, stillWanted: () -> Bool)
        throws(WeatherError) -> Outcome
    {
        replaced.withLock { $0 = [:] }
        let outcome = try updateHoldingLock(for: location, in: store, caller: caller, stillWanted: stillWanted)
        last.withLock { $0 = outcome }
        return outcome
    }

    private func updateHoldingLock(
        for location: Location, in store: WeatherStore, caller: FetchCaller, stillWanted: () -> Bool
    ) throws(WeatherError) -> Outcome {
        guard let source = source(for: location) else {
            // Warnings of a place before (another country), or from before they were turned off.
            if FileIO.exists(store.paths.alertsFile) { try? store.removeAlerts() }
            return .uncovered
        }
        let now = clock.now()
        let asked = language()
        // The language of the texts: the service's answer to a reader of the run's language.
        let language = source.source.textLanguage(for: asked)
        var saved = store.loadAlerts().flatMap { $0.isFor(location) && $0.source == source.source ? $0 : nil }
        if let file = saved, file.lastAnswer(at: now) != file.checkedAt {
            // An answer "in the future" is none (`SavedAlerts.lastAnswer`): its freshness, its validators
            // and its moment are not to be believed; its warnings are the last known.
            saved?.checkedAt = nil
            saved?.freshUntil = now
        }
        // Fresh in the language the service gives this run's reader; in another (the language changed,
        // or a terminal's locale is not the timer's), this run asks again, and until then the forms
        // say so (`WeatherFormatter.eventWords`).
        if let saved, saved.failure == nil, now < saved.freshUntil, saved.language == language { return .fresh }
        // From here on the saved warnings are past their freshness: a run that does not ask for them says
        // they are the last known, as a failed request does.
        if let refusal = source.refusal {
            markLastKnown(saved, because: { refusal }, at: now, in: store, stillWanted: stillWanted)
            return .notAsked(refusal)
        }
        do {
            try backoffs.check(source.service, for: caller)
        } catch {
            markLastKnown(saved, because: { error.description }, at: now, in: store, stillWanted: stillWanted)
            return .failed(error.description)
        }
        let deadline = deadline()
        // A run whose budget the forecast spent leaves the warnings to the next one, as they were.
        guard deadline.remaining >= 1 else {
            let budget = deadline.budget
            let reason = {
                tr("the run's time budget, %s, was spent before they could be asked for", budget.description)
            }
            markLastKnown(saved, because: reason, at: now, in: store, stillWanted: stillWanted)
            return .failed(reason())
        }
        var request = source.request(for: location, language: asked)
        let validators = saved.flatMap { $0.checkedAt != nil && $0.language == language ? $0.cachingHeaders : nil }
        if let etag = validators?.etag { request.headers.append(("If-None-Match", etag)) }
        if let lastModified = validators?.lastModified { request.headers.append(("If-Modified-Since", lastModified)) }
        let conditional = validators?.etag != nil || validators?.lastModified != nil

        var fresh = SavedAlerts(
            source: source.source, latitude: location.latitude, longitude: location.longitude, language: language,
            checkedAt: now, freshUntil: now, alerts: [])
        let texts: AlertTexts?
        do throws(ProviderError) {
            let response: HTTPResponse
            do {
                response = try http.send(request, before: deadline)
            } catch {
                throw .transport(error)
            }
            let headers = CachingHeaders(response.headers)
            if response.status == 304, conditional, let saved {
                fresh.alerts = saved.alerts
                fresh.cachingHeaders = saved.cachingHeaders.renewed(by: headers)
                texts = nil
            } else if (200...299).contains(response.status) {
                let messages: [AlertMessage]
                do {
                    messages = try source.messages(in: response.body, headers: response.headers, language: asked)
                } catch {
                    throw .unreadable(source.service, error)
                }
                let standing = AlertMessage.standing(messages)
                replaced.withLock { $0 = AlertMessage.replacements(messages) }
                fresh.alerts = standing.map(\.alert)
                fresh.cachingHeaders = headers
                texts = AlertTexts(
                    details: Dictionary(
                        standing.map { ($0.alert.id, $0.details) }, uniquingKeysWith: { first, _ in first }))
            } else if source.meansNone(status: response.status, body: response.body) {
                fresh.cachingHeaders = headers
                texts = AlertTexts(details: [:])
            } else {
                throw .status(
                    source.service, code: response.status, reason: ResponseBody.problemDetail(response.body),
                    retryAfter: response.headers["Retry-After"])
            }
        } catch {
            if case .transport(.stopped) = error { throw .provider(error) }
            let failure = backoffs.recording(error, from: source.service)
            var kept =
                saved
                ?? SavedAlerts(
                    source: source.source, latitude: location.latitude, longitude: location.longitude,
                    language: language, checkedAt: nil, freshUntil: now, alerts: [])
            // In English: a run in another language may read the file (`--json` shows it as it is).
            let reason = Catalogue.inEnglish { failure.description }
            kept.failure = SavedAlerts.Failure(at: now, reason: reason.oneLine(maximumLength: 400) ?? "")
            if stillWanted() { try? store.saveAlerts(kept, texts: nil) }
            return .failed(failure.description)
        }
        backoffs.clear(source.service)
        let lifetime = Freshness.serverLifetime(fresh.cachingHeaders, receivedAt: now) ?? source.quietLifetime
        // A warning whose message expires before its hazard ends is updated by then: the next run that
        // fetches asks for that update, once.
        fresh.freshUntil = min(now + lifetime, fresh.nextUpdateDue(after: now) ?? now + lifetime)
        guard stillWanted() else { return .unchanged }
        try? store.saveAlerts(fresh, texts: texts)
        return saved?.alerts == fresh.alerts ? .unchanged : .changed
    }

    /// Marks `saved`, past its freshness, as the last known warnings: this run would have asked for them
    /// and did not, for `reason`. Nothing to mark without saved warnings.
    private func markLastKnown(
        _ saved: SavedAlerts?, because reason: () -> String, at now: Timestamp, in store: WeatherStore,
        stillWanted: () -> Bool
    ) {
        guard var kept = saved else { return }
        // In English: a run in another language may read the file (`--json` shows it as it is).
        let words = Catalogue.inEnglish { reason() }
        kept.failure = SavedAlerts.Failure(at: now, reason: words.oneLine(maximumLength: 400) ?? "")
        if stillWanted() { try? store.saveAlerts(kept, texts: nil) }
    }
}
