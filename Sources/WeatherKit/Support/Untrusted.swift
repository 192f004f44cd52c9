/// The rules for values that come from outside (a server, a file, the environment, the command line):
/// numbers convert without trapping, and text reaches a terminal without control characters.

extension Int {
    /// `value` rounded toward zero and clamped to what an `Int` holds; `NaN` is 0. For printing and
    /// arithmetic on values that were range-checked where they entered, so that a value that slipped
    /// through prints as a large number instead of stopping the program.
    init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = Int.max
        } else if value <= -9.2e18 {
            self = Int.min
        } else {
            self = Int(value)
        }
    }
}

extension Double {
    /// The value limited to `range`; `NaN` becomes the lower bound.
    func clamped(to range: ClosedRange<Double>) -> Double {
        isNaN ? range.lowerBound : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

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

    /// The text with every terminal control character replaced by U+FFFD, so that what a server or a
    /// file says can be printed without moving the cursor, retitling the window or clearing the screen.
    public var printable: String {
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
    package var containsControlCharacters: Bool { String(self).containsControlCharacters }
    /// `String.printable` for a part of a string.
    public var printable: String { String(self).printable }
}
