import Foundation
import TestSupport
import Testing

/// Time is an input (CONTRIBUTING.md, "A test at a moment"): a test waits and measures on the monotonic
/// clock, and reads the wall clock only where the moment itself is the point (a moment weather prints or
/// compares, a file's time), saying why in a comment that begins `wall clock:`, on the line or in the
/// comment right above it. These tests read every Swift file under Tests/, as `ProcessStateTests` reads
/// Sources/, so that a wait or a measure on `Date()` fails here rather than at one hour of one night.
@Suite("The tests' reads of the wall clock")
struct WallClockReadsTests {
    /// What reads the wall clock, as text in a line of code.
    static let reads = [
        "Date()", "Date.now", "timeIntervalSinceNow", "time(nil)", "gettimeofday(", "CLOCK_REALTIME",
        "CFAbsoluteTimeGetCurrent(",
    ]

    /// Every Swift file under Tests/, by its path from the repository.
    static func testSources() throws -> [(path: String, source: String)] {
        let folder = TestPaths.repository + "/Tests"
        let paths = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("Tests/" + $0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }
    }

    /// Each line of `source` whose code reads the wall clock with no `wall clock:` comment on it or right
    /// above it, as "path:line: what". Text in string literals, multi-line ones too, is no code.
    static func unexplained(in source: String, path: String) -> [String] {
        let literal = /"(?:[^"\\\n]|\\.)*"/
        var found: [String] = []
        var inMultilineString = false
        var commentAbove = ""
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let pieces = line.components(separatedBy: "\"\"\"")
            let wasInString = inMultilineString
            if pieces.count % 2 == 0 { inMultilineString.toggle() }
            if wasInString {
                commentAbove = ""
                continue
            }
            let text = pieces[0].replacing(literal, with: "\"\"")
            let (code, comment) =
                text.range(of: "//").map { (text[..<$0.lowerBound], text[$0.lowerBound...]) } ?? (text[...], "")
            if code.allSatisfy(\.isWhitespace) {
                commentAbove = comment.isEmpty ? "" : commentAbove + " " + comment
                continue
            }
            let said = (commentAbove + " " + comment).contains("wall clock:")
            for read in reads where code.contains(read) && !said {
                found.append("\(path):\(index + 1): \(read)")
            }
            commentAbove = ""
        }
        return found
    }

    @Test("no test reads the wall clock without a comment saying why")
    func everyReadSaysWhy() throws {
        let files = try Self.testSources()
        #expect(files.count > 100)
        #expect(
            files.flatMap { Self.unexplained(in: $0.source, path: $0.path) } == [],
            "wait and measure on ContinuousClock; where the wall clock is the point, say why in a comment beginning `wall clock:`"
        )
    }

    @Test("a read of the wall clock is found wherever it is planted, and passes with its reason")
    func findsPlanted() {
        let planted = #"""
            let started = Date()
            // Date() in a comment is no read.
            let text = "Date() in a string is none either"
            let deadline = Date.now.addingTimeInterval(5)  // a wait
            // wall clock: the moment weather prints.
            let printed = Date()
            let mtime = time(nil) - 60  // wall clock: a file's time.
            // wall clock: said above a blank line counts for nothing.

            let later = firstStale.timeIntervalSinceNow
            let elapsed = Date().timeIntervalSince(started)
            """#
        #expect(
            Self.unexplained(in: planted, path: "Tests/A.swift") == [
                "Tests/A.swift:1: Date()", "Tests/A.swift:4: Date.now", "Tests/A.swift:10: timeIntervalSinceNow",
                "Tests/A.swift:11: Date()",
            ])
        // Nor is text in a multi-line string literal, such as this test's own.
        let quoted = "let text = \"\"\"\n    Date()\n    \"\"\"\nlet now = Date()"
        #expect(Self.unexplained(in: quoted, path: "Tests/B.swift") == ["Tests/B.swift:4: Date()"])
    }
}
