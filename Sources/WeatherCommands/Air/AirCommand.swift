import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct AirCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "air",
        abstract: helpText("Print the air's quality for the next 24 hours and the pollen of the coming days."),
        discussion: [
            helpText(
                """
                The air quality index every three hours with the pollutant that drives it, and each day's \
                pollen peak of each plant (in Europe, in season), for the saved place or another place once: \
                from the Copernicus Atmosphere Monitoring Service through Open-Meteo, one request each time you \
                ask.
                """),
            helpText(
                """
                Examples:
                  weather air
                  weather air --json | jq -r '.pollen[] | .plant + " " + .level'
                  weather air Madrid              another place, once
                """),
        ].joinedText("\n\n")
    )

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(helpText("Print one JSON object for scripts: the place, the hours and the pollen.")))
    var json = false

    @OptionGroup
    var source: SourceFlags

    @OptionGroup
    var place: PlaceArguments
    var placeWords: [String] { place.words }

    @OptionGroup(title: helpText("Display"))
    var display: DisplayFlags

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let presenter = AirPresenter(fetcher: fetcher, json: json, options: display.options)
        try presenter.show(source: source.source, place: place.query())
        return 0
    }
}
