import ArgumentParser
import Glibc
import WeatherKit

/// `weather`: the command tree. Each command parses its arguments and calls WeatherKit, nothing more.
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
        subcommands: [SetCommand.self, ShowCommand.self, RefreshCommand.self, ScheduleCommand.self, LogoutCommand.self],
        defaultSubcommand: ShowCommand.self
    )
}

/// Runs `body`; a `WeatherError` becomes one line on stderr and its exit status.
func reportingErrors(_ body: () throws(WeatherError) -> Void) throws(ExitCode) {
    do {
        try body()
    } catch {
        printError(error.description)
        throw ExitCode(error.exitCode)
    }
}

/// Writes `text` and a newline to stdout at once. Not `print`: it takes `Any`, and the first dynamic cast
/// behind it scans every protocol conformance in the binary, a good part of what `weather show` costs.
func printLine(_ text: String) {
    writeAll(STDOUT_FILENO, text + "\n")
}

/// Writes `weather: message` to stderr, on one line whatever the message holds.
func printError(_ message: String) {
    writeAll(STDERR_FILENO, "weather: \(message.printable)\n")
}

private func writeAll(_ descriptor: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
