import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct SetCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: helpText("Find a place, save it, print its weather, and refresh it in the background."),
        discussion: [
            helpText(
                """
                The words are joined with spaces. Add a qualifier after a comma to pick among places of the \
                same name: a country code, a country, a region, or a US state's or Canadian province's \
                abbreviation (MO, ON). Among the matches the most populous wins, and the output says which \
                place was chosen; weather search lists them all. Decimal coordinates (52.52,13.41, latitude \
                first, south and west negative) name a place directly. Names come in your language (the \
                language setting, else LANGUAGE, LC_ALL, LC_MESSAGES or LANG).
                """),
            helpText(
                """
                Background refresh starts at the interval chosen with weather schedule (every 15 minutes \
                until you choose). Without a systemd user manager, set still saves the place and says how \
                to refresh with cron instead.
                """),
            helpText(
                """
                Examples:
                  weather set Berlin
                  weather set New York
                  weather set Paris, US
                  weather set Springfield, Illinois
                  weather set Springfield, MO
                  weather set 52.52,13.41
                """),
            helpText(
                """
                On any failure the place and weather saved before stay as they were.
                """),
        ].joinedText("\n\n")
    )

    @Argument(
        help: ArgumentHelp(helpText("The place's name, optionally followed by , and a qualifier."), valueName: "city"))
    var words: [String] = []

    @OptionGroup(title: helpText("Display"))
    var display: DisplayFlags

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let context = fetcher.context
        let query = try placeQuery(words)
        // One hold of the lock for the place, its weather and the timer's units.
        try fetcher.withFetchLock { () throws(WeatherError) in
            let activity = context.console.beginActivity(tr("Looking up %s and its weather…", query.name))
            let placement: WeatherFetcher.Placement
            do {
                defer { activity.stop() }
                placement = try fetcher.setLocation(query)
            }
            if let note = placement.note { context.console.printError(note) }
            placement.mendedNotes.forEach(context.console.printError)
            context.console.printLine(placement.announcement + "\n")
            context.console.printLine(
                context.formatter(display.options).text(placement.result, stale: false, alerts: placement.alerts))
            do throws(WeatherError) {
                context.console.printLine("\n" + (try fetcher.enableBackgroundRefresh()))
            } catch {
                context.console.printError(error.description)
                // The crontab line alone on its own line, to be copied whole; checked as it was written.
                if case .background(let problem) = error, let line = problem.cronLine {
                    context.console.writeError(line + "\n")
                }
            }
        }
        return 0
    }
}
