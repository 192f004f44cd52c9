import Glibc
import WeatherKit

// The forms run most often skip ArgumentParser, whose parsing costs about a millisecond of runtime
// reflection: `weather show` in its status-bar forms (bars run it every few seconds) and a bare
// `weather refresh` (the timer). Each runs the same code as its parsed command.
let arguments = CommandLine.arguments.dropFirst()
if let request = ShowRequest.fast(arguments) {
    exit(WeatherCommand.runLive { context throws(WeatherError) in try request.show(in: context) })
}
if arguments.elementsEqual(["refresh"]) {
    exit(WeatherCommand.runLive { context throws(WeatherError) in RefreshCommand().run(in: context) })
}
WeatherCommand.main(Array(arguments))
