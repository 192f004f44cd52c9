import Glibc
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSystem

// `weather`: the program status bars and the timer start, every few seconds for some. It does their forms
// itself, `weather show` in its status-bar forms (recognised by `ShowRequest.fast`) and a bare
// `weather refresh`, and becomes `weather-commands` for every other command line, which ArgumentParser
// parses there. Without ArgumentParser, and the Foundation it links, this program relocates half as many
// pointers at every start (docs/performance.md, "Fast path"). Either way the same layers' code runs.
// The run's parts are made here, once, and handed down: the environment, read once; the console; the
// language, by the locale and then by the settings; the context of the settings, the process's fetcher's.
let environment = Environment.current()
let console = TerminalConsole()
Catalogue.followUserLanguage(environment)
let arguments = CommandLine.arguments.dropFirst()
if let request = ShowRequest.fast(arguments) {
    start(environment, console)
    finish(
        WeatherFetcher.runShared(forWaybar: request.output.isWaybar) { fetcher throws(WeatherError) in
            try request.show(with: fetcher)
        })
}
if arguments.elementsEqual(["refresh"]) {
    start(environment, console)
    finish(WeatherFetcher.runShared { fetcher in BackgroundFetchHandler.run(with: fetcher) })
}
CommandsProgram.become(console: console)

/// Builds the run's context and starts the process's fetcher with it, in the language its settings choose:
/// for the command lines this program runs itself (`weather-commands` builds its own).
func start(_ environment: Environment, _ console: any Console) {
    let live = LiveContext(environment: environment, console: console)
    if case .built(let context) = live {
        Catalogue.choose(setting: context.settings.language, environment: environment)
    }
    WeatherFetcher.start(with: live)
}

/// Ends the process with `status`, its output written: `_exit` after flushing any stdio buffer, so that
/// the libraries' exit handlers do not run. OpenSSL's, registered when libcurl is loaded, cost every
/// refresh 650,000 instructions to free memory the kernel takes back anyway; weather's own files are
/// complete by then (written, synced and renamed), and its lock goes with the process.
func finish(_ status: Int32) -> Never {
    fflush(nil)
    _exit(status)
}
