/// What `weather show` prints: the saved result at once, refreshed first only when it is stale and the
/// app is active. A status bar's pipe never touches the network, so the foreground and the background
/// fetch never both fetch the same data.
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

    public let fetcher: WeatherFetcher
    public let appState: AppState
    public let style: TextStyle

    public init(fetcher: WeatherFetcher, appState: AppState, style: TextStyle = .plain) {
        self.fetcher = fetcher
        self.appState = appState
        self.style = style
    }

    /// The state `show` acts in, after `--refresh` or `--cached`.
    public func effectiveState(_ source: Source) -> AppState {
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
    public func loadFromCache() throws(WeatherError) -> (location: Location, result: WeatherResult?, warnings: [String]) {
        switch fetcher.cachedResult() {
        case .result(let result):
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

    /// Whether to fetch before showing: only for an active app whose result is missing or stale.
    public func needsRefresh(_ result: WeatherResult?, in state: AppState) -> Bool {
        guard state == .active else { return false }
        guard let result else { return true }
        return fetcher.isStale(result)
    }

    /// The text `weather show` prints; `warn` gets each warning for stderr as it arises, even when the
    /// show then fails.
    public func show(
        source: Source = .automatic, json: Bool = false, warn: (String) -> Void = { _ in }
    ) throws(WeatherError) -> String {
        let (location, cached, warnings) = try loadFromCache()
        var result = cached
        warnings.forEach(warn)
        if needsRefresh(result, in: effectiveState(source)) {
            do throws(WeatherError) {
                result = try fetcher.fetch().result
            } catch {
                // Ctrl-C means "stop", not "show me the old result".
                if case .stopped = error { throw error }
                guard let saved = result else { throw error }
                let age = RelativeTime.ago(fetcher.clock.now() - saved.updatedAt)
                warn("could not refresh: \(error); showing the result from \(age)")
            }
        }
        guard let result else { throw .noResultYet(location) }
        let now = fetcher.clock.now()
        let stale = fetcher.freshness.isStale(result, at: now)
        let formatter = WeatherFormatter(now: now, style: style)
        return json ? formatter.json(result, stale: stale) : formatter.text(result, stale: stale)
    }
}
