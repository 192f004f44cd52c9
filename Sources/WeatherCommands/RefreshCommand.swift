import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct RefreshCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: helpText("Fetch in the background: what the timer runs."),
        discussion: [
            helpText(
                """
                Prints one line that starts with newData, noData or failed, and how long the run took. \
                A result that is still fresh is not fetched again. With no place saved, background refresh \
                is switched off. Exits non-zero only for failed.
                """),
            helpText(
                """
                With --force it sends one request now, whatever the result's age, the interval chosen with \
                weather schedule and the adaptive schedule say, still one run at a time (a run that fetched \
                while this one waited is enough), and never while the service asked weather to wait.
                """),
            helpText(
                """
                Examples:
                  weather refresh
                  newData: Berlin, Land Berlin, Germany: 10.9 °C, partly cloudy (212 ms)
                  weather refresh --force
                """),
        ].joinedText("\n\n")
    )

    @Flag(help: ArgumentHelp(helpText("Fetch now, fresh or not; only a wait the service asked for holds it back.")))
    var force = false

    func run(with fetcher: WeatherFetcher) -> Int32 {
        BackgroundFetchHandler.run(with: fetcher, force: force)
    }
}
