import Glibc
import WeatherKit

/// How `weather` becomes `weather-commands` for the command lines it leaves to ArgumentParser: `execv`,
/// same arguments, same process, so that a status bar or a shell sees one program, its output and its
/// exit status. It is looked for by the path of the file running (`/proc/self/exe`, so that a symbolic
/// link to `weather` works): see `WeatherProgram`.
enum CommandsProgram {
    /// Replaces this process with `weather-commands`. Returns only by exiting: 1, after one line on
    /// stderr, when it cannot be found or run.
    static func become() -> Never {
        let name = WeatherProgram.commandsName
        guard let executable = WeatherProgram.running() else {
            fail("cannot find \(name), which runs every command but show and refresh: /proc/self/exe is unreadable")
        }
        let places = WeatherProgram.commandsCandidates(besides: executable)
        for path in places {
            execv(path, CommandLine.unsafeArgv)
            let failure = errno
            if failure != ENOENT {
                fail("cannot run \(path) (\(String(cString: strerror(failure)))); reinstall weather")
            }
        }
        let folders = places.map { $0.dropLast(name.utf8.count + 1) }.joined(separator: " or ")
        fail("cannot find \(name), which runs every command but show and refresh, in \(folders); reinstall weather")
    }

    private static func fail(_ message: String) -> Never {
        TerminalConsole().printError(message)
        exit(1)
    }
}
