import ArgumentParser
import Glibc
import WeatherKit

// The forms run most often skip ArgumentParser, whose parsing costs about a millisecond of runtime
// reflection: `weather show` in its few forms (status bars run it every few seconds) and a bare
// `weather refresh` (the timer). Each runs the same `run(in:)` as its parsed command.
let arguments = CommandLine.arguments.dropFirst()
if let (json, source) = ShowCommand.fastArguments(arguments) {
    exit(
        WeatherCommand.runLive { context throws(WeatherError) in
            try ShowCommand.show(json: json, source: source, in: context)
        })
}
if arguments.elementsEqual(["refresh"]) {
    exit(WeatherCommand.runLive { context throws(WeatherError) in RefreshCommand().run(in: context) })
}
WeatherCommand.main()
