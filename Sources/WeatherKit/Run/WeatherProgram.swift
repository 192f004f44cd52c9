import Glibc
import WeatherModel

/// weather's two programs and where each is. `weather` is the one users, status bars and the timer run: it
/// does the status-bar forms of `show` and `refresh` itself and becomes `weather-commands` (`execv`, same
/// process, same arguments) for every other command line, which ArgumentParser parses there. Installed,
/// they are `PREFIX/bin/weather` and `PREFIX/libexec/weather/weather-commands` (`InstallLayout`); in a build
/// folder they are side by side.
///
/// `weather` runs a `weather-commands` only when no one but root and the user could have written it: the
/// file and every folder above it belong to root or the user, and no one else may write in them (a folder
/// with the sticky bit, such as `/tmp`, excepted: no one else can replace what in it is ours). A copy of
/// `weather` in a folder others share cannot be made to run a program someone planted beside it.
public enum WeatherProgram {
    /// The file name of the program that parses every other command line.
    public static let commandsName = "weather-commands"

    /// Where `weather-commands` may be for `weather` at `weather`, in the order to try: beside it, and,
    /// for a `weather` installed in a folder named `bin`, where the install layout puts it
    /// (`../libexec/weather/`, `InstallLayout`).
    public static func commandsCandidates(besides weather: String) -> [String] {
        let folder = FileIO.parentDirectory(of: weather)
        var candidates = [(folder == "/" ? "" : folder) + "/" + commandsName]
        if folder != "/", FileIO.baseName(of: folder) == InstallLayout.bin {
            let prefix = FileIO.parentDirectory(of: folder)
            candidates.append((prefix == "/" ? "" : prefix) + "/" + InstallLayout.libexec + "/" + commandsName)
        }
        return candidates
    }

    /// The `weather-commands` to run for `weather` at `weather`: the first candidate that is there, may
    /// be run, and that no one but root and this process's user could have written; otherwise, in one
    /// line, why none.
    public static func commands(besides weather: String) -> Result<String, CommandsNotFound> {
        commands(besides: weather, user: getuid())
    }

    /// `commands(besides:)` for the user `user`.
    static func commands(besides weather: String, user: uid_t) -> Result<String, CommandsNotFound> {
        var refusals: [String] = []
        for candidate in commandsCandidates(besides: weather) {
            guard FileIO.exists(candidate) else { continue }
            // The path as found (a link in it, whoever's it is, counts) and the file it leads to.
            let path = FileIO.realPath(candidate)
            if let problem = untrusted(candidate, user: user) ?? untrusted(path, user: user) {
                refusals.append(tr("not running %1$s: %2$s", candidate, problem))
            } else if access(path, X_OK) != 0 {
                refusals.append(
                    tr("not running %1$s: it may not be run (%2$s)", candidate, String(cString: strerror(errno))))
            } else {
                return .success(path)
            }
        }
        if !refusals.isEmpty { return .failure(CommandsNotFound(description: refusals.joined(separator: "; "))) }
        let folders = commandsCandidates(besides: weather).map { FileIO.parentDirectory(of: $0) }
        return .failure(
            CommandsNotFound(
                description: tr(
                    "cannot find %1$s, which runs every command but show and refresh, in %2$s", commandsName,
                    folders.joined(separator: tr(" or ")))))
    }

    /// Why no `weather-commands` is run, in one line.
    public struct CommandsNotFound: Error, CustomStringConvertible {
        public let description: String
    }

    /// Why the file at `path` could have been written by someone but root and `user`; `nil` when it
    /// could not. Checks the file and every folder up to `/`, each as `lstat` sees it: a link counts by
    /// its owner (its mode says nothing), and where it leads is checked by a call with the resolved path.
    static func untrusted(_ path: String, user: uid_t) -> String? {
        var current = path
        while true {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                return tr("cannot look at %1$s (%2$s)", current, String(cString: strerror(errno)))
            }
            if info.st_uid != 0 && info.st_uid != user {
                return tr("%1$s belongs to user %2$d, not to you or root", current, String(info.st_uid))
            }
            let othersMayWrite = info.st_mode & 0o022 != 0
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            if othersMayWrite && !isLink && !(isFolder && info.st_mode & S_ISVTX != 0) {
                return tr("%s may be written by others", current)
            }
            if current == "/" { return nil }
            current = FileIO.parentDirectory(of: current)
        }
    }

    /// The folder of the message catalogues for a program at `program` (`weather` or `weather-commands`):
    /// `PREFIX/share/locale` for one installed in `PREFIX/bin` or `PREFIX/libexec/weather`
    /// (`InstallLayout`), else the folder `locale` beside it (a build folder, where `make build` and the
    /// tests compile them).
    static func catalogues(besides program: String) -> String {
        let folder = FileIO.parentDirectory(of: program)
        var prefix: String?
        if FileIO.baseName(of: folder) == InstallLayout.bin {
            prefix = FileIO.parentDirectory(of: folder)
        } else if let end = FileIO.index(ofFolder: InstallLayout.libexec, endingPath: folder) {
            prefix = String(folder[..<end])
        }
        guard let prefix else { return (folder == "/" ? "" : folder) + "/locale" }
        return (prefix == "/" ? "" : prefix) + "/" + InstallLayout.locale
    }

    /// The `weather` that the timer and cron should run, for a running program at `path`: itself, or, for
    /// `weather-commands`, the `weather` beside it (`bin/weather` for `libexec/weather/weather-commands`).
    public static func weather(for path: String) -> String {
        guard path.hasSuffix("/" + commandsName) else { return path }
        let folder = FileIO.parentDirectory(of: path)
        if let end = FileIO.index(ofFolder: InstallLayout.libexec, endingPath: folder) {
            return String(folder[..<end]) + "/" + InstallLayout.bin + "/weather"
        }
        return folder + "/weather"
    }

    /// The absolute path of the file this process runs (`/proc/self/exe`, through any symbolic link);
    /// `nil` when it cannot be read, is not UTF-8 text, or names no file (a program run from memory).
    public static func running() -> String? {
        guard let path = runningPath() else { return nil }
        return FileIO.exists(path) ? path : nil
    }

    /// The absolute path `/proc/self/exe` names, whether or not a file is there: enough to find what is
    /// installed beside the program (the catalogues, which are looked for anyway).
    static func runningPath() -> String? {
        // On the stack, not zeroed: the run that speaks German asks this once, on `show`'s way.
        let read = withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer -> String? in
            let count = readlink("/proc/self/exe", buffer.baseAddress!, buffer.count - 1)
            guard count > 0, buffer[0] == CChar(UInt8(ascii: "/")) else { return nil }
            buffer[count] = 0
            return String(validatingCString: buffer.baseAddress!)
        }
        return read.map(installedPath)
    }

    /// The path in `/proc/self/exe`'s text `link`: the kernel adds ` (deleted)` when the file was removed or
    /// replaced while the program runs (an upgrade, a `make install`); the path then names the new file,
    /// which is the one the timer and cron should run.
    static func installedPath(_ link: String) -> String {
        let suffix = " (deleted)"
        guard link.utf8.count > suffix.utf8.count, link.utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
        else { return link }
        return String(link[..<link.utf8.index(link.utf8.endIndex, offsetBy: -suffix.utf8.count)])
    }
}
