/// Writes JSON text directly, member by member: what weather saves and what `show --json` prints.
///
/// jansson reads everything that comes from outside; what weather writes it writes itself, without a tree
/// in between: building one (an enum of arrays of key-value tuples, or jansson's objects) and dumping it
/// cost `weather show --json` more than a tenth of its budget, mostly in generic metadata set up at run time.
///
/// Object members come out in the order they are written; strings as UTF-8 with `"`, `\` and control
/// characters escaped; numbers as the shortest text that reads back as the same `Double`, and `null` for
/// the NaN and infinities JSON has no words for.
package struct JSONWriter {
    /// The text written so far.
    package private(set) var bytes: [UInt8] = []
    private var needsComma = false

    package init() {
        // Room for `show --json` and `--waybar` without growing. Under 1,024 bytes with the array's header:
        // glibc's malloc gives a request that size or larger from its large bins, and tidies up every
        // freed small block first (3,000 instructions in a run of `show`).
        bytes.reserveCapacity(960)
    }

    /// The text as a `String`.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// An object whose members `body` writes.
    package mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// The member `name`, its value an object whose members `body` writes.
    package mutating func object(_ name: String, _ body: (inout JSONWriter) -> Void) {
        key(name)
        object(body)
    }

    /// Writes a member's name; its value comes next.
    package mutating func key(_ name: String) {
        separate()
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// The member `name` with a text value; when `value` is `nil`, nothing, or `null` with `orNull`.
    package mutating func field(_ name: String, _ value: String?, orNull: Bool = false) {
        guard let value else { return absent(name, orNull: orNull) }
        key(name)
        writeString(value)
        needsComma = true
    }

    /// The member `name` with a number; when `value` is `nil`, nothing, or `null` with `orNull`.
    package mutating func field(_ name: String, _ value: Double?, orNull: Bool = false) {
        guard let value else { return absent(name, orNull: orNull) }
        key(name)
        bytes += (value.isFinite ? String(value) : "null").utf8
        needsComma = true
    }

    /// The member `name` with a whole number; when `value` is `nil`, nothing, or `null` with `orNull`.
    package mutating func field(_ name: String, _ value: Int?, orNull: Bool = false) {
        guard let value else { return absent(name, orNull: orNull) }
        key(name)
        bytes += String(value).utf8
        needsComma = true
    }

    /// The member `name` with `true` or `false`; when `value` is `nil`, nothing, or `null` with `orNull`.
    package mutating func field(_ name: String, _ value: Bool?, orNull: Bool = false) {
        guard let value else { return absent(name, orNull: orNull) }
        key(name)
        bytes += (value ? "true" : "false").utf8
        needsComma = true
    }

    /// The member `name` with an array of texts.
    package mutating func array(_ name: String, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            writeString(value)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// The member `name` with an array of objects, each written by one call of `element`.
    package mutating func array<Element>(
        _ name: String, _ elements: [Element], _ element: (inout JSONWriter, Element) -> Void
    ) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for value in elements {
            object { element(&$0, value) }
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// The member `name` with a number, or `null` when there is none.
    package mutating func nullableField(_ name: String, _ value: Double?) { field(name, value, orNull: true) }

    /// The member `name` with a whole number, or `null` when there is none.
    package mutating func nullableField(_ name: String, _ value: Int?) { field(name, value, orNull: true) }

    /// The member `name` with `true` or `false`, or `null` when there is none.
    package mutating func nullableField(_ name: String, _ value: Bool?) { field(name, value, orNull: true) }

    /// The member `name` with a text, or `null` when there is none.
    package mutating func nullableField(_ name: String, _ value: String?) { field(name, value, orNull: true) }

    /// What stands for an absent value: nothing, or with `orNull` the member `name` with `null`.
    private mutating func absent(_ name: String, orNull: Bool) {
        guard orNull else { return }
        key(name)
        bytes += "null".utf8
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func writeString(_ string: String) {
        var string = string
        // The string's own UTF-8 buffer: a byte at a time through String's indices costs ten times more.
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var clean = 0  // bytes from here on that need no escape are copied in one go
            var next = 0
            // By index, not `enumerated()`: waybar's tooltip is hundreds of bytes.
            while next < utf8.count {
                let byte = utf8[next]
                let offset = next
                next += 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes += UnsafeBufferPointer(rebasing: utf8[clean..<offset])
                clean = offset + 1
                // A backslash and a byte each, not the escape's text: appending a string's UTF-8 costs more.
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += "u00".utf8
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                }
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[clean...])
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
