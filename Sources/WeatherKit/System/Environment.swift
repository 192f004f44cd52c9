import Glibc

/// The environment variables a run was started with; injected so that tests can pass their own.
///
/// The process's own environment is read with `getenv`, one variable at a time: building a dictionary
/// of all of them costs `weather show` more than the rest of its work.
package struct Environment: Sendable, Equatable {
    /// Every variable by name, or `nil` for this process's environment.
    private let variables: [String: String]?

    /// An environment of exactly these variables.
    package init(_ variables: [String: String]) {
        self.variables = variables
    }

    private init() {
        variables = nil
    }

    /// This process's environment.
    static func current() -> Environment {
        Environment()
    }

    /// The value of `name`, or `nil` when unset. Bytes that are not UTF-8 come back as U+FFFD:
    /// check `isUTF8(_:)` where the exact value matters (a folder, a URL).
    package subscript(name: String) -> String? {
        guard let variables else { return getenv(name).map { String(cString: $0) } }
        return variables[name]
    }

    /// Whether `name` is unset or holds valid UTF-8.
    func isUTF8(_ name: String) -> Bool {
        guard variables == nil, let value = getenv(name) else { return true }
        return String(validatingCString: value) != nil
    }

    /// The value of `name` when it is set and not empty.
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }
}
