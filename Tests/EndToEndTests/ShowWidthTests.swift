import Foundation
import Glibc
import TestSupport
import Testing
import WeatherFetching
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// `weather show` in a real tmux pane of 40, 60 and 80 columns: the text reshaped to the pane, its lines broken
/// between clauses, never inside a word, as `forecast`, `alerts` and `search` are; through a pipe, as it was.
@Suite("weather show in a person's terminal, in a real tmux", .serialized)
struct ShowWidthTests {
    /// What a tmux pane `columns` wide shows of `weather show` run in it, row by row as the terminal wrapped
    /// them, without trailing blanks, up to the text's last line ("Updated ..."). The tmux server is ended
    /// on return.
    static func shown(in sandbox: Sandbox, columns: Int) throws -> [String] {
        let tmux = try requiringProgram("tmux")
        sandbox.environment["TMUX_TMPDIR"] = sandbox.root
        func run(_ arguments: String...) throws -> Sandbox.Run {
            try sandbox.runLeavingDaemon(program: tmux, arguments)
        }
        defer { _ = try? run("-L", "show", "kill-server") }
        let session = try run(
            "-L", "show", "-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", "30",
            TestPaths.weatherBinary + " show; sleep 30")
        try #require(session.status == 0, "tmux new-session: \(session)")
        // A wait, so on the monotonic clock.
        let deadline = ContinuousClock.now + .seconds(10)
        var rows: [String] = []
        while ContinuousClock.now < deadline {
            let capture = try run("-L", "show", "capture-pane", "-p")
            rows = capture.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
                String($0.reversed().drop { $0 == " " }.reversed())
            }
            if let updated = rows.lastIndex(where: { $0.hasPrefix("Updated") }) {
                let rest = rows[(updated + 1)...].prefix { $0.hasPrefix("  ") }
                return Array(rows[...updated] + rest)
            }
            usleep(50_000)
        }
        throw TestFailure("tmux showed no whole text of weather show in 10 s:\n\(rows.joined(separator: "\n"))")
    }

    /// The last clause of `row`: what follows its last ", " or " · ".
    static func clauseEnd(of row: String) -> String {
        let separators = [", ", " · "].compactMap { row.range(of: $0, options: .backwards)?.upperBound }
        return separators.max().map { String(row[$0...]) } ?? row
    }

    /// The first clause of `row`: what precedes its first ", " or " · ", with a comma the separator's.
    static func clauseStart(of row: String) -> String {
        let separators = [",", " ·"].compactMap { row.range(of: $0)?.upperBound }
        return separators.min().map { String(row[..<$0]) } ?? row
    }

    /// The words of `text`, as a reader finds them: what a terminal that breaks a word in two changes.
    static func words(_ text: [String]) -> [String] {
        text.flatMap { $0.split(separator: " ").map(String.init) }
    }

    @Test(
        "at 40, 60 and 80 columns every line breaks between clauses, after a comma or a ·, and no word is cut",
        arguments: [40, 60, 80])
    func fits(columns: Int) throws {
        // Springfield, MO: the longest name of the fixtures with a warning (its line and the credit on the last).
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let set = try sandbox.run("set", "Springfield, MO")
        try #require(set.status == 0, "\(set)")
        let piped = try sandbox.run("show")
        try #require(piped.status == 0, "\(piped)")
        let lines = piped.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.terminalColumns > 40 }, "a text that needs reshaping: \(piped.stdout)")
        let rows = try Self.shown(in: sandbox, columns: columns)
        let text = rows.drop { !$0.hasPrefix("Springfield") }
        #expect(Self.words(Array(text)) == Self.words(lines), "\(columns) columns:\n\(rows.joined(separator: "\n"))")
        // A row that ends before its line does ends a clause, unless the clause is wider than a row; the
        // next row goes on indented.
        var index = text.startIndex
        for line in lines {
            var joined = text[index]
            while joined != line, index + 1 < text.endIndex, text[index + 1].hasPrefix("  ") {
                let next = String(text[index + 1].dropFirst(2))
                if !joined.hasSuffix(",") && !joined.hasSuffix(" ·") {
                    let clause = Self.clauseEnd(of: joined) + " " + Self.clauseStart(of: next)
                    #expect(
                        clause.terminalColumns > columns - 2,
                        "\(columns) columns, a row that ends inside a clause that fits a row: \(text[index])")
                }
                index += 1
                joined += " " + next
            }
            #expect(joined == line, "\(columns) columns:\n\(rows.joined(separator: "\n"))")
            index += 1
        }
        if columns == 80 { #expect(Array(text) == lines, "what fits stays as it was") }
    }
}
