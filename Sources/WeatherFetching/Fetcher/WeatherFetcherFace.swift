package import WeatherModel
package import WeatherSources
import WeatherSystem

/// What the presenters, the watcher and the background-fetch handler ask the fetcher, so that none of
/// them reaches through it into its services (`results`, `history`, `warnings`...): the design's face.
extension WeatherFetcher {
    // MARK: The last result

    /// The saved place, its last result (`nil` before the first) and what could not be read of it.
    package func lastResult() throws(WeatherError) -> (location: Location, result: WeatherResult?, warnings: [String]) {
        try results.loadFromCache()
    }

    /// The saved place's last result, when it is `location`'s.
    package func lastResult(for location: Location) -> WeatherResult? {
        results.cachedResult(for: location)
    }

    /// The saved forecast, when it is `location`'s.
    package func savedForecast(for location: Location) -> SavedForecast? {
        results.savedForecast(for: location)
    }

    /// Posts `WeatherUpdated` for `result`, new values another process stored, as a fetch here would have: the
    /// fetcher alone posts it, and `watch`'s printer observes it.
    package func learnedOf(_ result: WeatherResult) {
        context.notifications.post(name: .weatherUpdated, object: result)
    }

    /// Forgets what this run read of the files, so that the next question reads them again (another run may
    /// have replaced them).
    package func rereadFiles() {
        results.rereadFiles()
    }

    // MARK: The warnings

    /// The warning service that covers `location`, or `nil` when none does (or the settings turn warnings off).
    package func warningSource(for location: Location) -> (any WarningSource)? {
        warnings.source(for: location)
    }

    /// Why the warnings were not updated in this run's last fetch, in one line; `nil` when they were.
    package var warningsProblem: String? {
        guard case .failed(let reason) = warnings.lastOutcome else { return nil }
        return reason
    }

    /// Why this run's last desktop notifications were not all delivered; `nil` when they were.
    package var notificationProblem: String? { notifier.lastProblem }

    // MARK: Places

    /// The places `query` may mean, as the geocoder finds them.
    package func placeMatches(for query: PlaceQuery) throws(WeatherError) -> PlaceMatches {
        try places.matches(for: query)
    }

    // MARK: The schedule and the history

    /// Counts a look at the weather by a person, which the adaptive schedule learns from.
    package func recordLook() {
        history.recordLook()
    }

    /// Records a background run in the run history; `sessionActive`: the user's session was found active.
    package func recordRun(_ run: RunHistory.Run, sessionActive: Bool) {
        history.recordRun(run, sessionActive: sessionActive)
    }

    /// Whether the adaptive schedule fetches now for `saved`, asking `session` only when it must.
    package func adaptiveDecision(for saved: WeatherResult?, session: () -> AdaptiveSchedule.Session)
        -> AdaptiveSchedule.Decision
    {
        history.adaptiveDecision(for: saved, session: session)
    }

    /// When the timer runs for data of `dataInterval` seconds, as the schedule now stands.
    package func runSchedule(dataInterval: Double?) -> RunSchedule? {
        replacement.runSchedule(dataInterval: dataInterval)
    }

    // MARK: Background refresh

    /// Turns background refresh on for the saved place, at the chosen interval: what `set` does after
    /// saving it. Returns the interval's summary for the user.
    package func enableBackgroundRefresh() throws(WeatherError) -> String {
        let background = BackgroundRefresh(context: context)
        return background.summary(of: try background.enable())
    }

    /// Turns background refresh off: what `logout` does after forgetting the place. Returns the crontab line
    /// to remove where there is no systemd.
    package func disableBackgroundRefresh() throws(WeatherError) -> String? {
        try BackgroundRefresh(context: context).disable()
    }

    /// Chooses the background-fetch interval (`weather schedule 30m`), under the fetch lock, and works out
    /// again when the saved result's replacement is overdue.
    package func chooseInterval(_ interval: FetchInterval, placeSaved: Bool) throws(WeatherError) {
        try withFetchLock { () throws(WeatherError) in
            try BackgroundRefresh(context: context).choose(interval, placeSaved: placeSaved)
            rescheduleSavedResult()
        }
    }

    /// How background refresh stands, and when it next runs, on the run's clock.
    package func scheduleReport(placeSaved: Bool) throws(WeatherError) -> (text: String, nextRun: Timestamp?) {
        try BackgroundRefresh(context: context).reportWithNextRun(
            placeSaved: placeSaved, now: context.clock.now(), in: context.timeZone)
    }
}
