import Foundation
import TestSupport
import Testing

/// One context, built once in `main` and passed down (issue 40): no code but `main`'s reads the
/// environment, makes a console or reads the real clock, and the process-wide mutable state is the four
/// things that must be, each declared in one place with a comment saying why. These tests read every
/// source file, as `LayerTests` does, so that a new `getenv` or a new `static let ... = Mutex(...)` fails
/// here rather than in review.
@Suite("Process-wide state")
struct ProcessStateTests {
    /// Where `main` builds the run's parts: the programs' own files and the live context they build.
    static let mainFiles: Set = [
        "Sources/weather/main.swift", "Sources/weather-commands/main.swift",
        "Sources/WeatherPresentation/Run/LiveContext.swift",
    ]

    /// What reaches past the context (text in a line of code, a regular expression for where it is
    /// the word), and where else than `main`'s files each may stand, with why.
    static var confined: [(what: String, word: Regex<Substring>?, also: Set<String>)] {
        [
            // The environment's own reader; and the child's inheritance of it (`Subprocess`).
            ("getenv(", nil, ["Sources/WeatherSystem/System/Environment.swift"]),
            (
                "environ", /\benviron\b/,
                ["Sources/WeatherSystem/System/Environment.swift", "Sources/WeatherSystem/System/Subprocess.swift"]
            ),
            // The process's own environment, timer delay and login session: `Environment.current()`,
            // `FixedDelay.current()`, `LoginSession.current()`, `.current()`.
            (".current()", nil, []),
            ("TerminalConsole(", nil, []),
            ("SystemClock(", nil, []),
            // SystemClock's reading; and the watch's kernel timer, which keeps the real clock (it reads none).
            (
                "CLOCK_REALTIME", nil,
                ["Sources/WeatherSystem/Time/Clocks.swift", "Sources/WeatherSystem/System/FolderWatch.swift"]
            ),
            ("time(nil)", nil, []),
            ("gettimeofday(", nil, []),
        ]
    }

    /// The process-wide mutable state there is, as "path: name": the singleton, the notification center,
    /// the signal flags (a handler reaches nothing else) and the catalogue's language.
    static let allowedState: Set = [
        "Sources/WeatherPresentation/Run/SharedFetcher.swift: startedOnce",
        "Sources/WeatherSystem/Notifications/NotificationCenter.swift: default",
        "Sources/WeatherSystem/System/StopSignal.swift: caught",
        "Sources/WeatherSystem/System/StopSignal.swift: installed",
        "Sources/WeatherSystem/System/StopSignal.swift: pipeRead",
        "Sources/WeatherSystem/System/StopSignal.swift: pipeWrite",
        "Sources/WeatherSystem/Language/Catalogue.swift: language",
    ]

    /// Every Swift file under Sources, by its path from the repository.
    static func sources() throws -> [(path: String, source: String)] {
        let folder = TestPaths.repository + "/Sources"
        let paths = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
        return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("Sources/" + $0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
        }
    }

    /// The lines of `source` that are code, with their numbers from 1: comment lines left out.
    static func codeLines(_ source: String) -> [(number: Int, text: Substring)] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.drop(while: \.isWhitespace).hasPrefix("//") ? nil : (index + 1, line)
        }
    }

    /// Each use of `confined`'s calls outside its files, as "what (path:line)".
    static func confinedCalls(in files: [(path: String, source: String)]) -> [String] {
        var found: [String] = []
        for file in files where !mainFiles.contains(file.path) {
            for line in codeLines(file.source) {
                for rule in confined where !rule.also.contains(file.path) && line.text.contains(rule.what) {
                    if let word = rule.word, !line.text.contains(word) { continue }
                    found.append("\(rule.what) (\(file.path):\(line.number))")
                }
            }
        }
        return found
    }

    /// Each process-wide declaration of mutable state in `source` at `path`, as "path: name", with whether
    /// a comment saying "process-wide" stands right before it (or before the declarations just above it):
    /// a stored static `var`, a static holding a lock, an atomic or an observer list, an unsafe
    /// global, and a stored global `var` outside a program's `main.swift`.
    static func mutableState(in source: String, path: String) -> [(name: String, explained: Bool)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let holder =
            /\bstatic\s+(?:let|var)\s+`?(\w+)`?\s*(?::\s*[^=]*?)?=\s*(?:Mutex|Atomic\w*|Guarded|NotificationCenter)\b/
        let typed = /\bstatic\s+let\s+`?(\w+)`?\s*:\s*(?:Mutex|Atomic\w*)</
        let storedVar = /\bstatic\s+var\s+`?(\w+)`?\s*(?::[^{=]*)?=/
        let unsafe = /nonisolated\(unsafe\)\s+(?:static\s+)?(?:let|var)\s+(\w+)/
        let global = /^(?:private\s+|fileprivate\s+|package\s+|public\s+)?var\s+(\w+)/
        func name(_ line: Substring) -> String? {
            if line.drop(while: \.isWhitespace).hasPrefix("//") { return nil }
            for pattern in [holder, typed, storedVar, unsafe] {
                if let match = line.firstMatch(of: pattern) { return String(match.1) }
            }
            if !path.hasSuffix("/main.swift"), let match = line.firstMatch(of: global) { return String(match.1) }
            return nil
        }
        var found: [(name: String, explained: Bool)] = []
        for (index, line) in lines.enumerated() {
            guard let declared = name(line) else { continue }
            var before = index - 1
            while before >= 0, name(lines[before]) != nil { before -= 1 }
            var comment = ""
            while before >= 0, lines[before].drop(while: \.isWhitespace).hasPrefix("//") {
                comment = lines[before] + " " + comment
                before -= 1
            }
            found.append(("\(path): \(declared)", comment.lowercased().contains("process-wide")))
        }
        return found
    }

    @Test("no code but where main builds the context reads the environment, makes a console or reads the clock")
    func confinedToMain() throws {
        let files = try Self.sources()
        #expect(files.count > 100)
        #expect(Self.confinedCalls(in: files) == [])
        // Each program's main builds what the rules keep to it.
        let mains = files.filter { Self.mainFiles.contains($0.path) }.map(\.source).joined()
        for call in ["Environment.current()", "TerminalConsole()", "SystemClock()", "FixedDelay.current()"] {
            #expect(mains.contains(call), "\(call) is made nowhere")
        }
    }

    @Test("the process-wide mutable state is the singleton, the notification center, the signal flags and the language")
    func processWideState() throws {
        let found = try Self.sources().flatMap { Self.mutableState(in: $0.source, path: $0.path) }
        let names = Set(found.map(\.name))
        #expect(names.subtracting(Self.allowedState).sorted() == [], "process-wide mutable state besides the allowed")
        #expect(Self.allowedState.subtracting(names).sorted() == [], "gone: take it off the list")
        for state in found where !state.explained {
            Issue.record("\(state.name) has no comment saying why it is process-wide")
        }
    }

    @Test("a call past the context, and mutable state, are found wherever they are planted")
    func findsPlanted() {
        let planted = """
            import Glibc

            // getenv("HOME") in a comment is no call.
            let home = getenv("HOME")
            let delay = CronLine.line(every: 60, delay: .current())
            private var count = 0
            enum Cache {
                static let seen = Mutex<[String]>([])
                /// Why: process-wide, as the design says.
                static let shared = Atomic<Int>(0)
                static let names = ["a"]
                static var hits: Int = 0
                static var computed: Int { 0 }
                let environment = Environment.current()
            }
            """
        #expect(
            Self.confinedCalls(in: [("Sources/WeatherSystem/A.swift", planted)]) == [
                "getenv( (Sources/WeatherSystem/A.swift:4)", ".current() (Sources/WeatherSystem/A.swift:5)",
                ".current() (Sources/WeatherSystem/A.swift:14)",
            ])
        #expect(Self.confinedCalls(in: [("Sources/weather/main.swift", planted)]) == [])
        let state = Self.mutableState(in: planted, path: "Sources/WeatherSystem/A.swift")
        #expect(
            state.map(\.name) == [
                "Sources/WeatherSystem/A.swift: count", "Sources/WeatherSystem/A.swift: seen",
                "Sources/WeatherSystem/A.swift: shared", "Sources/WeatherSystem/A.swift: hits",
            ])
        #expect(state.map(\.explained) == [false, false, true, false])
    }
}
