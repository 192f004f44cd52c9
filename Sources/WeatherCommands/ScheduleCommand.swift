import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct ScheduleCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: helpText("Show or change how often the weather is refreshed in the background."),
        discussion: [
            helpText(
                """
                Without an argument, prints the interval, the state of the systemd user timer \
                (weather-refresh.timer) and its next run, the background runs of the last day and week, and \
                under minimum the hours it has learned you look and what the next run will do, and why. With \
                one, changes the interval: never stops background refresh, and a duration sets the period, \
                obeyed as given; anything under 5 minutes is refused. Each user's runs come at a delay of \
                their own after the data's update times.
                """),
            helpText(
                """
                minimum adapts, as iOS's background fetch does: the timer wakes weather as often as the data \
                changes (every 15 minutes for Open-Meteo), and a run fetches when someone will look: your \
                session is active (logind), or you looked around this time of the week (a terminal weather, \
                or an active session at a run) in one of the last 3 weeks; otherwise at most every 2 hours. \
                After fetches that keep finding no new data it waits longer, until new data comes. For its \
                first week it fetches at every run, while it learns. Without logind, only the times weather was \
                shown decide.
                """),
            helpText(
                """
                Examples:
                  weather schedule
                  weather schedule minimum
                  weather schedule 30m
                  weather schedule 2h
                  weather schedule never
                """),
            helpText(
                """
                Inspect the timer with systemctl --user list-timers and journalctl --user -u weather-refresh.
                """),
        ].joinedText("\n\n")
    )

    @Argument(
        help: ArgumentHelp(
            helpText("minimum, never, or a duration such as 30m, 2h or 900 (seconds)."), valueName: "interval"),
        completion: .list(["minimum", "never", "15m", "30m", "1h", "2h", "6h", "1d"]))
    var interval: String?

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let context = fetcher.context
        let placeSaved = try fetcher.savedLocation() != nil
        if let interval {
            guard let chosen = FetchInterval(parsing: interval) else {
                throw .background(.unreadableInterval(interval))
            }
            try fetcher.chooseInterval(chosen, placeSaved: placeSaved)
        }
        let report = try fetcher.scheduleReport(placeSaved: placeSaved)
        context.console.printLine(report.text)
        context.console.printLine(
            fetcher.historyReport(nextRun: report.nextRun, session: context.loginSession())
                .joined(separator: "\n"))
        return 0
    }
}
