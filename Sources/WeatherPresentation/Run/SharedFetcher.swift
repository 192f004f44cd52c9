public import WeatherFetching
import WeatherModel
public import WeatherSystem

/// `WeatherFetcher.shared`: the process's fetcher, how the programs reach everything weather does. It is
/// built once, from this process's parts (`WeatherContext.live`); a test builds a fetcher of its own from
/// a context of doubles instead. Two runs build another on purpose, both for `weather watch`, which
/// outlives the settings it started with: `runShared(watchingConfig:_:)` when config.json cannot be read
/// (the environment's settings, until the file is fixed), and `WeatherWatcher` when the file changes
/// (the new settings, from the same parts).
extension WeatherFetcher {
    /// The process's fetcher, built on first use from `WeatherContext.live`.
    public static var shared: WeatherFetcher {
        get throws(WeatherError) {
            switch sharedFetcher {
            case .built(let fetcher): return fetcher
            case .failed(let error): throw error
            }
        }
    }

    /// Runs `body` with the process's fetcher and returns the exit status: what the programs do. A
    /// fetcher that cannot be built (a bad setting) is one line on stderr and its status. `forWaybar`:
    /// that line is also waybar's warning object on stdout, status 0, as for any other failure of
    /// `--waybar`: a module that printed nothing would vanish from the bar, the reason with it.
    public static func runShared(forWaybar: Bool = false, _ body: (WeatherFetcher) throws(WeatherError) -> Int32)
        -> Int32
    {
        do throws(WeatherError) {
            let fetcher = try shared
            return fetcher.context.run { () throws(WeatherError) in try body(fetcher) }
        } catch {
            TerminalConsole().printError(error.description)
            guard forWaybar, case .settings = error else { return error.exitCode }
            TerminalConsole().printLine(WeatherFormatter.waybar(error: error.description))
            return 0
        }
    }

    /// `runShared` for a run that watches config.json (`weather watch`): when the file alone is what cannot
    /// be used, the run starts all the same, with the environment's settings, and `body` gets the problem
    /// to show until the file is fixed. Any other failure is `runShared`'s.
    public static func runShared(
        watchingConfig forWaybar: Bool, _ body: (WeatherFetcher, SettingsError?) throws(WeatherError) -> Int32
    ) -> Int32 {
        if case .failed(.settings(let problem)) = sharedFetcher, case .invalidConfig = problem,
            let context = try? WeatherContext.live(readingConfig: false)
        {
            let fetcher = WeatherFetcher(context: context)
            return context.run { () throws(WeatherError) in try body(fetcher, problem) }
        }
        return runShared(forWaybar: forWaybar) { fetcher throws(WeatherError) in try body(fetcher, nil) }
    }

    /// `shared`, or why it could not be built. Not a `Result`: the runtime would build that generic type's
    /// metadata at every start, checking `Failure: Error` by a scan of every protocol conformance in the
    /// program (80,000 instructions, a tenth of `weather show`).
    private enum SharedFetcher {
        case built(WeatherFetcher)
        case failed(WeatherError)
    }

    private static let sharedFetcher: SharedFetcher = {
        do throws(WeatherError) {
            return .built(WeatherFetcher(context: try WeatherContext.live()))
        } catch {
            return .failed(error)
        }
    }()
}
