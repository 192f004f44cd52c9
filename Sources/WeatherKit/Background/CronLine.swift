/// The crontab line that does the timer's job where no systemd user manager runs (containers, WSL).
package enum CronLine {
    /// A line that runs `executable refresh` with `environment` every `interval` seconds, a couple of
    /// minutes after the data's own update times like the timer, and as much later as the user's own
    /// `delay` says within the timer's spread: a minute in the schedule and a `sleep` of the seconds, so
    /// that cron users are spread as the timer's are. An interval cron cannot keep (one that
    /// divides neither an hour nor a day) runs at the data's 15 minutes. Throws, naming the value, when
    /// one cannot be written into a crontab line as it is.
    package static func line(
        every interval: Double, environment: [(name: String, value: String)], executable: String?,
        delay: FixedDelay? = nil
    ) throws(BackgroundRefreshError) -> String {
        let step = RefreshUnits.ClockStep(every: interval) ?? .minutes(Int(Freshness.defaultInterval) / 60)
        let seconds = delay?.seconds(within: RefreshUnits.spread(for: Double(step.seconds))) ?? 0
        let start = RefreshUnits.publishDelayMinutes * 60 + Int(seconds)
        let when =
            switch step {
            case .minutes(let minutes): "\(start / 60)-59/\(minutes) * * * *"
            case .hours(1): "\(start % 3600 / 60) * * * *"
            case .hours(24): "\(start % 3600 / 60) \(start / 3600) * * *"
            case .hours(let hours): "\(start % 3600 / 60) \(start / 3600)-23/\(hours) * * *"
            }
        var words: [String] = start % 60 > 0 ? ["sleep \(start % 60);"] : []
        for (name, value) in environment {
            words.append(name + "=" + (try quoted(value, naming: name)))
        }
        words.append(try quoted(executable, naming: "the path of this weather program"))
        return when + " " + words.joined(separator: " ") + " refresh >/dev/null 2>&1"
    }

    /// The one way a value enters a crontab line: quoted for the shell when it needs it, `%` escaped as
    /// cron reads escapes (cronie's `do_command.c`: `\%` is a `%`, a bare `%` ends the command), and
    /// refused when it holds a control character (a line break would end the line and start another) or
    /// is not UTF-8 (`nil`).
    static func quoted(_ value: String?, naming what: String) throws(BackgroundRefreshError) -> String {
        guard let value else {
            throw .unsafeForCron(
                what: what, value: nil,
                problem:
                    "is not UTF-8 text naming a file (a program run from memory?), which a crontab line cannot hold")
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
            // cron makes a bare % end the command and reads a backslash with the character after it: \% is
            // a %, and some crons read \\ as one backslash. A backslash is never written before another or
            // before \%: the quote is closed and opened again between them (a\%b is written 'a\''\%b').
            case "%": quoted += (quoted.hasSuffix("\\") ? "''" : "") + "\\%"
            case "\\": quoted += (quoted.hasSuffix("\\") ? "''" : "") + "\\"
            default: quoted.append(character)
            }
        }
        return quoted + "'"
    }

    /// The command cron runs for a crontab `line`, as cronie's `do_command.c` reads it: after the five
    /// time fields, up to the first `%` not escaped by a backslash, `\%` made a `%`; with
    /// `collapsingBackslashes`, `\\` made one backslash too, as some crons do. The reading `quoted`
    /// writes for, under either rule: the tests and the fuzzer check each line by it.
    package static func command(in line: String, collapsingBackslashes: Bool = false) -> String {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count == 6 else { return "" }
        var command = ""
        var escaped = false
        for character in fields[5] {
            if escaped {
                if character == "%" || (collapsingBackslashes && character == "\\") { command.removeLast() }
                command.append(character)
                escaped = false
                continue
            }
            if character == "%" { break }
            command.append(character)
            escaped = character == "\\"
        }
        return command
    }
}
