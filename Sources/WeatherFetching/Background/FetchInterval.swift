import WeatherModel
import WeatherSystem

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

    /// Seconds between runs, `minimum` being `dataInterval`; `nil` for `.never`. Always from 5 minutes to
    /// 7 days, whatever the source: a server's `current.interval` of 1 second, or a schedule file written
    /// by hand, cannot make the timer fire more often than `weather schedule` allows.
    package func seconds(dataInterval: Double) -> Double? {
        let allowed = BackgroundRefresh.shortestInterval...BackgroundRefresh.longestInterval
        switch self {
        case .never: return nil
        case .minimum: return dataInterval.clamped(to: allowed)
        case .every(let seconds): return seconds.clamped(to: allowed)
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
