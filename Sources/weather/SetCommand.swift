import ArgumentParser
import WeatherKit

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Find a place, save it, and print its weather.",
        discussion: """
            The words are joined with spaces. Add a qualifier after a comma to pick among places of the \
            same name: a country code, a country or a region. Among the matches the most populous wins, \
            and the output says which place was chosen.

            Examples:
              weather set Berlin
              weather set New York
              weather set Paris, US
              weather set Springfield, Illinois

            On any failure the place and weather saved before stay as they were.
            """
    )

    @Argument(help: ArgumentHelp("The place's name, optionally followed by , and a qualifier.", valueName: "city"))
    var words: [String] = []

    func run() throws {
        try reportingErrors { () throws(WeatherError) in
            let query: PlaceQuery
            do throws(PlaceQueryError) {
                query = try PlaceQuery(words: words)
            } catch {
                throw .query(error)
            }
            let fetcher = try WeatherFetcher.shared
            let placement = try fetcher.setLocation(query)
            let style = TextStyle.forStandardOutput(environment: .current())
            let matches = placement.choice.matchCount
            let how = matches == 1 ? "the only match" : "the most populous of \(matches) matches"
            print("Saved \(placement.choice.location.displayName) (\(how)).\n")
            let formatter = WeatherFormatter(now: fetcher.clock.now(), style: style)
            print(formatter.text(placement.result, stale: false))
        }
    }
}
