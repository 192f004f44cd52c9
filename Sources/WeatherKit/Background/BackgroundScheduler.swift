extension BackgroundScheduler {
    /// Seconds between runs for `interval`; `nil` for `.never`. Always from 5 minutes to 7 days, whatever
    /// the source: a server's `current.interval` of 1 second, or a schedule file written by hand, cannot
    /// make the timer fire more often than `weather schedule` allows.
    package func seconds(for interval: FetchInterval) -> Double? {
        let allowed = BackgroundRefresh.shortestInterval...BackgroundRefresh.longestInterval
        switch interval {
        case .never: return nil
        case .minimum: return dataInterval.clamped(to: allowed)
        case .every(let seconds): return seconds.clamped(to: allowed)
        }
    }
}

/// Turns background fetching on, off, or to another interval: the one place that does.
package protocol BackgroundScheduler: Sendable {
    /// The data's update interval in seconds: what `.minimum` means.
    var dataInterval: Double { get }

    /// Sets how often the system runs `weather refresh`; `.never` switches background fetching off.
    func setMinimumBackgroundFetchInterval(_ interval: FetchInterval) throws(WeatherError)

    /// What the system says about the schedule; when no scheduler runs, the error holds the crontab line
    /// that would run `interval` instead.
    func status(interval: FetchInterval) throws(WeatherError) -> TimerStatus
}
