// Text from outside (a server, a file, the environment, the command line) reaches a terminal without
// control characters and without invisible formatting characters: the one rule for what weather prints.

extension Unicode.Scalar {
    /// Whether the scalar is a terminal control character: C0 (including tab and line breaks), DEL or C1.
    package var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Whether the scalar is an invisible character that rearranges or breaks what is around it: the
    /// bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E,
    /// U+2066-U+2069), which can make a terminal show columns or words in another order; the line and
    /// paragraph separators (U+2028, U+2029), on which Pango, and so waybar, breaks lines; and the
    /// zero-width space, word joiner, invisible operators, byte order mark and interlinear annotation
    /// marks (U+200B, U+2060-U+2064, U+FEFF, U+FFF9-U+FFFB). The zero-width joiner and non-joiner
    /// (U+200C, U+200D), which emoji and some scripts need, are not among them.
    package var isHiddenFormatting: Bool {
        switch value {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF,
            0xFFF9...0xFFFB:
            true
        default: false
        }
    }
}

extension String {
    /// Whether the text holds any terminal control character (C0, DEL or C1) or invisible formatting
    /// character (`Unicode.Scalar.isHiddenFormatting`): what a name, a setting or a format may not hold.
    package var containsControlCharacters: Bool {
        var text = self
        return text.withUTF8 { Self.containsControlCharacters($0) }
    }

    /// Whether the UTF-8 `bytes` hold any terminal control character or invisible formatting character
    /// (`containsControlCharacters`), line feeds aside when `keepingLineFeeds`.
    @inlinable
    package static func containsControlCharacters(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineFeeds: Bool = false)
        -> Bool
    {
        // C0 and DEL are single bytes in UTF-8; C1 characters are 0xC2 followed by 0x80...0x9F; the
        // formatting characters are two or three bytes after 0xD8, 0xE2 or 0xEF. Only those leads cost
        // a second look.
        let count = bytes.count
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return false }
        var index = 0
        while index < count {
            // Printable ASCII, nearly every byte: eight at a time, as long as all eight are (a byte under
            // 0x20, by the borrow it leaves; one over 0x7E, by the carry or its own top bit).
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let under = (word &- 0x2020_2020_2020_2020) & ~word
                let over = (word &+ 0x0101_0101_0101_0101) | word
                guard (under | over) & 0x8080_8080_8080_8080 == 0 else { break }
                index += 8
            }
            guard index < count else { return false }
            let byte = bytes[index]
            if byte &- 0x20 < 0x5F {
                index += 1
                continue
            }
            if byte < 0x20 && !(keepingLineFeeds && byte == 0x0A) || byte == 0x7F { return true }
            if byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF {
                let second = index + 1 < count ? bytes[index + 1] : 0
                let third = index + 2 < count ? bytes[index + 2] : 0
                switch byte {
                case 0xC2: if (0x80...0x9F).contains(second) { return true }
                case 0xD8: if second == 0x9C { return true }
                case 0xE2:
                    if second == 0x80,
                        third == 0x8B || third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)
                    {
                        return true
                    }
                    if second == 0x81, (0xA0...0xA4).contains(third) || (0xA6...0xA9).contains(third) {
                        return true
                    }
                default:
                    if second == 0xBB && third == 0xBF || second == 0xBF && (0xB9...0xBB).contains(third) {
                        return true
                    }
                }
            }
            index += 1
        }
        return false
    }

    /// Whether the text holds a space or any other blank: ASCII ones by their bytes, others (a no-break
    /// space, an ideographic space) by their Unicode properties, looked up only for non-ASCII text.
    package var containsWhitespace: Bool {
        utf8.contains(UInt8(ascii: " "))
            || utf8.contains(where: { $0 >= 0x80 })
                && unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// The text with every terminal control character replaced by U+FFFD, so that what a server or a
    /// file says can be printed without moving the cursor, retitling the window or clearing the screen;
    /// and without its invisible formatting characters, so that it cannot reorder what is printed
    /// around it or break a status bar's line. (Invisible, they are dropped rather than shown as U+FFFD.)
    package var printable: String {
        guard containsControlCharacters else { return self }
        return printable(keepingLineFeeds: false)
    }

    /// `printable`, line feeds kept when `keepingLineFeeds`: for text of several lines from outside, such as
    /// a catalogue's translation of a message of several lines (`--help`'s).
    package func printable(keepingLineFeeds: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars where !scalar.isHiddenFormatting {
            let kept = !scalar.isControlCharacter || keepingLineFeeds && scalar == "\n"
            scalars.append(kept ? scalar : "\u{FFFD}")
        }
        return String(scalars)
    }
}

extension Substring {
    /// `String.containsControlCharacters` for a part of a string.
    package var containsControlCharacters: Bool { String(self).containsControlCharacters }
    /// `String.printable` for a part of a string.
    package var printable: String { String(self).printable }
}

extension String {
    /// The text with `&`, `<` and `>` as entities: Pango markup, which waybar reads in a module's text and
    /// tooltip, takes "Trinidad & Tobago" for a broken entity and drops the whole label.
    package var markupEscaped: String {
        escaping(Self.markup) { byte, output in
            output += (byte == UInt8(ascii: "&") ? "&amp;" : byte == UInt8(ascii: "<") ? "&lt;" : "&gt;").utf8
        }
    }

    /// What `markupEscaped` escapes.
    private static let markup = SpecialBytes("&<>")
}
