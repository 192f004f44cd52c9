import Synchronization
package import WeatherModel
public import WeatherSystem

/// Everything one run of weather works with, built in one place: the environment, the folders and the
/// files in them, the settings, the clock and the time zone, the HTTP transport, the console, where
/// `WeatherUpdated` is posted, and the background scheduler. The one context of a run: the fetcher, its
/// services, the presenters, the background-fetch handler and the watcher all take what they need from it.
///
/// Each program's `main` builds the process's once from the real parts (`LiveContext`) and starts
/// `WeatherFetcher.shared` with it; a test builds one of doubles. The model is swiftly's `SwiftlyCoreContext`.
public final class WeatherContext: Sendable {
    /// The variables the run was started with: whose locale says the language.
    package let environment: Environment
    /// Where weather's files are.
    package let paths: WeatherPaths
    /// The files in them: results, the saved place, back-offs, history.
    package let store: WeatherStore
    /// The run's settings.
    package let settings: Settings
    /// Tells the time for `updatedAt`, freshness and ages.
    public let clock: any WallClock
    /// How clock times are printed.
    public let timeZone: LocalTimeZone
    /// Where places' zones are read (`TZDIR`'s, else the system's).
    package let zones: ZoneDatabase
    /// When results go stale, by the settings.
    package let freshness: Freshness
    /// Where output and errors go, and whether a person is looking.
    public let console: any Console
    /// How requests are sent.
    package let http: any HTTPTransport
    /// Where `WeatherUpdated` is posted.
    package let notifications: NotificationCenter
    /// Where desktop notifications go: the user's notification server, on the session bus.
    package let desktop: any DesktopNotifier
    /// Who tells of the saved place's warnings after a fetch, for a fetcher of this context: the layer
    /// above's, which words them (`WarningsNotifier`).
    package let notifier: @Sendable (WeatherContext) -> any WarningsNotifier
    /// This user's delay within the timer's spread, read when a result is saved (`RunSchedule`); `nil`
    /// for none (a test's run, whose timer runs at the clock times themselves).
    package let fixedDelay: @Sendable () -> FixedDelay?
    /// The user's session from logind, for the adaptive schedule; `.unknown` in a test's context.
    package let loginSession: @Sendable () -> AdaptiveSchedule.Session
    /// Whether a person typed this run's command in a terminal (its standard output is one): after a
    /// shared failure such a run still tries once, unless the failure happened while it waited.
    var typedAtTerminal: Bool { console.isTerminal }
    private let makeScheduler: @Sendable (WeatherContext) -> any BackgroundScheduler
    private let builtScheduler = Mutex<(any BackgroundScheduler)?>(nil)
    /// Lines for standard error that the run says once, at its end (`noteOnce`).
    private let notices = Mutex<[String]>([])

    /// A run of these parts; `scheduler` is built on first use (most runs never schedule anything).
    package init(
        environment: Environment, paths: WeatherPaths, settings: Settings, clock: any WallClock,
        timeZone: LocalTimeZone, zones: ZoneDatabase = .system, http: any HTTPTransport, console: any Console,
        notifications: NotificationCenter, desktop: any DesktopNotifier,
        fixedDelay: @escaping @Sendable () -> FixedDelay? = { nil },
        loginSession: @escaping @Sendable () -> AdaptiveSchedule.Session = { .unknown },
        scheduler: @escaping @Sendable (WeatherContext) -> any BackgroundScheduler,
        notifier: @escaping @Sendable (WeatherContext) -> any WarningsNotifier
    ) {
        self.environment = environment
        self.paths = paths
        store = WeatherStore(paths: paths)
        self.settings = settings
        self.clock = clock
        self.timeZone = timeZone
        self.zones = zones
        freshness = Freshness(staleAfter: settings.staleAfter)
        self.console = console
        self.http = http
        self.notifications = notifications
        self.desktop = desktop
        self.fixedDelay = fixedDelay
        self.loginSession = loginSession
        makeScheduler = scheduler
        self.notifier = notifier
    }

    /// This run's parts with `settings` in place of its own: what the fetcher goes on with when `weather
    /// watch` read config.json again (`WeatherFetcher.adopt(_:)`). (The HTTP transport is the run's, its
    /// User-Agent too: watch sends nothing.)
    package func replacingSettings(_ settings: Settings) -> WeatherContext {
        WeatherContext(
            environment: environment, paths: paths, settings: settings, clock: clock, timeZone: timeZone, zones: zones,
            http: http, console: console, notifications: notifications, desktop: desktop, fixedDelay: fixedDelay,
            loginSession: loginSession, scheduler: makeScheduler, notifier: notifier)
    }

    /// What turns background fetching on and off, and says when it last ran: for a live run, the systemd
    /// user timer.
    package var scheduler: any BackgroundScheduler {
        builtScheduler.withLock { built in
            if let built { return built }
            let scheduler = makeScheduler(self)
            built = scheduler
            return scheduler
        }
    }

    /// The language a run asks services for their texts in: that of the catalogue its words come from,
    /// else the one they are chosen by (`Settings.textLanguage`: a language without a catalogue of
    /// weather's still has place names).
    package var textLanguage: String {
        Catalogue.spokenLanguage ?? settings.textLanguage(environment: environment)
    }

    /// The app's state for a command a person or a status bar runs: `active` in a terminal.
    package var foregroundState: AppState { console.isTerminal ? .active : .inactive }

    /// Runs a command's `body` in this context: a `WeatherError` becomes one line on standard error.
    /// Returns the exit status: `body`'s own, or the error's. The notices of the run come last, each once.
    public func run(_ body: () throws(WeatherError) -> Int32) -> Int32 {
        defer { notices.withLock { $0 }.forEach(console.printError) }
        do {
            return try body()
        } catch {
            console.printError(error.description)
            return error.exitCode
        }
    }

    /// Says `line` on standard error when the run ends, however often the run notes it: what a service
    /// says of itself (MET Norway's 203, a deprecated version), not to be repeated by every request.
    func noteOnce(_ line: String) {
        notices.withLock { if !$0.contains(line) { $0.append(line) } }
    }
}
