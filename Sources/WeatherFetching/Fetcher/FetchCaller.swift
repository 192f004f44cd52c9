import WeatherModel

/// Who asks for a request, which decides how a recorded failure is respected (`ServiceBackoffs`).
package enum FetchCaller: Sendable {
    /// Someone looking (a terminal, `--refresh`, a one-off lookup, `search`): a failure of the last
    /// minute is reported, not repeated, unless a person typed the command after it
    /// (`WeatherContext.typedAtTerminal`).
    case foreground
    /// The timer: waits out the pause after failures, as after a refusal.
    case background
    /// `set`, and `refresh --force`: always tries once, but never during a refusal's back-off.
    case set
}
