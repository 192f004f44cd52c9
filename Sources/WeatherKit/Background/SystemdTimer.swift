import Glibc

/// Background fetching through a systemd user timer: the Linux form of iOS's background fetch.
/// `setMinimumBackgroundFetchInterval` writes `weather-refresh.timer` and `weather-refresh.service` into
/// `$XDG_CONFIG_HOME/systemd/user/` and has the user manager run them; `.never` stops and disables the timer.
public struct SystemdTimer: BackgroundScheduler {
    /// `$XDG_CONFIG_HOME/systemd/user`.
    public let unitDirectory: String
    /// The binary the service runs: this one; `nil` when its path is not UTF-8 text.
    public let executable: String?
    /// What the service's environment carries: the `WEATHER_*` variables and XDG folders set now. Folders
    /// left to their defaults are left out: the user manager finds the same ones from the same home.
    public let environment: [(name: String, value: String)]
    /// The run's time budget, which the service's start timeout must exceed.
    public let budget: Double
    /// The data's update interval in seconds: what `.minimum` means.
    public let dataInterval: Double

    public init(
        unitDirectory: String, executable: String?, environment: [(name: String, value: String)], budget: Double,
        dataInterval: Double
    ) {
        self.unitDirectory = unitDirectory
        self.executable = executable
        self.environment = environment
        self.budget = budget
        self.dataInterval = dataInterval
    }

    /// The timer for the command that is running now: this binary, this run's settings and folders. The
    /// settings set in the environment are carried as this run read them (`WEATHER_TIMEOUT=30s`), never
    /// as the raw text of the variable.
    public init(paths: WeatherPaths, settings: Settings, environment: Environment, dataInterval: Double) {
        let carried = settings.asEnvironment.filter { environment.nonEmpty($0.name) != nil } + [
            ("XDG_CONFIG_HOME", paths.configHome),
            ("XDG_CACHE_HOME", FileIO.parentDirectory(of: paths.cacheDirectory)),
            ("XDG_STATE_HOME", FileIO.parentDirectory(of: paths.stateDirectory)),
        ].filter { environment[$0.0] == $0.1 }
        self.init(
            unitDirectory: paths.unitDirectory, executable: Self.currentExecutable(),
            environment: carried, budget: settings.timeout, dataInterval: dataInterval
        )
    }

    var servicePath: String { unitDirectory + "/" + RefreshUnits.serviceName }
    var timerPath: String { unitDirectory + "/" + RefreshUnits.timerName }

    public func setMinimumBackgroundFetchInterval(_ interval: FetchInterval) throws(WeatherError) {
        guard let seconds = seconds(for: interval) else {
            try disable()
            return
        }
        try reachManager(interval: interval)
        let service = Array(try Self.background {
            () throws(BackgroundRefreshError) in try RefreshUnits.service(executable: executable, environment: environment, budget: budget)
        }.utf8)
        let timer = Array(RefreshUnits.timer(every: seconds).utf8)
        let changed: Bool
        do throws(FileError) {
            let oldService = try FileIO.read(servicePath)
            let oldTimer = try FileIO.read(timerPath)
            changed = oldService != service || oldTimer != timer
            try FileIO.createDirectory(unitDirectory)
            try FileIO.writeAtomically(service, to: servicePath)
            try FileIO.writeAtomically(timer, to: timerPath)
        } catch {
            throw .background(.files(error))
        }
        try systemctl("daemon-reload")
        let loaded = try systemctl("show", "--property=FragmentPath", "--value", RefreshUnits.timerName)
        if FileIO.realPath(loaded) != FileIO.realPath(timerPath) {
            // The manager does not look in this $XDG_CONFIG_HOME: link the units into its own folder.
            try systemctl("link", servicePath, timerPath)
        }
        try systemctl("enable", RefreshUnits.timerName)
        // Restarting re-arms a changed schedule; an unchanged one keeps its next run.
        try systemctl(changed ? "restart" : "start", RefreshUnits.timerName)
    }

    /// Stops and disables the timer. Nothing to do when it was never installed.
    private func disable() throws(WeatherError) {
        guard FileIO.exists(timerPath) else { return }
        try reachManager(interval: .never)
        try systemctl("disable", "--now", RefreshUnits.timerName)
    }

    // MARK: Status

    /// The timer's state from the user manager.
    public func status() throws(WeatherError) -> TimerStatus {
        try reachManager(interval: nil)
        let text = try systemctl(
            "show", RefreshUnits.timerName, "--property=UnitFileState,ActiveState,NextElapseUSecRealtime,"
                + "NextElapseUSecMonotonic,LastTriggerUSec"
        )
        var properties: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        let realtime = properties["NextElapseUSecRealtime"].flatMap(SystemdTime.wallClock)
        let monotonic = properties["NextElapseUSecMonotonic"].flatMap(SystemdTime.sinceBoot)
        let nextFromMonotonic = monotonic.map { SystemClock().now() + ($0 - MonotonicInstant.now().seconds) }
        let next = [realtime, nextFromMonotonic].compactMap { $0 }.min()
        return TimerStatus(
            installed: FileIO.exists(timerPath),
            enabled: properties["UnitFileState"] == "enabled",
            active: properties["ActiveState"] == "active",
            nextRun: next,
            lastRun: properties["LastTriggerUSec"].flatMap(SystemdTime.wallClock)
        )
    }

    // MARK: systemctl

    /// Checks that a user manager answers `systemctl --user`; otherwise says so, with a crontab line that
    /// does the same job.
    private func reachManager(interval: FetchInterval?) throws(WeatherError) {
        let reason: String
        do {
            let result = try Subprocess.run("systemctl", ["--user", "show-environment"])
            if result.succeeded { return }
            reason = result.stderr.trimmingWhitespace().split(separator: "\n").first.map(String.init) ?? "exit \(result.status)"
        } catch {
            reason = error.description
        }
        let cron = Result { () throws(BackgroundRefreshError) in
            try cronLine(every: seconds(for: interval ?? .minimum) ?? dataInterval)
        }
        throw .background(.noUserManager(reason: reason, cronLine: cron))
    }

    /// Runs `systemctl --user arguments...` and returns its output without the final newline.
    @discardableResult
    private func systemctl(_ arguments: String...) throws(WeatherError) -> String {
        let result: Subprocess.Result
        do {
            result = try Subprocess.run("systemctl", ["--user"] + arguments)
        } catch {
            throw .background(.systemctl(command: arguments.joined(separator: " "), message: error.description))
        }
        guard result.succeeded else {
            throw .background(.systemctl(command: arguments.joined(separator: " "), message: result.stderr.trimmingWhitespace()))
        }
        return result.stdout.trimmingWhitespace()
    }

    // MARK: Without systemd

    /// A crontab line that runs the same refresh, for systems without a user manager. Throws, naming the
    /// value, when one cannot be written into a crontab line as it is.
    public func cronLine(every interval: Double) throws(BackgroundRefreshError) -> String {
        let offset = RefreshUnits.publishDelayMinutes
        let when = switch RefreshUnits.ClockStep(every: interval) {
        case .minutes(let minutes)?: "\(offset)-59/\(minutes) * * * *"
        case .hours(let hours)?: "\(offset) */\(hours) * * *"
        case nil: "\(offset)-59/15 * * * *"
        }
        var words: [String] = []
        for (name, value) in environment {
            words.append(name + "=" + (try Self.cronQuoted(value, naming: name)))
        }
        words.append(try Self.cronQuoted(executable, naming: "the path of this weather program"))
        return when + " " + words.joined(separator: " ") + " refresh >/dev/null 2>&1"
    }

    /// The one way a value enters a crontab line: quoted for the shell when it needs it, `%` escaped (cron
    /// turns it into a line break), and refused when it holds a control character (a line break would
    /// end the line and start another) or is not UTF-8 (`nil`).
    static func cronQuoted(_ value: String?, naming what: String) throws(BackgroundRefreshError) -> String {
        guard let value else { throw .unsafeForCron(what: what, value: nil, problem: "is not UTF-8 text, which a crontab line cannot hold") }
        guard !value.containsControlCharacters else {
            throw .unsafeForCron(what: what, value: value, problem: "contains a control character such as a line break, which a crontab line cannot hold")
        }
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/._-:=,+@".unicodeScalars.contains($0)
        }
        guard !plain else { return value }
        var quoted = "'"
        for character in value {
            switch character {
            case "'": quoted += "'\\''"
            case "%": quoted += "\\%"  // cron would make it a line break
            default: quoted.append(character)
            }
        }
        return quoted + "'"
    }

    /// Runs `body`, its error a `WeatherError`.
    private static func background<T>(_ body: () throws(BackgroundRefreshError) -> T) throws(WeatherError) -> T {
        do {
            return try body()
        } catch {
            throw .background(error)
        }
    }

    /// The absolute path of the running binary; `nil` when it is not UTF-8 text.
    public static func currentExecutable() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        guard count > 0 else { return CommandLine.arguments.first }
        return String(validating: buffer[..<count], as: UTF8.self)
    }
}
