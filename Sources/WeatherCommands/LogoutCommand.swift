import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSystem

struct LogoutCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: helpText("Forget the saved place and its weather, and stop background refresh."),
        discussion: [
            helpText(
                """
                The weather of places looked up once (weather Paris) is forgotten too. Running it with nothing \
                saved is fine. The interval chosen with weather schedule is kept for the next weather set.
                """)
        ].joinedText("\n\n")
    )

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        let context = fetcher.context
        let forgotten = try fetcher.forgetLocation()
        if let forgotten {
            context.console.printLine(tr("Forgot %s and its weather.", forgotten.displayName))
        } else {
            context.console.printLine(tr("Nothing was saved."))
        }
        do throws(WeatherError) {
            let cron = try fetcher.disableBackgroundRefresh()
            context.console.printLine(tr("Background refresh is off."))
            // Without systemd, the crontab line to remove is the one a set printed for the place just
            // forgotten; with nothing saved, no line of weather's runs anything but a refresh that does nothing.
            if let cron, forgotten != nil { context.console.printLine(cron) }
        } catch {
            context.console.printError(error.description)
        }
        return 0
    }
}
