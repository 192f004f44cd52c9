import CJansson

/// A value in a parsed `JSONDocument` together with where it was found, so that a decoding error names
/// the field.
package struct JSONReader: @unchecked Sendable {
    /// Keeps the tree alive as long as any reader of it.
    private let document: JSONDocument
    private let node: UnsafeMutablePointer<json_t>
    /// Where the value is, put into words (`path`) only for an error message: reading a response's
    /// hundreds of values builds no text.
    private let place: JSONPath

    /// The field's path from the document's root, such as `results[2].latitude`; empty at the root.
    package var path: String { place.text }

    init(document: JSONDocument, node: UnsafeMutablePointer<json_t>, place: JSONPath) {
        self.document = document
        self.node = node
        self.place = place
    }

    /// The kinds of JSON value.
    package enum Kind: Sendable, Equatable {
        case null, bool, number, string, array, object
    }

    /// What kind of value this is.
    package var kind: Kind {
        switch weather_json_type(node) {
        case JSON_OBJECT: .object
        case JSON_ARRAY: .array
        case JSON_STRING: .string
        case JSON_INTEGER, JSON_REAL: .number
        case JSON_TRUE, JSON_FALSE: .bool
        default: .null
        }
    }

    private func childPath(_ key: String) -> String { JSONPath.member(place, key).text }

    private func mistyped(_ expected: String) -> JSONShapeError {
        .mistyped(path: path.isEmpty ? english("the document") : path, expected: expected, found: kindDescription)
    }

    // MARK: Fields

    /// The member `key`, which must exist (it may be `null`).
    package func field(_ key: String) throws(JSONShapeError) -> JSONReader {
        guard kind == .object else { throw mistyped(english("an object")) }
        guard let member = member(key) else { throw .missing(path: childPath(key)) }
        return JSONReader(document: document, node: member, place: .member(place, key))
    }

    /// The member `key`, or `nil` when it is absent or `null`: services omit empty fields.
    package func optionalField(_ key: String) throws(JSONShapeError) -> JSONReader? {
        guard kind == .object else { throw mistyped(english("an object")) }
        guard let member = member(key), weather_json_type(member) != JSON_NULL else { return nil }
        return JSONReader(document: document, node: member, place: .member(place, key))
    }

    /// Whether the value is an object with a member `key` (of any value).
    package func has(_ key: String) -> Bool {
        kind == .object && member(key) != nil
    }

    /// The object's member `key`. `withCString` hands jansson the string's own bytes (or a copy on the
    /// stack); passing `key` as a C string would copy it into a new array each time.
    private func member(_ key: String) -> UnsafeMutablePointer<json_t>? {
        key.withCString { json_object_get(node, $0) }
    }

    /// The members of an object, in order.
    package func members() throws(JSONShapeError) -> [(key: String, value: JSONReader)] {
        guard kind == .object else { throw mistyped(english("an object")) }
        var members: [(key: String, value: JSONReader)] = []
        var iterator = json_object_iter(node)
        while let current = iterator {
            let key = String(cString: json_object_iter_key(current))
            members.append(
                (key, JSONReader(document: document, node: json_object_iter_value(current), place: .member(place, key)))
            )
            iterator = json_object_iter_next(node, current)
        }
        return members
    }

    // MARK: Values

    /// The value as a number; integers are numbers too.
    package func double() throws(JSONShapeError) -> Double {
        switch weather_json_type(node) {
        case JSON_REAL: return json_real_value(node)
        case JSON_INTEGER: return Double(json_integer_value(node))
        default: throw mistyped(english("a number"))
        }
    }

    /// The value as a whole number; a real with no fraction (such as `900.0`) counts.
    package func int() throws(JSONShapeError) -> Int {
        switch weather_json_type(node) {
        case JSON_INTEGER:
            guard let result = Int(exactly: json_integer_value(node)) else {
                throw .invalid(path: path, reason: Message("is out of range"))
            }
            return result
        case JSON_REAL:
            guard let result = Int(exactly: json_real_value(node)) else { throw mistyped(english("a whole number")) }
            return result
        default:
            throw mistyped(english("a whole number"))
        }
    }

    /// The value as a string.
    package func string() throws(JSONShapeError) -> String {
        guard weather_json_type(node) == JSON_STRING else { throw mistyped(english("a string")) }
        return String(
            decoding: UnsafeRawBufferPointer(start: json_string_value(node), count: json_string_length(node)),
            as: UTF8.self)
    }

    /// The value as a boolean; `0` and `1` count, as Open-Meteo's `is_day` uses them.
    package func bool() throws(JSONShapeError) -> Bool {
        switch weather_json_type(node) {
        case JSON_TRUE: return true
        case JSON_FALSE: return false
        case JSON_INTEGER where json_integer_value(node) == 0: return false
        case JSON_INTEGER where json_integer_value(node) == 1: return true
        default: throw mistyped(english("a boolean"))
        }
    }

    /// The value's elements, each with its index in its path.
    package func array() throws(JSONShapeError) -> [JSONReader] {
        guard kind == .array else { throw mistyped(english("an array")) }
        return (0..<json_array_size(node)).map { index in
            JSONReader(document: document, node: json_array_get(node, index), place: .element(place, index))
        }
    }

    /// The value's elements when it is an array of strings only, read without a reader (and its path)
    /// for each; `nil` for anything else.
    package func stringsIfAll() -> [String]? {
        guard kind == .array else { return nil }
        let count = json_array_size(node)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count {
            let element = json_array_get(node, index)!
            guard weather_json_type(element) == JSON_STRING else { return nil }
            let bytes = UnsafeRawBufferPointer(start: json_string_value(element), count: json_string_length(element))
            strings.append(String(decoding: bytes, as: UTF8.self))
        }
        return strings
    }

    /// The value's elements as numbers, `nil` for `null`: an array of numbers read without a reader (and
    /// its path) for each element.
    package func optionalNumbers() throws(JSONShapeError) -> [Double?] {
        guard kind == .array else { throw mistyped(english("an array")) }
        let count = json_array_size(node)
        var values: [Double?] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            let element = json_array_get(node, index)!
            switch weather_json_type(element) {
            case JSON_REAL: values.append(json_real_value(element))
            case JSON_INTEGER: values.append(Double(json_integer_value(element)))
            case JSON_NULL: values.append(nil)
            default:
                let reader = JSONReader(document: document, node: element, place: .element(place, index))
                throw .mistyped(path: reader.path, expected: english("a number or null"), found: reader.kindDescription)
            }
        }
        return values
    }

    /// The kind of value with an article, for error messages: "a string", "null".
    package var kindDescription: String {
        switch kind {
        case .null: english("null")
        case .bool: english("a boolean")
        case .number: english("a number")
        case .string: english("a string")
        case .array: english("an array")
        case .object: english("an object")
        }
    }

    // MARK: Shorthands for a member

    package func double(_ key: String) throws(JSONShapeError) -> Double { try field(key).double() }
    package func int(_ key: String) throws(JSONShapeError) -> Int { try field(key).int() }
    package func string(_ key: String) throws(JSONShapeError) -> String { try field(key).string() }
    package func bool(_ key: String) throws(JSONShapeError) -> Bool { try field(key).bool() }

    package func optionalDouble(_ key: String) throws(JSONShapeError) -> Double? { try optionalField(key)?.double() }
    package func optionalInt(_ key: String) throws(JSONShapeError) -> Int? { try optionalField(key)?.int() }
    package func optionalBool(_ key: String) throws(JSONShapeError) -> Bool? { try optionalField(key)?.bool() }

    /// Checks a file's `format` member: this version of weather reads `expected` alone.
    package func requireFormat(_ expected: Int) throws(JSONShapeError) {
        let format = try int("format")
        guard format == expected else {
            throw .invalid(
                path: childPath("format"),
                reason: Message("is %1$d; this version of weather reads format %2$d", String(format), String(expected)))
        }
    }

    /// A number member that must lie in `range`.
    package func double(_ key: String, within range: ClosedRange<Double>) throws(JSONShapeError) -> Double {
        try checked(try double(key), key, within: range)
    }

    /// A number member that must lie in `range` when present.
    package func optionalDouble(_ key: String, within range: ClosedRange<Double>) throws(JSONShapeError) -> Double? {
        try optionalDouble(key).map { value throws(JSONShapeError) in try checked(value, key, within: range) }
    }

    /// A whole-number member that must lie in `range` when present.
    package func optionalInt(_ key: String, within range: ClosedRange<Int>) throws(JSONShapeError) -> Int? {
        guard let value = try optionalInt(key) else { return nil }
        guard range.contains(value) else {
            throw .invalid(
                path: childPath(key),
                reason: Message(
                    "is %1$s, outside %2$s...%3$s", String(value), String(range.lowerBound), String(range.upperBound)))
        }
        return value
    }

    /// `value`, read from member `key`, when it lies in `range`; otherwise an error naming the member.
    package func checked(_ value: Double, _ key: String, within range: ClosedRange<Double>) throws(JSONShapeError)
        -> Double
    {
        guard range.contains(value) else {
            throw .invalid(
                path: childPath(key),
                reason: Message(
                    "is %1$s, outside %2$s...%3$s", String(value), range.lowerBound.shortText,
                    range.upperBound.shortText))
        }
        return value
    }

    /// A string member of at most `maximumLength` characters, with control characters replaced: text
    /// from outside that will be shown to people.
    package func text(_ key: String, maximumLength: Int = 200) throws(JSONShapeError) -> String {
        try checkedText(try string(key), key, maximumLength: maximumLength)
    }

    /// `text(_:)` for a member that may be absent, `null` or empty.
    package func optionalText(_ key: String, maximumLength: Int = 200) throws(JSONShapeError) -> String? {
        try optionalString(key).map { value throws(JSONShapeError) in
            try checkedText(value, key, maximumLength: maximumLength)
        }
    }

    private func checkedText(_ value: String, _ key: String, maximumLength: Int) throws(JSONShapeError) -> String {
        // Counting bytes first: counting characters is the slow part, and short texts never need it.
        let bytes = value.utf8.count
        guard bytes <= maximumLength || (bytes <= maximumLength * 4 && value.unicodeScalars.count <= maximumLength)
        else {
            throw .invalid(
                path: childPath(key),
                reason: Message(
                    one: "is longer than %d character", other: "is longer than %d characters", count: maximumLength,
                    String(maximumLength)))
        }
        return value.printable
    }

    /// A string member, or `nil` when absent, `null` or empty.
    package func optionalString(_ key: String) throws(JSONShapeError) -> String? {
        guard let string = try optionalField(key)?.string(), !string.isEmpty else { return nil }
        return string
    }
}

/// Where a value is in its document: the root, a member of an object, or an element of an array.
package indirect enum JSONPath: Sendable {
    case root
    case member(JSONPath, String)
    case element(JSONPath, Int)

    /// `results[2].latitude`; empty at the root.
    package var text: String {
        switch self {
        case .root: ""
        case .member(.root, let key): key
        case .member(let parent, let key): parent.text + "." + key
        case .element(let parent, let index): parent.text + "[" + String(index) + "]"
        }
    }
}
