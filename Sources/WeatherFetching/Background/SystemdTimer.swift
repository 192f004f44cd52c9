import Glibc
package import WeatherModel
import WeatherSources
package import WeatherSystem

/// Background fetching through a systemd user timer: the Linux form of iOS's background fetch.
/// `setMinimumBackgroundFetchInterval` writes `weather-refresh.timer` and `weather-refresh.service` into
/// `$XDG_CONFIG_HOME/systemd/user/` and has the user manager run them; `.never` stops and disables the timer.
package struct SystemdTimer: BackgroundScheduler {
    /// `$XDG_CONFIG_HOME/systemd/user`.
    package let unitDirectory: String
    /// The binary the service runs: this one; `nil` when its path is not UTF-8 text.
    package var executable: String? { executableNow() }
    /// What the service's environment carries: the `WEATHER_*` variables and XDG folders set now. Folders
    /// left to their defaults are left out: the user manager finds the same ones from the same home.
    package var environment: [(name: String, value: String)] { environmentNow() }
    /// The run's time budget, which the service's start timeout must exceed.
    package let budget: Double
    /// Tells the time, to turn the manager's times (its own since boot, the real clock's, the stamp
    /// file's) into moments of the run's clock, which a test may have set (`WEATHER_TEST_NOW`).
    package let clock: any WallClock
    /// systemd's stamp of the timer's last trigger (`$XDG_DATA_HOME/systemd/timers/stamp-...`), which
    /// `Persistent=` keeps; `nil` when the folder is unknown.
    let stampFile: String?
    /// This user's delay within the timer's spread, for the crontab line where there is no systemd: the
    /// context's (`WeatherContext.fixedDelay`).
    private let fixedDelay: @Sendable () -> FixedDelay?
    private let currentDataInterval: @Sendable () -> Double
    // Worked out when units or a crontab line are written, not by every background run that has a timer.
    private let executableNow: @Sendable () -> String?
    private let environmentNow: @Sendable () -> [(name: String, value: String)]

    /// A timer with these parts; `dataInterval` is asked only when `.minimum` needs it.
    package init(
        unitDirectory: String, executable: String?, environment: [(name: String, value: String)], budget: Double,
        clock: any WallClock, stampFile: String? = nil, fixedDelay: @escaping @Sendable () -> FixedDelay? = { nil },
        dataInterval: @escaping @Sendable () -> Double
    ) {
        self.init(
            unitDirectory: unitDirectory, executable: { executable }, environment: { environment }, budget: budget,
            clock: clock, stampFile: stampFile, fixedDelay: fixedDelay, dataInterval: dataInterval)
    }

    private init(
        unitDirectory: String, executable: @escaping @Sendable () -> String?,
        environment: @escaping @Sendable () -> [(name: String, value: String)], budget: Double,
        clock: any WallClock, stampFile: String?, fixedDelay: @escaping @Sendable () -> FixedDelay?,
        dataInterval: @escaping @Sendable () -> Double
    ) {
        self.unitDirectory = unitDirectory
        self.fixedDelay = fixedDelay
        executableNow = executable
        environmentNow = environment
        self.budget = budget
        self.clock = clock
        self.stampFile = stampFile
        currentDataInterval = dataInterval
    }

    /// The timer of a run: this binary, with the run's settings and folders. The settings set in the
    /// environment are carried as the run read them (`WEATHER_TIMEOUT=30s`), never as the raw text of the
    /// variable; the data's interval is the saved result's, read when first needed.
    package init(context: WeatherContext) {
        let (paths, settings, environment, store) = (
            context.paths, context.settings, context.environment, context.store
        )
        let dataHome =
            environment.nonEmpty("XDG_DATA_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment.nonEmpty("HOME").map { $0 + "/.local/share" }
        self.init(
            unitDirectory: context.paths.unitDirectory, executable: { Self.currentExecutable() },
            environment: { Self.carried(paths: paths, settings: settings, environment: environment) },
            budget: context.settings.timeout, clock: context.clock,
            stampFile: dataHome.map { $0 + "/systemd/timers/stamp-" + RefreshUnits.timerName },
            fixedDelay: context.fixedDelay,
            dataInterval: { store.loadResult().result?.interval ?? Freshness.defaultInterval }
        )
    }

    package func lastTrigger() -> Timestamp? {
        stampFile.flatMap(FileIO.modificationTime).map(clock.moment(atSystemTime:))
    }

    /// The variables the service needs to act as this run: settings set in the environment, as read, and
    /// XDG folders set in it.
    package static func carried(
        paths: WeatherPaths, settings: Settings, environment: Environment
    ) -> [(name: String, value: String)] {
        settings.asEnvironment.filter { environment.nonEmpty($0.name) != nil }
            + [
                ("XDG_CONFIG_HOME", paths.configHome),
                ("XDG_CACHE_HOME", FileIO.parentDirectory(of: paths.cacheDirectory)),
                ("XDG_STATE_HOME", FileIO.parentDirectory(of: paths.stateDirectory)),
            ].filter { environment[$0.0] == $0.1 }
    }

    package var dataInterval: Double { currentDataInterval() }

    var servicePath: String { unitDirectory + "/" + RefreshUnits.serviceName }
    var timerPath: String { unitDirectory + "/" + RefreshUnits.timerName }

    package func setMinimumBackgroundFetchInterval(_ interval: FetchInterval) throws(WeatherError) {
        guard let seconds = seconds(for: interval) else {
            try disable()
            return
        }
        try reachManager(interval: interval)
        let service: [UInt8]
        do throws(BackgroundRefreshError) {
            service = Array(
                try RefreshUnits.service(executable: executable, environment: environment, budget: budget).utf8)
        } catch {
            throw .background(error)
        }
        let timer = Array(RefreshUnits.timer(every: seconds).utf8)
        let changed: Bool
        do throws(FileError) {
            let oldService = try installedUnit(servicePath)
            let oldTimer = try installedUnit(timerPath)
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

    /// The unit file at `path` as weather wrote it; `nil` when there is none, or a link (never followed)
    /// or anything but a regular file stands there: not weather's, and replaced by the write.
    private func installedUnit(_ path: String) throws(FileError) -> [UInt8]? {
        do throws(FileError) {
            return try FileIO.read(path, below: unitDirectory)
        } catch {
            guard error.code == FileError.symbolicLink || error.code == FileError.notRegularFile else { throw error }
            return nil
        }
    }

    /// Stops and disables the timer. Nothing to do when it was never installed.
    private func disable() throws(WeatherError) {
        guard FileIO.exists(timerPath) else { return }
        try reachManager(interval: .never)
        try systemctl("disable", "--now", RefreshUnits.timerName)
    }

    // MARK: Status

    /// The timer's state from the user manager.
    package func status(interval: FetchInterval) throws(WeatherError) -> TimerStatus {
        try reachManager(interval: interval)
        let text = try systemctl(
            "show", RefreshUnits.timerName,
            "--property=UnitFileState,ActiveState,NextElapseUSecRealtime,"
                + "NextElapseUSecMonotonic,LastTriggerUSec"
        )
        var properties: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        let realtime = properties["NextElapseUSecRealtime"].flatMap(SystemdTime.wallClock).map(
            clock.moment(atSystemTime:))
        let monotonic = properties["NextElapseUSecMonotonic"].flatMap(SystemdTime.sinceBoot)
        let nextFromMonotonic = monotonic.map { clock.now() + ($0 - MonotonicInstant.now().seconds) }
        let next = [realtime, nextFromMonotonic].compactMap { $0 }.min()
        return TimerStatus(
            installed: FileIO.exists(timerPath),
            enabled: properties["UnitFileState"] == "enabled",
            active: properties["ActiveState"] == "active",
            nextRun: next,
            lastRun: properties["LastTriggerUSec"].flatMap(SystemdTime.wallClock).map(clock.moment(atSystemTime:))
        )
    }

    // MARK: systemctl

    /// Checks that a user manager answers `systemctl --user`; otherwise says so, with a crontab line that
    /// does the same job.
    private func reachManager(interval: FetchInterval) throws(WeatherError) {
        let reason: String
        do {
            let result = try Subprocess.run("systemctl", ["--user", "show-environment"])
            if result.succeeded { return }
            reason =
                result.stderr.trimmingWhitespace().split(separator: "\n").first.map(String.init)
                ?? tr("exit %d", String(result.status))
        } catch {
            reason = error.description
        }
        let seconds = seconds(for: interval) ?? seconds(for: .minimum) ?? Freshness.defaultInterval
        let cron = Result { () throws(BackgroundRefreshError) in
            try CronLine.line(every: seconds, environment: environment, executable: executable, delay: fixedDelay())
        }
        throw .background(.noUserManager(reason: reason, cronLine: cron, note: CronLine.note(every: seconds)))
    }

    /// Runs `systemctl --user arguments...` and returns its output without the final newline. With `TZ=UTC`,
    /// so that the times it prints read the same whatever the user's zone (`SystemdTime`).
    @discardableResult
    private func systemctl(_ arguments: String...) throws(WeatherError) -> String {
        let result: Subprocess.Result
        do {
            result = try Subprocess.run("systemctl", ["--user"] + arguments, environment: ["TZ": "UTC"])
        } catch {
            throw .background(.systemctl(command: arguments.joined(separator: " "), message: error.description))
        }
        guard result.succeeded else {
            throw .background(
                .systemctl(command: arguments.joined(separator: " "), message: result.stderr.trimmingWhitespace()))
        }
        return result.stdout.trimmingWhitespace()
    }

    /// The absolute path of the `weather` to run (`WeatherProgram.weather(for:)`); `nil` when it cannot be
    /// read or is not UTF-8 text.
    static func currentExecutable() -> String? {
        WeatherProgram.running().map(WeatherProgram.weather(for:))
    }
}
