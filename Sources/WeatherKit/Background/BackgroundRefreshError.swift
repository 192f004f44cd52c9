import WeatherModel

/// Why background refresh could not be set up or changed.
public enum BackgroundRefreshError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No systemd user manager answers (a container, WSL without systemd, a session without one); the
    /// crontab line that would do the same job, or why there is none.
    /// `note`: what the crontab line does when it is not simply the interval (`CronLine.note`).
    indirect case noUserManager(reason: String, cronLine: Result<String, BackgroundRefreshError>, note: String?)
    /// A value cannot be written into the units as it is.
    case unsafeForUnit(what: String, value: String?, problem: String)
    /// A value cannot be written into a crontab line as it is.
    case unsafeForCron(what: String, value: String?, problem: String)
    /// A `systemctl --user` command failed.
    case systemctl(command: String, message: String)
    /// The unit files could not be written.
    case files(FileError)
    /// An interval shorter than background refresh allows.
    case tooOften(Double)
    /// An interval longer than makes sense.
    case tooRarely(Double)
    /// Text that is no interval.
    case unreadableInterval(String)

    /// The crontab line to print alone after the description, when there is one.
    public var cronLine: String? {
        guard case .noUserManager(_, .success(let line), _) = self else { return nil }
        return line
    }

    public var description: String {
        switch self {
        // The line itself goes alone on a line of its own, to be copied whole (`cronLine`).
        case .noUserManager(let reason, .success, let note):
            "background refresh is not scheduled: no systemd user manager is reachable (\(reason)); to refresh in the background anyway, add this line with crontab -e"
                + (note.map { " (\($0))" } ?? "") + ":"
        case .noUserManager(let reason, .failure(let problem), _):
            "background refresh is not scheduled: no systemd user manager is reachable (\(reason)), and no crontab line can stand in: \(problem)"
        case .unsafeForUnit(let what, let value, let problem):
            "background refresh is not set up: \(what)\(value.map { " (\($0))" } ?? "") \(problem); rename it, or choose another"
        case .unsafeForCron(let what, let value, let problem):
            "\(what)\(value.map { " (\($0))" } ?? "") \(problem); rename it, or choose another"
        case .systemctl(let command, let message):
            "systemctl --user \(command) failed: \(message)"
        case .files(let error):
            "cannot write the background refresh units: \(error)"
        case .tooOften(let seconds):
            "every \(DurationText.format(seconds)) is too often: background refresh runs at most every 5 minutes, because waking more often drains batteries and hammers a free service, and the data changes only every 15 minutes; use weather schedule minimum"
        case .tooRarely(let seconds):
            "every \(DurationText.format(seconds)) is too rarely: the longest interval is 7 days; use weather schedule never to turn background refresh off"
        case .unreadableInterval(let text):
            "\"\(text)\" is not an interval: use minimum, never, or a duration such as 30m, 2h or 900 (seconds)"
        }
    }
}
