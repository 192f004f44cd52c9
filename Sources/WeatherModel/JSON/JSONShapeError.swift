/// Why a JSON document does not have the shape we expect, naming the field.
package enum JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field is absent.
    case missing(path: String)
    /// The field holds another kind of value.
    case mistyped(path: String, expected: String, found: String)
    /// The field has the right kind but an impossible value: `reason` says what of it, as a predicate
    /// ("is empty").
    case invalid(path: String, reason: Message)

    /// The field's path, such as `current.temperature_2m`.
    package var path: String {
        switch self {
        case .missing(let path), .mistyped(let path, _, _), .invalid(let path, _): path
        }
    }

    /// What is wrong, in words to translate: the kinds `expected` and `found` are words marked
    /// `english(_:)`, to be translated on their own; `reason`, a message.
    package var message: Message {
        switch self {
        case .missing(let path): Message("%s is missing", path)
        case .mistyped(let path, let expected, let found): Message("%1$s is %2$s, expected %3$s", path, found, expected)
        case .invalid(let path, let reason): Message("%1$s %2$s", path, reason.description)
        }
    }

    /// The error in English.
    package var description: String { message.description }
}
