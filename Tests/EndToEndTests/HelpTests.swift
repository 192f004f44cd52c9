import Foundation
import TestSupport
import Testing

/// The help a person reads, compared with the files in `Tests/Golden/` (see `expectGolden`).
@Suite("Help text")
struct HelpTests {
    @Test(
        "each command's help reads as written",
        arguments: ["", "set", "show", "alerts", "search", "refresh", "schedule", "logout"])
    func help(command: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run((command.isEmpty ? [] : [command]) + ["--help"])
        #expect(run.status == 0)
        try expectGolden(run.stdout, named: "help\(command.isEmpty ? "" : "-" + command).txt")
    }

    @Test("--version prints the version alone")
    func version() throws {
        let run = try Sandbox(at: .fixtures).run("--version")
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
            // A mistyped command, an option of another command, a typo of an option: each named, and the
            // command line meant offered when it is one weather accepts.
            (
                ["forecst", "--days", "2"],
                "weather: \"forecst\" is not a command; did you mean weather forecast --days 2?\n"
            ),
            (
                ["forcast", "Paris", "--hours=3", "--json"],
                "weather: \"forcast\" is not a command; did you mean weather forecast Paris --hours=3 --json?\n"
            ),
            (
                ["Sete", "--days", "2"],
                "weather: --days is an option of weather forecast, not of weather show; did you mean weather forecast Sete --days 2?\n"
            ),
            (
                ["forecst", "--bogus"],
                "weather: \"forecst\" is not a command (did you mean forecast?); see weather forecast --help\n"
            ),
            (
                ["Berlin", "--days", "2"],
                "weather: --days is an option of weather forecast, not of weather show; did you mean weather forecast Berlin --days 2?\n"
            ),
            (
                ["New York", "--hours", "3"],
                "weather: --hours is an option of weather forecast, not of weather show; did you mean weather forecast 'New York' --hours 3?\n"
            ),
            (
                ["-33.87,151.21", "--days", "1"],
                "weather: --days is an option of weather forecast, not of weather show; did you mean weather forecast -33.87,151.21 --days 1?\n"
            ),
            (
                ["Paris", "--count", "3"],
                "weather: --count is an option of weather search, not of weather show; did you mean weather search Paris --count 3?\n"
            ),
            (
                ["forecast", "--short"],
                "weather: --short is an option of weather show, not of weather forecast; did you mean weather show --short?\n"
            ),
            (
                ["forecast", "--hours", "3", "--short"],
                "weather: --short is an option of weather show, not of weather forecast; see weather show --help\n"
            ),
            (
                ["forecast", "--hour", "3"],
                "weather: unknown option '--hour' (did you mean '--hours'?); see weather forecast --help\n"
            ),
            (
                ["show", "--sort"],
                "weather: unknown option '--sort' (did you mean '--short'?); see weather show --help\n"
            ),
            (["forecast", "--bogus"], "weather: unknown option '--bogus'; see weather forecast --help\n"),
            (["search", "--shrot"], "weather: unknown option '--shrot'; see weather search --help\n"),
            (
                ["--refresh", "--cached"],
                "weather: --refresh and --cached cannot be combined (--refresh may fetch, --cached never does); see weather show --help\n"
            ),
            (
                ["forecast", "--cached", "--refresh"],
                "weather: --refresh and --cached cannot be combined (--refresh may fetch, --cached never does); see weather forecast --help\n"
            ),
            // A format that prints nothing is refused, with the way to the short line.
            (
                ["show", "--format", ""],
                "weather: --format: the format prints nothing (it holds no code and no text); give % codes, such as --format \"%l %c %t\", or leave out --format for the short line; see weather show --help\n"
            ),
            (
                ["watch", "--format", " "],
                "weather: --format: the format prints nothing (it holds no code and no text); give % codes, such as --format \"%l %c %t\", or leave out --format for the short line; see weather watch --help\n"
            ),
            (
                ["show", "--format", "%t %y"],
                "weather: --format: %y is not a format code (%% is a percent sign); see weather show --help\n"
            ),
        ])
    func usage(arguments: [String], message: String) throws {
        let run = try Sandbox(at: .fixtures).run(arguments)
        #expect(run.status == 64)
        #expect(run.stderr == message)
        #expect(run.stdout.isEmpty)
    }
}
