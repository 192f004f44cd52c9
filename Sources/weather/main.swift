import Glibc
import WeatherKit

// `weather`: the program status bars and the timer start, every few seconds for some. It does their forms
// itself, `weather show` in its status-bar forms (recognised by `ShowRequest.fast`) and a bare
// `weather refresh`, and becomes `weather-commands` for every other command line, which ArgumentParser
// parses there. Without ArgumentParser, and the Foundation it links, this program relocates half as many
// pointers at every start (README, "Fast path"). Either way the same WeatherKit code runs.
let arguments = CommandLine.arguments.dropFirst()
if let request = ShowRequest.fast(arguments) {
    exit(WeatherContext.runLive { context throws(WeatherError) in try request.show(in: context) })
}
if arguments.elementsEqual(["refresh"]) {
    exit(WeatherContext.runLive { context in BackgroundFetchHandler.run(in: context) })
}
CommandsProgram.become()
