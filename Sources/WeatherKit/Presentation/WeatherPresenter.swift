/// `weather show`: prints the saved result at once, refreshed first only when it is stale and the app is
/// active. A status bar's pipe never touches the network, so the foreground and the background fetch
/// never both fetch the same data.
public struct WeatherPresenter: Sendable {
    /// Where `show` may get its data.
    public enum Source: Sendable, Equatable {
        /// By the app state: refresh a stale result only when active.
        case automatic
        /// `--refresh`: as if active.
        case refresh
        /// `--cached`: never the network.
        case cached
    }

    let fetcher: WeatherFetcher
    let appState: AppState
    let style: TextStyle
    /// Where the result and the warnings are printed.
    let console: any Console

    init(fetcher: WeatherFetcher, appState: AppState, style: TextStyle = .plain, console: any Console) {
        self.fetcher = fetcher
        self.appState = appState
        self.style = style
        self.console = console
    }

    /// The presenter of a run, in the app state its console says, in its style (`plain` for JSON).
    public init(context: WeatherContext, json: Bool = false) {
        self.init(
            fetcher: context.fetcher, appState: context.foregroundState, style: json ? .plain : context.textStyle,
            console: context.console
        )
    }

    /// The state `show` acts in, after `--refresh` or `--cached`.
    func effectiveState(_ source: Source) -> AppState {
        switch source {
        case .automatic: appState
        case .refresh: .active
        case .cached: .inactive
        }
    }

    /// The saved result and its place, with a warning when the cache was damaged.
    ///
    /// One read of one file when all is well: the result holds its place, and every run that writes the
    /// result or the saved place does so under the fetch lock, result first. The saved place is only
    /// checked to exist then, and read when there is no usable result.
    func loadFromCache() throws(WeatherError) -> (location: Location, result: WeatherResult?, warnings: [String]) {
        switch fetcher.cachedResult() {
        case .result(let result), .outdated(let result):
            guard FileIO.exists(fetcher.store.paths.locationFile) else { throw .noLocation }
            return (result.location, result, [])
        case .empty:
            guard let location = try fetcher.savedLocation() else { throw .noLocation }
            return (location, nil, [])
        case .corrupt(let problem):
            guard let location = try fetcher.savedLocation() else { throw .noLocation }
            return (location, nil, [problem])
        }
    }

    /// Prints the saved result, refreshed first when `source` and the app state say so; each warning goes
    /// to standard error as it arises, even when the show then fails.
    public func show(source: Source = .automatic, json: Bool = false) throws(WeatherError) {
        let (location, cached, warnings) = try loadFromCache()
        var result = cached
        warnings.forEach(console.printError)
        if fetcher.needsFetch(result, in: effectiveState(source)) {
            do throws(WeatherError) {
                result = try fetcher.fetch().result
            } catch {
                // Ctrl-C means "stop", not "show me the old result".
                if case .stopped = error { throw error }
                guard let saved = result else { throw error }
                let age = RelativeTime.ago(fetcher.clock.now() - saved.updatedAt)
                console.printError("could not refresh: \(error); showing the result from \(age)")
            }
        }
        guard let result else { throw .noResultYet(location) }
        let now = fetcher.clock.now()
        let stale = fetcher.freshness.isStale(result, at: now)
        let formatter = WeatherFormatter(now: now, style: style)
        console.printLine(json ? formatter.json(result, stale: stale) : formatter.text(result, stale: stale))
    }
}
