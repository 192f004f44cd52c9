public import WeatherModel
public import WeatherSources
public import WeatherSystem

/// Everything that can stop a command, each with one line for the user: what happened, what to do next.
public enum WeatherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setting or folder cannot be used.
    case settings(SettingsError)
    /// The place name was refused before any request.
    case query(PlaceQueryError)
    /// A service or the network failed.
    case provider(ProviderError)
    /// A saved file cannot be read or written.
    case store(StoreError)
    /// No place is saved.
    case noLocation
    /// A place is saved but no result for it yet, and this run may not fetch one.
    case noResultYet(Location)
    /// A place is saved, but no forecast for it (a cache from before forecasts were saved), and this run
    /// may not fetch.
    case noForecastYet(Location)
    /// The saved result or forecast cannot be read (`problem` names the file and why), and this run may not
    /// fetch another: what a bar's tooltip says instead of "no weather fetched yet".
    case damagedCache(problem: String)
    /// A one-off lookup (`weather show Paris --cached`) found nothing cached for that place, and this run
    /// may not fetch.
    case notCached(String)
    /// Background refresh cannot be scheduled or changed.
    case background(BackgroundRefreshError)
    /// A service asked us to wait, and the wait is not over: no request was sent. `remaining` is the
    /// seconds until it ends, counted from when the error was made, and said as a duration: the sentence
    /// may stand beside the place's times (a warnings failure in `weather alerts`), and a clock time of
    /// this machine's would be a second clock in it. The service is named where the error is said, in the
    /// language of that moment (`Catalogue.inEnglish` for a file).
    case backingOff(service: ProviderError.Service, reason: String, remaining: Double)
    /// A request to the service failed `ago` seconds ago, and this run reports it rather than ask again
    /// within `remaining` seconds from when the error was made.
    case recentFailure(service: ProviderError.Service, reason: String, ago: Double, remaining: Double)
    /// Another run held the fetch lock for this run's whole time budget.
    case busy(budget: TimeBudget)
    /// The command line asks for something that cannot be done; the text says what, and where help is.
    case usage(String)
    /// SIGTERM or SIGINT stopped the run before it finished; nothing was saved (`StopSignal`).
    case stopped(signal: Int32)

    /// The message, with any control character that came from outside (a server's reason, a value from
    /// the environment, a file's path) replaced: one line, safe for a terminal.
    public var description: String { message.printable }

    private var message: String {
        switch self {
        case .settings(let error): error.description
        case .query(let error): error.description
        case .provider(let error): error.description
        case .store(let error): error.description
        case .noLocation:
            tr("no place saved yet; run weather set <city> first, for example: weather set Berlin")
        case .noResultYet(let location):
            tr(
                "no weather for %s fetched yet; run weather refresh, or weather show in a terminal",
                location.displayName)
        case .noForecastYet(let location):
            tr(
                "no forecast for %s saved yet: it comes with the next background refresh; run weather forecast --refresh to fetch it now",
                location.displayName)
        case .damagedCache(let problem): problem
        case .notCached(let place):
            tr("no weather for \"%s\" cached yet; run the same command without --cached to fetch it", place)
        case .background(let error): error.description
        case .backingOff(let service, let reason, let remaining):
            switch LimitWindow(reason: reason) {
            case .day?:
                tr(
                    "%1$s asked weather to slow down (%2$s); its daily limit starts again at 00:00 UTC, so the next request in %3$s",
                    service.description, reason, DurationText.format(remaining).translated)
            case .hour?:
                tr(
                    "%1$s asked weather to slow down (%2$s); its hourly limit starts again on the hour, so the next request in %3$s",
                    service.description, reason, DurationText.format(remaining).translated)
            case nil:
                tr(
                    "%1$s asked weather to slow down (%2$s); the next request in %3$s", service.description, reason,
                    DurationText.format(remaining).translated)
            }
        case .recentFailure(let service, let reason, let ago, let remaining):
            tr(
                "the last request to %1$s failed %2$s (%3$s); the next request in %4$s", service.description,
                RelativeTime.ago(ago).translated, reason, DurationText.format(remaining).translated)
        case .busy(let budget):
            tr(
                "another weather run is fetching and did not finish within this run's time budget of %s; try again later",
                "\(budget)")
        case .usage(let problem): problem
        case .stopped(let signal):
            tr("stopped by %s before it finished; everything saved is as it was", StopSignal.name(signal))
        }
    }

    /// The exit status: 64 (`EX_USAGE`) for refused input, 78 (`EX_CONFIG`) for settings (a service refusing
    /// for want of a contact too), 1 otherwise.
    public var exitCode: Int32 {
        switch self {
        case .query, .usage, .background(.tooOften), .background(.tooRarely), .background(.unreadableInterval): 64
        case .settings, .provider(.contactRefused): 78
        case .stopped(let signal): 128 + signal
        default: 1
        }
    }
}
