import Glibc

/// How text is decorated: plain for pipes and `NO_COLOR`, ANSI colours for a terminal.
public enum TextStyle: Sendable, Equatable {
    case plain
    case color

    /// Colour only when stdout is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    public static func forStandardOutput(environment: Environment) -> TextStyle {
        guard isatty(STDOUT_FILENO) == 1, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else {
            return .plain
        }
        return .color
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func warning(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        self == .color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
