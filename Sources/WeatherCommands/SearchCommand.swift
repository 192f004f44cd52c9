import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct SearchCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: helpText("List the places of a name, to see which one weather set would choose."),
        discussion: [
            helpText(
                """
                Asks the geocoding service once and lists what it knows by the name: the place, its \
                population and coordinates, the most populous first (the one weather set, weather show <place> \
                and weather forecast <place> choose), and the words that choose each one. Names come in your \
                language (the language setting, else LANGUAGE, LC_ALL, LC_MESSAGES or LANG), English where there \
                is none.
                """),
            helpText(
                """
                Examples:
                  weather search Springfield
                  weather search London, ON
                  weather search Paris --count 20
                  weather search Paris --json | jq -r '.matches[].choose'
                """),
        ].joinedText("\n\n")
    )

    @Argument(
        help: ArgumentHelp(helpText("The place's name, optionally followed by , and a qualifier."), valueName: "name"))
    var words: [String] = []

    @Option(help: ArgumentHelp(helpText("How many matches to list at most (1 to 100)."), valueName: "n"))
    var count = 10

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(
            helpText("Print one JSON object for scripts: the query, the number of matches, and each match.")))
    var json = false

    func validate() throws {
        guard (1...100).contains(count) else {
            throw ValidationError(tr("--count must be from 1 to 100, not %d", String(count)))
        }
    }

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let query: PlaceQuery
        do {
            query = try placeQuery(words)
        } catch .query(.empty) {
            // The example a search can run: set's would save a place.
            throw .usage(tr("give the name of a place to look for, for example: weather search Berlin"))
        } catch .query(.noName) {
            throw .usage(
                tr(
                    "the place name is missing before the comma; write it as Name, Qualifier, for example: weather search Paris, US"
                ))
        }
        try PlaceSearchPresenter(fetcher: fetcher, json: json, count: count).show(query)
        return 0
    }
}
