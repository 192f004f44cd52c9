public import WeatherFetching
import WeatherModel
public import WeatherSources
import WeatherSystem

/// `weather forecast`: the hours and days saved with the last result, fetched first by `show`'s rules (a
/// stale result in a terminal, `--refresh`), and also when the saved place has no forecast yet (a cache
/// from before forecasts were saved) and the run may fetch. A pipe never touches the network: it is told
/// that the forecast comes with the next refresh.
public struct ForecastPresenter: Sendable {
    let fetcher: WeatherFetcher
    let appState: AppState
    let console: any Console
    /// `--json`.
    let json: Bool
    /// How many hours and days to print.
    let hours: Int
    let days: Int
    let formatter: @Sendable (Timestamp) -> WeatherFormatter
    /// The network time a person waits when a saved forecast could be shown instead.
    let interactiveTimeout: Double

    /// The presenter of a run, in the app state its console says and the display `options` choose.
    public init(fetcher: WeatherFetcher, json: Bool, hours: Int, days: Int, options: DisplayOptions) {
        let context = fetcher.context
        self.fetcher = fetcher
        appState = context.foregroundState
        console = context.console
        self.json = json
        self.hours = hours
        self.days = days
        formatter = context.formatter(options, plain: json)
        interactiveTimeout = context.settings.interactiveTimeout
    }

    /// The run's parts: its clock, settings and files.
    var context: WeatherContext { fetcher.context }

    /// Prints the forecast, refreshed first when `source` and the app state say so.
    /// With `place`, a one-off lookup: that place's forecast, by `WeatherPresenter`'s rules for one.
    public func show(source: WeatherPresenter.Source = .automatic, place: PlaceQuery? = nil) throws(WeatherError) {
        if console.isTerminal { fetcher.recordLook() }
        if let place {
            let found = try fetcher.lookUp(
                place, in: source.state(for: appState), mayFetch: source != .cached, needingForecast: true,
                activity: console.beginActivity)
            found.notes.forEach(console.printError)
            guard let forecast = found.forecast else { throw .noForecastYet(found.location) }
            return print(forecast, of: found.result)
        }
        let (location, cached, warnings) = try fetcher.lastResult()
        var result = cached
        let loaded = context.store.loadForecast()
        var saved = loaded.forecast.flatMap { $0.location.isSamePlace(as: location) ? $0 : nil }
        let state = source.state(for: appState)
        let fetches = state.fetchesWhenStale && (cached == nil || saved == nil || fetcher.needsFetch(cached, in: state))
        // A damaged file that no fetch replaces now is the error itself, not "nothing saved yet".
        if !fetches, let damage = cached == nil ? warnings.first : saved == nil ? loaded.problem : nil {
            throw .damagedCache(problem: damage)
        }
        warnings.forEach(console.printError)
        if let problem = loaded.problem { console.printError(problem) }
        guard fetches else { return try print(saved, of: result, for: location) }
        // A terminal's way, as show's: the saved forecast at once, said to be refreshing, drawn over when
        // the new one arrives; when it fits on the screen, so that the cursor can get back over it.
        var drawn: String?
        if saved != nil, console.isTerminal {
            fetcher.limitNetworkTime(to: interactiveTimeout, setting: "WEATHER_INTERACTIVE_TIMEOUT")
            if !json, let cached, let saved {
                let refreshing = text(saved, of: cached, refreshing: true)
                if console.fitsOnScreen(refreshing) {
                    console.printLine(refreshing)
                    drawn = refreshing
                }
            }
        }
        do throws(WeatherError) {
            let activity = console.beginActivity(
                drawn == nil
                    ? tr("Fetching the forecast for %s…", location.name)
                    : tr("Refreshing the forecast for %s…", location.name))
            defer { activity.stop() }
            result = try fetcher.fetch(needingForecast: true).result
            saved = fetcher.savedForecast(for: location) ?? saved
        } catch {
            // The saved forecast stays on the screen, no longer said to be refreshing; Ctrl-C still stops.
            if let drawn, let cached, let saved { console.redraw(over: drawn, with: text(saved, of: cached)) }
            if case .stopped = error { throw error }
            guard let shown = result, saved != nil else { throw error }
            let age = RelativeTime.ago(context.clock.now() - shown.updatedAt).translated
            console.printError(tr("could not refresh: %1$s; showing the forecast from %2$s", "\(error)", age))
            if drawn != nil { return }
        }
        if let drawn, let result, let saved { return console.redraw(over: drawn, with: text(saved, of: result)) }
        try print(saved, of: result, for: location)
    }

    /// Prints `saved` with `result`'s age, or says which is missing.
    private func print(_ saved: SavedForecast?, of result: WeatherResult?, for location: Location) throws(WeatherError)
    {
        guard let result else { throw .noResultYet(location) }
        guard let saved else { throw .noForecastYet(location) }
        print(saved, of: result)
    }

    /// The forecast's text now, fitted to the terminal's width.
    private func text(_ saved: SavedForecast, of result: WeatherResult, refreshing: Bool = false) -> String {
        let now = context.clock.now()
        return formatter(now).forecastText(
            shown(saved, of: result, at: now), of: result, stale: context.freshness.showsStale(result, at: now),
            refreshing: refreshing, columns: console.columns)
    }

    /// The hours and days of `saved` asked for, from the hour under way at `now`.
    private func shown(_ saved: SavedForecast, of result: WeatherResult, at now: Timestamp) -> Forecast {
        saved.forecast.from(now, hours: hours, days: days, utcOffset: result.clock.offset(at: now))
    }

    private func print(_ saved: SavedForecast, of result: WeatherResult) {
        guard json else { return console.printLine(text(saved, of: result)) }
        let now = context.clock.now()
        let stale = context.freshness.showsStale(result, at: now)
        console.printLine(formatter(now).forecastJSON(shown(saved, of: result, at: now), of: result, stale: stale))
    }
}
