import ArgumentParser
import WeatherKit
import WeatherModel

struct LogoutCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the saved place and its weather, and stop background refresh.",
        discussion: """
            The weather of places looked up once (weather Paris) is forgotten too. Running it with nothing \
            saved is fine. The interval chosen with weather schedule is kept for the next weather set.
            """
    )

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let context = fetcher.context
        if let location = try fetcher.forgetLocation() {
            context.console.printLine("Forgot \(location.displayName) and its weather.")
        } else {
            context.console.printLine("Nothing was saved.")
        }
        do throws(WeatherError) {
            let cron = try BackgroundRefresh(context: context).disable()
            context.console.printLine("Background refresh is off.")
            if let cron { context.console.printLine(cron) }
        } catch {
            context.console.printError(error.description)
        }
        return 0
    }
}
