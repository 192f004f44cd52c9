import Foundation
import Glibc
import TestSupport
import Testing

/// Every error that tells the user a command to run, run in the state it is said in: the command it
/// names mends that state. The commands are read from the message itself (`Advice.commands(in:for:)`), so a
/// message whose advice changes is held to the new advice.
@Suite("Advice that works: each command an error names mends the state it names it in")
struct AdviceTests {
    /// How a file of weather's is damaged.
    enum Damage: String, CaseIterable, Sendable {
        case garbage, shape, link, fifo, folder, large

        /// Damages the file at `path` (which may be missing) this way.
        func apply(to path: String, in sandbox: Sandbox) throws {
            let manager = FileManager.default
            let existing = manager.contents(atPath: path)
            try? manager.removeItem(atPath: path)
            try manager.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            switch self {
            case .garbage: try sandbox.write("garbage\u{1B}[2J", to: path)
            case .shape: try sandbox.write(#"{"format": 7, "location": [], "current": "x"}"#, to: path)
            case .link:
                // To a good copy of the file outside weather's folders: a link is damage all the same.
                let elsewhere = sandbox.root + "/elsewhere-" + (path as NSString).lastPathComponent
                try (existing ?? Data("{}".utf8)).write(to: URL(fileURLWithPath: elsewhere))
                #expect(symlink(elsewhere, path) == 0)
            case .fifo: #expect(mkfifo(path, 0o600) == 0)
            case .folder:
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
                try sandbox.write("x", to: path + "/inside")
            case .large: try sandbox.write("{" + String(repeating: " ", count: 1 << 20) + "}", to: path)
            }
        }
    }

    /// A state of the files, the command that says what is wrong in it, and whether the command that
    /// mends it must leave that one working too.
    struct State: Sendable, CustomTestStringConvertible {
        var name: String
        /// From a sandbox with Berlin saved.
        var prepare: @Sendable (Sandbox) throws -> Void
        /// The command whose error names a command.
        var reveal: [String]
        /// Whether `reveal` works once the named command ran (it does for a state; not for input refused).
        var revealWorksAfter = true
        var testDescription: String { name }
    }

    static let states: [State] = {
        var states: [State] = []
        let state = "/home/.local/state/weather/"
        let cache = "/home/.cache/weather/"
        for damage in Damage.allCases {
            states.append(
                State(
                    name: "location.json and current.json \(damage)",
                    prepare: { sandbox in
                        try damage.apply(to: sandbox.root + state + "location.json", in: sandbox)
                        try damage.apply(to: sandbox.root + cache + "current.json", in: sandbox)
                    }, reveal: ["show"]))
            states.append(
                State(
                    name: "location.json \(damage), no current.json",
                    prepare: { sandbox in
                        try FileManager.default.removeItem(atPath: sandbox.resultFile)
                        try damage.apply(to: sandbox.root + state + "location.json", in: sandbox)
                    }, reveal: ["show"]))
            states.append(
                State(
                    name: "current.json \(damage)",
                    prepare: { try damage.apply(to: $0.root + cache + "current.json", in: $0) }, reveal: ["show"]))
            states.append(
                State(
                    name: "forecast.json \(damage)",
                    prepare: { try damage.apply(to: $0.root + cache + "forecast.json", in: $0) },
                    reveal: ["forecast"]))
            states.append(
                State(
                    name: "schedule.json \(damage)",
                    prepare: { try damage.apply(to: $0.root + state + "schedule.json", in: $0) },
                    reveal: ["schedule"]))
        }
        states += [
            State(name: "nothing saved", prepare: { try $0.run("logout") }, reveal: ["show"]),
            State(name: "nothing saved, for waybar", prepare: { try $0.run("logout") }, reveal: ["show", "--waybar"]),
            State(
                name: "no result fetched yet",
                prepare: { try FileManager.default.removeItem(atPath: $0.resultFile) }, reveal: ["show"]),
            State(
                name: "no forecast saved yet",
                prepare: { try FileManager.default.removeItem(atPath: $0.forecastFile) }, reveal: ["forecast"]),
            State(
                name: "a place never looked up, cached only", prepare: { _ in }, reveal: ["show", "Paris", "--cached"]),
            State(name: "no name", prepare: { _ in }, reveal: ["set"], revealWorksAfter: false),
            State(
                name: "no name before the comma", prepare: { _ in }, reveal: ["set", ",", "US"], revealWorksAfter: false
            ),
            State(
                name: "an interval too short", prepare: { _ in }, reveal: ["schedule", "1m"], revealWorksAfter: false),
            State(
                name: "an interval too long", prepare: { _ in }, reveal: ["schedule", "8d"], revealWorksAfter: false),
            State(
                name: "coordinates searched", prepare: { _ in }, reveal: ["search", "52.52,13.41"],
                revealWorksAfter: false),
        ]
        // A command line refused as a usage error, and the one its hint offers (UsageHint): a mistyped
        // command, an option of another command (a place with a space is quoted in the hint, a minus typed
        // as one), a mistyped command that is no place either, and those where only --help is offered.
        let mistyped: [[String]] = [
            ["forecst", "--days", "2"], ["forcast", "Paris", "--hours=3", "--json"], ["Berlin", "--days", "2"],
            ["New York", "--hours", "3"], ["-33.87,151.21", "--days", "1"], ["Paris", "--count", "3"],
            ["forecast", "--short"], ["sett", "Berlin"], ["forcast", "Paris"], ["shwo", "--json", "--units", "si"],
            ["forecst", "--bogus"], ["forecast", "--hours", "3", "--short"], ["forecast", "--hour", "3"],
        ]
        states += mistyped.map { reveal in
            State(
                name: "weather \(reveal.joined(separator: " "))", prepare: { _ in }, reveal: reveal,
                revealWorksAfter: false)
        }
        return states
    }()

    /// A sandbox whose folders are the sandbox's root + `/home/...` (as `State.prepare` names them), with
    /// Berlin saved and `state` prepared.
    static func sandbox(in state: State) throws -> Sandbox {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(sandbox.home == sandbox.root + "/home")
        try sandbox.setBerlin()
        try state.prepare(sandbox)
        return sandbox
    }

    /// What a run said: standard error, and standard output, or for waybar its tooltip as waybar shows it
    /// (its markup read: `&lt;city&gt;` is `<city>`).
    static func message(_ run: Sandbox.Run) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            let tooltip = object["tooltip"] as? String
        else { return run.stderr + run.stdout }
        let shown = tooltip.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
        return run.stderr + shown
    }

    @Test("the error names a command, and that command, run in the same state, mends it", arguments: states)
    func adviceWorks(state: State) throws {
        let said = try Self.sandbox(in: state).run(state.reveal)
        let message = Self.message(said)
        let advised = Advice.commands(in: message, for: state.reveal)
        #expect(!advised.isEmpty, "\(state.reveal) names no command to run: \(said)")
        for advice in advised {
            // Each command named, from the state it is named in.
            let sandbox = try Self.sandbox(in: state)
            let again = try sandbox.run(state.reveal)
            #expect(Advice.commands(in: Self.message(again), for: state.reveal) == advised)
            let mend = try sandbox.run(advice.arguments, terminal: advice.terminal)
            #expect(mend.status == 0, "\(advice), as \(message) says: \(mend)")
            let show = try sandbox.run("show")
            #expect(show.status == 0 && show.stdout.contains("°C"), "show after \(advice): \(show)")
            if state.revealWorksAfter {
                let revealed = try sandbox.run(state.reveal)
                #expect(revealed.status == 0, "\(state.reveal) after \(advice): \(revealed)")
            }
        }
    }

    @Test("set replaces the damaged files of the place before and says so; a failing set leaves them as they were")
    func setSaysWhatItReplaced() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try Damage.garbage.apply(to: sandbox.locationFile, in: sandbox)
        try Damage.folder.apply(to: sandbox.resultFile, in: sandbox)
        try Damage.garbage.apply(to: sandbox.stateHome + "/weather/backoff.json", in: sandbox)
        let before = [sandbox.contents(sandbox.locationFile), sandbox.contents(sandbox.resultFile + "/inside")]
        let failed = try sandbox.run("set", "Atlantis")
        #expect(failed.status != 0, "\(failed)")
        #expect(
            [sandbox.contents(sandbox.locationFile), sandbox.contents(sandbox.resultFile + "/inside")] == before,
            "nothing replaced by a set that failed")

        let set = try sandbox.run("set", "Paris")
        #expect(set.status == 0, "\(set)")
        let notes = set.errorLines.filter { $0.contains("which was damaged") }
        #expect(
            notes == [
                "weather: replaced \(sandbox.locationFile), which was damaged",
                "weather: replaced \(sandbox.resultFile), which was damaged",
                "weather: removed \(sandbox.stateHome)/weather/backoff.json, which was damaged",
            ], "\(set)")
        #expect(try sandbox.run("show").stdout.hasPrefix("Paris, "))
        #expect(!FileManager.default.fileExists(atPath: sandbox.stateHome + "/weather/backoff.json"))
    }
}

/// The commands a message names for the user to run: `run weather set <city> to ...`, `use weather schedule
/// minimum`, `for example: weather set Berlin`, `weather show in a terminal`, `see weather show --help`,
/// `did you mean weather forecast 'New York' --days 2?` (its words as the shell splits them); "the same
/// command without --cached" is that command without it.
struct Advice: Equatable, CustomStringConvertible {
    var arguments: [String]
    var terminal = false
    var description: String { "weather " + arguments.joined(separator: " ") + (terminal ? " (in a terminal)" : "") }

    static func commands(in message: String, for command: [String]) -> [Advice] {
        var found: [Advice] = []
        func add(_ text: Substring, terminal: Bool = false) {
            let words = shellWords(String(text.replacing("<city>", with: "Berlin")))
            let advice = Advice(arguments: Array(words.dropFirst()), terminal: terminal)
            if words.first == "weather", !found.contains(advice) { found.append(advice) }
        }
        let named = /(?:run|use|, or|see) (weather [^;,()\n"]*?)( in a terminal)?(?= to | first|[;,()\n"]|$)/
        for match in message.matches(of: named) { add(match.output.1, terminal: match.output.2 != nil) }
        // "did you mean weather forecast 'New York' --hours 3?": a command line to the question mark that
        // ends the line (one in a word is quoted).
        for match in message.matches(of: /did you mean (weather [^\n]+?)\?(?=\n|$)/) { add(match.output.1) }
        // "for example: weather set Paris, US": an example runs to the end of its line.
        for match in message.matches(of: /for example: (weather [^\n"]+)/) { add(match.output.1) }
        if message.contains("the same command without --cached") {
            found.append(Advice(arguments: command.filter { $0 != "--cached" }))
        }
        if message.contains("weather show takes them as they are") {
            found.append(Advice(arguments: ["show"] + command.dropFirst()))
        }
        return found
    }

    /// `text`'s words as `/bin/sh` splits them: what a person who pastes the command into a shell runs
    /// (weather quotes a word with a space or a character special to the shell: `'New York'`).
    static func shellWords(_ text: String) -> [String] {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", #"eval "set -- $1" && printf '%s\0' "$@""#, "sh", text]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle.nullDevice
        guard (try? shell.run()) != nil else { return [] }
        let words = output.fileHandleForReading.readDataToEndOfFile()
        shell.waitUntilExit()
        guard shell.terminationStatus == 0 else { return [] }
        return words.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
