import ArgumentParser
import WeatherKit

struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Find a place, save it, print its weather, and refresh it in the background.",
        discussion: """
            The words are joined with spaces. Add a qualifier after a comma to pick among places of the \
            same name: a country code, a country or a region. Among the matches the most populous wins, \
            and the output says which place was chosen.

            Background refresh starts at the interval chosen with weather schedule (every 15 minutes \
            until you choose). Without a systemd user manager, set still saves the place and says how \
            to refresh with cron instead.

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
            // One hold of the lock for the place, its weather and the timer's units.
            try fetcher.withFetchLock { () throws(WeatherError) in
                let placement = try fetcher.setLocation(query)
                let style = TextStyle.forStandardOutput(environment: .current())
                let matches = placement.choice.matchCount
                let how = matches == 1 ? "the only match" : "the most populous of \(matches) matches"
                printLine("Saved \(placement.choice.location.displayName) (\(how)).\n")
                printLine(WeatherFormatter(now: fetcher.clock.now(), style: style).text(placement.result, stale: false))
                let background = BackgroundRefresh(fetcher: fetcher)
                do throws(WeatherError) {
                    printLine("\n" + background.summary(of: try background.enable()))
                } catch {
                    printError(error.description)
                }
            }
        }
    }
}
