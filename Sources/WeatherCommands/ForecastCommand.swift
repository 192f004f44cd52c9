import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct ForecastCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: helpText("Print the hourly and daily forecast of the saved place, or of another place once."),
        discussion: [
            helpText(
                """
                The forecast comes with the current weather, in the same request: set, refresh and show fetch \
                it together, and forecast follows show's rules. In a terminal a stale result is refreshed first \
                (within WEATHER_INTERACTIVE_TIMEOUT when a saved forecast could be shown instead); a pipe never \
                touches the network. Times are the place's own; values are in your units, and in SI units with \
                --json. Given a place (weather forecast Paris), it prints that place's forecast, looked up \
                once as weather show does: the saved place stays.
                """),
            helpText(
                """
                Examples:
                  weather forecast                       the next 12 hours and 7 days
                  weather forecast --hours 24 --days 0   today and tonight, hour by hour
                  weather forecast --days 3 --units imperial
                  weather forecast --json | jq '.daily[0].temperatureMax'
                  weather forecast London, ON --days 3   another place, once
                """),
        ].joinedText("\n\n")
    )

    @Option(help: ArgumentHelp(helpText("How many hours to print, from the current one (0 to 48)."), valueName: "n"))
    var hours = 12

    @Option(help: ArgumentHelp(helpText("How many days to print, from today (0 to 7)."), valueName: "n"))
    var days = 7

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(helpText("Print one JSON object for scripts, its values always in SI units.")))
    var json = false

    @OptionGroup
    var look: LookOptions
    var placeWords: [String] { look.place.words }

    func validate() throws {
        guard (0...48).contains(hours) else {
            throw ValidationError(tr("--hours must be from 0 to 48, not %d", String(hours)))
        }
        guard (0...7).contains(days) else {
            throw ValidationError(tr("--days must be from 0 to 7, not %d", String(days)))
        }
    }

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let presenter = ForecastPresenter(
            fetcher: fetcher, json: json, hours: hours, days: days, options: look.display.options)
        try presenter.show(source: look.source.source, place: look.place.query())
        return 0
    }
}
