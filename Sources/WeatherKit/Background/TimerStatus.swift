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
