import Glibc

/// Where a run's output goes: standard output for results, standard error for warnings and errors.
/// `TerminalConsole` is the process's; a test passes one that records.
public protocol Console: Sendable {
    /// Whether standard output is a terminal: a person is looking (`AppState.active`).
    var isTerminal: Bool { get }
    /// Writes `text` to standard output, as it is.
    func write(_ text: String)
    /// Writes `text` to standard error, as it is.
    func writeError(_ text: String)
}

extension Console {
    /// Writes `text` and a line break to standard output.
    public func printLine(_ text: String) {
        write(text + "\n")
    }

    /// Writes `weather: message` to standard error, on one line whatever the message holds.
    public func printError(_ message: String) {
        writeError("weather: \(message.printable)\n")
    }
}

/// The process's standard output and error.
///
/// Written with `write(2)`, not `print`: it takes `Any`, and the first dynamic cast behind it scans every
/// protocol conformance in the binary, a good part of what `weather show` costs.
public struct TerminalConsole: Console {
    /// Whether standard output is a terminal.
    public let isTerminal: Bool

    /// The process's console, standard output checked once for being a terminal.
    public init() {
        isTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// Writes `text` to standard output, all of it, retrying after signals.
    public func write(_ text: String) {
        Self.writeAll(STDOUT_FILENO, text)
    }

    /// Writes `text` to standard error, all of it, retrying after signals.
    public func writeError(_ text: String) {
        Self.writeAll(STDERR_FILENO, text)
    }

    private static func writeAll(_ descriptor: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
