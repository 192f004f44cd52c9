package import WeatherModel

/// The state of the timer that wakes `weather refresh`.
package struct TimerStatus: Sendable, Equatable {
    /// Whether the timer's unit file is written.
    var installed: Bool
    /// Whether it starts with the user's session (`enabled`).
    var enabled: Bool
    /// Whether it is running now (`active`).
    var active: Bool
    /// When it fires next, if it will.
    var nextRun: Timestamp?
    /// When it fired last, if it has.
    var lastRun: Timestamp?

    package init(installed: Bool, enabled: Bool, active: Bool, nextRun: Timestamp? = nil, lastRun: Timestamp? = nil) {
        self.installed = installed
        self.enabled = enabled
        self.active = active
        self.nextRun = nextRun
        self.lastRun = lastRun
    }
}
