import WeatherSources
import WeatherSystem

/// What is written from the settings' descriptors (`Setting.all`): `--help`'s list, and README.md's table
/// between its marker comments (`make docs`; a test fails when it is not current). The man page's
/// ENVIRONMENT, each setting at length, is written by `weather-manual`.
package enum SettingsDocs {
    /// `--help`'s lines of the settings, in the run's language: each variable, then its line from column 31,
    /// wrapped within `width` columns, where ArgumentParser leaves a line of `--help` as it is.
    package static func helpList(width: Int = 79) -> String {
        Setting.all.map { entry("  " + $0.variable, translation(of: $0.words.help), width: width) }
            .joined(separator: "\n")
    }

    /// `--help`'s lines of each supplement's file (the air's `air.txt`), in the run's language, below its
    /// other files: written from the registry, so that a new supplement is listed by itself.
    package static func supplementFiles(width: Int = 79) -> String {
        SourceRegistry.supplements.map {
            entry("  $XDG_CACHE_HOME/weather/" + $0.fileName, $0.fileHolds(), width: width)
        }.joined(separator: "\n")
    }

    /// `--help`'s credits of the supplements, after the forecast's and the warnings': each one's as the
    /// text's last line gives it, wrapped within `width`.
    package static func supplementCredits(width: Int = 79) -> String {
        SourceRegistry.supplements.map { entry("", $0.credit() + ".", width: width, indent: 0) }
            .joined(separator: "\n")
    }

    /// `term`, then `words` from column `indent` (on a line of their own when the term leaves no room),
    /// wrapped within `width` columns.
    static func entry(_ term: String, _ words: String, width: Int, indent: Int = 31) -> String {
        var lines: [String] = []
        var line = term
        if line.count + 1 > indent, !line.isEmpty {
            lines.append(line)
            line = ""
        }
        line += String(repeating: " ", count: max(0, indent - line.count))
        var empty = true
        for word in words.split(separator: " ") {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The comments README.md's table of settings stands between, a line each.
    package static let tableStart =
        "<!-- settings: written by make docs from Sources/WeatherSystem/Settings; edit there -->"
    package static let tableEnd = "<!-- end of settings -->"

    /// The table's Markdown, in English: a setting a line, as `--help` has it (the man page has each at length).
    package static var table: String {
        var rows = ["| variable | `config.json` key | default | meaning |", "|---|---|---|---|"]
        for setting in Setting.all {
            let cells = ["`\(setting.variable)`", "`\(setting.key)`", defaultCell(setting), setting.words.help]
            rows.append("| " + cells.joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }

    /// A setting's default in a cell: a value as code, words as they are; an endpoint's is the man page's.
    private static func defaultCell(_ setting: Setting) -> String {
        if let value = setting.defaultValue {
            return value.hasPrefix("https://") ? "the service's (`man weather`)" : "`" + value + "`"
        }
        let text = setting.defaultText
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count > 1 { return "`" + text.dropFirst().dropLast() + "`" }
        return text
    }

    /// `document` with its table written anew between its marker lines; `nil` when it has none, or no end.
    package static func updated(_ document: String) -> String? {
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: tableStart), let end = lines[start...].firstIndex(of: tableEnd) else {
            return nil
        }
        lines.replaceSubrange((start + 1)..<end, with: [table])
        return lines.joined(separator: "\n")
    }
}
