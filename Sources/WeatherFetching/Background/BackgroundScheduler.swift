package import WeatherModel

extension BackgroundScheduler {
    /// Seconds between runs for `interval` (`FetchInterval.seconds(dataInterval:)`); `nil` for `.never`.
    package func seconds(for interval: FetchInterval) -> Double? {
        interval.seconds(dataInterval: dataInterval)
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

    /// When the system last started a background run, from which it schedules the next ones (after a
    /// run that caught up on waking, the clock time it stood in for is not run again); `nil` when it
    /// never ran or cannot say. Asked when a result is saved, for its overdue moment.
    func lastTrigger() -> Timestamp?
}
