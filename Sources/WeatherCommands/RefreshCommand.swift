import ArgumentParser
import WeatherKit

struct RefreshCommand: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Fetch in the background: what the timer runs.",
        discussion: """
            Prints one line that starts with newData, noData or failed, and how long the run took. \
            A result that is still fresh is not fetched again. With no place saved, background refresh \
            is switched off. Exits non-zero only for failed.

            Example:
              weather refresh
              newData: Berlin, Land Berlin, Germany: 10.9 °C, partly cloudy (212 ms)
            """
    )

    func run(in context: WeatherContext) -> Int32 {
        BackgroundFetchHandler.run(in: context)
    }
}
