import Synchronization
public import WeatherFetching
import WeatherModel
public import WeatherSystem

/// `WeatherFetcher.shared`: the process's fetcher, how the programs reach everything weather does. Each
/// program's `main` builds the run's context once (`LiveContext`) and starts it (`start(with:)`); a test
/// builds a fetcher of its own from a context of doubles instead.
extension WeatherFetcher {
    /// The process's fetcher, of the context `main` started it with; or why there is none (a bad setting).
    public static var shared: WeatherFetcher {
        get throws(WeatherError) {
            switch started().outcome {
            case .built(let fetcher): return fetcher
            case .failed(let error): throw error
            }
        }
    }

    /// Makes the process's fetcher of `live`, the context `main` built: what each program does once,
    /// before any command runs. Later calls change nothing.
    package static func start(with live: LiveContext) {
        let state =
            switch live {
            case .built(let context):
                Started(outcome: .built(WeatherFetcher(context: context)), console: context.console)
            case .failed(let error, let console, let withoutConfig):
                Started(
                    outcome: .failed(error), console: console,
                    withoutConfig: withoutConfig.map { WeatherFetcher(context: $0) })
            }
        startedOnce.withLock { if $0 == nil { $0 = state } }
    }

    /// Runs `body` with the process's fetcher and returns the exit status: what the programs do. A
    /// fetcher that cannot be built (a bad setting) is one line on stderr and its status. `forWaybar`:
    /// that line is also waybar's warning object on stdout, status 0, as for any other failure of
    /// `--waybar`: a module that printed nothing would vanish from the bar, the reason with it.
    public static func runShared(forWaybar: Bool = false, _ body: (WeatherFetcher) throws(WeatherError) -> Int32)
        -> Int32
    {
        let started = started()
        switch started.outcome {
        case .built(let fetcher):
            return fetcher.context.run { () throws(WeatherError) in try body(fetcher) }
        case .failed(let error):
            started.console.printError(error.description)
            guard forWaybar, case .settings = error else { return error.exitCode }
            started.console.printLine(WeatherFormatter.waybar(error: error.description))
            return 0
        }
    }

    /// `runShared` for a run that watches config.json (`weather watch`): when the file alone is what cannot
    /// be used, the run starts all the same, with the environment's settings (the fetcher `main` built of
    /// them), and `body` gets the problem to show until the file is fixed. Any other failure is
    /// `runShared`'s.
    public static func runShared(
        watchingConfig forWaybar: Bool, _ body: (WeatherFetcher, SettingsError?) throws(WeatherError) -> Int32
    ) -> Int32 {
        let started = started()
        if case .failed(.settings(let problem)) = started.outcome, let fetcher = started.withoutConfig {
            // The run goes on with the environment's settings: in their language, as `main` would have
            // chosen it from them.
            let context = fetcher.context
            Catalogue.choose(setting: context.settings.language, environment: context.environment)
            return context.run { () throws(WeatherError) in try body(fetcher, problem) }
        }
        return runShared(forWaybar: forWaybar) { fetcher throws(WeatherError) in try body(fetcher, nil) }
    }

    /// What `main` started: the process's fetcher, or why there is none, said on `console`; and, when
    /// config.json alone is at fault, the fetcher of the environment's settings, for `watch`. A class,
    /// so that reading it asks the Swift runtime for no type's metadata (an optional enum with a console
    /// in it cost `weather show` 9,000 instructions).
    private final class Started: Sendable {
        let outcome: Outcome
        let console: any Console
        let withoutConfig: WeatherFetcher?

        init(outcome: Outcome, console: any Console, withoutConfig: WeatherFetcher? = nil) {
            self.outcome = outcome
            self.console = console
            self.withoutConfig = withoutConfig
        }
    }

    /// The fetcher, or why there is none. Not a `Result`: the runtime would build that generic type's
    /// metadata at every start, checking `Failure: Error` by a scan of every protocol conformance in the
    /// program (80,000 instructions, a tenth of `weather show`).
    private enum Outcome {
        case built(WeatherFetcher)
        case failed(WeatherError)
    }

    /// What `main` started, once it has.
    private static func started() -> Started {
        guard let started = startedOnce.withLock({ $0 }) else {
            preconditionFailure("WeatherFetcher.shared before main started it (WeatherFetcher.start(with:))")
        }
        return started
    }

    // Process-wide: the design's singleton, set once by `main` (`start(with:)`) and read by every command.
    private static let startedOnce = Mutex<Started?>(nil)
}
