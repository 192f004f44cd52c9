import Glibc
import Synchronization
import WeatherModel

/// The end of a run's time budget (`WEATHER_TIMEOUT`): every request and every wait of the run fits in it.
package struct Deadline: Sendable {
    /// The budget, as configured, for messages.
    package let budget: TimeBudget
    /// When the budget runs out.
    package let end: MonotonicInstant

    /// A budget of `seconds`, set by `setting`, starting now.
    package init(seconds: Double, setting: String = TimeBudget.runSetting) {
        budget = TimeBudget(seconds: seconds, setting: setting)
        end = MonotonicInstant(seconds: MonotonicInstant.now().seconds + seconds)
    }

    /// Seconds left, never negative.
    package var remaining: Double { max(0, end.seconds - MonotonicInstant.now().seconds) }

    /// Whether no time is left.
    package var hasPassed: Bool { remaining <= 0 }
}

/// A time budget as messages name it: its length and the setting that sets it.
public struct TimeBudget: Sendable, Equatable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The setting of a whole run's budget.
    static let runSetting = "WEATHER_TIMEOUT"

    package let seconds: Double
    package let setting: String

    package init(seconds: Double, setting: String = runSetting) {
        self.seconds = seconds
        self.setting = setting
    }

    /// A whole run's budget of `value` seconds.
    public init(integerLiteral value: Int) {
        self.init(seconds: Double(value))
    }

    /// "30 s (WEATHER_TIMEOUT)".
    public var description: String { DurationText.format(seconds).translated + " (" + setting + ")" }
}

/// A run's network time, shared by the fetcher and its services: its budget, or a shorter one when a
/// person is waiting at a terminal.
package final class RunDeadline: Sendable {
    private let deadline: Mutex<Deadline>

    package init(_ deadline: Deadline) {
        self.deadline = Mutex(deadline)
    }

    /// The deadline now.
    package var now: Deadline { deadline.withLock { $0 } }

    /// Ends the network time `seconds` from now, named by `setting` in messages, when that is sooner than
    /// the deadline would.
    package func limit(to seconds: Double, setting: String) {
        deadline.withLock { deadline in
            if seconds < deadline.remaining { deadline = Deadline(seconds: seconds, setting: setting) }
        }
    }
}
