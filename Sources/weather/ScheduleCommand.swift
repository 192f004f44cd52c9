import ArgumentParser
import WeatherKit

struct ScheduleCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Show or change how often the weather is refreshed in the background.",
        discussion: """
            Without an argument, prints the interval, the state of the systemd user timer \
            (weather-refresh.timer) and its next run. With one, changes the interval: minimum is as often \
            as the data changes (every 15 minutes for Open-Meteo's current weather), never stops background \
            refresh, and a duration sets the period; anything under 5 minutes is refused. Runs are spread \
            over a few random minutes, a little after the data's update times.

            Examples:
              weather schedule
              weather schedule minimum
              weather schedule 30m
              weather schedule 2h
              weather schedule never

            Inspect the timer with systemctl --user list-timers and journalctl --user -u weather-refresh.
            """
    )

    @Argument(
        help: ArgumentHelp("minimum, never, or a duration such as 30m, 2h or 900 (seconds).", valueName: "interval"),
        completion: .list(["minimum", "never", "15m", "30m", "1h", "2h", "6h", "1d"]))
    var interval: String?

    func run(in context: WeatherContext) throws(WeatherError) -> Int32 {
        let background = BackgroundRefresh(context: context)
        let placeSaved = try context.fetcher.savedLocation() != nil
        if let interval {
            guard let chosen = FetchInterval(parsing: interval) else {
                throw .background(.unreadableInterval(interval))
            }
            try context.fetcher.withFetchLock { () throws(WeatherError) in
                try background.choose(chosen, placeSaved: placeSaved)
                context.fetcher.rescheduleSavedResult()
            }
        }
        context.console.printLine(
            try background.report(placeSaved: placeSaved, now: context.clock.now(), in: context.timeZone))
        return 0
    }
}
