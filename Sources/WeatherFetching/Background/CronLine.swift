package import WeatherModel
import WeatherSources
import WeatherSystem

/// The crontab line that does the timer's job where no systemd user manager runs (containers, WSL).
package enum CronLine {
    /// How cron keeps an interval: cron runs `weather refresh` at clock times `step` apart, and refresh
    /// fetches once `fetchesEvery` has passed since the last fetch (`BackgroundFetchHandler`).
    package struct Plan: Equatable, Sendable {
        /// How often cron runs weather.
        package var step: Step
        /// How often weather then fetches: the interval chosen, or, when no step cron can keep divides
        /// it, the nearest longer one it can.
        package var fetchesEvery: Double

        package enum Step: Equatable, Sendable {
            /// At clock times that divide an hour or a day.
            case clock(RefreshUnits.ClockStep)
            /// Once a week.
            case weekly

            package var seconds: Double {
                switch self {
                case .clock(let step): Double(step.seconds)
                case .weekly: 7 * 86_400
                }
            }
        }

        /// Whether cron runs weather exactly as often as it fetches.
        package var isExact: Bool { step.seconds == fetchesEvery }
    }

    /// The steps cron can keep, in minutes: those that divide an hour (from 5 minutes, as the timer's
    /// shortest interval) or a day, and a week.
    package static let steps = [5, 6, 10, 12, 15, 20, 30, 60, 120, 180, 240, 360, 480, 720, 1440, 10_080]

    /// How cron keeps `interval`: run at the longest step that divides it, so that refresh fetches on
    /// every run it is due; where none does (7 min), at the step whose multiple comes nearest to the
    /// interval from above, which is then how often weather fetches.
    package static func plan(every interval: Double) -> Plan {
        let minutes = max(5, Int(saturating: (interval / 60).rounded()))
        let fitting = steps.filter { $0 <= minutes }
        func step(_ minutes: Int) -> Plan.Step {
            minutes == 10_080 ? .weekly : minutes < 60 ? .clock(.minutes(minutes)) : .clock(.hours(minutes / 60))
        }
        if let exact = fitting.last(where: { minutes % $0 == 0 }) {
            return Plan(step: step(exact), fetchesEvery: Double(minutes * 60))
        }
        // A step's multiple at or above the interval, the nearest; on a tie the longer step (fewer runs).
        let best = fitting.min { a, b in
            let (first, second) = ((minutes + a - 1) / a * a, (minutes + b - 1) / b * b)
            return first != second ? first < second : a > b
        }
        let chosen = best ?? 5
        return Plan(step: step(chosen), fetchesEvery: Double((minutes + chosen - 1) / chosen * chosen * 60))
    }

    /// What the line does, when it is not simply the interval: "cron runs weather every 15 min, and it
    /// fetches every 45 min, as chosen", or that cron cannot keep the interval and what it keeps instead.
    package static func note(every interval: Double) -> String? {
        let plan = plan(every: interval)
        if plan.isExact { return nil }
        let step = DurationText.format(plan.step.seconds).translated
        let fetches = DurationText.format(plan.fetchesEvery).translated
        if abs(plan.fetchesEvery - interval) < 60 {
            return tr("cron runs weather every %1$s, and it fetches every %2$s, as chosen", step, fetches)
        }
        return tr(
            "cron cannot keep every %1$s: cron runs weather every %2$s, so it fetches every %3$s, the nearest it can",
            DurationText.format(interval).translated, step, fetches)
    }

    /// A line that runs `executable refresh` with `environment` as `plan(every: interval)` says, a
    /// couple of minutes after the data's own update times like the timer, and as much later as the user's
    /// own `delay` says within the timer's spread: a minute in the schedule and a `sleep` of the seconds,
    /// so that cron users are spread as the timer's are. Throws, naming the value, when one cannot be
    /// written into a crontab line as it is.
    package static func line(
        every interval: Double, environment: [(name: String, value: String)], executable: String?,
        delay: FixedDelay? = nil
    ) throws(BackgroundRefreshError) -> String {
        let step = plan(every: interval).step
        let seconds = delay?.seconds(within: RefreshUnits.spread(for: min(step.seconds, 86_400))) ?? 0
        let start = RefreshUnits.publishDelayMinutes * 60 + Int(seconds)
        let when =
            switch step {
            case .clock(.minutes(let minutes)): "\(start / 60)-59/\(minutes) * * * *"
            case .clock(.hours(1)): "\(start % 3600 / 60) * * * *"
            case .clock(.hours(24)): "\(start % 3600 / 60) \(start / 3600) * * *"
            case .clock(.hours(let hours)): "\(start % 3600 / 60) \(start / 3600)-23/\(hours) * * *"
            // Sunday: a day of the week like any other for the data.
            case .weekly: "\(start % 3600 / 60) \(start / 3600) * * 0"
            }
        var words: [String] = start % 60 > 0 ? ["sleep \(start % 60);"] : []
        for (name, value) in environment {
            words.append(name + "=" + (try quoted(value, naming: name)))
        }
        words.append(try quoted(executable, naming: tr("the path of this weather program")))
        return when + " " + words.joined(separator: " ") + " refresh >/dev/null 2>&1"
    }

    /// The one way a value enters a crontab line: quoted for the shell when it needs it, `%` escaped as
    /// cron reads escapes (cronie's `do_command.c`: `\%` is a `%`, a bare `%` ends the command), and
    /// refused when it holds a control character (a line break would end the line and start another) or
    /// is not UTF-8 (`nil`).
    package static func quoted(_ value: String?, naming what: String) throws(BackgroundRefreshError) -> String {
        guard let value else {
            throw .unsafeForCron(
                what: what, value: nil,
                problem: tr(
                    "is not UTF-8 text naming a file (a program run from memory?), which a crontab line cannot hold"))
        }
        guard !value.containsControlCharacters else {
            throw .unsafeForCron(
                what: what, value: value,
                problem: tr("contains a control character such as a line break, which a crontab line cannot hold"))
        }
        guard value.isEmpty || value.contains(any: Self.notPlain) else { return value }
        return "'"
            + value.escaping(Self.special) { byte, output in
                if byte == UInt8(ascii: "'") {
                    output += "'\\''".utf8
                    return
                }
                // cron makes a bare % end the command and reads a backslash with the character after it: \% is
                // a %, and some crons read \\ as one backslash. A backslash is never written before another or
                // before \%: the quote is closed and opened again between them (a\%b is written 'a\''\%b').
                if output.last == UInt8(ascii: "\\") { output += "''".utf8 }
                output += byte == UInt8(ascii: "%") ? "\\%".utf8 : "\\".utf8
            } + "'"
    }

    /// What a value needs quotes for: anything but letters, digits and `/._-:=,+@`.
    static let notPlain = SpecialBytes(
        allBut: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-:=,+@")
    /// What the quotes' text escapes: the quote itself, and cron's `%` and backslash.
    package static let special = SpecialBytes("'%\\")

    /// The command cron runs for a crontab `line`, as cronie's `do_command.c` reads it: after the five
    /// time fields, up to the first `%` not escaped by a backslash, `\%` made a `%`; with
    /// `collapsingBackslashes`, `\\` made one backslash too, as some crons do. The reading `quoted`
    /// writes for, under either rule: the tests and the fuzzer check each line by it.
    package static func command(in line: String, collapsingBackslashes: Bool = false) -> String {
        var fields = 0
        var command: [UInt8] = []
        var escaped = false
        // Byte by byte, as cron reads it: a % or a backslash is one whatever combining mark follows it.
        for byte in line.utf8 {
            if fields < 5 {
                if byte == UInt8(ascii: " ") { fields += 1 }
                continue
            }
            if escaped {
                if byte == UInt8(ascii: "%") || (collapsingBackslashes && byte == UInt8(ascii: "\\")) {
                    command.removeLast()
                }
                command.append(byte)
                escaped = false
                continue
            }
            if byte == UInt8(ascii: "%") { break }
            command.append(byte)
            escaped = byte == UInt8(ascii: "\\")
        }
        return String(decoding: command, as: UTF8.self)
    }
}
