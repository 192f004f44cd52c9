public import Foundation
import Glibc
import Testing

/// A private HOME with its XDG folders, a fixture server, a clock, and a way to run the built `weather` in
/// them.
public final class Sandbox: @unchecked Sendable {
    public let root: String
    public let home: String
    public let configHome: String
    public let cacheHome: String
    public let stateHome: String
    public let server: FixtureServer
    /// The environment every run starts from: the sandbox's folders and the server's endpoints (the
    /// clock comes on top: `runEnvironment`).
    public var environment: [String: String]
    /// The moment the sandbox was made at.
    public let moment: TestMoment
    /// The clock's reading when it was last set, and the real (wall) clock's then: weather's running
    /// `WEATHER_TEST_NOW` runs on with the wall clock, so the sandbox's does too.
    private var clock: (seconds: Double, setAt: Date)
    /// The test that made it, and when (the monotonic clock), for the slowest tests' report.
    private let madeBy: (test: String, at: Double)

    /// A sandbox whose runs, and its part of the fixture server, take `moment` as now (see `TestMoment`),
    /// and fetch official warnings only when `alerts` is true (their default, `on`): the tests of other
    /// subjects keep the lines and request counts they are about, while the Berlin, Springfield and
    /// Bergen fixtures have warnings in force; the tests of warnings turn them on.
    public init(at moment: TestMoment, alerts: Bool = false, air: Bool = false) throws {
        try EndToEnd.check()
        madeBy = (Test.current.map { $0.displayName ?? $0.name } ?? "", ProcessInfo.processInfo.systemUptime)
        self.moment = moment
        // wall clock: a running moment runs on with the real clock from its reading now, as weather's does.
        clock = (moment.seconds, Date())
        var template = Array((NSTemporaryDirectory() + "/weather-test-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw TestFailure("mkdtemp failed")
        }
        root =
            URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
            .standardized.path
        home = root + "/home"
        configHome = home + "/.config"
        cacheHome = home + "/.cache"
        stateHome = home + "/.local/state"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        server = try FixtureServer(at: moment)
        // The server's clock running on from the very real time the runs' does.
        if moment.runs, moment.realClockReason == nil { try server.setClock(to: clock.seconds, since: clock.setAt) }
        // The catalogues beside the built weather, compiled afresh once a run: each run speaks as po/ says.
        _ = TestLocales.cataloguesCompiled
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home,
            "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": configHome,
            "XDG_CACHE_HOME": cacheHome,
            "XDG_STATE_HOME": stateHome,
            "WEATHER_GEOCODING_URL": server.searchURL,
            "WEATHER_FORECAST_URL": server.forecastURL,
            "WEATHER_MET_URL": server.metURL,
            "WEATHER_NWS_ALERTS_URL": server.nwsAlertsURL,
            "WEATHER_DWD_ALERTS_URL": server.dwdAlertsURL,
            "WEATHER_METALERTS_URL": server.metAlertsURL,
            "WEATHER_AIR_QUALITY_URL": server.airQualityURL,
        ]
        if !alerts { environment["WEATHER_ALERTS"] = "off" }
        if !air { environment["WEATHER_AIR"] = "off" }
        // The user's clock: the moment's zone, else the machine's (`TZ=Etc/GMT+12 make test` reaches weather).
        if let zone = moment.zone ?? ProcessInfo.processInfo.environment["TZ"] { environment["TZ"] = zone }
    }

    // MARK: The clock

    /// Now for the sandbox's runs and its server, in seconds since 1970: the moment, as moved since.
    public var now: Double {
        guard moment.runs else { return clock.seconds }
        // wall clock: weather's WEATHER_TEST_NOW runs on with the real clock; this is its reading.
        return clock.seconds + Date().timeIntervalSince(clock.setAt)
    }

    /// Now for the sandbox's runs and its server.
    public var date: Date { Date(timeIntervalSince1970: now) }

    /// Sets the clock of the runs and of the server to `seconds` since 1970, standing still there or
    /// running on as the moment does.
    public func setClock(to seconds: Double) throws {
        precondition(moment.realClockReason == nil, "a sandbox on the real clock cannot set it")
        // wall clock: a running moment runs on with the real clock from its reading now, as weather's does.
        clock = (seconds, Date())
        try server.setClock(to: seconds, since: moment.runs ? clock.setAt : nil)
    }

    /// Moves the clock of the runs and of the server on by `seconds` (back, when negative).
    public func advance(by seconds: Double) throws {
        try setClock(to: now + seconds)
    }

    /// The variable that puts one run's clock at `seconds` since 1970 now, the server's staying where it
    /// is.
    public func environment(at seconds: Double) -> [String: String] {
        // wall clock: a running moment runs on with the real clock from its reading now, as weather's does.
        ["WEATHER_TEST_NOW": Self.clockText(seconds, since: moment.runs ? Date() : nil)]
    }

    /// `WEATHER_TEST_NOW` for the runs: none on the real clock; a clock that runs on, from the real time
    /// it was set at, so that every run and the server agree.
    private var clockEnvironment: [String: String] {
        guard moment.realClockReason == nil else { return [:] }
        return ["WEATHER_TEST_NOW": Self.clockText(clock.seconds, since: moment.runs ? clock.setAt : nil)]
    }

    /// What every run gets: `environment` and the clock.
    public var runEnvironment: [String: String] { environment.merging(clockEnvironment) { $1 } }

    /// `seconds` as WEATHER_TEST_NOW writes it, standing still; or running on from the real time `since`.
    static func clockText(_ seconds: Double, since: Date?) -> String {
        func text(_ seconds: Double) -> String {
            seconds == seconds.rounded() ? String(Int64(seconds)) : String(format: "%.6f", seconds)
        }
        return text(seconds) + (since.map { "+" + text($0.timeIntervalSince1970) } ?? "")
    }

    deinit {
        userManager?.stop()
        try? FileManager.default.removeItem(atPath: root)
        Self.record(test: madeBy.test, moment: moment.name, from: madeBy.at)
    }

    /// Appends when a sandbox of `test` at `moment` lived, from `start` to now (seconds of the monotonic
    /// clock), to the file `WEATHER_TEST_TIMES` names: what `slowest-tests.py` reports the slowest tests from.
    private static func record(test: String, moment: String, from start: Double) {
        guard let path = ProcessInfo.processInfo.environment["WEATHER_TEST_TIMES"], !path.isEmpty else { return }
        let fields = [test, moment].map { $0.replacingOccurrences(of: "\t", with: " ") }
        let line = "\(start)\t\(ProcessInfo.processInfo.systemUptime)\t\(fields[0])\t\(fields[1])\n"
        // One write of a short line to a file opened to append: lines of parallel tests never mix.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
    }

    /// The sandbox's own `systemd --user`, once started.
    public private(set) var userManager: UserManager?

    /// Starts a `systemd --user` for the sandbox's HOME and XDG folders, with a private runtime folder,
    /// and points every later run at it. Throws, saying why, when none can start here.
    public func startUserManager() throws {
        let manager = try UserManager(root: root, environment: environment)
        userManager = manager
        environment["XDG_RUNTIME_DIR"] = manager.runtimeDirectory
    }

    /// The saved result.
    public var resultFile: String { cacheHome + "/weather/current.json" }
    public var forecastFile: String { cacheHome + "/weather/forecast.json" }
    /// The saved place.
    public var locationFile: String { stateHome + "/weather/location.json" }
    /// The settings file.
    public var configFile: String { configHome + "/weather/config.json" }

    /// What a run printed and how it ended.
    public struct Run: Sendable, CustomStringConvertible {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// From start to exit, on the monotonic clock.
        public var elapsed: Duration

        public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs `weather arguments...` with stdout a pipe, or a terminal when `terminal` is true.
    @discardableResult
    public func run(_ arguments: String..., environment extra: [String: String] = [:], terminal: Bool = false) throws
        -> Run
    {
        try run(arguments, environment: extra, terminal: terminal)
    }

    /// Runs `weather arguments...`; with `errorsToTerminal`, standard error goes to the same terminal as
    /// standard output, as in a person's terminal, and what it wrote is in `stdout`, in order. A terminal
    /// of `size` says it is that many columns wide and rows high; otherwise it does not say.
    @discardableResult
    public func run(
        _ arguments: [String], environment extra: [String: String] = [:], terminal: Bool = false,
        errorsToTerminal: Bool = false, size: (columns: Int, rows: Int)? = nil
    ) throws -> Run {
        try run(
            program: TestPaths.weatherBinary, arguments, environment: extra, terminal: terminal,
            errorsToTerminal: errorsToTerminal, size: size)
    }

    /// Runs `systemctl --user arguments...` in the sandbox's environment.
    @discardableResult
    public func systemctl(_ arguments: String...) throws -> Run {
        try run(program: "/usr/bin/systemctl", ["--user"] + arguments)
    }

    /// Runs any program in the sandbox's environment.
    @discardableResult
    public func run(
        program: String, _ arguments: [String], environment extra: [String: String] = [:], terminal: Bool = false,
        errorsToTerminal: Bool = false, size: (columns: Int, rows: Int)? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = runEnvironment.merging(extra) { $1 }.merging(terminal ? ["TERM": "xterm"] : [:]) {
            current, _ in current
        }
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
            let pty = try PseudoTerminal(size: size)
            terminalReader = pty
            outputHandle = pty.follower
        } else {
            _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
            outputHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
        }
        process.standardOutput = outputHandle
        if errorsToTerminal, terminal { process.standardError = outputHandle }
        let started = ContinuousClock.now
        try process.run()
        try outputHandle.close()
        try errorHandle.close()
        let terminalOutput = terminalReader?.readAll()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - started
        let stdout =
            terminalOutput
            ?? String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: stdoutFile))) ?? Data(), as: UTF8.self)
        let stderr = String(
            decoding: (try? Data(contentsOf: URL(fileURLWithPath: stderrFile))) ?? Data(), as: UTF8.self)
        try? FileManager.default.removeItem(atPath: stdoutFile)
        try? FileManager.default.removeItem(atPath: stderrFile)
        return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr, elapsed: elapsed)
    }

    /// Runs `program arguments...` in the sandbox's environment as `run(program:_:)` does, but through `launch`:
    /// for a program that leaves a daemon behind (`tmux new-session -d` starts tmux's server). The daemon
    /// would inherit the socket Foundation's Process watches for its child's end, and hang the wait for as
    /// long as it lives.
    public func runLeavingDaemon(program: String, _ arguments: [String]) throws -> Run {
        let stdoutFile = root + "/stdout-\(UUID().uuidString)"
        let stderrFile = root + "/stderr-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: stdoutFile)
            try? FileManager.default.removeItem(atPath: stderrFile)
        }
        let started = ContinuousClock.now
        let status = try launch(program: program, arguments, stdout: stdoutFile, stderr: stderrFile).wait()
        let read = { (path: String) in
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        return Run(
            status: status, stdout: read(stdoutFile), stderr: read(stderrFile),
            elapsed: ContinuousClock.now - started)
    }

    /// Starts `program arguments...` in the sandbox's environment and folder, stdin `/dev/null` and its output
    /// appended to the files `stdout` and `stderr`, through posix_spawn with signals as a fresh program
    /// expects them. Foundation's Process passes on what the test's threads block: a tmux server that
    /// inherits a blocked SIGCHLD never learns that a `#()` job ended, a polybar with SIGTERM blocked cannot
    /// be stopped. SIGPIPE, which the Swift runtime ignores, is back to its default too.
    public func launch(
        program: String, _ arguments: [String], environment extra: [String: String] = [:],
        stdout: String = "/dev/null", stderr: String = "/dev/null"
    ) throws -> Launched {
        // Started in the test's own folder: programs and files here are given by absolute paths.
        Launched(
            pid: try spawnWithCleanSignals(
                [program] + arguments, environment: runEnvironment.merging(extra) { $1 }, stdout: stdout,
                stderr: stderr))
    }

    /// A program started by `launch`: wait for it, or stop it.
    public final class Launched: @unchecked Sendable {
        public let pid: pid_t
        private var status: Int32?

        init(pid: pid_t) { self.pid = pid }

        /// Waits for the program to end: its exit status, or 128 plus the signal that ended it.
        @discardableResult
        public func wait() -> Int32 {
            if let status { return status }
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) == -1, errno == EINTR {}
            let ended = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + raw & 0x7f
            status = ended
            return ended
        }

        /// Whether the program still runs.
        public var isRunning: Bool {
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(pid, &raw, WNOHANG) == pid else { return true }
            status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + raw & 0x7f
            return false
        }

        /// Sends SIGTERM, and SIGKILL if the program has not ended 5 s later; waits for it.
        public func stop() {
            guard isRunning else { return }
            kill(pid, SIGTERM)
            let deadline = ContinuousClock.now + .seconds(5)
            while isRunning, ContinuousClock.now < deadline { usleep(20_000) }
            if isRunning { kill(pid, SIGKILL) }
            wait()
        }

        deinit { stop() }
    }

    /// Starts `weather arguments...` without waiting, output discarded: for kill tests.
    public func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        try spawn(arguments, environment: extra).process
    }

    /// A run started and not yet waited for.
    public final class Pending: @unchecked Sendable {
        public let process: Process
        let stdoutFile: String
        let stderrFile: String
        let started = ContinuousClock.now

        init(process: Process, stdoutFile: String, stderrFile: String) {
            self.process = process
            self.stdoutFile = stdoutFile
            self.stderrFile = stderrFile
        }

        /// What the run has printed on standard output so far.
        public var stdoutSoFar: String {
            String(decoding: FileManager.default.contents(atPath: stdoutFile) ?? Data(), as: UTF8.self)
        }

        /// What the run has printed on standard error so far.
        public var stderrSoFar: String {
            String(decoding: FileManager.default.contents(atPath: stderrFile) ?? Data(), as: UTF8.self)
        }

        /// Waits for the run to end and returns what it printed.
        public func wait() -> Run {
            process.waitUntilExit()
            let elapsed = ContinuousClock.now - started
            let stdout = String(decoding: FileManager.default.contents(atPath: stdoutFile) ?? Data(), as: UTF8.self)
            let stderr = String(decoding: FileManager.default.contents(atPath: stderrFile) ?? Data(), as: UTF8.self)
            return Run(status: process.terminationStatus, stdout: stdout, stderr: stderr, elapsed: elapsed)
        }
    }

    /// Starts `weather arguments...` with stdout a pipe (a file), without waiting.
    public func spawn(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Pending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestPaths.weatherBinary)
        process.arguments = arguments
        process.environment = runEnvironment.merging(extra) { $1 }
        let id = UUID().uuidString
        let stdoutFile = root + "/stdout-" + id
        let stderrFile = root + "/stderr-" + id
        _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Pending(process: process, stdoutFile: stdoutFile, stderrFile: stderrFile)
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

    /// A pseudo-terminal that says it is `size` large, or says nothing of its size.
    init(size: (columns: Int, rows: Int)? = nil) throws {
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
        if let size {
            var window = winsize(ws_row: UInt16(size.rows), ws_col: UInt16(size.columns), ws_xpixel: 0, ws_ypixel: 0)
            guard ioctl(leader, UInt(TIOCSWINSZ), &window) == 0 else { throw TestFailure("cannot size the terminal") }
        }
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

/// A real `systemd --user` manager. PID 1 here need not be systemd: a user manager starts once
/// `/run/systemd/system` exists (created here when running as root) and `XDG_RUNTIME_DIR` is a private
/// 0700 folder.
///
/// Each manager runs in a control group of its own, as `user@.service` gives each user's manager on a
/// real system. A manager started in the tests' own group (`/init.scope`) takes the hierarchy's root
/// for its own and puts its units at `/app.slice/weather-refresh.service`, the same group for every
/// manager of the test run: one manager ending its service killed the service of another running at
/// the same moment (`Result=signal`), or left it hanging until systemd's timeout.
public final class UserManager: @unchecked Sendable {
    public let runtimeDirectory: String
    private var pid: pid_t = 0
    /// The manager's own control group in each hierarchy that can have one; empty when not root.
    private let controlGroups: [String]

    init(root: String, environment: [String: String]) throws {
        if !FileManager.default.fileExists(atPath: "/run/systemd/system") {
            guard getuid() == 0 else {
                throw TestFailure("/run/systemd/system does not exist and only root may create it")
            }
            try FileManager.default.createDirectory(atPath: "/run/systemd/system", withIntermediateDirectories: true)
        }
        let systemd = "/usr/lib/systemd/systemd"
        guard FileManager.default.isExecutableFile(atPath: systemd) else {
            throw TestFailure("systemd is not installed (\(systemd))")
        }
        runtimeDirectory = root + "/runtime"
        try FileManager.default.createDirectory(
            atPath: runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let managerEnvironment = environment.merging(["XDG_RUNTIME_DIR": runtimeDirectory]) { $1 }

        // posix_spawn, not Foundation's Process: systemd closes every descriptor it inherits, which
        // Process takes for an exit and then waits on forever, stalling every other Process.
        let log = root + "/systemd.log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        controlGroups = Self.controlGroups(named: "weather-test-\(UUID().uuidString)")
        // The shell joins the groups, then becomes the manager: posix_spawn has no step for it.
        let command =
            ["/bin/sh", "-c", #"for group do echo $$ > "$group/cgroup.procs" || exit 125; done; exec "$0" --user"#]
            + [systemd] + controlGroups
        let argv = command.map { strdup($0) } + [nil]
        let envp = managerEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw TestFailure("cannot start systemd --user: \(String(cString: strerror(spawned)))")
        }

        // Ready once systemctl gets an answer: "running", or "degraded" when some unit of the image failed.
        let deadline = ContinuousClock.now + .seconds(15)
        var state = ""
        while ContinuousClock.now < deadline, kill(pid, 0) == 0 {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/systemctl")
            check.arguments = ["--user", "is-system-running"]
            check.environment = managerEnvironment
            let output = Pipe()
            check.standardOutput = output
            check.standardError = FileHandle.nullDevice
            try check.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            check.waitUntilExit()
            state = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if state == "running" || state == "degraded" { return }
            usleep(100_000)
        }
        let logText = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        stop()
        throw TestFailure("systemd --user did not start (state \"\(state)\"): \(logText.suffix(500))")
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) != 0 {
                pid = 0
                return
            }
            usleep(50_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        pid = 0
    }

    deinit {
        stop()
        removeControlGroups()
    }

    /// A new group `name` at the root of the `systemd` hierarchy and of the unified one (both are mounted
    /// on a hybrid system, only the unified one on a pure cgroup v2 system); none when not root.
    private static func controlGroups(named name: String) -> [String] {
        guard getuid() == 0 else { return [] }
        let fileManager = FileManager.default
        let hierarchies =
            fileManager.fileExists(atPath: "/sys/fs/cgroup/cgroup.controllers")
            ? ["/sys/fs/cgroup"] : ["/sys/fs/cgroup/systemd", "/sys/fs/cgroup/unified"]
        return hierarchies.compactMap { hierarchy in
            let group = hierarchy + "/" + name
            return mkdir(group, 0o755) == 0 ? group : nil
        }
    }

    /// Removes the manager's groups once it has ended, the groups its units left inside first.
    private func removeControlGroups() {
        func remove(_ group: String) {
            let children = (try? FileManager.default.contentsOfDirectory(atPath: group)) ?? []
            for child in children where Self.isDirectory(group + "/" + child) { remove(group + "/" + child) }
            rmdir(group)
        }
        for group in controlGroups { remove(group) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// Starts `command` with posix_spawn, not Foundation's Process (whose child, and any daemon it leaves, inherits
/// the socket Process watches, and the test threads' blocked signals): standard input `/dev/null`, output
/// appended to the file `stdout`, and to `stderr`, or to the same file when `nil`; signals as a fresh program
/// expects them (none blocked, SIGPIPE, which the Swift runtime ignores, back to its default); with
/// `newSession`, in a session of its own whose ID is its PID (POSIX_SPAWN_SETSID, glibc 2.26, which Swift's
/// Glibc module does not export). Returns its PID.
public func spawnWithCleanSignals(
    _ command: [String], environment: [String: String], stdout: String, stderr: String?, newSession: Bool = false
) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    if let stderr {
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    } else {
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    sigaddset(&signals, SIGPIPE)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    let setsid: Int32 = newSession ? 0x80 : 0
    posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = command.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for string in argv + envp { free(string) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
        throw TestFailure("cannot start \(command[0]): \(String(cString: strerror(spawned)))")
    }
    return pid
}
