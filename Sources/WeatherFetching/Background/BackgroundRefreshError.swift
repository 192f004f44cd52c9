import WeatherModel
public import WeatherSystem

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

    /// "the path of this weather program (/tmp/x\ny)": what a refused value is, and the value.
    private static func naming(_ what: String, _ value: String?) -> String {
        value.map { what + " (" + $0 + ")" } ?? what
    }

    public var description: String {
        switch self {
        // The line itself goes alone on a line of its own, to be copied whole (`cronLine`).
        case .noUserManager(let reason, .success, let note):
            note.map {
                tr(
                    "background refresh is not scheduled: no systemd user manager is reachable (%1$s); to refresh in the background anyway, add this line with crontab -e (%2$s):",
                    reason, $0)
            }
                ?? tr(
                    "background refresh is not scheduled: no systemd user manager is reachable (%s); to refresh in the background anyway, add this line with crontab -e:",
                    reason)
        case .noUserManager(let reason, .failure(let problem), _):
            tr(
                "background refresh is not scheduled: no systemd user manager is reachable (%1$s), and no crontab line can stand in: %2$s",
                reason, "\(problem)")
        case .unsafeForUnit(let what, let value, let problem):
            tr(
                "background refresh is not set up: %1$s %2$s; rename it, or choose another",
                Self.naming(what, value), problem)
        case .unsafeForCron(let what, let value, let problem):
            tr("%1$s %2$s; rename it, or choose another", Self.naming(what, value), problem)
        case .systemctl(let command, let message):
            tr("systemctl --user %1$s failed: %2$s", command, message)
        case .files(let error):
            tr("cannot write the background refresh units: %s", "\(error)")
        case .tooOften(let seconds):
            tr(
                "every %s is too often: background refresh runs at most every 5 minutes, because waking more often drains batteries and hammers a free service, and the data changes only every 15 minutes; use weather schedule minimum",
                DurationText.format(seconds).translated)
        case .tooRarely(let seconds):
            tr(
                "every %s is too rarely: the longest interval is 7 days; use weather schedule never to turn background refresh off",
                DurationText.format(seconds).translated)
        case .unreadableInterval(let text):
            tr(
                "\"%s\" is not an interval: use minimum, never, or a duration such as 30m, 2h or 900 (seconds)", text)
        }
    }
}
