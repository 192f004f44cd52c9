import ArgumentParser
import WeatherKit

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the saved place and its weather, and stop background refresh.",
        discussion: "Running it with nothing saved is fine. The interval chosen with weather schedule is kept for the next weather set."
    )

    func run() throws {
        try reportingErrors { () throws(WeatherError) in
            let fetcher = try WeatherFetcher.shared
            if let location = try fetcher.forgetLocation() {
                printLine("Forgot \(location.displayName) and its weather.")
            } else {
                printLine("Nothing was saved.")
            }
            do throws(WeatherError) {
                try BackgroundRefresh(fetcher: fetcher).disable()
                printLine("Background refresh is off.")
            } catch {
                printError(error.description)
            }
        }
    }
}
