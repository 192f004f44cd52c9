import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// Values whose special characters are part of a longer grapheme cluster (a quote or a `%` followed by a
/// combining accent, a `<` after a prepend character), through the built program to the program that
/// reads what it wrote: /bin/sh as cron runs it, systemd, Pango as waybar reads it, dunst.
@Suite("Hostile values reach each reader as they are", .serialized)
struct EscapingEndToEndTests {
    /// A forecast URL's query whose quotes carry a combining accent: in a crontab line written by
    /// Character, the quotes end the value's quoting and the shell runs `touch PWNED`.
    static let hostileQuery = "x='\u{301};touch${IFS}PWNED;X='\u{301}"
    /// A query whose double quote, `%` and backslash carry one: in a unit written by Character, the quote
    /// ends the value (systemd: "Invalid syntax, ignoring") and the `%` starts a specifier.
    static let hostileUnitQuery = "x=\"\u{301};%\u{301}h\\\u{301}"

    @Test(
        "without systemd, set's crontab line, cut as cron cuts it and run by /bin/sh, runs nothing of a value's and carries it exactly",
        arguments: [
            ("WEATHER_FORECAST_URL", "?" + hostileQuery), ("XDG_CACHE_HOME", "/cache 100%\u{301}"),
            ("XDG_STATE_HOME", "/\u{600}'\u{301}%\u{301}\\\u{301}"),
        ])
    func cronLine(variable: String, suffix: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        // A URL's query, or a folder's name.
        let value = (variable == "WEATHER_FORECAST_URL" ? sandbox.server.forecastURL : sandbox.root) + suffix
        let set = try sandbox.run(["set", "Berlin"], environment: [variable: value])
        #expect(set.status == 0, "\(set)")
        let line = try #require(set.stderr.components(separatedBy: "add this line with crontab -e:\n").last)
            .trimmingCharacters(in: .newlines)
        let ending = TestPaths.weatherBinary + " refresh >/dev/null 2>&1"
        for collapsing in [false, true] {
            var command = CronLine.command(in: line, collapsingBackslashes: collapsing)
            #expect(command.hasSuffix(ending), "cron would cut the command: \(command.debugDescription)")
            command = String(command.dropLast(ending.count)) + "/usr/bin/env"
            // The user's delay, not waited for here.
            if command.hasPrefix("sleep ") { command = ":" + command[command.firstIndex(of: ";")!...] }
            let shell = try sandbox.run(program: "/bin/sh", ["-c", command])
            #expect(shell.status == 0, "\(shell)")
            #expect(
                shell.stdout.split(separator: "\n").contains { $0 == variable + "=" + value },
                "\(command.debugDescription) gave \(shell.stdout.debugDescription)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/PWNED"), "\(line.debugDescription)")
        }
    }

    @Test("the unit's values pass systemd-analyze verify, and the service asks the forecast URL configured, exactly")
    func unitFile() throws {
        let sandbox = try Sandbox.withUserManager()
        let url = sandbox.server.forecastURL + "?" + Self.hostileUnitQuery
        // Stale at once, so that the service's run fetches.
        let set = try sandbox.run(
            ["set", "Berlin"], environment: ["WEATHER_FORECAST_URL": url, "WEATHER_STALE_AFTER": "0"])
        #expect(set.status == 0 && set.stderr.isEmpty, "\(set)")
        let service = sandbox.configHome + "/systemd/user/weather-refresh.service"
        let verify = try sandbox.run(program: "/usr/bin/systemd-analyze", ["verify", "--man=no", service])
        #expect(verify.status == 0 && verify.stderr.isEmpty, "\(verify)")

        try sandbox.server.clearRequests()
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
        let result = try sandbox.systemctl("show", UnitNames.service, "--property=Result").stdout
        #expect(result == "Result=success\n", "\(result)")
        let asked = try sandbox.server.requests(.forecast)
        #expect(asked.count == 1, "the service asked the fixture server, not the public endpoint: \(asked)")
        // The server reads the request's bytes as Latin-1, as HTTP/1.1 reads a request line.
        let query = asked.first?.query["x"].map { x in
            String(decoding: x.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
        }
        #expect(query == String(Self.hostileUnitQuery.dropFirst("x=".count)), "\(asked)")
    }

    @Test(
        "systemd runs each unit weather writes by the program's path, with each value exactly",
        arguments: HostileText.seeds)
    func unitValues(seed: UInt64) throws {
        let sandbox = try Sandbox.withUserManager()
        let dumper = sandbox.root + "/dumper"
        try RealReaders.writeDumper(to: dumper)
        let folder = sandbox.configHome + "/systemd/user"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let inputs = HostileText.inputs(seed: seed, count: 40)
        var units: [(name: String, program: String, values: [String])] = []
        for start in stride(from: 0, to: inputs.count, by: 4) {
            let index = start / 4
            let values = Array(inputs[start..<min(start + 4, inputs.count)])
            // Named as the kernel and systemd name it, without the sandbox's doubled slash.
            let program =
                sandbox.root.replacingOccurrences(of: "//", with: "/") + "/"
                + HostileText.fileName(inputs[(start + 5) % inputs.count], index)
            let environment = [("DUMP", sandbox.root + "/dump-\(index)")] + values.enumerated().map { ("V\($0)", $1) }
            // A path with a quote or a backslash is refused (EscapingTests); the others run.
            guard let service = try? RefreshUnits.service(executable: program, environment: environment, budget: 30)
            else { continue }
            if symlink(dumper, program) != 0 { throw TestFailure("cannot link \(program)") }
            try sandbox.write(service, to: folder + "/escape-\(index).service")
            units.append(("escape-\(index).service", program, values))
        }
        #expect(units.count > 5, "seed \(seed): most paths are accepted")
        #expect(try sandbox.systemctl("daemon-reload").status == 0)
        let start = try sandbox.run(program: "/usr/bin/systemctl", ["--user", "start"] + units.map(\.name))
        #expect(start.status == 0, "seed \(seed): \(start)")
        for (index, unit) in units.enumerated() {
            let number = unit.name.dropFirst("escape-".count).dropLast(".service".count)
            let dumped = sandbox.contents(sandbox.root + "/dump-\(number)").flatMap(RealReaders.dumped)
            #expect(dumped?.path == unit.program, "seed \(seed), unit \(index): \(unit.program.debugDescription)")
            for (variable, value) in unit.values.enumerated() {
                #expect(
                    dumped?.environment["V\(variable)"] == value,
                    "seed \(seed) (WEATHER_PROPERTY_SEED=\(seed) replays it): \(value.debugDescription) read as \(String(describing: dumped?.environment["V\(variable)"]?.debugDescription))"
                )
            }
        }
    }

    @Test("a place named with an ampersand and a combining accent: waybar's text and tooltip parse as markup, as named")
    func waybarMarkup() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let set = try sandbox.run("set", "Trinidad")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("Trinidad &\u{301} Tobago"), "\(set)")
        for arguments in [["--waybar"], ["show", "--waybar", "--cached"]] {
            let waybar = try sandbox.run(arguments)
            #expect(waybar.status == 0, "\(waybar)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any], "\(waybar)")
            let fields = [try #require(object["text"] as? String), try #require(object["tooltip"] as? String)]
            let read = try RealReaders.markup(fields)
            for (field, reading) in zip(fields, read) {
                guard case .text(let shown) = reading else {
                    Issue.record("Pango refuses \(field.debugDescription): \(reading)")
                    continue
                }
                #expect(shown.contains("Trinidad &\u{301} Tobago"), "\(shown.debugDescription)")
                #expect(!shown.contains("&amp;"), "\(shown.debugDescription)")
            }
        }
    }

    @Test("a warning's instruction with a tag after a prepend character reaches the notification server escaped")
    func notificationBody() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let server = try NotificationServer(in: sandbox)
        try NotificationTests.springfield(server: server, sandbox: sandbox)
        let instruction = "\u{600}<span foreground=\"red\">Leave now</span> & go"
        try NotificationTests.refresh(
            sandbox,
            NotificationTests.answer(
                [.init(id: "urn:oid:2.49.0.1.840.0.test.38", instruction: instruction)], at: sandbox.date))
        let received = try #require(try server.history().first)
        #expect(
            received.body.contains("\u{600}&lt;span foreground=\"red\"&gt;Leave now&lt;/span&gt; &amp; go"),
            "\(received)")
        let read = try RealReaders.markup([received.body])
        guard case .text(let shown) = read.first else {
            Issue.record("Pango refuses \(received.body.debugDescription): \(read)")
            return
        }
        #expect(shown.hasSuffix("\n" + instruction), "\(shown.debugDescription)")
    }
}
