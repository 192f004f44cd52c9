package import WeatherFetching
import WeatherModel
import WeatherSources
package import WeatherSystem

// Where each program's `main` builds the run's parts, with main.swift, which reads the environment and
// makes the console: the only code that makes the system clock and asks the timer's delay and the login
// session of the system (`ProcessStateTests`).

/// This process's context as `main` built it, once, or why it could not be built: what
/// `WeatherFetcher.start(with:)` makes the process's fetcher of.
package enum LiveContext: Sendable {
    /// The run's context, of its settings.
    case built(WeatherContext)
    /// A setting cannot be used: `error`, which every command says on `console`. When config.json alone is
    /// what cannot be used, `withoutConfig` is the context of the environment's settings, which `weather
    /// watch` runs with until the file is fixed.
    case failed(WeatherError, console: any Console, withoutConfig: WeatherContext?)

    /// This process's context, built from `environment` (the process's, read once by `main`), the XDG
    /// folders, the settings of the environment and config.json, the system clock and time zone, libcurl,
    /// `console` and the systemd user manager; or why it cannot be (a bad setting).
    package init(environment: Environment, console: any Console) {
        do throws(WeatherError) {
            self = .built(try WeatherContext.live(environment: environment, console: console))
        } catch {
            var withoutConfig: WeatherContext?
            if case .settings(.invalidConfig) = error {
                withoutConfig = try? WeatherContext.live(
                    environment: environment, console: console, readingConfig: false)
            }
            self = .failed(error, console: console, withoutConfig: withoutConfig)
        }
    }
}

extension WeatherContext {
    /// The run of `environment` and `console`, with the settings of config.json too unless `readingConfig`
    /// is false; or why it cannot be (a bad setting). `WEATHER_TEST_NOW` sets the wall clock for a test
    /// (`SetClock`).
    static func live(environment: Environment, console: any Console, readingConfig: Bool = true)
        throws(WeatherError) -> WeatherContext
    {
        do throws(SettingsError) {
            let clock = try wallClock(environment, real: SystemClock())
            let paths = try WeatherPaths(environment: environment)
            let settings = try
                (readingConfig
                ? Settings.load(environment: environment, paths: paths)
                : Settings.load(environment: environment, config: [:], configPath: paths.configFile))
                .checkingProvider(environment: environment, configPath: paths.configFile)
            return WeatherContext(
                environment: environment, paths: paths, settings: settings, clock: clock, timeZone: .system,
                zones: ZoneDatabase(environment: environment),
                http: CurlTransport(userAgent: WeatherKitInfo.userAgent(contact: settings.contact)),
                console: console, notifications: .default, desktop: DesktopNotifications(environment: environment),
                fixedDelay: { FixedDelay.current() }, loginSession: { LoginSession.current() },
                scheduler: { SystemdTimer(context: $0) }, notifier: { Notifier(context: $0) })
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
