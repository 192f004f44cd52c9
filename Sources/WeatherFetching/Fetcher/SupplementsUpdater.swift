package import WeatherModel
package import WeatherSources
package import WeatherSystem

/// Keeps what else is known of the saved place up to date (the registry's supplements, such as the air):
/// one more request each in a run that fetches its weather, under the same fetch lock, time budget and
/// back-offs (each its own, by host and path), only when its setting is on and its saved file is stale by
/// its own word (`SupplementData.staleAt`). A failure never costs the weather or the warnings: the file
/// keeps its last known values, saying why.
package struct SupplementsUpdater: Sendable {
    /// The run's context: its settings, transport and clock.
    let context: WeatherContext
    let backoffs: ServiceBackoffs
    let deadline: @Sendable () -> Deadline

    private var settings: Settings { context.settings }

    /// Brings each supplement of `location` in `store` up to date; whether what people are told of one
    /// changed (`SupplementData.notable`).
    @discardableResult
    package func update(for location: Location, in store: WeatherStore, caller: FetchCaller, stillWanted: () -> Bool)
        throws(WeatherError) -> Bool
    {
        var changed = false
        var stopped: WeatherError?
        SourceRegistry.each { source in
            guard case .supplement(let supplement) = source else { return false }
            do throws(WeatherError) {
                changed =
                    try update(supplement, for: location, in: store, caller: caller, stillWanted: stillWanted)
                    || changed
            } catch {
                stopped = error
                return true
            }
            return false
        }
        if let stopped { throw stopped }
        return changed
    }

    /// The service of `supplement` at `url`, its back-off kept by its host and its name ("host air"), apart
    /// from the forecast's (by host) and the warnings' (by host and path) on the same host: a mirror, the
    /// test server.
    package static func service(_ supplement: SupplementDescriptor, at url: String) -> ProviderError.Service {
        let host = URLParts(url)?.authority ?? url
        return .init(
            role: .supplement(supplement.name), host: host, setting: supplement.endpoint.variable,
            backoffKey: host + " " + supplement.name)
    }

    private func update(
        _ supplement: SupplementDescriptor, for location: Location, in store: WeatherStore, caller: FetchCaller,
        stillWanted: () -> Bool
    ) throws(WeatherError) -> Bool {
        let file = store.supplementFile(supplement)
        guard let url = supplement.url(settings) else {
            // Off: nothing sent, and nothing kept to show.
            if FileIO.exists(file) { try? store.remove(file) }
            return false
        }
        let now = context.clock.now()
        let saved = store.loadSupplement(supplement).flatMap { $0.answers(location, settings: settings) ? $0 : nil }
        if let saved, saved.updatedAt <= now, now < saved.staleAt, saved.failure == nil { return false }
        func keep(because reason: String) {
            guard var kept = saved else { return }
            kept.failure = Catalogue.inEnglish { reason }.oneLine(maximumLength: 400)
            if stillWanted() { try? store.write(kept.fileContents, to: file, lineFeed: false) }
        }
        // A run out of time leaves the saved one as it is: nothing failed.
        guard deadline().remaining >= 1 else { return false }
        let fresh: any SupplementData
        do throws(WeatherError) {
            let response = try send(
                supplement.request(url, location, settings), to: supplement, at: url, caller: caller)
            do throws(ResponseProblem) {
                fresh = try supplement.decode(response, location, settings, now)
            } catch {
                let service = Self.service(supplement, at: url)
                throw backoffs.recording(.unreadable(service, error), from: service)
            }
        } catch {
            if case .stopped = error { throw error }
            if case .provider(.transport(.stopped)) = error { throw error }
            keep(because: error.description)
            return false
        }
        guard stillWanted() else { return false }
        try? store.write(fresh.fileContents, to: file, lineFeed: false)
        return saved?.notable != fresh.notable
    }

    /// Sends `request` to `supplement`'s service at `url`, under its back-off and within the run's time
    /// budget: its answer, or why there is none (the failure recorded, as a fetch's).
    func send(_ request: HTTPRequest, to supplement: SupplementDescriptor, at url: String, caller: FetchCaller)
        throws(WeatherError) -> HTTPResponse
    {
        let service = Self.service(supplement, at: url)
        try backoffs.check(service, for: caller)
        let deadline = deadline()
        guard deadline.remaining >= 1 else {
            throw .provider(.transport(.timedOut(host: service.host, budget: deadline.budget)))
        }
        do throws(ProviderError) {
            let response: HTTPResponse
            do {
                response = try context.http.send(request, before: deadline)
            } catch {
                throw .transport(error)
            }
            guard (200...299).contains(response.status) else {
                throw .status(
                    service, code: response.status, reason: ResponseBody.errorReason(response.body),
                    retryAfter: response.headers["Retry-After"])
            }
            backoffs.clear(service)
            return response
        } catch {
            if case .transport(.stopped) = error { throw .provider(error) }
            throw backoffs.recording(error, from: service)
        }
    }

    /// Removes every supplement's file: nothing of the place outlives `logout`.
    static func removeFiles(in store: WeatherStore) throws(StoreError) {
        var failure: StoreError?
        SourceRegistry.each { source in
            guard case .supplement(let supplement) = source else { return false }
            do throws(StoreError) {
                try store.remove(store.supplementFile(supplement))
            } catch {
                failure = error
                return true
            }
            return false
        }
        if let failure { throw failure }
    }
}

extension WeatherFetcher {
    /// One request to `supplement`'s service for what a person asked (`weather air`): under its back-off
    /// and the run's time budget, a failure recorded as a fetch's; its answer, or why there is none; `nil`
    /// when the settings turn it off.
    package func ask(_ supplement: SupplementDescriptor, _ request: (_ url: String) -> HTTPRequest)
        throws(WeatherError) -> HTTPResponse?
    {
        guard let url = supplement.url(context.settings) else { return nil }
        return try supplements.send(request(url), to: supplement, at: url, caller: .foreground)
    }
}
