public import WeatherFetching
import WeatherModel
public import WeatherSources
import WeatherSystem

/// `weather alerts`: the official warnings in force or announced for the saved place, or for a place
/// looked up once, in full: event, severity, times on the place's clock, area, description and what to
/// do. They come with the weather, so it follows `show`'s rules on when to fetch (a stale result in a
/// terminal, `--refresh`); a place no source covers is said so, and nothing is fetched for it.
public struct AlertsPresenter: Sendable {
    let fetcher: WeatherFetcher
    let appState: AppState
    let console: any Console
    /// `--json`.
    let json: Bool
    let formatter: @Sendable (Timestamp) -> WeatherFormatter

    /// The presenter of a run, in the app state its console says and the display `options` choose.
    public init(fetcher: WeatherFetcher, json: Bool, options: DisplayOptions) {
        let context = fetcher.context
        self.fetcher = fetcher
        appState = context.foregroundState
        console = context.console
        self.json = json
        formatter = context.formatter(options, plain: json)
    }

    /// The run's parts: its clock, settings and files.
    var context: WeatherContext { fetcher.context }

    /// Prints the warnings of the saved place, or of `place`, refreshed first when `source` and the app
    /// state say so.
    public func show(source: WeatherPresenter.Source = .automatic, place: PlaceQuery? = nil) throws(WeatherError) {
        if console.isTerminal { fetcher.recordLook() }
        let state = source.state(for: appState)
        let location: Location
        if let place {
            let chosen = try fetcher.choosePlace(place)
            if let note = chosen.note { console.printError(note) }
            location = chosen.choice.location
        } else {
            location = try fetcher.lastResult().location
        }
        if json, let reason = Catalogue.inEnglish({ notFetched(for: location) }) {
            return console.printLine(uncoveredJSON(location, reason: reason))
        }
        if let reason = notFetched(for: location) { return console.printLine(reason) }
        let result: WeatherResult
        if let place {
            let found = try fetcher.lookUp(
                place, in: state, mayFetch: source != .cached, activity: console.beginActivity)
            found.notes.forEach(console.printError)
            result = found.result
        } else {
            result = try savedResult(in: state, for: location)
        }
        let now = context.clock.now()
        let store = fetcher.store(for: result.location)
        let alerts = fetcher.savedAlerts(for: result.location, in: store)
        let texts = alerts == nil ? AlertTexts(details: [:]) : store.loadAlertTexts()
        let formatter = formatter(now)
        if json {
            console.printLine(formatter.alertsJSON(alerts, texts: texts, of: result))
        } else {
            console.printLine(formatter.alertsText(alerts, texts: texts, of: result, columns: console.columns))
        }
    }

    /// Why no warnings are fetched for `location`, in a sentence, or `nil` when they are: warnings off,
    /// no source for its country (or its point), or a source that may not be asked (MET Norway without a
    /// contact).
    func notFetched(for location: Location) -> String? {
        guard context.settings.alerts else {
            return tr("Official warnings are off (the alerts setting, WEATHER_ALERTS); set it to on to have them.")
        }
        guard let source = fetcher.warningSource(for: location) else {
            // Each service where it warns, and who issues them, from the registry.
            let services = SourceRegistry.warningServices.map { $0.coverage() + " (" + $0.issuer() + ")" }
            let covered =
                services.count < 2
                ? services.joinedText("")
                : tr("%1$s and %2$s", Array(services.dropLast()).joinedText(", "), services[services.count - 1])
            // Decided as `AlertSource(for:)` decides: by the country, or by the point where none is named.
            return location.countryCode?.isEmpty ?? true
                ? tr(
                    "No warning service covers %1$s: weather has official warnings for places %2$s, and these coordinates lie neither on their land nor within about 12 nautical miles (22 km) of their coasts.",
                    location.displayName, covered)
                : tr(
                    "No warning service covers %1$s: weather has official warnings for places %2$s, by the country of the place.",
                    location.displayName, covered)
        }
        return source.refusal.map { tr("No warnings for %1$s: %2$s.", location.displayName, $0) }
    }

    /// The saved result, fetched first (with the warnings) when `state` says so; a refresh that fails
    /// leaves the saved one, with a note.
    private func savedResult(in state: AppState, for location: Location) throws(WeatherError) -> WeatherResult {
        let cached = try fetcher.lastResult().result
        guard fetcher.needsFetch(cached, in: state) else {
            guard let cached else { throw .noResultYet(location) }
            return cached
        }
        do throws(WeatherError) {
            let activity = console.beginActivity(tr("Fetching the weather and warnings for %s…", location.name))
            defer { activity.stop() }
            return try fetcher.fetch().result
        } catch {
            if case .stopped = error { throw error }
            guard let cached else { throw error }
            let age = RelativeTime.ago(context.clock.now() - cached.updatedAt).translated
            console.printError(tr("could not refresh: %1$s; showing the warnings from %2$s", "\(error)", age))
            return cached
        }
    }

    /// `--json` for a place without warnings to fetch: the place, no source, no warnings, and why.
    private func uncoveredJSON(_ location: Location, reason: String) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.object("location") { location.write(into: &$0) }
            writer.nullableField("source", fetcher.warningSource(for: location)?.source.name)
            writer.array("alerts", [String]())
            writer.field("alertsProblem", reason)
        }
        return writer.text
    }
}
