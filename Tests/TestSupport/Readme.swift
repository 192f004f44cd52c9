import Foundation

/// The recipes of README.md, as the tests that try them read them: the code blocks (fences) after given lines.
public enum Readme {
    /// README.md's path.
    public static let path = TestPaths.repository + "/README.md"

    /// The contents of the ```language fence that opens within `within` lines after the one line of README.md
    /// starting with `label` (1: on the next line), without its fence lines. Throws, saying what is
    /// missing, when there is no such line or more than one, no such fence, or an empty or unclosed one.
    public static func fence(after label: String, language: String, within: Int = 1) throws -> String {
        guard let readme = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw TestFailure("cannot read \(path)")
        }
        let lines = readme.components(separatedBy: "\n")
        let labels = lines.indices.filter { lines[$0].hasPrefix(label) }
        guard labels.count == 1, let labelLine = labels.first else {
            throw TestFailure(
                "README.md has \(labels.count) lines starting with \(label); the tests want one, followed by "
                    + "a ```\(language) fence")
        }
        let window = (labelLine + 1)..<min(labelLine + 1 + max(within, 1), lines.count)
        guard let open = window.first(where: { lines[$0].hasPrefix("```") }), lines[open] == "```" + language
        else {
            throw TestFailure(
                "README.md: no ```\(language) fence within \(within) line(s) after the line starting with \(label)")
        }
        guard let close = lines[(open + 1)...].firstIndex(of: "```") else {
            throw TestFailure("README.md: the ```\(language) fence after \(label) is never closed")
        }
        let body = lines[(open + 1)..<close].joined(separator: "\n")
        guard !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw TestFailure("README.md: the ```\(language) fence after \(label) is empty")
        }
        return body
    }
}
