import Synchronization
import WeatherModel

/// Everything one run of weather works with, built in one place: the environment, the folders and the
/// files in them, the settings, the clock and the time zone, the HTTP transport, the console, where
/// `WeatherUpdated` is posted, and the background scheduler. The one context of a run: the fetcher, its
/// services, the presenters, the background-fetch handler and the watcher all take what they need from it.
///
/// `WeatherContext.live` is this process's, built once from the real parts (`WeatherFetcher.shared` is
/// made from it); a test builds one of doubles. The model is swiftly's `SwiftlyCoreContext`.
public final class WeatherContext: Sendable {
    /// The variables the run was started with: whose locale says the language.
    let environment: Environment
    /// Where weather's files are.
    let paths: WeatherPaths
    /// The files in them: results, the saved place, back-offs, history.
    package let store: WeatherStore
    /// The run's settings.
    let settings: Settings
    /// Tells the time for `updatedAt`, freshness and ages.
    public let clock: any WallClock
    /// How clock times are printed.
    public let timeZone: LocalTimeZone
    /// When results go stale, by the settings.
    let freshness: Freshness
    /// Where output and errors go, and whether a person is looking.
    public let console: any Console
    /// How requests are sent.
    let http: any HTTPTransport
    /// Where `WeatherUpdated` is posted.
    let notifications: NotificationCenter
    /// Where desktop notifications go: the user's notification server, on the session bus.
    let desktop: any DesktopNotifier
    /// This user's delay within the timer's spread, read when a result is saved (`RunSchedule`); `nil`
    /// for none (a test's run, whose timer runs at the clock times themselves).
    let fixedDelay: @Sendable () -> FixedDelay?
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
        timeZone: LocalTimeZone, http: any HTTPTransport, console: any Console, notifications: NotificationCenter,
        desktop: any DesktopNotifier, fixedDelay: @escaping @Sendable () -> FixedDelay? = { nil },
        loginSession: @escaping @Sendable () -> AdaptiveSchedule.Session = { .unknown },
        scheduler: @escaping @Sendable (WeatherContext) -> any BackgroundScheduler
    ) {
        self.environment = environment
        self.paths = paths
        store = WeatherStore(paths: paths)
        self.settings = settings
        self.clock = clock
        self.timeZone = timeZone
        freshness = Freshness(staleAfter: settings.staleAfter)
        self.console = console
        self.http = http
        self.notifications = notifications
        self.desktop = desktop
        self.fixedDelay = fixedDelay
        self.loginSession = loginSession
        makeScheduler = scheduler
    }

    /// This run's parts with `settings` in place of its own: what `weather watch` prints with after
    /// config.json changed. (The HTTP transport is the run's, its User-Agent too: watch sends nothing.)
    func replacingSettings(_ settings: Settings) -> WeatherContext {
        WeatherContext(
            environment: environment, paths: paths, settings: settings, clock: clock, timeZone: timeZone, http: http,
            console: console, notifications: notifications, desktop: desktop, fixedDelay: fixedDelay,
            loginSession: loginSession, scheduler: makeScheduler)
    }

    /// What turns background fetching on and off, and says when it last ran: for a live run, the systemd
    /// user timer.
    var scheduler: any BackgroundScheduler {
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
    var textLanguage: String {
        Catalogue.spokenLanguage ?? settings.textLanguage(environment: environment)
    }

    /// The app's state for a command a person or a status bar runs: `active` in a terminal.
    var foregroundState: AppState { console.isTerminal ? .active : .inactive }

    /// How this run prints results at a given moment: in the units, icons and colours of the settings,
    /// with `options` on top; never in colour when `plain`.
    func formatter(_ options: DisplayOptions, plain: Bool = false) -> @Sendable (Timestamp) -> WeatherFormatter {
        let style = plain ? .plain : TextStyle(options.color, console: console, environment: environment)
        let units = options.units?.units ?? settings.units
        let icons = options.icons ?? settings.icons
        let tooltip = WeatherFormatter.TooltipSpan(hours: settings.tooltipHours, days: settings.tooltipDays)
        return { [self] in
            WeatherFormatter(
                now: $0, style: style, units: units, icons: icons, tooltip: tooltip,
                textLanguage: { self.textLanguage })
        }
    }

    /// The short line: the `format` setting, or "%l %c %t %o".
    public var shortLine: FormatString { settings.format ?? .shortLine }

    /// How this run prints results now.
    public func formatter(_ options: DisplayOptions) -> WeatherFormatter {
        formatter(options)(clock.now())
    }

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

extension WeatherContext {
    /// This process's run, built from the environment, the XDG folders, the settings (of config.json too,
    /// unless `readingConfig` is false), the system clock and time zone, libcurl, the terminal and the
    /// systemd user manager; or why it cannot be (a bad setting). `WeatherFetcher.shared` builds it once.
    /// `WEATHER_TEST_NOW` sets the wall clock for a test (`SetClock`).
    static func live(readingConfig: Bool = true) throws(WeatherError) -> WeatherContext {
        let environment = Environment.current()
        do throws(SettingsError) {
            let clock = try wallClock(environment)
            let paths = try WeatherPaths(environment: environment)
            let settings =
                readingConfig
                ? try Settings.load(environment: environment, paths: paths)
                : try Settings.load(environment: environment, config: [:], configPath: paths.configFile)
            // The language setting decides every word and number from here on (else the locale does).
            Catalogue.choose(setting: settings.language, environment: environment)
            return WeatherContext(
                environment: environment, paths: paths, settings: settings, clock: clock, timeZone: .system,
                http: CurlTransport(userAgent: WeatherKitInfo.userAgent(contact: settings.contact)),
                console: TerminalConsole(), notifications: .default,
                desktop: DesktopNotifications(environment: environment), fixedDelay: { FixedDelay.current() },
                loginSession: { LoginSession.current() }, scheduler: { SystemdTimer(context: $0) })
        } catch {
            throw .settings(error)
        }
    }

    /// The system's real-time clock, or the one `WEATHER_TEST_NOW` sets for a test. Read from the
    /// environment only, never from config.json: a file outlives the test, and a clock left standing
    /// there would show the user's weather as of that moment for good. Nor does the timer's unit or the
    /// crontab line carry it (`Settings.asEnvironment`): they run by the real clock.
    static func wallClock(_ environment: Environment) throws(SettingsError) -> any WallClock {
        guard let text = environment.nonEmpty(SetClock.variable) else { return SystemClock() }
        guard let clock = SetClock(text) else {
            throw .invalidVariable(
                SetClock.variable, value: text,
                expected: tr(
                    "seconds since 1970 up to the end of 2099, such as 1791478800, or with a + to let the clock run on from there, such as 1791478800+"
                ))
        }
        return clock
    }
}
