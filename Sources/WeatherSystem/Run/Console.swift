import Glibc
import WeatherModel

/// Where a run's output goes: standard output for results, standard error for warnings, errors and the
/// sign that a request is under way. `TerminalConsole` is the process's; a test passes one that records.
public protocol Console: Sendable {
    /// Whether standard output is a terminal: a person is looking (`AppState.active`).
    var isTerminal: Bool { get }
    /// The terminal's width in columns, when standard output is a terminal that says.
    var columns: Int? { get }
    /// The terminal's height in lines, when standard output is a terminal that says.
    var rows: Int? { get }
    /// Writes `text` to standard output, as it is.
    func write(_ text: String)
    /// Writes `text` to standard error, as it is.
    func writeError(_ text: String)
    /// Shows that `message`'s work is under way until the indicator is stopped: a spinner on standard
    /// error when it is a terminal, nothing otherwise.
    func beginActivity(_ message: String) -> ActivityIndicator
}

extension Console {
    /// Unknown: a pipe, or a terminal that does not say.
    public var columns: Int? { nil }

    /// Unknown: a pipe, or a terminal that does not say.
    public var rows: Int? { nil }

    /// Whether `text`, printed with a line break, leaves room on the screen for the line below it (a
    /// spinner's) and for the cursor to get back to its first line: what `redraw(over:with:)` needs. A
    /// terminal that does not say its size is taken for 80 by 24.
    public func fitsOnScreen(_ text: String) -> Bool {
        screenLines(of: text) < (rows ?? 24)
    }

    /// Moves the cursor back to the first line of `old`, printed just before, clears from there down and
    /// prints `new`: the terminal's redraw of `show` and `forecast` when new values arrive.
    public func redraw(over old: String, with new: String) {
        write("\u{1B}[\(screenLines(of: old))F\u{1B}[J")
        printLine(new)
    }

    /// How many lines of the screen `text` takes, its long lines wrapped at the terminal's width.
    private func screenLines(of text: String) -> Int {
        let width = max(columns ?? 80, 1)
        var lines = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += max(1, (String(line).terminalColumns + width - 1) / width)
        }
        return lines
    }

    /// Nothing to show.
    public func beginActivity(_ message: String) -> ActivityIndicator { .none }

    /// Writes `text` and a line break to standard output.
    public func printLine(_ text: String) {
        write(text + "\n")
    }

    /// Writes `weather: message` to standard error, on one line whatever the message holds.
    public func printError(_ message: String) {
        writeError("weather: \(message.printable)\n")
    }
}

/// The sign that work is under way; `stop()` takes it off the screen.
public struct ActivityIndicator: Sendable {
    private let end: @Sendable () -> Void

    public init(stop: @escaping @Sendable () -> Void) {
        end = stop
    }

    /// An indicator that shows nothing.
    public static let none = ActivityIndicator {}

    /// Ends the indicator and clears it; once is enough, more is harmless.
    public func stop() { end() }
}

/// The process's standard output and error.
///
/// Written with `write(2)`, not `print`: it takes `Any`, and the first dynamic cast behind it scans every
/// protocol conformance in the binary, a good part of what `weather show` costs.
public struct TerminalConsole: Console {
    /// Whether standard output is a terminal.
    public let isTerminal: Bool

    /// The process's console, standard output checked once for being a terminal: what `main` makes, once.
    public init() {
        isTerminal = isatty(STDOUT_FILENO) == 1
    }

    /// The width of the terminal on standard output.
    public var columns: Int? { size.flatMap { $0.ws_col > 0 ? Int($0.ws_col) : nil } }

    /// The height of the terminal on standard output.
    public var rows: Int? { size.flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil } }

    /// The terminal's size, when standard output is a terminal; a side it does not say is 0 (`stty cols
    /// 40` alone says the width).
    private var size: winsize? {
        var size = winsize()
        guard isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return size
    }

    /// Writes `text` to standard output, all of it, retrying after signals.
    public func write(_ text: String) {
        Self.writeAll(STDOUT_FILENO, text)
    }

    /// Writes `text` to standard error, all of it, retrying after signals.
    public func writeError(_ text: String) {
        Self.writeAll(STDERR_FILENO, text)
    }

    /// A spinner and `message` on standard error, when it is a terminal.
    public func beginActivity(_ message: String) -> ActivityIndicator {
        guard isatty(STDERR_FILENO) == 1, let spinner = Spinner(message: message.printable) else { return .none }
        return ActivityIndicator { spinner.stop() }
    }

    static func writeAll(_ descriptor: Int32, _ text: String) {
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
