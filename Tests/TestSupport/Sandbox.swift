public import Foundation
import Glibc

/// A private HOME with its XDG folders, a fixture server, and a way to run the built `weather` in them.
public final class Sandbox: @unchecked Sendable {
    public let root: String
    public let home: String
    public let configHome: String
    public let cacheHome: String
    public let stateHome: String
    public let server: FixtureServer
    /// The environment every run starts from: the sandbox's folders and the server's endpoints.
    public var environment: [String: String]

    public init() throws {
        var template = Array((NSTemporaryDirectory() + "/weather-test-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw TestFailure("mkdtemp failed")
        }
        root = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)).standardized.path
        home = root + "/home"
        configHome = home + "/.config"
        cacheHome = home + "/.cache"
        stateHome = home + "/.local/state"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        server = try FixtureServer()
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": configHome,
            "XDG_CACHE_HOME": cacheHome,
            "XDG_STATE_HOME": stateHome,
            "WEATHER_GEOCODING_URL": server.searchURL,
            "WEATHER_FORECAST_URL": server.forecastURL,
        ]
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The saved result.
    public var resultFile: String { cacheHome + "/weather/current.json" }
    /// The saved place.
    public var locationFile: String { stateHome + "/weather/location.json" }
    /// The settings file.
    public var configFile: String { configHome + "/weather/config.json" }

    /// What a run printed and how it ended.
    public struct Run: Sendable, CustomStringConvertible {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Seconds from start to exit.
        public var elapsed: Double

        public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs `weather arguments...` with stdout a pipe, or a terminal when `terminal` is true.
    @discardableResult
    public func run(_ arguments: String..., environment extra: [String: String] = [:], terminal: Bool = false) throws -> Run {
        try run(arguments, environment: extra, terminal: terminal)
    }

    @discardableResult
    public func run(_ arguments: [String], environment extra: [String: String] = [:], terminal: Bool = false) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.weatherBinary)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }.merging(terminal ? ["TERM": "xterm"] : [:]) { current, _ in current }
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let stdoutFile = root + "/stdout-\(UUID().uuidString)"
        let stderrFile = root + "/stderr-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        var terminalReader: PseudoTerminal?
        let outputHandle: FileHandle
        if terminal {
            let pty = try PseudoTerminal()
            terminalReader = pty
            outputHandle = pty.follower
        } else {
            _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
            outputHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
        }
        process.standardOutput = outputHandle
        let started = Date()
        try process.run()
        try outputHandle.close()
        try errorHandle.close()
        let terminalOutput = terminalReader?.readAll()
        process.waitUntilExit()
        let elapsed = Date().timeIntervalSince(started)
        let stdout = terminalOutput ?? String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: stdoutFile))) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: stderrFile))) ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: stdoutFile)
        try? FileManager.default.removeItem(atPath: stderrFile)
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr, elapsed: elapsed)
    }

    /// Starts `weather arguments...` without waiting, output discarded: for kill tests.
    public func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.weatherBinary)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The bytes of a file, or `nil` when it does not exist.
    public func contents(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// Writes `text` to `path`, creating folders.
    public func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true
        )
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The permission bits of `path`.
    public func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}

/// A pseudo-terminal: what `weather` sees as stdout when a person runs it.
final class PseudoTerminal {
    let leader: Int32
    let follower: FileHandle

    init() throws {
        // posix_openpt and friends are not in Swift's Glibc module; these are the ioctls they use.
        let unlock: UInt = 0x4004_5431  // TIOCSPTLCK
        let number: UInt = 0x8004_5430  // TIOCGPTN
        leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var locked: Int32 = 0
        var index: Int32 = 0
        guard leader >= 0, ioctl(leader, unlock, &locked) == 0, ioctl(leader, number, &index) == 0 else {
            throw TestFailure("cannot open a pseudo-terminal")
        }
        let fd = open("/dev/pts/\(index)", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { throw TestFailure("cannot open /dev/pts/\(index)") }
        follower = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Everything written until the last writer closed, line endings as written (the terminal's CRLF undone).
    func readAll() -> String {
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(leader, &chunk, chunk.count)
            if count <= 0 { break }
            output.append(contentsOf: chunk[..<count])
        }
        close(leader)
        return String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
