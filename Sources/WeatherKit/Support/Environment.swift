import Glibc

/// The environment variables a run was started with; injected so that tests can pass their own.
public struct Environment: Sendable, Equatable {
    /// Every variable by name.
    public var variables: [String: String]

    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    /// This process's environment.
    public static func current() -> Environment {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return Environment(variables)
    }

    /// The value of `name`, or `nil` when unset.
    public subscript(name: String) -> String? { variables[name] }

    /// The value of `name` when it is set and not empty.
    public func nonEmpty(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}
