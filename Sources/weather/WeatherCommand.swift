import ArgumentParser
import WeatherKit

/// `weather`: the command tree. Each command parses its arguments and calls WeatherKit in the run's
/// `WeatherContext`, nothing more; `run(in:)` is what a test calls with a context of doubles.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "The current weather for one saved place, always ready.",
        discussion: """
            Save a place once with `weather set`; `weather show` then prints its weather at once, from the \
            cache. In a terminal a stale result is refreshed first; a status bar or a script reading a pipe \
            is always served from the cache and never waits for the network.

            Examples:
              weather set Berlin
              weather set Paris, US
              weather                   the same as weather show
              weather show --json
              weather refresh           what the background timer runs
              weather schedule 30m      how often the timer runs
              weather logout

            Settings, from the environment or $XDG_CONFIG_HOME/weather/config.json:
              WEATHER_TIMEOUT           network time of a whole run (default 30s)
              WEATHER_STALE_AFTER       seconds until a result is stale
                                        (default: the data's own interval, 15 min)
              WEATHER_GEOCODING_URL     Open-Meteo geocoding API, or a stand-in
              WEATHER_FORECAST_URL      Open-Meteo forecast API, or a stand-in
              NO_COLOR                  no colour, even in a terminal

            Exit status: 0 done, 1 failed, 64 bad arguments, 78 bad settings.
            Weather data by Open-Meteo.com, CC BY 4.0.
            """,
        version: WeatherKitInfo.version,
        subcommands: [
            SetCommand.self, ShowCommand.self, RefreshCommand.self, ScheduleCommand.self, LogoutCommand.self,
        ],
        defaultSubcommand: ShowCommand.self
    )

    /// Runs `body` in this process's context (`WeatherContext.live`, built once) and returns the exit
    /// status; a context that cannot be built (a bad setting) is one line on stderr and its status.
    static func runLive(_ body: (WeatherContext) throws(WeatherError) -> Int32) -> Int32 {
        do throws(WeatherError) {
            return try WeatherContext.live.run(body)
        } catch {
            TerminalConsole().printError(error.description)
            return error.exitCode
        }
    }

    /// `status` as ArgumentParser's way out: nothing for 0, otherwise that exit code.
    static func exit(with status: Int32) throws(ExitCode) {
        if status != 0 { throw ExitCode(status) }
    }
}

/// A command that does its work in a run's `WeatherContext`: `run()` runs it in this process's context,
/// and a test calls `run(in:)` with a context of doubles.
protocol ContextCommand: ParsableCommand {
    /// Does the command's work in `context`; returns the exit status, or throws what went wrong.
    func run(in context: WeatherContext) throws(WeatherError) -> Int32
}

extension ContextCommand {
    func run() throws {
        try WeatherCommand.exit(with: WeatherCommand.runLive { context throws(WeatherError) in try run(in: context) })
    }
}
