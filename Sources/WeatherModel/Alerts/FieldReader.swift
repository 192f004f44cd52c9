import Glibc

/// Reads a file of lines of fields separated by tabs, such as the warnings file (`SavedAlerts`): one
/// field at a time, by index into the bytes, each line's first field a key.
package struct FieldReader {
    private let bytes: [UInt8]
    private var index = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The keys a line of the warnings file begins with.
    package enum Key {
        case source, place, language, checked, fresh, header, failure, alert, event
    }

    /// Whether every line has been read.
    package var atEnd: Bool { index >= bytes.count }

    /// Whether the next line is exactly `text` (and then reads it).
    package mutating func line(equals text: StaticString) -> Bool {
        let end = fieldEnd()
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\n"), matches(index..<end, text) else { return false }
        index = end + 1
        return true
    }

    /// Whether the bytes in `range` are `word`'s, compared byte by byte (a generic `elementsEqual` of a
    /// slice and a string's UTF-8 view costs ten times as much).
    private func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { word in
            guard word.count == range.count else { return false }
            var offset = 0
            while offset < word.count {
                guard bytes[range.lowerBound + offset] == word[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// The key that begins the next line; `nil` for a line that begins otherwise.
    package mutating func key() -> Key? {
        let end = fieldEnd()
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\t") else { return nil }
        defer { index = end + 1 }
        let range = index..<end
        switch (range.count, bytes[index]) {
        case (6, UInt8(ascii: "s")): return matches(range, "source") ? .source : nil
        case (5, UInt8(ascii: "p")): return matches(range, "place") ? .place : nil
        case (8, UInt8(ascii: "l")): return matches(range, "language") ? .language : nil
        case (7, UInt8(ascii: "c")): return matches(range, "checked") ? .checked : nil
        case (5, UInt8(ascii: "f")): return matches(range, "fresh") ? .fresh : nil
        case (6, UInt8(ascii: "h")): return matches(range, "header") ? .header : nil
        case (7, UInt8(ascii: "f")): return matches(range, "failure") ? .failure : nil
        case (5, UInt8(ascii: "a")): return matches(range, "alert") ? .alert : nil
        case (5, UInt8(ascii: "e")): return matches(range, "event") ? .event : nil
        default: return nil
        }
    }

    /// The next field of the line, as text, followed by a tab; `nil` at the line's end.
    package mutating func field() -> String? {
        let end = fieldEnd()
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\t") else { return nil }
        defer { index = end + 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// The line's last field, as text, followed by the line's end; `nil` when another field follows.
    package mutating func lastField() -> String? {
        let end = fieldEnd()
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\n") else { return nil }
        defer { index = end + 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// Passes over the rest of the line; whether it ended. By `memchr`, many bytes at a time: the lines
    /// passed over are a warning's headline and instruction, up to a few kilobytes, which a loop over the
    /// bytes took four instructions each to pass.
    package mutating func skipLine() -> Bool {
        let next = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard index < buffer.count, let start = buffer.baseAddress,
                let newline = memchr(start + index, Int32(UInt8(ascii: "\n")), buffer.count - index)
            else { return nil }
            return UnsafeRawPointer(start).distance(to: UnsafeRawPointer(newline)) + 1
        }
        guard let next else {
            index = bytes.count
            return false
        }
        index = next
        return true
    }

    /// The rest of the line, tabs and all.
    package mutating func restOfLine() -> String? {
        guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        defer { index = end + 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// The next field as a text of at most `maximumLength` characters, made printable; the line's last
    /// when `last`. `nil` when it is longer, or not where it should be.
    package mutating func text(maximumLength: Int, last: Bool) -> String? {
        guard let text = last ? lastField() : field() else { return nil }
        // Counting bytes first: counting characters is the slow part, and short texts never need it.
        guard text.utf8.count <= maximumLength || text.unicodeScalars.count <= maximumLength else { return nil }
        return text.printable
    }

    /// The next field as whole seconds since 1970 within the years 1 to 9999; the line's last when `last`.
    package mutating func moment(last: Bool) -> Timestamp? {
        let end = fieldEnd()
        guard end < bytes.count, bytes[end] == UInt8(ascii: last ? "\n" : "\t") else { return nil }
        defer { index = end + 1 }
        return Self.seconds(bytes[index..<end])
    }

    /// The next field as an optional moment, into `moment`: empty for none. Whether it was either.
    package mutating func optionalMoment(into moment: inout Timestamp?) -> Bool {
        let end = fieldEnd()
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\t") else { return false }
        defer { index = end + 1 }
        guard end > index else { return true }
        moment = Self.seconds(bytes[index..<end])
        return moment != nil
    }

    /// Where the field that starts at `index` ends: at the next tab or line break, or the end.
    private func fieldEnd() -> Int {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\t"), bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    /// Decimal seconds, with a sign when negative, within the years 1 to 9999.
    private static func seconds(_ digits: ArraySlice<UInt8>) -> Timestamp? {
        var digits = digits
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard let value = digits.decimalField else { return nil }
        return Timestamp(checkingSecondsSince1970: Double(negative ? -value : value))
    }
}
