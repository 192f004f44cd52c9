import WeatherModel

extension String {
    /// How many terminal columns the text takes, as terminals count (`wcwidth`): none for ANSI colour
    /// sequences, combining marks, joiners and variation selectors; two for wide East Asian characters and
    /// emoji; one for the rest.
    package var terminalColumns: Int {
        var columns = 0
        var inEscape = false
        var previousWasNarrowSymbol = false
        for scalar in unicodeScalars {
            if inEscape {
                inEscape = !(0x40...0x7E).contains(scalar.value) || scalar == "["
                continue
            }
            switch scalar.value {
            case 0x1B:
                inEscape = true
            case 0xFE0F:
                // An emoji presentation selector widens the symbol before it (☀️, ☁️).
                if previousWasNarrowSymbol { columns += 1 }
            case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0E, 0x20D0...0x20FF:
                break
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
                columns += 2
            default:
                columns += scalar.properties.isEmojiPresentation ? 2 : 1
            }
            previousWasNarrowSymbol = (0x2000...0x2BFF).contains(scalar.value) && !scalar.properties.isEmojiPresentation
        }
        return columns
    }

    /// The text cut to at most `columns` terminal columns, ending in "…" where it was cut.
    package func truncated(toColumns columns: Int) -> String {
        guard terminalColumns > columns else { return self }
        var kept = ""
        for character in self {
            guard (kept + String(character)).terminalColumns < columns else { break }
            kept.append(character)
        }
        return columns > 0 ? kept + "…" : ""
    }
}

extension Array where Element == String {
    /// The words with a space between, in lines of at most `columns` terminal columns, a word wider than
    /// that alone on its line: what a terminal shows of a sentence, without breaking a word.
    package func wrapped(toColumns columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in self {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.terminalColumns > columns, !line.isEmpty {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines
    }
}

extension String {
    /// The text in lines of at most `columns` terminal columns, broken at spaces (`Array.wrapped`).
    package func wrapped(toColumns columns: Int) -> [String] {
        split(separator: " ").map(String.init).wrapped(toColumns: columns)
    }
}

extension String {
    /// The text with each line wider than `columns` terminal columns broken between its clauses, after a
    /// ", " or before a " · " (the separators stay at the end of the line they close), its further lines
    /// indented by two spaces; a clause wider than a line alone is broken between words, never inside one.
    /// The text of `show` in a terminal: lines that fit stay as they are.
    package func brokenBetweenClauses(toColumns columns: Int) -> String {
        let indent = "  "
        var lines: [String] = []
        for line in split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.terminalColumns > columns else {
                lines.append(line)
                continue
            }
            var pieces: [String] = []
            var current = ""
            for clause in Self.clauses(of: line) {
                let candidate = current.isEmpty ? clause : current + " " + clause
                if current.isEmpty || ((pieces.isEmpty ? "" : indent) + candidate).terminalColumns <= columns {
                    current = candidate
                } else {
                    pieces.append(current)
                    current = clause
                }
            }
            pieces.append(current)
            for (index, piece) in pieces.enumerated() {
                let first = index == 0 ? "" : indent
                guard (first + piece).terminalColumns > columns else {
                    lines.append(first + piece)
                    continue
                }
                let words = piece.wrapped(toColumns: max(1, columns - indent.count))
                lines += words.enumerated().map { ($0.offset == 0 ? first : indent) + $0.element }
            }
        }
        return lines.joinedText("\n")
    }

    /// The clauses of `line`: its text cut after each ", " and before each " · ", each clause keeping the
    /// separator's comma or dot and losing its space.
    private static func clauses(of line: String) -> [String] {
        var clauses: [String] = []
        var clause = ""
        var rest = line[...]
        while let character = rest.first {
            if rest.hasPrefix(", ") {
                clauses.append(clause + ",")
                clause = ""
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix(" · ") {
                clauses.append(clause + " ·")
                clause = ""
                rest = rest.dropFirst(3)
            } else {
                clause.append(character)
                rest = rest.dropFirst()
            }
        }
        clauses.append(clause)
        return clauses
    }
}
