import ArgumentParser
import WeatherKit

struct ShowCommand: ContextCommand {
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

    func run(in context: WeatherContext) throws(WeatherError) -> Int32 {
        try Self.show(json: json, source: source, in: context)
    }

    /// What `run(in:)` does, for the parsed command and for the fast path alike.
    static func show(json: Bool, source: Source?, in context: WeatherContext) throws(WeatherError) -> Int32 {
        let choice: WeatherPresenter.Source =
            switch source {
            case .refresh: .refresh
            case .cached: .cached
            case nil: .automatic
            }
        try WeatherPresenter(context: context, json: json).show(source: choice, json: json)
        return 0
    }

    /// The forms status bars run every few seconds, recognized without ArgumentParser (whose parsing
    /// costs about a millisecond of runtime reflection): `weather` or `weather show`, then `--json`,
    /// `--cached` and `--refresh` at most once each, not the last two together. `nil` for anything else,
    /// which goes to ArgumentParser as usual; either way `show(json:source:in:)` runs.
    static func fastArguments(_ arguments: ArraySlice<String>) -> (json: Bool, source: Source?)? {
        var rest = arguments
        if rest.first == "show" { rest = rest.dropFirst() }
        var json = false
        var source: Source?
        for argument in rest {
            switch argument {
            case "--json" where !json: json = true
            case "--cached" where source == nil: source = .cached
            case "--refresh" where source == nil: source = .refresh
            default: return nil
            }
        }
        return (json, source)
    }
}
