import Glibc
import WeatherModel

/// Where `weather` keeps its files, after the XDG base directory specification.
///
/// `XDG_CONFIG_HOME`, `XDG_CACHE_HOME` and `XDG_STATE_HOME` count only when absolute; otherwise
/// `~/.config`, `~/.cache` and `~/.local/state`. Each holds a `weather/` folder of ours.
package struct WeatherPaths: Sendable, Equatable {
    /// `$XDG_CONFIG_HOME`: the user's settings (ours in `weather/`, the timer in `systemd/user/`).
    package var configHome: String
    /// `$XDG_CACHE_HOME/weather`: the last result, which a fetch can always make again. For a place
    /// looked up once, its folder below `places/` (`LookupCache`).
    package var cacheDirectory: String
    /// `$XDG_CACHE_HOME/weather` itself: weather's own folder, from which the folders below it are
    /// opened without following links (`OwnFolder.opened(_:below:creating:)`).
    package var cacheRoot: String
    /// `$XDG_STATE_HOME/weather`: the saved place and what the runs share (lock, back-off).
    package var stateDirectory: String

    /// `$XDG_CONFIG_HOME/weather`.
    package var configDirectory: String { configHome + "/weather" }
    /// The optional settings file.
    package var configFile: String { configDirectory + "/config.json" }
    /// The saved place.
    package var locationFile: String { stateDirectory + "/location.json" }
    /// The last result, with its location, `updatedAt` and the response's caching headers.
    package var resultFile: String { cacheDirectory + "/current.json" }
    /// The whole forecast of the last fetch, which only `weather forecast` reads.
    package var forecastFile: String { cacheDirectory + "/forecast.json" }
    /// The official warnings for the place of the last result (`SavedAlerts`), which `show` reads.
    package var alertsFile: String { cacheDirectory + "/alerts.txt" }
    /// Their long texts (`AlertTexts`), which only `weather alerts` reads.
    package var alertTextsFile: String { cacheDirectory + "/alert-texts.json" }
    /// The background-fetch interval the user chose with `weather schedule`.
    package var scheduleFile: String { stateDirectory + "/schedule.json" }
    /// Locked by the one run that fetches and writes at a time.
    package var lockFile: String { stateDirectory + "/fetch.lock" }
    /// The services' back-offs, which every run respects.
    package var backoffFile: String { stateDirectory + "/backoff.json" }
    /// The background runs of the last weeks (`RunHistory`).
    package var runsFile: String { stateDirectory + "/runs.txt" }
    /// The quarter hours of the week the user looked in (`RunHistory`).
    package var looksFile: String { stateDirectory + "/looks.json" }
    /// The warnings a desktop notification was sent for (`NotifiedWarnings`).
    package var notifiedFile: String { stateDirectory + "/notified.txt" }
    /// `$XDG_CONFIG_HOME/systemd/user`, where the background refresh units go.
    package var unitDirectory: String { configHome + "/systemd/user" }

    /// The names of the files weather writes under the fetch lock in the cache folder and in the state
    /// folder: the names only, written out (an array of folders and names cost every refresh 150,000
    /// instructions of runtime metadata). The looks, written without the lock, are not among them; the
    /// units' names are the schedule's (`removeTemporaryFiles(amongUnits:)`).
    static let writtenInCache = ["current.json", "forecast.json", "alerts.txt", "alert-texts.json"]
    static let writtenInState = ["location.json", "schedule.json", "backoff.json", "runs.txt", "notified.txt"]

    package init(configHome: String, cacheDirectory: String, stateDirectory: String, cacheRoot: String? = nil) {
        self.configHome = configHome
        self.cacheDirectory = cacheDirectory
        self.stateDirectory = stateDirectory
        self.cacheRoot = cacheRoot ?? cacheDirectory
    }

    /// The folder of weather's own that holds `path`, from which its folder is opened without following
    /// links: `cacheRoot` for the cache's files at any depth, else the file's own folder.
    func ownRoot(of path: String) -> String {
        FileIO.lies(path, below: cacheRoot) ? cacheRoot : FileIO.parentDirectory(of: path)
    }

    /// The folders for `environment`; fails only when a folder depends on a home that cannot be found.
    package init(environment: Environment) throws(SettingsError) {
        func base(_ variable: String, default relative: String) throws(SettingsError) -> String {
            // A folder whose name is not UTF-8 cannot be named exactly here, nor in the timer's unit file:
            // refuse it rather than use a folder the user never named.
            guard environment.isUTF8(variable) else { throw .notUTF8(variable: variable) }
            if let value = environment.nonEmpty(variable), value.hasPrefix("/") { return value }
            guard environment.isUTF8("HOME") else { throw .notUTF8(variable: "HOME") }
            guard
                let home = environment.nonEmpty("HOME").flatMap({ $0.hasPrefix("/") ? $0 : nil }) ?? Self.passwordHome()
            else { throw .noHome(variable: variable) }
            return (home == "/" ? "" : home) + "/" + relative
        }
        self.init(
            configHome: try base("XDG_CONFIG_HOME", default: ".config"),
            cacheDirectory: try base("XDG_CACHE_HOME", default: ".cache") + "/weather",
            stateDirectory: try base("XDG_STATE_HOME", default: ".local/state") + "/weather"
        )
    }

    /// The home folder from the password database, for when `HOME` is unset.
    private static func passwordHome() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let directory = entry.pw_dir
        else { return nil }
        guard let home = String(validatingCString: directory) else { return nil }
        return home.hasPrefix("/") ? home : nil
    }
}
