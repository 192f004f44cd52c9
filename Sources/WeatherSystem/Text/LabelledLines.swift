import WeatherModel

/// Lines under labels, their values in one column: `weather schedule`'s report. Each label is in the
/// user's language, so the column starts after the widest label of the whole set (the labels a report
/// can show, not only those it shows), and `gap` spaces.
///
///     Interval: every 30 min
///     Timer:    weather-refresh.timer, active, enabled
///               (a line of the value above)
package struct LabelledLines {
    private let width: Int
    package private(set) var lines: [String] = []

    /// Lines whose values start `gap` columns after the widest of `labels`.
    package init(labels: [String], gap: Int) {
        width = (labels.map(\.terminalColumns).max() ?? 0) + gap
    }

    /// `value` after `label`; each further line of `value` indented to the value's column.
    package mutating func add(_ label: String, _ value: String) {
        let valueLines = value.split(separator: "\n", omittingEmptySubsequences: false)
        lines.append(label + String(repeating: " ", count: max(1, width - label.terminalColumns)) + valueLines[0])
        for line in valueLines.dropFirst() { indent(String(line)) }
    }

    /// `value` in the values' column, under the line before.
    package mutating func indent(_ value: String) {
        lines.append(String(repeating: " ", count: width) + value)
    }

    /// `line` as it is, from the first column: a crontab line, to be copied whole.
    package mutating func add(line: String) {
        lines.append(line)
    }

    package var text: String { lines.joinedText("\n") }
}
