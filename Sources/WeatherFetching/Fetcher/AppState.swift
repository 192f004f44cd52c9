/// Whether someone is looking, as iOS's `UIApplication.State`; it decides whether a stale result is fetched.
package enum AppState: String, Sendable, Equatable {
    /// A person at a terminal: stdout is a TTY. A stale result is refreshed before it is shown.
    case active
    /// A status bar or a script reading a pipe: served from the cache, never the network.
    case inactive
    /// Woken by the timer (`weather refresh`): nobody is looking, and a stale result is fetched.
    case background

    /// Whether a run in this state fetches a result that is missing or stale: everywhere but in a pipe.
    package var fetchesWhenStale: Bool { self != .inactive }
}
