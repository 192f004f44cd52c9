import Glibc

/// weather's two programs and where each is. `weather` is the one users, status bars and the timer run: it
/// does the status-bar forms of `show` and `refresh` itself and becomes `weather-commands` (`execv`, same
/// process, same arguments) for every other command line, which ArgumentParser parses there. Installed,
/// they are `PREFIX/bin/weather` and `PREFIX/libexec/weather/weather-commands`; in a build folder they are
/// side by side.
public enum WeatherProgram {
    /// The file name of the program that parses every other command line.
    public static let commandsName = "weather-commands"

    /// Where `weather-commands` may be for `weather` at `weather`, in the order to try.
    public static func commandsCandidates(besides weather: String) -> [String] {
        let folder = FileIO.parentDirectory(of: weather)
        return [folder + "/../libexec/weather/" + commandsName, folder + "/" + commandsName]
    }

    /// The `weather` that the timer and cron should run, for a running program at `path`: itself, or, for
    /// `weather-commands`, the `weather` beside it (`bin/weather` for `libexec/weather/weather-commands`).
    public static func weather(for path: String) -> String {
        guard path.hasSuffix("/" + commandsName) else { return path }
        let folder = FileIO.parentDirectory(of: path)
        let suffix = "/libexec/weather"
        if folder.hasSuffix(suffix) { return String(folder.dropLast(suffix.utf8.count)) + "/bin/weather" }
        return folder + "/weather"
    }

    /// The absolute path of the file this process runs (`/proc/self/exe`, through any symbolic link);
    /// `nil` when it cannot be read or is not UTF-8 text.
    public static func running() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        guard count > 0 else { return nil }
        return String(validating: buffer[..<count], as: UTF8.self)
    }
}
