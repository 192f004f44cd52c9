// The small text helpers weather needs without Foundation: trimming, padding, joining, numbers as text.

extension String {
    /// The string with spaces after it up to `width` characters.
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// The string with zeros in front up to `width` characters.
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension RawRepresentable where RawValue == String {
    /// The value named `text` in any letter case (`Imperial`, `IMPERIAL`), for choices whose names are
    /// lower case: every enumerated setting and option. The name as written is tried first, so that
    /// the common case costs one comparison.
    package init?(anyCase text: String) {
        guard let value = Self(rawValue: text) ?? Self(rawValue: text.lowercased()) else { return nil }
        self = value
    }
}

extension Array where Element == String {
    /// The strings one after another with `separator` between. The standard `joined(separator:)` is
    /// generic code the compiler cannot specialize, and its first call in a process spends more on
    /// runtime type lookups than `weather show` spends on everything it prints.
    package func joinedText(_ separator: String) -> String {
        var text = ""
        for (index, part) in enumerated() {
            if index > 0 { text += separator }
            text += part
        }
        return text
    }
}

extension StringProtocol {
    /// Whether `text` occurs in this text, byte for byte. The standard library's `contains(_:)` for a
    /// string lives in _StringProcessing, which the release build leaves out: its regular-expression engine
    /// would cost every start 2,000 relocations (see the Makefile's `build`).
    public func includes(_ text: some StringProtocol) -> Bool {
        let haystack = Array(utf8)
        let needle = Array(text.utf8)
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// The text without spaces, tabs and line breaks at either end.
    package func trimmingWhitespace() -> String {
        // Most texts have nothing to trim: an ASCII letter, digit or sign at each end says so from two
        // bytes, where finding the first and last characters costs grapheme breaking (refresh trims every
        // header line: 200,000 instructions).
        // ASCII blanks (a header line's "\r\n") are dropped byte by byte; only text that then begins or
        // ends with a byte beyond ASCII, which may be a space of Unicode's, is looked at by characters.
        var text = String(self)
        let bytes = text.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        if start != bytes.startIndex || end != bytes.endIndex { text = String(text[start..<end]) }
        guard let first = text.utf8.first, let last = text.utf8.last else { return "" }
        if first < 0x80 && last < 0x80 { return text }
        guard let from = text.firstIndex(where: { !$0.isWhitespace }),
            let to = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[from...to])
    }
}

extension Double {
    /// `100` rather than `100.0`, for the bounds of a range in messages.
    package var shortText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}

extension String {
    /// The text with its first letter in upper case (ASCII letters without Unicode's case tables).
    package var capitalizedFirst: String {
        guard let first = utf8.first else { return self }
        guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return self.first.map { $0.uppercased() + String(dropFirst()) } ?? self
        }
        return String(UnicodeScalar(first - 32)) + String(dropFirst())
    }
}

extension Double {
    /// The value with exactly `decimals` decimals, rounded half away from zero: `52.5244`; after
    /// `decimalMark` (a locale's: `52,5244`) when given.
    package func fixed(decimals: Int, decimalMark: String? = nil) -> String {
        var bytes: [UInt8] = []
        appendFixed(decimals: decimals, decimalMark: decimalMark, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `fixed(decimals:decimalMark:)`, written at the end of `bytes`.
    package func appendFixed(decimals: Int, decimalMark: String? = nil, to bytes: inout [UInt8]) {
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (self * Double(scale)).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else {
            bytes += String(self).utf8
            return
        }
        let units = Int64(scaled)
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        CivilTime.append(Int(units.magnitude / scale), width: 1, to: &bytes)
        guard decimals > 0 else { return }
        if let decimalMark { bytes.append(contentsOf: decimalMark.utf8) } else { bytes.append(UInt8(ascii: ".")) }
        CivilTime.append(Int(units.magnitude % scale), width: decimals, to: &bytes)
    }
}

extension UInt8 {
    package var isASCIIWhitespace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\n") || self == UInt8(ascii: "\r")
            || self == UInt8(ascii: "\t")
    }
}

extension StringProtocol {
    /// The text without `characters` at either end.
    package func trimmingCharacters(in characters: String) -> String {
        guard let first = firstIndex(where: { !characters.contains($0) }),
            let last = lastIndex(where: { !characters.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}
