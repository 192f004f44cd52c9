import Glibc
import WeatherFetching
import WeatherPresentation
import WeatherSystem

/// How `weather` becomes `weather-commands` for the command lines it leaves to ArgumentParser: `execv`,
/// same arguments, same process, so that a status bar or a shell sees one program, its output and its
/// exit status. It is looked for by the path of the file running (`/proc/self/exe`, so that a symbolic
/// link to `weather` works): see `WeatherProgram`.
enum CommandsProgram {
    /// Replaces this process with `weather-commands`. Returns only by exiting: 1, after one line on
    /// `console`'s stderr, when none can be found that is safe to run, or it cannot be run.
    static func become(console: any Console) -> Never {
        func fail(_ message: String) -> Never {
            console.printError(message)
            exit(1)
        }
        guard let executable = WeatherProgram.running() else {
            fail(
                tr(
                    "cannot find %s, which runs every command but show and refresh: this weather runs from no file in a folder (/proc/self/exe names none); run the installed weather",
                    WeatherProgram.commandsName))
        }
        switch WeatherProgram.commands(besides: executable) {
        case .success(let path):
            execv(path, CommandLine.unsafeArgv)
            let failure = errno
            fail(tr("cannot run %1$s (%2$s); reinstall weather", path, String(cString: strerror(failure))))
        case .failure(let problem):
            fail(tr("%s; reinstall weather", "\(problem)"))
        }
    }
}
