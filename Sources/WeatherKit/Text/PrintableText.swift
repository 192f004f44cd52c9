// Text from outside (a server, a file, the environment, the command line) reaches a terminal without
// control characters: the one rule for what weather prints.

extension Unicode.Scalar {
    /// Whether the scalar is a terminal control character: C0 (including tab and line breaks), DEL or C1.
    var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}

extension String {
    /// Whether the text holds any terminal control character (C0, DEL or C1).
    package var containsControlCharacters: Bool {
        var text = self
        return text.withUTF8 { bytes in
            // C0 and DEL are single bytes in UTF-8; C1 characters are 0xC2 followed by 0x80...0x9F.
            var afterC2 = false
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
                afterC2 = byte == 0xC2
            }
            return false
        }
    }

    /// Whether the text holds a space or any other blank: ASCII ones by their bytes, others (a no-break
    /// space, an ideographic space) by their Unicode properties, looked up only for non-ASCII text.
    package var containsWhitespace: Bool {
        utf8.contains(UInt8(ascii: " "))
            || utf8.contains(where: { $0 >= 0x80 })
                && unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// The text with every terminal control character replaced by U+FFFD, so that what a server or a
    /// file says can be printed without moving the cursor, retitling the window or clearing the screen.
    var printable: String {
        guard containsControlCharacters else { return self }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            scalars.append(scalar.isControlCharacter ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}

extension Substring {
    /// `String.containsControlCharacters` for a part of a string.
    var containsControlCharacters: Bool { String(self).containsControlCharacters }
    /// `String.printable` for a part of a string.
    var printable: String { String(self).printable }
}

extension String {
    /// The text with `&`, `<` and `>` as entities: Pango markup, which waybar reads in a module's text and
    /// tooltip, takes "Trinidad & Tobago" for a broken entity and drops the whole label.
    var markupEscaped: String {
        var text = self
        // The string's own bytes: through String's indices the scan costs ten times more.
        guard
            text.withUTF8({
                $0.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
            })
        else { return self }
        var escaped = ""
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
