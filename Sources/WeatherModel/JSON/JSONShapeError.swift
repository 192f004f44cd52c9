/// Why a JSON document does not have the shape we expect, naming the field.
package enum JSONShapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field is absent.
    case missing(path: String)
    /// The field holds another kind of value.
    case mistyped(path: String, expected: String, found: String)
    /// The field has the right kind but an impossible value.
    case invalid(path: String, reason: String)

    /// The field's path, such as `current.temperature_2m`.
    package var path: String {
        switch self {
        case .missing(let path), .mistyped(let path, _, _), .invalid(let path, _): path
        }
    }

    package var description: String {
        switch self {
        case .missing(let path): "\(path) is missing"
        case .mistyped(let path, let expected, let found): "\(path) is \(found), expected \(expected)"
        case .invalid(let path, let reason): "\(path) \(reason)"
        }
    }
}
