import Foundation
import TestSupport
import Testing

/// The help a person reads, compared with the files in `Tests/Golden/` (see `expectGolden`).
@Suite("Help text")
struct HelpTests {
    @Test(
        "each command's help reads as written",
        arguments: ["", "set", "show", "search", "refresh", "schedule", "logout"])
    func help(command: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run((command.isEmpty ? [] : [command]) + ["--help"])
        #expect(run.status == 0)
        try expectGolden(run.stdout, named: "help\(command.isEmpty ? "" : "-" + command).txt")
    }

    @Test("--version prints the version alone")
    func version() throws {
        let run = try Sandbox().run("--version")
        #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test(
        "a usage error speaks as weather's other errors do: one line, what is wrong, where the help is",
        arguments: [
            (["refresh", "frobnicate"], "weather: unexpected argument 'frobnicate'; see weather refresh --help\n"),
            (["show", "--jsn"], "weather: unknown option '--jsn' (did you mean '--json'?); see weather show --help\n"),
            (
                ["--units", "kelvin"],
                "weather: the value 'kelvin' is invalid for '--units <system>' (please provide one of 'metric', 'imperial' or 'si'); see weather show --help\n"
            ),
            (["set", "--units"], "weather: missing value for '--units <system>'; see weather set --help\n"),
            (["schedule", "a", "b"], "weather: unexpected argument 'b'; see weather schedule --help\n"),
            (
                ["show", "--json", "--waybar"],
                "weather: choose one of --json, --format, --short and --waybar (--waybar takes a --format); see weather show --help\n"
            ),
            // A negative number is a coordinate to the parser (U+2212 inside); to the user it is a minus.
            (
                ["search", "Berlin", "--count", "-1"],
                "weather: the value '-1' is invalid for '--count <n>'; see weather search --help\n"
            ),
            (
                ["forecast", "--hours", "-3"],
                "weather: the value '-3' is invalid for '--hours <n>'; see weather forecast --help\n"
            ),
            (
                ["show", "--format", "%t %y"],
                "weather: --format: %y is not a format code (%% is a percent sign); see weather show --help\n"
            ),
        ])
    func usage(arguments: [String], message: String) throws {
        let run = try Sandbox().run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == message)
        #expect(run.stdout.isEmpty)
    }
}
