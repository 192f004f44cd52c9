import CJansson
import Glibc

/// A JSON value as Swift data: what jansson parsed, or what we are about to write.
///
/// Objects keep their members in order, so what we write reads the same every time.
package enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

extension JSON: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(value) }
}

/// A JSON object whose members keep the order in which they were parsed or added.
package struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The members, in order.
    private(set) var members: [(key: String, value: JSON)] = []

    /// An empty object.
    init() {}

    /// An object with these members, in this order.
    package init(dictionaryLiteral elements: (String, JSON)...) {
        for (key, value) in elements { self[key] = value }
    }

    /// The value for `key`, or `nil` when the object has no such member. Setting `nil` removes it.
    subscript(key: String) -> JSON? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}

extension JSON {
    /// The value as compact JSON text, numbers with up to 15 significant digits.
    package func serialized() -> [UInt8] {
        let root = makeJansson()
        defer { weather_json_release(root) }
        let flags = weather_json_dump_flags()
        let size = json_dumpb(root, nil, 0, flags)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = buffer.withMemoryRebound(to: CChar.self) { json_dumpb(root, $0.baseAddress, size, flags) }
        }
    }

    /// A new jansson value (reference count 1) holding a copy of this one.
    private func makeJansson() -> UnsafeMutablePointer<json_t> {
        switch self {
        case .null:
            return json_null()
        case .bool(let value):
            return value ? json_true() : json_false()
        case .integer(let value):
            return json_integer(json_int_t(value))
        case .number(let value):
            // jansson refuses NaN and infinity; JSON has no words for them.
            return value.isFinite ? json_real(value) : json_null()
        case .string(let value):
            var value = value
            return value.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { json_stringn_nocheck($0.baseAddress, $0.count) }
            }
        case .array(let elements):
            let array = json_array()!
            for element in elements { json_array_append_new(array, element.makeJansson()) }
            return array
        case .object(let object):
            let result = json_object()!
            for (key, value) in object.members {
                json_object_set_new_nocheck(result, key, value.makeJansson())
            }
            return result
        }
    }
}
