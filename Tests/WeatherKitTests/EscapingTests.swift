import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// Every escaper against its real reader: random text rich in what makes a special character part of a
/// longer grapheme cluster (`HostileText`), escaped by weather and read back by the program that reads
/// it in use; the round trip must be exact. A failure names the seed (`WEATHER_PROPERTY_SEED` replays it)
/// and the input.
@Suite("Escaping by what the reader reads")
struct EscapingTests {
    /// `count` readings of `inputs` compared with what was expected of each; the first differences named.
    static func expectSame(
        _ readings: [RealReaders.Reading], _ expected: [RealReaders.Reading], inputs: [String], seed: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let differing = zip(inputs, zip(readings, expected)).filter { $1.0 != $1.1 }
        #expect(
            differing.isEmpty,
            "seed \(seed) (WEATHER_PROPERTY_SEED=\(seed) replays it): \(differing.count) of \(inputs.count) inputs read back otherwise, first \(differing.prefix(3).map { "\($0.0.debugDescription) read as \($0.1.0), not \($0.1.1)" })",
            sourceLocation: sourceLocation)
    }

    @Test("Pango reads markupEscaped's text back exactly, as waybar and dunst read it", arguments: HostileText.seeds)
    func markup(seed: UInt64) throws {
        let inputs = HostileText.inputs(seed: seed, count: 400)
        let readings = try RealReaders.markup(inputs.map(\.markupEscaped))
        Self.expectSame(readings, inputs.map { .text($0) }, inputs: inputs, seed: seed)
    }

    @Test("a URL's query reads back each name and value exactly", arguments: HostileText.seeds)
    func query(seed: UInt64) throws {
        let inputs = HostileText.inputs(seed: seed, count: 300)
        let urls = inputs.indices.map {
            URLQuery.append([(inputs[$0], inputs[($0 + 1) % inputs.count])], to: "http://h/f?a=1")
        }
        let expected = inputs.indices.map {
            RealReaders.Reading.pairs([["a", "1"], [inputs[$0], inputs[($0 + 1) % inputs.count]]])
        }
        Self.expectSame(try RealReaders.query(urls), expected, inputs: inputs, seed: seed)
    }

    @Test(
        "libdbus reads the session bus's path back exactly from the address weather makes of it",
        arguments: HostileText.seeds)
    func dbusAddress(seed: UInt64) throws {
        let paths = HostileText.inputs(seed: seed, count: 300).map { "/run/" + $0 + "/bus" }
        let addresses = paths.map { "unix:path=" + DesktopNotifications.escapedAddressValue($0) }
        Self.expectSame(try RealReaders.dbusAddressPath(addresses), paths.map { .text($0) }, inputs: paths, seed: seed)
    }

    @Test(
        "a crontab line, cut as cron cuts it and run by /bin/sh, runs the program by its path with each value exactly",
        arguments: HostileText.seeds)
    func cronLine(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let dumper = folder.path + "/dumper"
        try RealReaders.writeDumper(to: dumper)
        let inputs = HostileText.inputs(seed: seed, count: 60)
        var scripts: [String] = []
        var expected: [(path: String, values: [String])] = []
        for (index, value) in inputs.enumerated() {
            let program = folder.path + "/" + HostileText.fileName(inputs[(index + 7) % inputs.count], index)
            if symlink(dumper, program) != 0 { throw TestFailure("cannot link \(program)") }
            let values = [value, inputs[(index + 1) % inputs.count]]
            for collapsing in [false, true] {
                let dump = folder.path + "/dump-\(scripts.count)"
                let line = try CronLine.line(
                    every: 900, environment: [("DUMP", dump), ("V0", values[0]), ("V1", values[1])],
                    executable: program)
                #expect(!line.contains("\n"))
                scripts.append(CronLine.command(in: line, collapsingBackslashes: collapsing))
                expected.append((program, values))
            }
        }
        let outputs = try RealReaders.shell(scripts, in: folder.path)
        var differing: [String] = []
        for (index, (program, values)) in expected.enumerated() {
            let dumped = FileManager.default.contents(atPath: folder.path + "/dump-\(index)").flatMap(
                RealReaders.dumped)
            if dumped?.path != program || dumped?.environment["V0"] != values[0]
                || dumped?.environment["V1"] != values[1]
            {
                differing.append(
                    "\(values.map(\.debugDescription)) by \(program.debugDescription): ran \(scripts[index].debugDescription), which said \(String(decoding: outputs[index], as: UTF8.self).debugDescription) and gave \(String(describing: dumped.map { ($0.path, $0.environment["V0"], $0.environment["V1"]) }))"
                )
            }
        }
        #expect(
            differing.isEmpty,
            "seed \(seed) (WEATHER_PROPERTY_SEED=\(seed) replays it): \(differing.count) of \(scripts.count) lines ran otherwise, first \(differing.prefix(2))"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/PWNED"), "seed \(seed): a value ran a command")
    }

    @Test(
        "systemd-analyze verify reads each unit without a complaint: each value within its quotes, the program found by its path",
        arguments: HostileText.seeds)
    func unitFiles(seed: UInt64) throws {
        let analyze = "/usr/bin/systemd-analyze"
        try Requirement.systemd.check(
            FileManager.default.isExecutableFile(atPath: analyze), "systemd-analyze is not installed")
        let folder = try TemporaryFolder()
        let dumper = folder.path + "/dumper"
        try RealReaders.writeDumper(to: dumper)
        let inputs = HostileText.inputs(seed: seed, count: 60)
        var units: [String] = []
        for (index, value) in inputs.enumerated() {
            let program = folder.path + "/" + HostileText.fileName(inputs[(index + 3) % inputs.count], index)
            do {
                let service = try RefreshUnits.service(
                    executable: program, environment: [("V0", value), ("V1", inputs[(index + 1) % inputs.count])],
                    budget: 30)
                if symlink(dumper, program) != 0 { throw TestFailure("cannot link \(program)") }
                let unit = folder.path + "/escape-\(index).service"
                try Data(service.utf8).write(to: URL(fileURLWithPath: unit))
                units.append(unit)
            } catch let error as BackgroundRefreshError {
                // Refused only for a quote or a backslash in the path, whatever character it is part of.
                #expect(
                    program.utf8.contains {
                        $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\")
                    },
                    "seed \(seed): \(program.debugDescription) refused: \(error)")
                continue
            }
            // A path with a quote or a backslash byte is refused, as systemd would.
            #expect(
                !program.utf8.contains {
                    $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\\")
                },
                "seed \(seed): \(program.debugDescription) accepted")
        }
        #expect(units.count > inputs.count / 4, "seed \(seed): most paths are accepted")
        let sandbox = try Sandbox(at: .fixtures)
        let verify = try sandbox.run(program: analyze, ["verify", "--man=no"] + units)
        #expect(
            verify.stderr.isEmpty && verify.status == 0,
            "seed \(seed) (WEATHER_PROPERTY_SEED=\(seed) replays it): \(verify.stderr.prefix(2000))")
    }

    /// Escapers, found by their names, and what each must not do: walk or compare `Character`s.
    @Suite("No escaper walks grapheme clusters")
    struct Lint {
        /// The escapers and checks that are not named for it, by file and name.
        static let alsoEscapers = [
            "RefreshUnits.swift": ["checked"], "CronLine.swift": ["command"], "UsageHint.swift": ["commandLine"],
            "JSONWriter.swift": ["writeString"],
        ]

        /// Every declaration in `source` that escapes text for a reader or checks text for what a reader
        /// refuses: its name and body.
        static func escapers(in source: String, file: String) -> [(name: String, body: String)] {
            // A function, or a computed property: `var name: Type {`.
            let declaration = try! NSRegularExpression(pattern: #"func\s+(\w+)\s*[(<]|var\s+(\w+)\s*:\s*[\w.?]+\s*\{"#)
            let nsSource = source as NSString
            return declaration.matches(in: source, range: NSRange(location: 0, length: nsSource.length)).compactMap {
                match in
                let name = nsSource.substring(with: match.range(at: match.range(at: 1).location != NSNotFound ? 1 : 2))
                guard
                    name.range(of: "quot|escap|encod", options: [.regularExpression, .caseInsensitive]) != nil
                        || alsoEscapers[file]?.contains(name) == true
                else { return nil }
                // The body: from the first brace after the declaration to the one that closes it.
                let rest = Array(
                    source.utf8[source.utf8.index(source.utf8.startIndex, offsetBy: match.range.upperBound)...])
                guard let open = rest.firstIndex(of: UInt8(ascii: "{")) else { return nil }
                var depth = 0
                for index in open..<rest.count {
                    if rest[index] == UInt8(ascii: "{") { depth += 1 }
                    if rest[index] == UInt8(ascii: "}") { depth -= 1 }
                    if depth == 0 { return (name, String(decoding: rest[open...index], as: UTF8.self)) }
                }
                return nil
            }
        }

        /// What in `body` walks or compares text by `Character`: the type named, a `for` loop over anything
        /// but bytes or scalars, a search by a predicate or with a literal.
        static func problems(in body: String) -> [String] {
            let patterns = [
                #"\bCharacter\b"#, #"\bfor\s+(?![^\n{]*\b(utf8|unicodeScalars)\b)[^\n{]*\{"#,
                #"(?<!utf8|unicodeScalars)\.(contains|firstIndex|lastIndex|first|last|split|allSatisfy)\(\s*((where|separator|of):\s*)?[\{"]"#,
                #"(?<!utf8|unicodeScalars)\.(contains|firstIndex|lastIndex|first|last|split|allSatisfy|filter)\s*\{"#,
                #"\.(hasSuffix|hasPrefix|replacingOccurrences|components|trimmingCharacters)\("#,
            ]
            return patterns.flatMap { pattern in
                let expression = try! NSRegularExpression(pattern: pattern)
                let text = body as NSString
                return expression.matches(in: body, range: NSRange(location: 0, length: text.length)).map {
                    text.substring(with: $0.range)
                }
            }
        }

        @Test(
            "every escaper looks at bytes or scalars: none names Character, loops over text or searches it by character"
        )
        func escapersReadBytes() throws {
            let root = TestPaths.repository + "/Sources"
            let files = (FileManager.default.subpaths(atPath: root) ?? []).filter {
                $0.hasSuffix(".swift") && !$0.hasSuffix("/Escaping.swift")
            }
            var found: [String] = []
            for file in files {
                let source = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                let name = URL(fileURLWithPath: file).lastPathComponent
                for escaper in Self.escapers(in: source, file: name) {
                    found.append(name + ":" + escaper.name)
                    #expect(
                        Self.problems(in: escaper.body).isEmpty,
                        "\(file): \(escaper.name) walks Characters: \(Self.problems(in: escaper.body))")
                }
            }
            // The lint sees every escaper there is (a rename would hide one otherwise).
            for escaper in [
                "CronLine.swift:quoted", "CronLine.swift:command", "RefreshUnits.swift:quoted",
                "RefreshUnits.swift:checked", "PrintableText.swift:markupEscaped",
                "DesktopNotifications.swift:escapedAddressValue", "URLQuery.swift:encode",
                "UsageHint.swift:commandLine", "JSONWriter.swift:writeString",
            ] {
                #expect(found.contains(escaper), "\(escaper) not found among \(found)")
            }
        }

        @Test("the lint finds the escapers weather had, which walked Characters")
        func lintCatchesCharacters() {
            let former = [
                "for character in value {\n switch character {", "value.contains(where: { $0 == \"'\" })",
                "word.split(separator: \"'\", omittingEmptySubsequences: false)", "quoted.hasSuffix(\"\\\\\")",
                "let c: Character = \"%\"", "for character in fields[5] {", "value.contains { $0 == \"&\" }",
            ]
            for body in former { #expect(!Self.problems(in: body).isEmpty, "\(body)") }
            for body in [
                "for byte in value.utf8 {", "value.escaping(special) { byte, output in", "value.contains(any: x)",
            ] {
                #expect(Self.problems(in: body).isEmpty, "\(body)")
            }
        }
    }
}
