// Texts a service writes for people (a warning's headline, description, instruction), made into what
// weather prints: no control or hidden formatting characters, blanks as single spaces, and a bounded
// length, cut with "…" rather than refused (an NWS hurricane statement runs to many kilobytes).

extension String {
    /// The text as one line of at most `maximumLength` characters, "…" the last where it was cut: line
    /// breaks, tabs and runs of blanks become one space, other control characters U+FFFD, hidden
    /// formatting characters are dropped (`printable`), and what is left is trimmed; `nil` when nothing is.
    package func oneLine(maximumLength: Int) -> String? {
        guard maximumLength > 0 else { return nil }
        var scalars: [Unicode.Scalar] = []
        var pendingSpace = false
        for scalar in unicodeScalars where !scalar.isHiddenFormatting {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
                continue
            }
            let needed = pendingSpace ? 2 : 1
            guard scalars.count + needed <= maximumLength else {
                if scalars.count == maximumLength { scalars.removeLast() }
                scalars.append("…")
                break
            }
            if pendingSpace { scalars.append(" ") }
            pendingSpace = false
            scalars.append(scalar.isControlCharacter ? "\u{FFFD}" : scalar)
        }
        guard !scalars.isEmpty else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// The text as paragraphs with a blank line between: a blank line (of any line breaks) ends a
    /// paragraph, and the hard line breaks within one, as the NWS writes its texts at 70 columns, become
    /// spaces, so that a terminal can wrap them to its own width. At most `maximumLength` characters in
    /// all; `nil` when nothing is left. What it returns comes back unchanged from it.
    package func paragraphs(maximumLength: Int) -> String? {
        var paragraphs: [String] = []
        var left = maximumLength
        var current: [Substring] = []
        func endParagraph() {
            guard left > 0, let paragraph = current.joined(separator: " ").oneLine(maximumLength: left) else {
                current = []
                return
            }
            paragraphs.append(paragraph)
            left -= paragraph.unicodeScalars.count
            current = []
        }
        for line in split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                endParagraph()
            } else {
                current.append(line)
            }
        }
        endParagraph()
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
    }
}
