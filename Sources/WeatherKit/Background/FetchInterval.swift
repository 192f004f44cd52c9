/// How often the system may wake `weather` to fetch in the background, as iOS's
/// `setMinimumBackgroundFetchInterval`: `minimum`, `never`, or a duration.
public enum FetchInterval: Sendable, Equatable, CustomStringConvertible {
    /// As often as new data can exist: the data's update interval.
    case minimum
    /// Background fetching is off.
    case never
    /// Every so many seconds.
    case every(Double)

    /// `minimum`, `never`, or a duration such as `30m`, `2h`, `900`; `nil` for anything else.
    public init?(parsing text: String) {
        switch text.trimmingWhitespace().lowercased() {
        case "minimum": self = .minimum
        case "never": self = .never
        default:
            guard let seconds = DurationText.parse(text) else { return nil }
            self = .every(seconds)
        }
    }

    /// The words `weather schedule` accepts back: `minimum`, `never`, `30m`.
    public var description: String {
        switch self {
        case .minimum: "minimum"
        case .never: "never"
        case .every(let seconds): DurationText.compact(seconds)
        }
    }
}

/// Turns background fetching on, off, or to another interval: the one place that does.
public protocol BackgroundScheduler: Sendable {
    /// The data's update interval in seconds: what `.minimum` means.
    var dataInterval: Double { get }

    /// Sets how often the system runs `weather refresh`; `.never` switches background fetching off.
    func setMinimumBackgroundFetchInterval(_ interval: FetchInterval) throws(WeatherError)

    /// What the system says about the schedule.
    func status() throws(WeatherError) -> TimerStatus
}

extension BackgroundScheduler {
    /// Seconds between runs for `interval`; `nil` for `.never`. Always from 5 minutes to 7 days, whatever
    /// the source: a server's `current.interval` of 1 second, or a schedule file written by hand, cannot
    /// make the timer fire more often than `weather schedule` allows.
    public func seconds(for interval: FetchInterval) -> Double? {
        let allowed = BackgroundRefresh.shortestInterval...BackgroundRefresh.longestInterval
        switch interval {
        case .never: return nil
        case .minimum: return dataInterval.clamped(to: allowed)
        case .every(let seconds): return seconds.clamped(to: allowed)
        }
    }
}

/// The state of the timer that wakes `weather refresh`.
public struct TimerStatus: Sendable, Equatable {
    /// Whether the timer's unit file is written.
    public var installed: Bool
    /// Whether it starts with the user's session (`enabled`).
    public var enabled: Bool
    /// Whether it is running now (`active`).
    public var active: Bool
    /// When it fires next, if it will.
    public var nextRun: Timestamp?
    /// When it fired last, if it has.
    public var lastRun: Timestamp?

    public init(installed: Bool, enabled: Bool, active: Bool, nextRun: Timestamp? = nil, lastRun: Timestamp? = nil) {
        self.installed = installed
        self.enabled = enabled
        self.active = active
        self.nextRun = nextRun
        self.lastRun = lastRun
    }
}
