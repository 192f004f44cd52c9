import ArgumentParser
import WeatherKit

struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the saved place and its weather.",
        discussion: "Running it with nothing saved is fine."
    )

    func run() throws {
        try reportingErrors { () throws(WeatherError) in
            let fetcher = try WeatherFetcher.shared
            if let location = try fetcher.forgetLocation() {
                print("Forgot \(location.displayName) and its weather.")
            } else {
                print("Nothing was saved.")
            }
        }
    }
}
