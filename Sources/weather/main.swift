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
// A negative number is a coordinate (`weather -33.87,151.21`), never an option: its minus becomes U+2212,
// which ArgumentParser takes as text and `PlaceQuery` as a minus.
var words = Array(arguments)
for index in words.indices {
    if words[index] == "--" { break }
    if words[index].utf8.count > 1, words[index].hasPrefix("-"), words[index].dropFirst().first?.isNumber == true {
        words[index] = "\u{2212}" + words[index].dropFirst()
    }
}
WeatherCommand.main(words)
