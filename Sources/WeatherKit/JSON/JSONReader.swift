/// Why a JSON document does not have the shape we expect, naming the field.
public enum JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field is absent.
    case missing(path: String)
    /// The field holds another kind of value.
    case mistyped(path: String, expected: String, found: String)
    /// The field has the right kind but an impossible value.
    case invalid(path: String, reason: String)

    /// The field's path, such as `current.temperature_2m`.
    public var path: String {
        switch self {
        case .missing(let path), .mistyped(let path, _, _), .invalid(let path, _): path
        }
    }

    public var description: String {
        switch self {
        case .missing(let path): "\(path) is missing"
        case .mistyped(let path, let expected, let found): "\(path) is \(found), expected \(expected)"
        case .invalid(let path, let reason): "\(path) \(reason)"
        }
    }
}

/// A JSON value together with where it was found, so that a decoding error names the field.
public struct JSONReader: Sendable {
    /// The value at `path`.
    public let value: JSON
    /// The field's path from the document's root, such as `results[2].latitude`; empty at the root.
    public let path: String

    /// A reader at the root of `value`.
    public init(_ value: JSON, path: String = "") {
        self.value = value
        self.path = path
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func mistyped(_ expected: String) -> JSONShapeError {
        .mistyped(path: path.isEmpty ? "the document" : path, expected: expected, found: value.kindDescription)
    }

    // MARK: Fields

    /// The member `key`, which must exist (it may be `null`).
    public func field(_ key: String) throws(JSONShapeError) -> JSONReader {
        guard case .object(let object) = value else { throw mistyped("an object") }
        guard let member = object[key] else { throw .missing(path: childPath(key)) }
        return JSONReader(member, path: childPath(key))
    }

    /// The member `key`, or `nil` when it is absent or `null`: services omit empty fields.
    public func optionalField(_ key: String) throws(JSONShapeError) -> JSONReader? {
        guard case .object(let object) = value else { throw mistyped("an object") }
        guard let member = object[key], member != .null else { return nil }
        return JSONReader(member, path: childPath(key))
    }

    /// Whether the value is an object with a member `key` (of any value).
    public func has(_ key: String) -> Bool {
        if case .object(let object) = value { object[key] != nil } else { false }
    }

    // MARK: Values

    /// The value as a number; integers are numbers too.
    public func double() throws(JSONShapeError) -> Double {
        switch value {
        case .number(let number): return number
        case .integer(let integer): return Double(integer)
        default: throw mistyped("a number")
        }
    }

    /// The value as a whole number; a real with no fraction (such as `900.0`) counts.
    public func int() throws(JSONShapeError) -> Int {
        switch value {
        case .integer(let integer):
            guard let result = Int(exactly: integer) else { throw .invalid(path: path, reason: "is out of range") }
            return result
        case .number(let number):
            guard let result = Int(exactly: number) else { throw mistyped("a whole number") }
            return result
        default:
            throw mistyped("a whole number")
        }
    }

    /// The value as a string.
    public func string() throws(JSONShapeError) -> String {
        guard case .string(let string) = value else { throw mistyped("a string") }
        return string
    }

    /// The value as a boolean; `0` and `1` count, as Open-Meteo's `is_day` uses them.
    public func bool() throws(JSONShapeError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .integer(0): return false
        case .integer(1): return true
        default: throw mistyped("a boolean")
        }
    }

    /// The value's elements, each with its index in its path.
    public func array() throws(JSONShapeError) -> [JSONReader] {
        guard case .array(let elements) = value else { throw mistyped("an array") }
        return elements.enumerated().map { JSONReader($1, path: "\(path)[\($0)]") }
    }

    // MARK: Shorthands for a member

    public func double(_ key: String) throws(JSONShapeError) -> Double { try field(key).double() }
    public func int(_ key: String) throws(JSONShapeError) -> Int { try field(key).int() }
    public func string(_ key: String) throws(JSONShapeError) -> String { try field(key).string() }
    public func bool(_ key: String) throws(JSONShapeError) -> Bool { try field(key).bool() }

    public func optionalDouble(_ key: String) throws(JSONShapeError) -> Double? { try optionalField(key)?.double() }
    public func optionalInt(_ key: String) throws(JSONShapeError) -> Int? { try optionalField(key)?.int() }
    public func optionalBool(_ key: String) throws(JSONShapeError) -> Bool? { try optionalField(key)?.bool() }

    /// A string member, or `nil` when absent, `null` or empty.
    public func optionalString(_ key: String) throws(JSONShapeError) -> String? {
        guard let string = try optionalField(key)?.string(), !string.isEmpty else { return nil }
        return string
    }
}

extension JSON {
    /// The kind of value with an article, for error messages: "a string", "null".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
