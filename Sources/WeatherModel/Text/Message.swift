/// Words for people, kept as their English format and its values until they are printed, where WeatherSystem
/// puts them in the user's language (`Message.translated`, through the gettext catalogue). The values stay
/// values: no I/O here, and a message's English, `description`, is what files and tests compare.
///
/// The format holds printf's placeholders as gettext knows them, so that `msgfmt --check` holds each
/// translation to them: `%s` (text), `%d` (a whole number), and `%1$s`, `%2$d`, ... where a translation
/// may put them in another order; `%%` is a percent sign. `make pot` collects every format written as a
/// literal in `Message(...)`, `english(...)`, `tr(...)` and `trn(...)` into `po/weather.pot`.
package struct Message: Sendable, Equatable, CustomStringConvertible {
    /// The English format: the catalogue's `msgid`.
    package var format: String
    /// The English format for any count but one (`msgid_plural`), for a message about `count` things.
    package var pluralFormat: String?
    /// What the plural form is chosen by.
    package var count: Int
    /// The values of the placeholders, in order, as text.
    package var arguments: [String]

    /// A message of `format` and the values of its placeholders.
    package init(_ format: String, _ arguments: String...) {
        self.format = format
        pluralFormat = nil
        count = 1
        self.arguments = arguments
    }

    /// A message about `count` things: `one` for one of them, `other` for any other count, as English
    /// has it; a translation has as many forms as its language (Polish, Czech and Ukrainian three).
    package init(one: String, other: String, count: Int, _ arguments: String...) {
        format = one
        pluralFormat = other
        self.count = count
        self.arguments = arguments
    }

    /// The message in English.
    package var description: String {
        Self.fill(count == 1 || pluralFormat == nil ? format : pluralFormat!, with: arguments)
    }

    /// `format` with its placeholders replaced by `arguments`: `%s` and `%d` take the next one, `%2$s`
    /// the second, `%%` is a percent sign. A placeholder without a value (a damaged translation) prints
    /// nothing, and anything else after a `%` prints as it is: the format may come from a catalogue.
    package static func fill(_ format: String, with arguments: [String]) -> String {
        guard format.utf8.contains(UInt8(ascii: "%")) else { return format }
        var format = format
        return format.withUTF8 { fill($0, with: arguments) }
    }

    /// The format in `format`'s bytes (a catalogue's translation, as the C library hands it over) filled
    /// with `arguments`, as `fill(_:with:)` does; bytes that are not UTF-8 print as U+FFFD.
    package static func fill(_ format: UnsafeBufferPointer<UInt8>, with arguments: [String]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(format.count + 24 * arguments.count)
        var next = 0
        var start = 0
        var index = 0
        while index < format.count {
            guard format[index] == UInt8(ascii: "%"), index + 1 < format.count else {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: format[start..<index]))
            var scan = index + 1
            if format[scan] == UInt8(ascii: "%") {
                bytes.append(UInt8(ascii: "%"))
                index = scan + 1
                start = index
                continue
            }
            // `%s`, `%d`, or `%N$s`, `%N$d` with N of one or two digits.
            var position: Int?
            while scan < format.count, scan - index <= 2, (0x30...0x39).contains(format[scan]) {
                position = (position ?? 0) * 10 + Int(format[scan] - 0x30)
                scan += 1
            }
            if position != nil, scan < format.count, format[scan] == UInt8(ascii: "$") { scan += 1 }
            let isPlaceholder =
                (position == nil || format[scan - 1] == UInt8(ascii: "$")) && scan < format.count
                && (format[scan] == UInt8(ascii: "s") || format[scan] == UInt8(ascii: "d"))
            guard isPlaceholder else {
                // Not a placeholder: the `%` prints as it is, and what follows it as text.
                start = index
                index += 1
                continue
            }
            let argument = position.map { $0 - 1 } ?? next
            if arguments.indices.contains(argument) { bytes.append(contentsOf: arguments[argument].utf8) }
            next = argument + 1
            index = scan + 1
            start = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: format[start...]))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `text`, English words people read, marked for the catalogue (`make pot` collects them) where they are
/// also data: a weather code's words are `condition` in `--json`, in English, and in the user's language
/// where people read them (`translation(of:)` in WeatherSystem).
@inline(__always)
package func english(_ text: String) -> String { text }
