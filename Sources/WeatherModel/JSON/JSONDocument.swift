import CJansson

/// A parsed JSON text: jansson's tree, read in place through `JSONReader` and released with the document.
///
/// Reading does not copy the tree into Swift values: `weather show` reads one small file, and building
/// Swift arrays and enums for it would cost more than parsing it.
package final class JSONDocument: @unchecked Sendable {
    // Never changed after parsing; jansson's reading functions do not modify the tree.
    fileprivate let root: UnsafeMutablePointer<json_t>

    /// Parses a whole text strictly: one object or array, nothing after it, no duplicate keys, no NUL.
    package init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        _ = Self.seeded
        var error = json_error_t()
        let root = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                json_loadb($0.baseAddress, $0.count, size_t(JSON_REJECT_DUPLICATES), &error)
            }
        }
        guard let root else {
            let text = withUnsafeBytes(of: &error.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            throw JSONSyntaxError(text: text, line: Int(error.line), column: Int(error.column))
        }
        self.root = root
    }

    deinit {
        weather_json_release(root)
    }

    /// jansson's hash seed, random as jansson's own (which opens, reads and closes /dev/urandom: three
    /// system calls at every start of `weather show`), from the system generator's one `getrandom`; set
    /// before the first object is made.
    private static let seeded: Void = json_object_seed(Int(UInt32.random(in: 1...UInt32.max)))

    /// A reader at the root.
    package var reader: JSONReader { JSONReader(document: self, node: root, place: .root) }
}

/// Why a text is not the JSON we can read, in jansson's words.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// jansson's description, such as "end of file expected near 'trailing'".
    package var text: String
    /// Where it happened, counted from 1; 0 when jansson could not tell.
    package var line: Int
    package var column: Int

    /// jansson quotes the text near the error, which may be anything: made printable.
    package var description: String {
        (line > 0 ? "line \(line), column \(column): \(text)" : text).printable
    }
}
