/// Response headers, looked up without regard to case.
package struct HTTPHeaders: Sendable, Equatable {
    /// Every header in order of arrival, names as sent.
    private(set) var fields: [(name: String, value: String)] = []

    package init(_ fields: [(name: String, value: String)] = []) {
        for field in fields { append(name: field.name, value: field.value) }
    }

    /// Adds a field.
    package mutating func append(name: String, value: String) {
        fields.append((name, value))
    }

    /// The value of the last field named `name` (any case), or `nil`.
    package subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.last { $0.name.lowercased() == wanted }?.value
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
    }
}
