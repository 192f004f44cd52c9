package import Glibc
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
    package static func commands(besides weather: String, user: uid_t) -> Result<String, CommandsNotFound> {
        var refusals: [String] = []
        for candidate in commandsCandidates(besides: weather) {
            guard FileIO.exists(candidate) else { continue }
            let path = FileIO.realPath(candidate)
            if let problem = untrustedFile(candidate, user: user) {
                refusals.append(tr("not running %1$s: %2$s", candidate, problem.description))
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

    /// Why a file could have been written by someone but root and the user: what makes it one that weather
    /// neither runs (`weather-commands`) nor reads (a catalogue beside the program). Words are looked up only
    /// in `description`, so that the check itself may run where the catalogue is being chosen.
    enum Untrusted: Sendable, Equatable, CustomStringConvertible {
        /// `lstat` failed on `path` with `code`.
        case cannotLook(path: String, code: Int32)
        /// `path` belongs to someone else.
        case owner(path: String, user: uid_t)
        /// Others may write `path` (a folder without the sticky bit, or the file).
        case writable(path: String)

        /// The reason, as a message.
        package var message: Message {
            switch self {
            case .cannotLook(let path, let code):
                Message("cannot look at %1$s (%2$s)", path, String(cString: strerror(code)))
            case .owner(let path, let user):
                Message("%1$s belongs to user %2$d, not to you or root", path, String(user))
            case .writable(let path): Message("%s may be written by others", path)
            }
        }

        package var description: String { message.translated }
    }

    /// Why the file `path` could have been written by someone but root and `user`, as found (a link in the
    /// way, whoever's it is, counts by its owner) and, when a link is in the way, as the file it leads to;
    /// `nil` when it could not. The one check of what weather runs or reads beside itself.
    static func untrustedFile(_ path: String, user: uid_t) -> Untrusted? {
        withBytes(of: path) { untrustedFile(inPlace: $0, user: user) }
    }

    /// `untrustedFile(_:user:)` of a path's bytes followed by a zero, as a catalogue's is put together on the
    /// stack (`CatalogueFolder`): looked at in place, cut shorter at each slash and put back, without a
    /// String made (for each folder, one cost a German `show` tens of thousands of instructions).
    static func untrustedFile(inPlace bytes: UnsafeMutableBufferPointer<UInt8>, user: uid_t) -> Untrusted? {
        var sawLink = false
        if let problem = untrusted(inPlace: bytes, user: user, sawLink: &sawLink) { return problem }
        guard sawLink else { return nil }
        return untrusted(FileIO.realPath(String(decoding: bytes, as: UTF8.self)), user: user)
    }

    /// Why the file at `path` could have been written by someone but root and `user`; `nil` when it
    /// could not. Checks the file and every folder up to `/`, each as `lstat` sees it: a link counts by
    /// its owner (its mode says nothing), and where it leads is checked by a call with the resolved path.
    static func untrusted(_ path: String, user: uid_t) -> Untrusted? {
        var sawLink = false
        return withBytes(of: path) { untrusted(inPlace: $0, user: user, sawLink: &sawLink) }
    }

    /// `body` given a copy of `path`'s bytes on the stack, followed by a zero.
    private static func withBytes<Result>(
        of path: String, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result
    ) -> Result {
        var path = path
        return path.withUTF8 { utf8 in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count + 1) { bytes in
                _ = bytes.initialize(from: utf8)
                bytes[utf8.count] = 0
                return body(UnsafeMutableBufferPointer(rebasing: bytes[..<utf8.count]))
            }
        }
    }

    /// `untrusted(_:user:)` of the path in `bytes` (followed by a zero), and whether a link was in the
    /// way; the bytes are as they were when it returns.
    private static func untrusted(
        inPlace bytes: UnsafeMutableBufferPointer<UInt8>, user: uid_t, sawLink: inout Bool
    ) -> Untrusted? {
        let count = bytes.count
        var end = count
        // What `/a` loses to become `/`: its first name's first byte.
        var second: UInt8?
        // Each slash cut to a zero on the way up is put back, and that byte.
        defer {
            for index in end..<count where bytes[index] == 0 { bytes[index] = UInt8(ascii: "/") }
            if let second { bytes[1] = second }
        }
        func current() -> String { String(decoding: bytes[..<end], as: UTF8.self) }
        let pointer = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        var info = stat()
        while true {
            guard lstat(pointer, &info) == 0 else { return .cannotLook(path: current(), code: errno) }
            if info.st_uid != 0 && info.st_uid != user { return .owner(path: current(), user: info.st_uid) }
            let othersMayWrite = info.st_mode & 0o022 != 0
            let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
            let isLink = (info.st_mode & S_IFMT) == S_IFLNK
            if isLink { sawLink = true }
            if othersMayWrite && !isLink && !(isFolder && info.st_mode & S_ISVTX != 0) {
                return .writable(path: current())
            }
            // The folder above, as `FileIO.parentDirectory` has it: `/a` for `/a/b`, `/` for `/a`; a path
            // without a slash has none to look at.
            guard end > 1 || bytes[0] != UInt8(ascii: "/"),
                let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/"))
            else { return nil }
            end = slash == 0 ? 1 : slash
            if slash == 0 { second = bytes[1] }
            bytes[end] = 0
        }
    }

    /// The folder of the message catalogues for a program at `program` (`weather` or `weather-commands`):
    /// `PREFIX/share/locale` for one installed in `PREFIX/bin` or `PREFIX/libexec/weather`
    /// (`InstallLayout`), else the folder `locale` beside it (a build folder, where `make build` and the
    /// tests compile them).
    package static func catalogues(besides program: String) -> String {
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
