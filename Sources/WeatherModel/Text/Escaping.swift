// Escaping by what the reader reads. Every reader weather writes for (the shell and cron, systemd's unit
// parser, Pango's markup parser, D-Bus, a URL's query) reads bytes or Unicode scalars, and every character
// it treats specially is ASCII, which UTF-8 never uses inside a longer character. A Swift `Character` is a
// grapheme cluster: a quote followed by a combining accent (U+0301), or after a prepend character (U+0600),
// is one `Character` that equals no quote, so an escaper that compares `Character`s lets the quote through.
// Every escaper, and every check for a character a reader refuses, therefore looks at UTF-8 bytes through
// the two functions here; `EscapingTests` fails when one walks `Character`s.

/// The bytes an escaper rewrites or a check looks for: ASCII characters, and, where a reader takes only a
/// few characters as they are (D-Bus, a URL), every byte of every other character too.
package struct SpecialBytes: Sendable {
    /// One bit per byte value, in four words.
    private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The ASCII `characters`.
    package init(_ characters: StaticString) {
        characters.withUTF8Buffer { for byte in $0 { insert(byte) } }
    }

    /// Every byte but those of the ASCII `characters`: every other ASCII character, and every byte of
    /// every character beyond ASCII.
    package init(allBut characters: StaticString) {
        bits = (~0, ~0, ~0, ~0)
        characters.withUTF8Buffer { for byte in $0 { remove(byte) } }
    }

    private mutating func insert(_ byte: UInt8) {
        precondition(byte < 0x80, "special bytes are named by ASCII characters")
        if byte < 64 { bits.0 |= 1 << UInt64(byte) } else { bits.1 |= 1 << UInt64(byte - 64) }
    }

    private mutating func remove(_ byte: UInt8) {
        precondition(byte < 0x80, "special bytes are named by ASCII characters")
        if byte < 64 { bits.0 &= ~(1 << UInt64(byte)) } else { bits.1 &= ~(1 << UInt64(byte - 64)) }
    }

    /// Whether `byte` is one of them.
    @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        let word =
            switch byte >> 6 {
            case 0: bits.0
            case 1: bits.1
            case 2: bits.2
            default: bits.3
            }
        return word >> UInt64(byte & 63) & 1 == 1
    }
}

extension String {
    /// Whether the text's UTF-8 holds any of `special`: how a check finds a quote or a backslash that a
    /// reader refuses, whatever follows or precedes it.
    package func contains(any special: SpecialBytes) -> Bool {
        utf8.contains { special.contains($0) }
    }

    /// The text with each byte of `special` rewritten by `escape`, which appends what stands for it to the
    /// output so far (and may look at it: cron's rule depends on the byte before); every other byte, those
    /// of characters beyond ASCII included, is copied as it is. The text itself when it holds none, so
    /// that text without special characters costs one pass over its bytes.
    package func escaping(_ special: SpecialBytes, _ escape: (_ byte: UInt8, _ output: inout [UInt8]) -> Void)
        -> String
    {
        var text = self
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { special.contains($0) }) else { return self }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output.append(contentsOf: bytes[..<first])
            for byte in bytes[first...] {
                if special.contains(byte) { escape(byte, &output) } else { output.append(byte) }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
