import ArgumentParser
import Glibc
import WeatherKit

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the saved weather at once, with its age.",
        discussion: """
            In a terminal, a stale result is refreshed first (one request); if that fails, the saved \
            result is printed with a warning. When stdout is a pipe (a status bar, a script), the saved \
            result is printed and the network is never touched.

            Examples:
              weather show
              weather show --json | jq .temperature
              weather show --cached          (never the network)
            """
    )

    enum Source: String, EnumerableFlag {
        case refresh
        case cached

        static func help(for value: Source) -> ArgumentHelp? {
            switch value {
            case .refresh: "Refresh a stale result first, even when stdout is not a terminal."
            case .cached: "Never touch the network, even in a terminal."
            }
        }
    }

    @Flag(help: "Print one JSON object for scripts.")
    var json = false

    @Flag
    var source: Source?

    func run() throws {
        try reportingErrors { () throws(WeatherError) in
            let presenter = WeatherPresenter(
                fetcher: try WeatherFetcher.shared,
                appState: AppState.foreground(),
                style: json ? .plain : TextStyle.forStandardOutput(environment: .current())
            )
            let sourceChoice: WeatherPresenter.Source = switch source {
            case .refresh: .refresh
            case .cached: .cached
            case nil: .automatic
            }
            print(try presenter.show(source: sourceChoice, json: json, warn: printError))
        }
    }
}
