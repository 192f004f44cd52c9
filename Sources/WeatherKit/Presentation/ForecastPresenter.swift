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

    init(
        fetcher: WeatherFetcher, appState: AppState, console: any Console, json: Bool = false, hours: Int = 12,
        days: Int = 7, formatter: @escaping @Sendable (Timestamp) -> WeatherFormatter = { WeatherFormatter(now: $0) },
        interactiveTimeout: Double = 5
    ) {
        self.fetcher = fetcher
        self.appState = appState
        self.console = console
        self.json = json
        self.hours = hours
        self.days = days
        self.formatter = formatter
        self.interactiveTimeout = interactiveTimeout
    }

    /// The presenter of a run, in the app state its console says and the display `options` choose.
    public init(context: WeatherContext, json: Bool, hours: Int, days: Int, options: DisplayOptions) {
        self.init(
            fetcher: context.fetcher, appState: context.foregroundState, console: context.console, json: json,
            hours: hours, days: days, formatter: context.formatter(options, plain: json),
            interactiveTimeout: context.settings.interactiveTimeout)
    }

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
        let (location, cached, warnings) = try fetcher.loadFromCache()
        var result = cached
        let loaded = fetcher.store.loadForecast()
        var saved = loaded.forecast.flatMap { $0.location.isSamePlace(as: location) ? $0 : nil }
        let state = source.state(for: appState)
        let fetches = state.fetchesWhenStale && (cached == nil || saved == nil || fetcher.needsFetch(cached, in: state))
        // A damaged file that no fetch replaces now is the error itself, not "nothing saved yet".
        if !fetches, let damage = cached == nil ? warnings.first : saved == nil ? loaded.problem : nil {
            throw .damagedCache(problem: damage)
        }
        warnings.forEach(console.printError)
        if let problem = loaded.problem { console.printError(problem) }
        if fetches {
            if saved != nil, console.isTerminal {
                fetcher.limitNetworkTime(to: interactiveTimeout, setting: "WEATHER_INTERACTIVE_TIMEOUT")
            }
            do throws(WeatherError) {
                let activity = console.beginActivity("Fetching the forecast for \(location.name)…")
                defer { activity.stop() }
                result = try fetcher.fetch(needingForecast: true).result
                saved = fetcher.savedForecast(for: location)
            } catch {
                if case .stopped = error { throw error }
                guard let shown = result, saved != nil else { throw error }
                let age = RelativeTime.ago(fetcher.clock.now() - shown.updatedAt)
                console.printError("could not refresh: \(error); showing the forecast from \(age)")
            }
        }
        guard let result else { throw .noResultYet(location) }
        guard let saved else { throw .noForecastYet(location) }
        print(saved, of: result)
    }

    private func print(_ saved: SavedForecast, of result: WeatherResult) {
        let now = fetcher.clock.now()
        let stale = fetcher.freshness.showsStale(result, at: now)
        let shown = saved.forecast.from(now, hours: hours, days: days, utcOffset: result.clock.offset(at: now))
        let formatter = formatter(now)
        if json {
            console.printLine(formatter.forecastJSON(shown, of: result, stale: stale))
        } else {
            console.printLine(formatter.forecastText(shown, of: result, stale: stale, columns: console.columns))
        }
    }
}
