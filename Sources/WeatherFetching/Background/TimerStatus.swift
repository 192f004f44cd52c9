package import WeatherModel

/// The state of the timer that wakes `weather refresh`.
package struct TimerStatus: Sendable, Equatable {
    /// Whether the timer's unit file is written.
    package var installed: Bool
    /// Whether it starts with the user's session (`enabled`).
    package var enabled: Bool
    /// Whether it is running now (`active`).
    package var active: Bool
    /// When it fires next, if it will.
    package var nextRun: Timestamp?
    /// When it fired last, if it has.
    package var lastRun: Timestamp?

    package init(installed: Bool, enabled: Bool, active: Bool, nextRun: Timestamp? = nil, lastRun: Timestamp? = nil) {
        self.installed = installed
        self.enabled = enabled
        self.active = active
        self.nextRun = nextRun
        self.lastRun = lastRun
    }
}
