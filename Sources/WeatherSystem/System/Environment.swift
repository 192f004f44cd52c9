import Glibc
import WeatherModel

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
    package static func current() -> Environment {
        Environment()
    }

    /// The value of `name`, or `nil` when unset. Bytes that are not UTF-8 come back as U+FFFD:
    /// check `isUTF8(_:)` where the exact value matters (a folder, a URL).
    package subscript(name: String) -> String? {
        // withCString: the name passed as it is stored, where passing the String itself copies it first.
        guard let variables else { return name.withCString { getenv($0) }.map { String(cString: $0) } }
        return variables[name]
    }

    /// Whether `name` is unset or holds valid UTF-8.
    func isUTF8(_ name: String) -> Bool {
        guard variables == nil, let value = getenv(name) else { return true }
        return String(validatingCString: value) != nil
    }

    /// Calls `body` with the bytes of every variable whose name starts with `prefix`, as `NAME=value`
    /// (bytes that may not be UTF-8: check `isUTF8(_:)`), read in one pass over the environment, where
    /// `getenv` would scan it once per name; nothing is built, where a string of each cost its
    /// allocation and a copy.
    package func forEachVariable(prefixed prefix: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if let variables {
            for (name, value) in variables where name.hasPrefix(prefix) {
                var entry = name + "=" + value
                entry.withUTF8 { body($0) }
            }
            return
        }
        var prefix = prefix
        prefix.withUTF8 { prefix in
            let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
            guard var entry = start else { return }
            while let variable = entry.pointee {
                if strncmp(variable, prefix.baseAddress!, prefix.count) == 0 {
                    variable.withMemoryRebound(to: UInt8.self, capacity: 1) {
                        body(UnsafeBufferPointer(start: $0, count: strlen(variable)))
                    }
                }
                entry += 1
            }
        }
    }

    /// The value of `name` when it is set and not empty.
    package func nonEmpty(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }
}
