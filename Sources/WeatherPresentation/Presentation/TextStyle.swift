import WeatherFetching
import WeatherModel
import WeatherSystem

/// How text is decorated: plain for pipes and `NO_COLOR`, ANSI colours for a terminal.
public enum TextStyle: Sendable, Equatable {
    case plain
    case color

    /// When to colour, as `--color` says.
    public enum Choice: String, Sendable, CaseIterable {
        /// On a terminal, unless `NO_COLOR` holds something or `TERM` is `dumb`.
        case auto
        /// Always, for `less -R` and the like.
        case always
        /// Never.
        case never
    }

    /// The style `choice` gives on `console` in `environment`. `NO_COLOR` counts only when it is not
    /// empty, as no-color.org says.
    init(_ choice: Choice, console: any Console, environment: Environment) {
        switch choice {
        case .always: self = .color
        case .never: self = .plain
        case .auto:
            let wanted =
                console.isTerminal && environment.nonEmpty("NO_COLOR") == nil && environment["TERM"] != "dumb"
            self = wanted ? .color : .plain
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func warning(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        self == .color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
