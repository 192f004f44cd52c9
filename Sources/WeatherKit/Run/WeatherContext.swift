import Synchronization

/// Everything one run of weather works with, built in one place: the environment, the folders, the
/// settings, the clock and the time zone, the HTTP transport, the console, the background scheduler, and
/// the fetcher over them. Commands take it as their one argument.
///
/// `WeatherContext.live` is this process's, built once from the real parts (`WeatherFetcher.shared` is
/// its fetcher); a test builds one of doubles and runs a command in-process. The model is swiftly's
/// `SwiftlyCoreContext`.
public final class WeatherContext: Sendable {
    /// The variables the run was started with.
    let environment: Environment
    /// Where weather's files are.
    let paths: WeatherPaths
    /// The run's settings.
    let settings: Settings
    /// Tells the time for `updatedAt`, freshness and ages.
    public let clock: any WallClock
    /// How clock times are printed.
    public let timeZone: LocalTimeZone
    /// Where output and errors go, and whether a person is looking.
    public let console: any Console
    /// Fetches and keeps results, for this run.
    public let fetcher: WeatherFetcher
    /// The user's session from logind, for the adaptive schedule; `.unknown` in a test's context.
    package let loginSession: @Sendable () -> AdaptiveSchedule.Session
    private let makeScheduler: @Sendable (WeatherContext) -> any BackgroundScheduler
    private let builtScheduler = Mutex<(any BackgroundScheduler)?>(nil)

    /// A run of these parts; `scheduler` is built on first use (most runs never schedule anything).
    package init(
        environment: Environment, paths: WeatherPaths, settings: Settings, clock: any WallClock,
        timeZone: LocalTimeZone, http: any HTTPTransport, console: any Console, notifications: NotificationCenter,
        fixedDelay: @escaping @Sendable () -> FixedDelay? = { nil },
        loginSession: @escaping @Sendable () -> AdaptiveSchedule.Session = { .unknown },
        scheduler: @escaping @Sendable (WeatherContext) -> any BackgroundScheduler
    ) {
        self.loginSession = loginSession
        self.environment = environment
        self.paths = paths
        self.settings = settings
        self.clock = clock
        self.timeZone = timeZone
        self.console = console
        makeScheduler = scheduler
        fetcher = WeatherFetcher(
            settings: settings, store: WeatherStore(paths: paths), http: http, clock: clock, timeZone: timeZone,
            notifications: notifications, environment: environment, fixedDelay: fixedDelay,
            typedAtTerminal: console.isTerminal
        )
    }

    /// This run's parts with `settings` in place of its own: what `weather watch` prints with after
    /// config.json changed. (The HTTP transport is the run's, its User-Agent too: watch sends nothing.)
    func replacingSettings(_ settings: Settings) -> WeatherContext {
        WeatherContext(
            environment: environment, paths: paths, settings: settings, clock: clock, timeZone: timeZone,
            http: fetcher.provider.http, console: console, notifications: fetcher.notifications,
            fixedDelay: fetcher.fixedDelay, loginSession: loginSession, scheduler: makeScheduler)
    }

    /// What turns background fetching on and off: for a live run, the systemd user timer.
    var scheduler: any BackgroundScheduler {
        builtScheduler.withLock { built in
            if let built { return built }
            let scheduler = makeScheduler(self)
            built = scheduler
            return scheduler
        }
    }

    /// The saved files.
    package var store: WeatherStore { fetcher.store }

    /// The app's state for a command a person or a status bar runs: `active` in a terminal.
    var foregroundState: AppState { console.isTerminal ? .active : .inactive }

    /// How this run prints results at a given moment: in the units, icons and colours of the settings,
    /// with `options` on top; never in colour when `plain`.
    func formatter(_ options: DisplayOptions, plain: Bool = false) -> @Sendable (Timestamp) -> WeatherFormatter {
        let style = plain ? .plain : TextStyle(options.color, console: console, environment: environment)
        let units = options.units?.units ?? settings.units
        let icons = options.icons ?? settings.icons
        return { WeatherFormatter(now: $0, style: style, units: units, icons: icons) }
    }

    /// The short line: the `format` setting, or "%l %c %t %o".
    public var shortLine: FormatString { settings.format ?? .shortLine }

    /// How this run prints results now.
    public func formatter(_ options: DisplayOptions) -> WeatherFormatter {
        formatter(options)(clock.now())
    }

    /// Runs a command's `body` in this context: a `WeatherError` becomes one line on standard error.
    /// Returns the exit status: `body`'s own, or the error's.
    public func run(_ body: (WeatherContext) throws(WeatherError) -> Int32) -> Int32 {
        do {
            return try body(self)
        } catch {
            console.printError(error.description)
            return error.exitCode
        }
    }
}

extension WeatherContext {
    /// This process's run, built on first use from the environment, the XDG folders, the settings, the
    /// system clock and time zone, libcurl, the terminal and the systemd user manager.
    public static var live: WeatherContext {
        get throws(WeatherError) {
            switch liveContext {
            case .built(let context): return context
            case .failed(let error): throw error
            }
        }
    }

    /// Runs `body` in this process's context (`live`, built once) and returns the exit status; a context
    /// that cannot be built (a bad setting) is one line on stderr and its status. `forWaybar`: that line
    /// is also waybar's warning object on stdout, status 0, as for any other failure of `--waybar`: a
    /// module that printed nothing would vanish from the bar, the reason with it.
    public static func runLive(forWaybar: Bool = false, _ body: (WeatherContext) throws(WeatherError) -> Int32)
        -> Int32
    {
        do throws(WeatherError) {
            return try live.run(body)
        } catch {
            TerminalConsole().printError(error.description)
            guard forWaybar, case .settings = error else { return error.exitCode }
            TerminalConsole().printLine(WeatherFormatter.waybar(error: error.description))
            return 0
        }
    }

    /// `runLive` for a run that watches config.json (`weather watch`): when the file alone is what cannot
    /// be used, the run starts all the same, with the environment's settings, and `body` gets the problem
    /// to show until the file is fixed. Any other failure is `runLive`'s.
    public static func runLive(
        watchingConfig forWaybar: Bool, _ body: (WeatherContext, SettingsError?) throws(WeatherError) -> Int32
    ) -> Int32 {
        if case .failed(.settings(let problem)) = liveContext, case .invalidConfig = problem,
            case .built(let context) = makeLive(readingConfig: false)
        {
            return context.run { context throws(WeatherError) in try body(context, problem) }
        }
        return runLive(forWaybar: forWaybar) { context throws(WeatherError) in try body(context, nil) }
    }

    /// `live`, or why it could not be built. Not a `Result`: the runtime would build that generic type's
    /// metadata at every start, checking `Failure: Error` by a scan of every protocol conformance in the
    /// program (80,000 instructions, a tenth of `weather show`).
    private enum LiveContext {
        case built(WeatherContext)
        case failed(WeatherError)
    }

    private static let liveContext = makeLive(readingConfig: true)

    /// This process's run, its settings from the environment and, `readingConfig`, config.json.
    private static func makeLive(readingConfig: Bool) -> LiveContext {
        let environment = Environment.current()
        do throws(SettingsError) {
            let paths = try WeatherPaths(environment: environment)
            let settings =
                readingConfig
                ? try Settings.load(environment: environment, paths: paths)
                : try Settings.load(environment: environment, config: [:], configPath: paths.configFile)
            return .built(
                WeatherContext(
                    environment: environment, paths: paths, settings: settings, clock: SystemClock(),
                    timeZone: .system,
                    http: CurlTransport(userAgent: WeatherKitInfo.userAgent(contact: settings.contact)),
                    console: TerminalConsole(), notifications: .default, fixedDelay: { FixedDelay.current() },
                    loginSession: { LoginSession.current() },
                    scheduler: { SystemdTimer(context: $0) }
                ))
        } catch {
            return .failed(.settings(error))
        }
    }
}
