public import WeatherFetching
import WeatherModel
public import WeatherSources
public import WeatherSystem

/// `weather show`: prints the saved result at once, refreshed only when it is stale and the app is
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

        /// The state a run acts in: `appState`, unless `--refresh` or `--cached` says otherwise.
        func state(for appState: AppState) -> AppState {
            switch self {
            case .automatic: appState
            case .refresh: .active
            case .cached: .inactive
            }
        }
    }

    /// What `show` prints.
    public enum Output: Sendable, Equatable {
        /// The text for a person.
        case text
        /// One JSON object for a script (`--json`).
        case json
        /// One line of `%` codes (`--format`).
        case format(FormatString)
        /// One JSON object for waybar (`--waybar`), its text in this format.
        case waybar(FormatString)

        /// Whether a person reads it as it is printed (the text, a `--format` line), so that it may be in
        /// colour; never JSON, nor waybar's, whose text is Pango markup.
        var isForPeople: Bool {
            switch self {
            case .text, .format: true
            case .json, .waybar: false
            }
        }
    }

    let fetcher: WeatherFetcher
    /// The run's parts: its clock, settings and files (the fetcher's, asked once).
    let context: WeatherContext
    let appState: AppState
    /// Where the result and the warnings are printed.
    let console: any Console
    let output: Output
    /// How values, icons and colours are printed, at the moment of printing.
    let formatter: @Sendable (Timestamp) -> WeatherFormatter
    /// The network time a person waits for a refresh with the saved result already on the screen.
    let interactiveTimeout: Double

    /// A presenter of these parts; `formatter` makes the formatter of a moment.
    init(
        fetcher: WeatherFetcher, appState: AppState, console: any Console, output: Output = .text,
        formatter: @escaping @Sendable (Timestamp) -> WeatherFormatter = { WeatherFormatter(now: $0) },
        interactiveTimeout: Double = 5
    ) {
        self.fetcher = fetcher
        context = fetcher.context
        self.appState = appState
        self.console = console
        self.output = output
        self.formatter = formatter
        self.interactiveTimeout = interactiveTimeout
    }

    /// The presenter of a run printing `output`, in the app state its console says and the display
    /// `options` choose.
    public init(fetcher: WeatherFetcher, output: Output = .text, options: DisplayOptions = DisplayOptions()) {
        let context = fetcher.context
        self.init(
            fetcher: fetcher, appState: context.foregroundState, console: context.console, output: output,
            formatter: context.formatter(options, plain: !output.isForPeople),
            interactiveTimeout: context.settings.interactiveTimeout)
    }

    /// The state `show` acts in, after `--refresh` or `--cached`.
    func effectiveState(_ source: Source) -> AppState {
        source.state(for: appState)
    }

    /// Prints the saved result, refreshed when `source` and the app state say so; each warning goes to
    /// standard error as it arises, even when the show then fails.
    ///
    /// With `--waybar`, no saved place and any failure are printed as waybar objects too (exit 0), as
    /// waybar hides a module whose command fails: the bar shows a warning sign, its tooltip the reason.
    ///
    /// With `place`, a one-off lookup: that place's weather, from the lookup cache or fetched by the same
    /// rules (and also by a pipe when nothing is cached for it), without touching the saved place.
    public func show(source: Source = .automatic, place: PlaceQuery? = nil) throws(WeatherError) {
        guard case .waybar = output else { return try showResult(source: source, place: place) }
        do {
            try showResult(source: source, place: place)
        } catch .noLocation {
            console.printLine(WeatherFormatter.waybarWithoutPlace)
        } catch {
            if case .stopped = error { throw error }
            console.printError(error.description)
            console.printLine(WeatherFormatter.waybar(error: error.description))
        }
    }

    private func showResult(source: Source, place: PlaceQuery?) throws(WeatherError) {
        // Someone is looking: what the adaptive schedule learns from (`RunHistory`).
        if console.isTerminal { fetcher.recordLook() }
        if let place {
            let found = try fetcher.lookUp(
                place, in: effectiveState(source), mayFetch: source != .cached, activity: console.beginActivity)
            found.notes.forEach(console.printError)
            return try print(found.result, for: found.location, store: fetcher.store(for: found.location))
        }
        let (location, cached, warnings) = try fetcher.lastResult()
        let fetches = fetcher.needsFetch(cached, in: effectiveState(source))
        // A damaged result that no fetch replaces now is the error itself, not "nothing fetched yet".
        if !fetches, let damage = warnings.first { throw .damagedCache(problem: damage) }
        warnings.forEach(console.printError)
        guard fetches else { return try print(cached, for: location) }
        if let cached, output == .text, console.isTerminal {
            return try refreshOnScreen(cached)
        }
        var result = cached
        do throws(WeatherError) {
            let activity = console.beginActivity(tr("Fetching the weather for %s…", location.name))
            defer { activity.stop() }
            result = try fetcher.fetch().result
        } catch {
            // Ctrl-C means "stop", not "show me the old result".
            if case .stopped = error { throw error }
            guard let saved = result else { throw error }
            console.printError(tr("could not refresh: %1$s; showing the result from %2$s", "\(error)", age(of: saved)))
        }
        try print(result, for: location)
    }

    /// The terminal's way, as the design's presenter does it: the saved result at once, marked as being
    /// refreshed, a spinner while the request is under way, and the new values drawn over the old ones
    /// when they arrive. The refresh gets `interactiveTimeout`, not the whole run's budget; if it fails,
    /// the saved result stays on the screen with a one-line note.
    private func refreshOnScreen(_ saved: WeatherResult) throws(WeatherError) {
        let alerts = fetcher.savedAlerts(for: saved.location, brief: true)
        let columns = console.columns
        let shown = formatter(context.clock.now()).text(
            saved, stale: isStale(saved), refreshing: true, alerts: alerts, columns: columns)
        console.printLine(shown)
        fetcher.limitNetworkTime(to: interactiveTimeout, setting: "WEATHER_INTERACTIVE_TIMEOUT")
        let outcome: FetchOutcome
        do throws(WeatherError) {
            let activity = console.beginActivity(tr("Refreshing the weather for %s…", saved.location.name))
            defer { activity.stop() }
            outcome = try fetcher.fetch()
        } catch {
            // The saved result stays on the screen, no longer said to be refreshing; Ctrl-C still stops.
            console.redraw(
                over: shown,
                with: formatter(context.clock.now()).text(
                    saved, stale: isStale(saved), alerts: alerts, columns: columns))
            if case .stopped = error { throw error }
            console.printError(tr("could not refresh: %1$s; showing the result from %2$s", "\(error)", age(of: saved)))
            return
        }
        let result = outcome.result
        let now = formatter(context.clock.now())
        console.redraw(
            over: shown,
            with: now.text(
                result, stale: isStale(result), alerts: fetcher.savedAlerts(for: result.location, brief: true),
                columns: columns))
    }

    /// Prints `result` with the warnings in `store` (the saved place's unless given).
    private func print(_ result: WeatherResult?, for location: Location, store: WeatherStore? = nil)
        throws(WeatherError)
    {
        guard let result else { throw .noResultYet(location) }
        let now = context.clock.now()
        let stale = context.freshness.showsStale(result, at: now)
        let alerts = fetcher.savedAlerts(for: result.location, in: store, brief: output != .json)
        console.printLine(formatter(now).render(output, result, stale: stale, alerts: alerts, columns: console.columns))
    }

    /// Whether `result` is shown as stale now: its replacement is overdue (`Freshness.showsStale`).
    private func isStale(_ result: WeatherResult) -> Bool {
        context.freshness.showsStale(result, at: context.clock.now())
    }

    private func age(of result: WeatherResult) -> String {
        RelativeTime.ago(context.clock.now() - result.updatedAt).translated
    }
}

/// How a command's output looks, from its options: `--units`, `--icons` and `--color`. What is not given
/// comes from the settings.
public struct DisplayOptions: Sendable, Equatable {
    /// `--units`: a whole unit system, in place of the units settings.
    public var units: UnitSystem?
    /// `--icons`: an icon set, in place of the `icons` setting.
    public var icons: IconSet?
    /// `--color`.
    public var color: TextStyle.Choice

    public init(units: UnitSystem? = nil, icons: IconSet? = nil, color: TextStyle.Choice = .auto) {
        self.units = units
        self.icons = icons
        self.color = color
    }
}
