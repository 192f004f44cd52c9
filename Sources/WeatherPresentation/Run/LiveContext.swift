import WeatherFetching
import WeatherModel
import WeatherSystem

extension WeatherContext {
    /// This process's run, built from the environment, the XDG folders, the settings (of config.json too,
    /// unless `readingConfig` is false), the system clock and time zone, libcurl, the terminal and the
    /// systemd user manager; or why it cannot be (a bad setting). `WeatherFetcher.shared` builds it once.
    /// `WEATHER_TEST_NOW` sets the wall clock for a test (`SetClock`).
    static func live(readingConfig: Bool = true) throws(WeatherError) -> WeatherContext {
        let environment = Environment.current()
        do throws(SettingsError) {
            let clock = try wallClock(environment, real: SystemClock())
            let paths = try WeatherPaths(environment: environment)
            let settings =
                readingConfig
                ? try Settings.load(environment: environment, paths: paths)
                : try Settings.load(environment: environment, config: [:], configPath: paths.configFile)
            // The language setting decides every word and number from here on (else the locale does).
            Catalogue.choose(setting: settings.language, environment: environment)
            return WeatherContext(
                environment: environment, paths: paths, settings: settings, clock: clock, timeZone: .system,
                zones: ZoneDatabase(environment: environment),
                http: CurlTransport(userAgent: WeatherKitInfo.userAgent(contact: settings.contact)),
                console: TerminalConsole(), notifications: .default,
                desktop: DesktopNotifications(environment: environment), fixedDelay: { FixedDelay.current() },
                loginSession: { LoginSession.current() }, scheduler: { SystemdTimer(context: $0) },
                notifier: { Notifier(context: $0) })
        } catch {
            throw .settings(error)
        }
    }

    /// `real`, the system's real-time clock, or the one `WEATHER_TEST_NOW` sets for a test (running on
    /// with `real`). Read from the environment only, never from config.json: a file outlives the test, and
    /// a clock left standing there would show the user's weather as of that moment for good. Nor does the
    /// timer's unit or the crontab line carry it (`Settings.asEnvironment`): they run by the real clock.
    static func wallClock(_ environment: Environment, real: any WallClock) throws(SettingsError) -> any WallClock {
        guard let text = environment.nonEmpty(SetClock.variable) else { return real }
        guard let clock = SetClock(text, real: real) else {
            throw .invalidVariable(
                SetClock.variable, value: text,
                expected: tr(
                    "seconds since 1970 up to the end of 2099, such as 1791478800, or with a + to let the clock run on from there, such as 1791478800+"
                ))
        }
        return clock
    }
}
