package import WeatherModel
package import WeatherSources
package import WeatherSystem

/// One-off lookups: `weather Paris`, `weather show Springfield, MO`, `weather forecast 52.52,13.41`. The
/// weather of another place, under the saved place's rules (freshness, one request for many callers,
/// validators, back-off), in files of its own (`LookupCache`): the saved place, its result and the timer
/// are never touched.
extension WeatherFetcher {
    /// What a one-off lookup found.
    public struct OneOff: Sendable {
        /// The place, and how it was chosen.
        package var choice: PlaceChoice
        /// Its weather: fetched now, or from the lookup cache.
        package var result: WeatherResult
        /// Its forecast, when one is cached or came with the result.
        package var forecast: SavedForecast?
        /// Lines for standard error: how an ambiguous qualifier was read, a refresh that failed.
        package var notes: [String]

        package var location: Location { choice.location }
    }

    /// The place `query` names and its weather: from the lookup cache when it is fresh, or when `state`
    /// does not fetch (a pipe) and something is cached; otherwise fetched (with `activity` shown while the
    /// network is used) unless `mayFetch` is false (`--cached`). A name already looked up in this
    /// language is not looked up again. `needingForecast`: the caller shows the forecast, so a place
    /// cached without one is fetched too.
    ///
    /// When a refresh fails and a result is cached, that result comes back with a note.
    package func lookUp(
        _ query: PlaceQuery, in state: AppState, mayFetch: Bool, needingForecast: Bool = false,
        activity: (String) -> ActivityIndicator = { _ in .none }
    ) throws(WeatherError) -> OneOff {
        // Coordinates need no lookup; a name needs one unless it is remembered.
        let choice =
            query.coordinates != nil
            ? try places.place(query) : lookups.rememberedChoice(for: query, language: language)
        // The saved place, named another way: its own files, never a second copy of the same data.
        if let choice, let saved = try? savedLocation(), saved.isSamePlace(as: choice.location) {
            return try lookUpSavedPlace(
                choice, in: state, mayFetch: mayFetch, needingForecast: needingForecast, activity: activity)
        }
        let cached = choice.map(cachedLookup(at:))
        let missing = cached?.result == nil || (needingForecast && cached?.forecast == nil)
        let wanted = missing ? mayFetch : needsFetch(cached?.result, in: state)
        if let choice, let cached, let result = cached.result, !wanted {
            lookups.markUsed(choice.location)
            return OneOff(choice: choice, result: result, forecast: cached.forecast, notes: [])
        }
        guard mayFetch else {
            throw .notCached(query.text)
        }
        let indicator = activity(tr("Looking up %s…", query.name))
        defer { indicator.stop() }
        do throws(WeatherError) {
            return try withFetchLock { () throws(WeatherError) -> OneOff in
                try lookUpHoldingLock(query, choice: choice, seen: cached?.result, needingForecast: needingForecast)
            }
        } catch {
            if case .stopped = error { throw error }
            guard let choice, let result = cached?.result else { throw error }
            let age = RelativeTime.ago(context.clock.now() - result.updatedAt).translated
            return OneOff(
                choice: choice, result: result, forecast: cached?.forecast,
                notes: [tr("could not refresh: %1$s; showing the result from %2$s", "\(error)", age)])
        }
    }

    /// The place `query` names, as a one-off lookup chooses it, without its weather: coordinates as they
    /// are, a name remembered from an earlier lookup, or else looked up (one geocoding request) and then
    /// remembered, so that the lookup of its weather that may follow asks nothing again. With the note
    /// of how an ambiguous qualifier was read, when it was looked up now.
    package func choosePlace(_ query: PlaceQuery) throws(WeatherError) -> (choice: PlaceChoice, note: String?) {
        if query.coordinates != nil { return (try places.place(query), nil) }
        if let remembered = lookups.rememberedChoice(for: query, language: language) { return (remembered, nil) }
        return try withFetchLock { () throws(WeatherError) -> (choice: PlaceChoice, note: String?) in
            let language = language
            if let remembered = lookups.rememberedChoice(for: query, language: language) { return (remembered, nil) }
            let choice = try places.place(query)
            try? lookups.remember(choice, for: query, language: language)
            return (choice, choice.note)
        }
    }

    private func lookUpHoldingLock(
        _ query: PlaceQuery, choice known: PlaceChoice?, seen: WeatherResult?, needingForecast: Bool
    ) throws(WeatherError) -> OneOff {
        // MET Norway without a contact: not even the geocoder is asked.
        if let refusal = provider.refusalBeforeAnyRequest { throw .settings(refusal) }
        // Another run may have looked the name up, or fetched the place, while this one waited.
        let language = language
        var notes: [String] = []
        let choice: PlaceChoice
        if let known {
            choice = known
        } else if let remembered = lookups.rememberedChoice(for: query, language: language) {
            choice = remembered
        } else {
            choice = try places.place(query)
            if let note = choice.note { notes.append(note) }
            if query.coordinates == nil { try? lookups.remember(choice, for: query, language: language) }
        }
        let location = choice.location
        // The saved place, first looked up by this name: its own files, fetched for it if need be.
        if let saved = try savedLocation(), saved.isSamePlace(as: location) {
            var found = try lookUpSavedPlace(
                choice, in: .active, mayFetch: true, needingForecast: needingForecast, activity: { _ in .none })
            found.notes = notes + found.notes
            return found
        }
        let store = lookups.store(for: location)
        let cached = cachedLookup(at: choice)
        let forecastMissing = needingForecast && cached.forecast == nil
        if let stored = cached.result, !forecastMissing,
            isProvidersOwn(stored) && stored.updatedAt > (seen?.updatedAt ?? Timestamp(secondsSince1970: -.infinity))
                || !needsFetch(stored, in: .background)
        {
            lookups.markUsed(location)
            return OneOff(choice: choice, result: stored, forecast: cached.forecast, notes: notes)
        }
        lookups.removeLeastRecentlyUsed(keeping: location)
        let outcome = try request(
            for: location, stored: cached.result, forecastMissing: forecastMissing, into: store, stillWanted: { true })
        lookups.markUsed(location)
        return OneOff(choice: choice, result: outcome.result, forecast: cachedLookup(at: choice).forecast, notes: notes)
    }

    /// A one-off lookup of the saved place: its result and forecast, fetched (for the saved place, as
    /// `show` would) when `state` and `mayFetch` say so.
    private func lookUpSavedPlace(
        _ choice: PlaceChoice, in state: AppState, mayFetch: Bool, needingForecast: Bool,
        activity: (String) -> ActivityIndicator
    ) throws(WeatherError) -> OneOff {
        var result = results.cachedResult(for: choice.location)
        var forecast = results.savedForecast(for: choice.location)
        var notes: [String] = []
        let missing = result == nil || (needingForecast && forecast == nil)
        if missing ? mayFetch : needsFetch(result, in: state) {
            let indicator = activity(tr("Refreshing %s…", choice.location.name))
            defer { indicator.stop() }
            do throws(WeatherError) {
                result = try fetch(needingForecast: needingForecast).result
                forecast = results.savedForecast(for: choice.location)
            } catch {
                if case .stopped = error { throw error }
                guard let shown = result else { throw error }
                notes.append(
                    tr(
                        "could not refresh: %1$s; showing the result from %2$s", "\(error)",
                        RelativeTime.ago(context.clock.now() - shown.updatedAt).translated)
                )
            }
        }
        guard var result else { throw .notCached(choice.location.name) }
        result.location = choice.location
        return OneOff(choice: choice, result: result, forecast: forecast, notes: notes)
    }

    /// What the lookup cache holds for `choice`'s place: its result and forecast, each when it is for that
    /// place (a damaged file counts as none: the next fetch replaces it).
    /// The result is shown with the place as this lookup names it (a name looked up in another language
    /// may have fetched it).
    private func cachedLookup(at choice: PlaceChoice) -> (result: WeatherResult?, forecast: SavedForecast?) {
        let store = lookups.store(for: choice.location)
        var result = store.loadResult().result.flatMap { $0.location.isSamePlace(as: choice.location) ? $0 : nil }
        result?.location = choice.location
        let forecast = store.loadForecast().forecast.flatMap {
            $0.location.isSamePlace(as: choice.location) ? $0 : nil
        }
        return (result, forecast)
    }
}
