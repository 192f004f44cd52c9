public import WeatherModel
public import WeatherSources
import WeatherSystem

/// `weather set` and `weather logout`: the saved place replaced all or nothing, or forgotten with
/// everything fetched for it.
extension WeatherFetcher {
    /// What `set` did: the place chosen and its weather.
    public struct Placement: Sendable, Equatable {
        /// The place and how it was chosen.
        package var choice: PlaceChoice
        /// Its current weather, now saved.
        public var result: WeatherResult
        /// Its official warnings, when a source covers it.
        package var alerts: SavedAlerts?
        /// The damaged files of the place saved before (`SavedPlace.damagedFiles`) replaced by a file of the
        /// new place's, and those removed.
        package var replaced: [String] = []
        var removed: [String] = []

        /// "Saved Berlin, Land Berlin, Germany (the most populous of 10 matches).": which place, and why.
        public var announcement: String {
            tr("Saved %1$s (%2$s).", choice.location.displayName, choice.how)
        }

        /// How a qualifier that names both a country and a state was read, for standard error: `"MO" read
        /// as Missouri, United States (no Springfield in Macao)`.
        public var note: String? { choice.note }

        /// A line for standard error per damaged file of before that `set` replaced.
        public var mendedNotes: [String] {
            replaced.map { tr("replaced %s, which was damaged", $0) }
                + removed.map { tr("removed %s, which was damaged", $0) }
        }
    }

    /// Finds `query`, fetches its weather and saves both, replacing the saved place: always with a
    /// request, as the user asked for one, but never during a service's back-off, nor for the place saved
    /// while its service's own word keeps its result fresh. On any failure the saved place and result stay
    /// exactly as they were. Damaged files of the place saved before (`location.json`, the result...) hold
    /// nothing to keep: they are no reason to fail, and once the new place is saved, are replaced.
    public func setLocation(_ query: PlaceQuery) throws(WeatherError) -> Placement {
        if let refusal = provider.refusalBeforeAnyRequest { throw .settings(refusal) }
        try backoffs.check(provider.forecastService, for: .set)
        return try withFetchLock { () throws(WeatherError) -> Placement in
            let choice = try places.place(query, for: .set)
            let damaged = savedPlace.damagedFiles()
            // The place already saved, with a result its service's `Expires` still keeps fresh: that one
            // stands, with no request (MET Norway's terms). A damaged saved place is none.
            if let saved = (try? savedLocation()) ?? nil, saved.isSamePlace(as: choice.location),
                let stored = results.cachedResult(for: saved), freshByServer(stored) != nil
            {
                let removed = savedPlace.removeDamaged(damaged)
                return Placement(
                    choice: choice, result: stored, alerts: savedAlerts(for: saved),
                    replaced: damaged.filter { !removed.contains($0) }, removed: damaged.filter(removed.contains))
            }
            guard case .modified(let response) = try requestForecast(for: choice.location, cachingHeaders: nil) else {
                throw unexpectedNotModified
            }
            var result = makeResult(response, for: choice.location)
            result.overdueAt = replacement.overdueAt(of: result)
            do throws(WeatherError) {
                try savedPlace.replace(
                    with: choice.location, result: result,
                    forecast: savedForecast(of: response, for: choice.location))
            } catch {
                results.forget()
                throw error
            }
            results.remember(place: choice.location, result: result)
            try warnings.update(for: choice.location, in: context.store, caller: .set, stillWanted: { true })
            try supplements.update(for: choice.location, in: context.store, caller: .set, stillWanted: { true })
            let removed = savedPlace.removeDamaged(damaged)
            notifyOfWarnings(at: result)
            context.notifications.post(name: .weatherUpdated, object: result)
            return Placement(
                choice: choice, result: result, alerts: savedAlerts(for: choice.location),
                replaced: damaged.filter { !removed.contains($0) }, removed: damaged.filter(removed.contains))
        }
    }

    /// Removes the saved place and results, and the places looked up once, and withdraws the desktop
    /// notifications of its warnings; returns the place that was saved, if one was. Waits for a fetch under way to finish, so that it cannot write its result back
    /// afterwards.
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
        notifier.withdrawAll(before: deadline)
        try savedPlace.remove()
        lookups.removeAll()
        results.remember(place: nil, result: nil)
    }
}
