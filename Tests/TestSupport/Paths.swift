import Foundation

/// Where the repository's test material is.
public enum TestPaths {
    /// The repository's root folder.
    public static let repository: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// `Fixtures/`.
    public static let fixtures = repository + "/Fixtures"

    /// `Config/`.
    public static let config = repository + "/Config"

    /// The fixture server script.
    public static let fixtureServer = repository + "/Tests/TestSupport/fixture-server.py"

    /// The `weather` binary `swift test` built next to the test bundle.
    public static let weatherBinary: String = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("weather").path
    }()

    /// The `weather-commands` binary beside it, which `weather` becomes for every command but the status-bar
    /// forms of `show` and `refresh`.
    public static var commandsBinary: String {
        URL(fileURLWithPath: weatherBinary).deletingLastPathComponent().appendingPathComponent("weather-commands").path
    }

    /// Copies `weather` to `destination` (which ends in `/weather` and must not exist) and `weather-commands`
    /// beside it, as `copyProgram` does: the two a copy needs to run every command.
    public static func copyWeather(to destination: String) throws {
        guard destination.hasSuffix("/weather") else { throw TestFailure("\(destination) is not named weather") }
        try copyProgram(weatherBinary, to: destination)
        try copyProgram(commandsBinary, to: String(destination.dropLast("weather".count)) + "weather-commands")
    }

    /// The folder of weather(1) as `make build` generates it (`.build/man`, a MANPATH entry), checked to
    /// hold the page: `make test` builds it before the tests; a bare `swift test` cannot, and skips the
    /// tests that read it (`Requirement.release`).
    public static func manualFolder() throws -> String {
        let folder = repository + "/.build/man"
        try Requirement.release.check(
            FileManager.default.fileExists(atPath: folder + "/man1/weather.1"),
            "no man page at .build/man/man1/weather.1 (make build generates it)")
        return folder
    }

    /// The bytes of a fixture, by its path under `Fixtures/`.
    public static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
    }

    /// Copies the program at `source` to `destination` (which must not exist), mode 0755, written by a
    /// child process (`install`), never through a descriptor of this one. Tests spawn processes from many
    /// threads at once: a child forked while this process held the new file open for writing keeps it open
    /// until it execs (`O_CLOEXEC` closes it only then), and running the copy in that moment fails with
    /// ETXTBSY ("Text file busy"). A file another process wrote and closed has no such writer here.
    public static func copyProgram(_ source: String, to destination: String) throws {
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw TestFailure("cannot create \(destination): it exists")
        }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "0755", "-T", source, destination]
        install.standardInput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        guard install.terminationStatus == 0 else {
            throw TestFailure("install -m 0755 \(source) \(destination) failed (\(install.terminationStatus))")
        }
    }

    /// Writes `bytes` as a program at `destination` (which must not exist), as `copyProgram` does: first
    /// to a file beside it that is never run, then copied into place by a child process.
    public static func writeProgram(_ bytes: [UInt8], to destination: String) throws {
        let draft = destination + ".draft-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: draft, contents: Data(bytes)) else {
            throw TestFailure("cannot write \(draft)")
        }
        defer { try? FileManager.default.removeItem(atPath: draft) }
        try copyProgram(draft, to: destination)
    }

    /// Every fixture file under `folder` (relative to `Fixtures/`) and its subfolders (such as the
    /// geocoding answers in another language), sorted, as paths relative to `Fixtures/`.
    public static func fixtures(in folder: String) -> [String] {
        let root = fixtures + "/" + folder
        let names = FileManager.default.subpaths(atPath: root) ?? []
        return names.filter { !isDirectory(root + "/" + $0) }.sorted().map { folder + "/" + $0 }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}

/// A folder of its own under the system's temporary folder, removed with everything in it on release.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "weather-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
