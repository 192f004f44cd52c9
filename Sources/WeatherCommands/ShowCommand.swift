import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct ShowCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: helpText("Print the saved weather at once, with its age; or another place's, once."),
        discussion: [
            helpText(
                """
                In a terminal, a stale result is shown at once and refreshed (one request, within \
                WEATHER_INTERACTIVE_TIMEOUT, 5 s by default); if that fails, the saved result stays, with a \
                note. When stdout is a pipe (a status bar, a script), the saved result is printed and the \
                network is never touched. The first line names the place, the temperature and the \
                condition, then ⚠ while an official warning of moderate severity or more is in force, and \
                (stale) when the result is stale; the line under it names the most severe warning \
                (weather alerts prints them all).
                """),
            helpText(
                """
                Given a place (weather show Paris, or just weather Paris), it prints that place's weather \
                instead, looked up once: the saved place, its weather and the timer stay as they are. A place \
                looked up once is cached too, by the same rules (asked again while fresh, it sends no request), \
                and a pipe fetches it only when nothing is cached for it. Name it as for weather set: a name, \
                Name, Qualifier (Springfield, MO; London, ON; Paris, FR) or coordinates (52.52,13.41).
                """),
            helpText("--format codes (the letters wttr.in uses mean the same as there):") + "\n" + FormatHelp.codes,
            helpText(
                """
                Examples:
                  weather show
                  weather show --units imperial
                  weather show --format "%l %c %t %o"     Berlin ⛅ 11°C
                  weather show --short                    format setting, or "%l %c %t %W %o"
                  weather show --waybar                   for waybar's return-type json
                  weather show --json | jq .temperature   always °C, m/s, mm, hPa
                  weather show --cached                   never the network
                  weather Paris                           another place, once
                  weather show Springfield, MO --short    a state by its abbreviation
                  weather -33.87,151.21                   coordinates (latitude first)
                """),
        ].joinedText("\n\n")
    )

    // The options' names are `ShowOption`'s, which the fast program reads too (`ShowRequest.fast`).
    @Flag(
        name: ShowOption.json.names,
        help: ArgumentHelp(helpText("Print one JSON object for scripts, its values always in SI units.")))
    var json = false

    @Option(
        name: ShowOption.format.names,
        help: ArgumentHelp(helpText("Print one line of % codes (listed below)."), valueName: "format"))
    var format: String?

    @Flag(
        name: ShowOption.short.names,
        help: ArgumentHelp(helpText("Print the short line: the format setting, or \"%l %c %t %W %o\".")))
    var short = false

    @Flag(
        name: ShowOption.waybar.names,
        help: ArgumentHelp(
            helpText("Print one JSON object for waybar: text (the short line or --format), tooltip, class.")))
    var waybar = false

    @OptionGroup
    var look: LookOptions
    var placeWords: [String] { look.place.words }

    func validate() throws {
        // What the fast program accepts too (`ShowRequest.fast`): any format stands for the one given.
        let output = ShowRequest.Output.chosen(
            json: json, short: short, waybar: waybar, format: format.map { _ in FormatString.shortLine })
        guard output != nil else {
            throw ValidationError(
                tr("choose one of --json, --format, --short and --waybar (--waybar takes a --format)"))
        }
        // For waybar, a format that cannot be used is its warning object, not a module gone (`run`).
        if !waybar { try validateFormat(format) }
    }

    var printsForWaybar: Bool { waybar }

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        guard let line = try runFormat(format, command: "show", waybar: waybar, console: fetcher.context.console)
        else { return 0 }
        let request = request(format: line)
        _ = try request.show(with: fetcher, place: look.place.query())
        return 0
    }

    /// What the options ask, `--format` parsed as `format`: what `ShowRequest.fast` makes of the same line.
    func request(format: FormatString?) -> ShowRequest {
        ShowRequest(
            output: .chosen(json: json, short: short, waybar: waybar, format: format) ?? .text,
            source: look.source.source,
            display: look.display.options)
    }
}

extension ShowOption {
    /// Its names for ArgumentParser: `--json` and `-j`.
    var names: NameSpecification {
        letter.map { [.customLong(name), .customShort($0)] } ?? [.customLong(name)]
    }
}
