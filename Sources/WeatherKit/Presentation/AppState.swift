import Glibc

/// Whether someone is looking, as iOS's `UIApplication.State`.
public enum AppState: String, Sendable, Equatable {
    /// A person at a terminal: stdout is a TTY. A stale result is refreshed before it is shown.
    case active
    /// A status bar or a script reading a pipe: served from the cache, never the network.
    case inactive
    /// Woken by the timer to fetch (`weather refresh`).
    case background

    /// `active` when stdout is a terminal, otherwise `inactive`.
    public static func foreground() -> AppState {
        isatty(STDOUT_FILENO) == 1 ? .active : .inactive
    }
}
