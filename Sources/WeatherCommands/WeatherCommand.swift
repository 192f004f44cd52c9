import ArgumentParser
import Glibc
import Synchronization
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
package import WeatherSystem

/// `weather`: the command tree. Each command parses its arguments and calls the layers through the run's
/// fetcher (`WeatherFetcher.shared`), nothing more; `run(with:)` is what a test calls with a fetcher of
/// doubles.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: helpText("The current weather for one saved place, always ready."),
        discussion: [
            helpText(
                """
                Save a place once with weather set; weather show then prints its weather at once, from the \
                cache. In a terminal a stale result is refreshed first; a status bar or a script reading a pipe \
                is always served from the cache and never waits for the network.
                """),
            helpText(
                """
                Examples:
                  weather set Berlin
                  weather set Paris, US
                  weather                   the same as weather show
                  weather Paris             another place, once; the saved one stays
                  weather search London     the places of a name, and how to choose one
                  weather show --json
                  weather forecast          the next hours and days
                  weather alerts            official warnings (US, Germany, Norway)
                  weather watch --waybar    for a bar that keeps one process running
                  weather refresh           what the background timer runs
                  weather schedule 30m      how often the timer runs
                  weather logout
                """),
            // The settings' lines are written from their descriptors (`Setting.all`).
            helpText(
                """
                Settings, from the environment or $XDG_CONFIG_HOME/weather/config.json
                (there as units, icons, format, timeout...):
                """) + "\n" + SettingsDocs.helpList() + "\n"
                + helpText(
                    """
                      NO_COLOR                     no colour, even in a terminal
                      XDG_CONFIG_HOME, XDG_STATE_HOME, XDG_CACHE_HOME
                                                   the folders of the files below (absolute
                                                   paths; else ~/.config, ~/.local/state,
                                                   ~/.cache)
                    An empty variable is unset.
                    """),
            // The supplements' files and credits, as the settings', from the registry.
            helpText(
                """
                Files:
                  $XDG_CONFIG_HOME/weather/config.json
                                               your settings, if you write any
                  $XDG_STATE_HOME/weather/     the saved place (location.json), the
                                               interval chosen (schedule.json), the
                                               background runs and looks (runs.txt,
                                               looks.json), the fetch lock and back-offs
                  $XDG_CACHE_HOME/weather/     the last result (current.json), its
                                               forecast (forecast.json), its warnings
                                               (alerts.txt, alert-texts.json), and
                                               places looked up once (places/)
                  $XDG_CONFIG_HOME/systemd/user/weather-refresh.timer
                                               background refresh, with its .service
                """) + "\n" + SettingsDocs.supplementFiles(width: 72),
            helpText(
                """
                Exit status: 0 done, 1 failed, 64 bad arguments, 78 bad settings.
                Weather data by Open-Meteo.com, CC BY 4.0. Warnings: National Weather
                Service (public domain); DWD through Bright Sky (CC BY 4.0); MET
                Norway (CC BY 4.0).
                """) + "\n" + SettingsDocs.supplementCredits(width: 72),
        ].joinedText("\n\n"),
        version: WeatherKitInfo.version,
        subcommands: [
            SetCommand.self, ShowCommand.self, ForecastCommand.self, AlertsCommand.self, AirCommand.self,
            SearchCommand.self,
            WatchCommand.self, RefreshCommand.self, ScheduleCommand.self, LogoutCommand.self,
        ],
        defaultSubcommand: ShowCommand.self
    )

    /// Parses `arguments` and runs the command they name with the process's fetcher. A usage error speaks
    /// as weather's own errors do, on `console`, one line: `weather: unknown option '--foo'; see weather
    /// show --help`, exit 64.
    static func main(_ arguments: [String], console: any Console) {
        do {
            var command = try parseAsRoot(arguments)
            guard let command = command as? any FetcherCommand else { return try command.run() }
            try exit(with: command.runShared(typed: arguments))
        } catch {
            let status = exitCode(for: error)
            let full = fullMessage(for: error)
            if status == .success || error is ExitCode {
                if !full.isEmpty { console.printLine(full) }
            } else {
                let message = message(for: error)
                console.printError(
                    UsageHint.line(for: arguments, message: message) ?? usageLine(message, fullMessage: full))
            }
            Glibc.exit(status.rawValue)
        }
    }

    /// "unknown option '--jsn' (did you mean '--json'?); see weather show --help": ArgumentParser's
    /// message in our voice, its later sentences in parentheses, with the help of the command it was
    /// parsing (named in its "See '...' for more information.").
    /// A minus that `runWeatherCommand` turned into U+2212 is a minus again in what the user reads.
    static func usageLine(_ message: String, fullMessage: String) -> String {
        let joined = message.split(whereSeparator: \.isNewline).map { $0.drop(while: \.isWhitespace) }.joined(
            separator: " ")
        let text = String(joined.map { $0 == "\u{2212}" ? "-" : $0 })
        var sentences = text.split(separator: ". ").map { sentence -> String in
            var sentence = String(sentence)
            while sentence.last == "." { sentence.removeLast() }
            if let first = sentence.first, first.isUppercase, sentence.dropFirst().first?.isUppercase != true {
                sentence = first.lowercased() + sentence.dropFirst()
            }
            return sentence
        }
        var line = sentences.isEmpty ? "" : sentences.removeFirst()
        if !sentences.isEmpty { line += " (" + sentences.joined(separator: ". ") + ")" }
        var help = "weather --help"
        if let see = fullMessage.split(separator: "\n").last(where: { $0.contains("See '") }),
            let quoted = see.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first
        {
            help = String(quoted)
        }
        return tr("%1$s; see %2$s", line, help)
    }

    /// `status` as ArgumentParser's way out: nothing for 0, otherwise that exit code.
    static func exit(with status: Int32) throws(ExitCode) {
        if status != 0 { throw ExitCode(status) }
    }
}

/// The command tree as ArgumentParser describes it, the JSON of `--experimental-dump-help`: each command's
/// abstract, discussion and arguments, from which `weather-manual` writes the man page.
package func commandDescriptions() -> String {
    WeatherCommand._dumpHelp()
}

/// Runs the command line `arguments` (without the program's name) names, with the process's fetcher
/// (`WeatherFetcher.start(with:)` first) and `console`: what `weather-commands` does. A negative number is
/// a coordinate (`weather -33.87,151.21`), never an option: its minus becomes U+2212, which ArgumentParser
/// takes as text and `PlaceQuery` as a minus.
package func runWeatherCommand(_ arguments: ArraySlice<String>, console: any Console) {
    var words = Array(arguments)
    for index in words.indices {
        if words[index] == "--" { break }
        if words[index].utf8.count > 1, words[index].hasPrefix("-"), words[index].dropFirst().first?.isNumber == true {
            words[index] = "\u{2212}" + words[index].dropFirst()
        }
    }
    WeatherCommand.main(words, console: console)
}

/// A command that does its work with a run's `WeatherFetcher`: `WeatherCommand.main` runs it with the
/// process's (`runShared(typed:)`), and a test calls `run(with:)` with one built from a context of doubles.
protocol FetcherCommand: ParsableCommand {
    /// Does the command's work with `fetcher`; returns the exit status, or throws what went wrong.
    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32
    /// Whether the command prints for waybar, so that a bad setting is waybar's warning object too.
    var printsForWaybar: Bool { get }
    /// The words that name a place for one look (`PlaceArguments`), if the command takes them.
    var placeWords: [String] { get }
    /// Runs the command with the process's fetcher (`WeatherFetcher.shared`), typed as `typed`; returns
    /// the exit status.
    func runShared(typed: [String]) -> Int32
}

extension FetcherCommand {
    var printsForWaybar: Bool { false }
    var placeWords: [String] { [] }

    func runShared(typed: [String]) -> Int32 {
        WeatherFetcher.runShared(forWaybar: printsForWaybar) { fetcher throws(WeatherError) in
            do throws(WeatherError) {
                return try run(with: fetcher)
            } catch {
                throw UsageHint.mistypedCommand(error, placeWords: placeWords, typed: typed)
            }
        }
    }
}
