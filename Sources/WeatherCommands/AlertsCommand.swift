import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct AlertsCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: helpText(
            "Print the official warnings in force or announced for the saved place, or another place once."),
        discussion: [
            helpText(
                """
                The warnings of the National Weather Service for places in the United States, of DWD (through \
                Bright Sky) for Germany and of MET Norway for Norway, by the country of the place, or where a \
                place given by its coordinates lies: each with its severity, its times on the place's clock, its area, what the service says of it and what \
                to do, wrapped to the terminal. They come with the weather, in the same run, and follow show's \
                rules on when to fetch; a warning is gone from every output the moment it ends. MET Norway \
                gives its warnings only to a program that names a contact (WEATHER_CONTACT). Elsewhere \
                nothing is fetched, and this command says which countries are covered. Exit status 0 with or \
                without warnings.
                """),
            helpText(
                """
                Examples:
                  weather alerts
                  weather alerts --json | jq -r '.alerts[] | .event'
                  weather alerts Springfield, MO     another place, once
                """),
        ].joinedText("\n\n")
    )

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(
            helpText("Print one JSON object for scripts: the place, the source, and each warning with its texts.")))
    var json = false

    @OptionGroup
    var look: LookOptions
    var placeWords: [String] { look.place.words }

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let presenter = AlertsPresenter(fetcher: fetcher, json: json, options: look.display.options)
        try presenter.show(source: look.source.source, place: look.place.query())
        return 0
    }
}
