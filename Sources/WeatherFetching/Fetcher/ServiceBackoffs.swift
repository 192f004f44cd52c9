package import WeatherModel
package import WeatherSources
package import WeatherSystem

/// The pauses services asked for and the failures runs share (`Backoff`, kept in `backoff.json` by
/// service): what a run checks before each request, and records after one that was refused or failed.
package struct ServiceBackoffs: Sendable {
    package let store: WeatherStore
    package let clock: any WallClock
    /// Whether a person typed this run's command in a terminal.
    let typedAtTerminal: Bool
    /// When the run began: a failure recorded since then happened while it waited for the lock.
    package let startedAt: Timestamp

    package init(context: WeatherContext, startedAt: Timestamp) {
        store = context.store
        clock = context.clock
        typedAtTerminal = context.typedAtTerminal
        self.startedAt = startedAt
    }

    /// Throws `.backingOff` while `service` asked us to wait, and `.recentFailure` while a failed request
    /// is `caller`'s to report (`Backoff.end(background:)`). A failed request is shared by the callers
    /// queued behind it and, for a while, by runs nobody typed (a status bar's, the timer's): never by
    /// `set`, nor by a command a person typed in a terminal after it, which tries once. A refusal binds
    /// everyone.
    package func check(_ service: ProviderError.Service, for caller: FetchCaller) throws(WeatherError) {
        let now = clock.now()
        guard let backoff = store.loadBackoffs()[service.backoffKey], backoff.isPlausible(at: now) else { return }
        if !backoff.refused, caller == .set || (typedAtTerminal && backoff.at < startedAt) { return }
        let end = backoff.end(background: caller == .background)
        guard end > now else { return }
        guard !backoff.refused else { throw backingOff(service, backoff, now: now) }
        throw .recentFailure(
            service: service, reason: backoff.reason, ago: max(0, now - backoff.at), remaining: end - now)
    }

    /// `error` as a `WeatherError`, after recording the back-off it calls for: after a 429 or a 503, a
    /// refusal; after a request that failed (no answer, a 500, 502 or 504), a shared failure.
    func recording(_ error: ProviderError, from service: ProviderError.Service) -> WeatherError {
        var backoffs = store.loadBackoffs()
        let now = clock.now()
        guard let refusal = error.refusal else {
            guard error.isSharedFailure else { return .provider(error) }
            backoffs[service.backoffKey] = Backoff.after(
                failure: error.cause, previous: backoffs[service.backoffKey], now: now)
            try? store.saveBackoffs(backoffs)
            return .provider(error)
        }
        let backoff = Backoff.after(
            refusal: refusal.reason, retryAfter: refusal.retryAfter, previous: backoffs[refusal.service.backoffKey],
            now: now
        )
        backoffs[refusal.service.backoffKey] = backoff
        try? store.saveBackoffs(backoffs)
        return backingOff(refusal.service, backoff, now: now)
    }

    /// Ends `service`'s pause or shared failure: it answered.
    package func clear(_ service: ProviderError.Service) {
        var backoffs = store.loadBackoffs()
        guard backoffs.removeValue(forKey: service.backoffKey) != nil else { return }
        try? store.saveBackoffs(backoffs)
    }

    private func backingOff(_ service: ProviderError.Service, _ backoff: Backoff, now: Timestamp) -> WeatherError {
        .backingOff(service: service, reason: backoff.reason, remaining: backoff.until - now)
    }
}
