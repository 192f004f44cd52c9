import Glibc

/// The environment variables a run was started with; injected so that tests can pass their own.
///
/// The process's own environment is read with `getenv`, one variable at a time: building a dictionary
/// of all of them costs `weather show` more than the rest of its work.
public struct Environment: Sendable, Equatable {
    /// Every variable by name, or `nil` for this process's environment.
    private let variables: [String: String]?

    /// An environment of exactly these variables.
    public init(_ variables: [String: String]) {
        self.variables = variables
    }

    private init() {
        variables = nil
    }

    /// This process's environment.
    public static func current() -> Environment {
        Environment()
    }

    /// The value of `name`, or `nil` when unset.
    public subscript(name: String) -> String? {
        guard let variables else { return getenv(name).map { String(cString: $0) } }
        return variables[name]
    }

    /// The value of `name` when it is set and not empty.
    public func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }
}
