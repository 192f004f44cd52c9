import ArgumentParser
import Glibc

// The two forms run most often skip ArgumentParser, whose parsing costs a few milliseconds of runtime
// reflection: `weather show` in its few forms (status bars run it every few seconds) and a bare
// `weather refresh` (the timer). Each runs the same code as its parsed command.
let arguments = CommandLine.arguments.dropFirst()
if let (json, source) = ShowCommand.fastArguments(arguments) {
    do {
        try ShowCommand.show(json: json, source: source)
        exit(0)
    } catch {
        exit(error.rawValue)
    }
}
if arguments.elementsEqual(["refresh"]) {
    do {
        try RefreshCommand().run()
        exit(0)
    } catch let error as ExitCode {
        exit(error.rawValue)
    } catch {
        exit(1)
    }
}
WeatherCommand.main()
