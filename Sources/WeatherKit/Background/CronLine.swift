/// The crontab line that does the timer's job where no systemd user manager runs (containers, WSL).
package enum CronLine {
    /// A line that runs `executable refresh` with `environment` every `interval` seconds, a couple of
    /// minutes after the data's own update times like the timer. Throws, naming the value, when one
    /// cannot be written into a crontab line as it is.
    package static func line(
        every interval: Double, environment: [(name: String, value: String)], executable: String?
    ) throws(BackgroundRefreshError) -> String {
        let offset = RefreshUnits.publishDelayMinutes
        let when =
            switch RefreshUnits.ClockStep(every: interval) {
            case .minutes(let minutes)?: "\(offset)-59/\(minutes) * * * *"
            case .hours(let hours)?: "\(offset) */\(hours) * * *"
            case nil: "\(offset)-59/15 * * * *"
            }
        var words: [String] = []
        for (name, value) in environment {
            words.append(name + "=" + (try quoted(value, naming: name)))
        }
        words.append(try quoted(executable, naming: "the path of this weather program"))
        return when + " " + words.joined(separator: " ") + " refresh >/dev/null 2>&1"
    }

    /// The one way a value enters a crontab line: quoted for the shell when it needs it, `%` escaped (cron
    /// turns it into a line break), and refused when it holds a control character (a line break would
    /// end the line and start another) or is not UTF-8 (`nil`).
    static func quoted(_ value: String?, naming what: String) throws(BackgroundRefreshError) -> String {
        guard let value else {
            throw .unsafeForCron(what: what, value: nil, problem: "is not UTF-8 text, which a crontab line cannot hold")
        }
        guard !value.containsControlCharacters else {
            throw .unsafeForCron(
                what: what, value: value,
                problem: "contains a control character such as a line break, which a crontab line cannot hold"
            )
        }
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "/._-:=,+@".unicodeScalars.contains($0)
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
}
