/// How text is decorated: plain for pipes and `NO_COLOR`, ANSI colours for a terminal.
public enum TextStyle: Sendable, Equatable {
    case plain
    case color

    /// Colour only when `console` is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    init(console: any Console, environment: Environment) {
        let wanted = console.isTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        self = wanted ? .color : .plain
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func warning(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        self == .color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
