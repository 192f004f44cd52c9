import Foundation
import TestSupport
import Testing

/// Settings as people write them, in config.json and in the environment, read by the built program.
@Suite("Setting values as people write them")
struct SettingsValuesTests {
    @Test(
        "a value of the wrong JSON type in config.json is refused with the file's path and the key",
        arguments: [
            (
                #"{"format": 42}"#,
                "\"format\" is a number; it must be text in quotes, such as {\"format\": \"%l %c %t %o\"}"
            ),
            (#"{"units": true}"#, "\"units\" is a boolean; it must be text in quotes, such as {\"units\": \"metric\"}"),
            (
                #"{"icons": ["emoji"]}"#,
                "\"icons\" is an array; it must be text in quotes, such as {\"icons\": \"emoji\"}"
            ),
            (
                #"{"language": 7}"#,
                "\"language\" is a number; it must be text in quotes, such as {\"language\": \"de\"}"
            ),
            (#"{"contact": 1.5}"#, "\"contact\" is a number; it must be text in quotes"),
            (#"{"forecast_url": 80}"#, "\"forecast_url\" is a number; it must be text in quotes"),
            (#"{"timeout": true}"#, "\"timeout\" is a boolean; it must be a number or text, such as {\"timeout\": 30}"),
            (#"{"stale_after": {}}"#, "\"stale_after\" is an object; it must be a number or text"),
        ])
    func wrongType(config: String, reason: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write(config, to: sandbox.configFile)
        for arguments in [["show"], ["show", "--short"], ["forecast"], ["schedule"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 78, "\(arguments): \(run)")
            #expect(run.stderr.hasPrefix("weather: \(sandbox.configFile): \(reason)"), "\(arguments): \(run)")
            #expect(run.stderr.hasSuffix("; fix or remove the file\n"), "\(arguments): \(run)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("times may be JSON numbers or text in config.json")
    func numbersForTimes() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write(#"{"timeout": 20, "stale_after": 0, "interactive_timeout": "3s"}"#, to: sandbox.configFile)
        let run = try sandbox.run("show", "--short")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix(" (stale)\n"), "stale_after 0 was read: \(run)")
    }

    /// The variables `weather --help` lists.
    static func documentedVariables(_ sandbox: Sandbox) throws -> [String] {
        let help = try sandbox.run("--help").stdout
        let expression = try NSRegularExpression(pattern: #"^\s+(WEATHER_[A-Z_]+)\s"#, options: .anchorsMatchLines)
        return expression.matches(in: help, range: NSRange(help.startIndex..., in: help)).compactMap {
            Range($0.range(at: 1), in: help).map { String(help[$0]) }
        }
    }

    @Test("an empty WEATHER_* variable is unset, as NO_COLOR= is: every command runs, config.json applies")
    func emptyMeansUnset() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let variables = try Self.documentedVariables(sandbox)
        #expect(variables.count >= 13, "\(variables)")
        #expect(variables.contains("WEATHER_ICONS") && variables.contains("WEATHER_FORMAT"))
        let expected = try sandbox.run("show", "--short")
        #expect(expected.status == 0)
        for variable in variables + ["NO_COLOR"] {
            for arguments in [["show", "--short"], ["--short"], ["forecast", "--hours", "1"], ["schedule"]] {
                let run = try sandbox.run(arguments, environment: [variable: ""])
                #expect(run.status == 0, "\(variable)=\"\" \(arguments): \(run)")
                #expect(run.stderr.isEmpty, "\(variable)=\"\" \(arguments): \(run)")
                if arguments.last == "--short" { #expect(run.stdout == expected.stdout, "\(variable)") }
            }
        }
        // Unset in the environment, the file's value holds; empty text in the file is unset too.
        try sandbox.write(#"{"units": "imperial", "icons": "", "format": "%t"}"#, to: sandbox.configFile)
        let run = try sandbox.run(["show", "--short"], environment: ["WEATHER_UNITS": "", "WEATHER_FORMAT": ""])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout == "52°F\n", "\(run)")
    }

    @Test(
        "enumerated settings and options are read in any letter case",
        arguments: [
            ([], ["WEATHER_UNITS": "Imperial"], "52°F ☁️🌙"),
            ([], ["WEATHER_UNITS": "IMPERIAL", "WEATHER_ICONS": "ASCII"], "52°F m"),
            ([], ["WEATHER_TEMPERATURE_UNIT": "Fahrenheit", "WEATHER_ICONS": "None"], "52°F"),
            (["--units", "Imperial"], [:], "52°F ☁️🌙"),
            (["--units=SI", "--icons", "Ascii"], [:], "11°C m"),
            (["--icons", "NONE", "--color", "Never"], [:], "11°C"),
        ] as [([String], [String: String], String)])
    func anyLetterCase(options: [String], environment: [String: String], line: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // The status-bar form, which weather reads itself (the fast path), and the same form read by
        // ArgumentParser in weather-commands.
        let arguments = ["show", "--format", "%t %c"] + options
        for program in [TestPaths.weatherBinary, TestPaths.commandsBinary] {
            let run = try sandbox.run(program: program, arguments, environment: environment)
            #expect(run.status == 0, "\(program) \(arguments): \(run)")
            #expect(run.stdout == line + "\n", "\(program) \(arguments): \(run)")
        }
        let forecast = try sandbox.run(["forecast", "--hours", "1", "--days", "0"] + options, environment: environment)
        #expect(forecast.status == 0, "\(forecast)")
        let unit = line.contains("°F") ? "°F" : "°C"
        #expect(forecast.stdout.contains(unit), "\(forecast)")
    }

    @Test("config.json's choices are read in any letter case too")
    func configLetterCase() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write(
            #"{"units": "Imperial", "wind_unit": "KMH", "precipitation_unit": "MM", "icons": "Nerd"}"#,
            to: sandbox.configFile)
        let run = try sandbox.run("show", "--format", "%t %w %c")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("52°F ") && run.stdout.contains("km/h"), "\(run)")
        #expect(
            run.stdout.unicodeScalars.contains { (0xE300...0xE3E3).contains($0.value) }, "a Nerd Font glyph: \(run)")
    }

    @Test("a blank format setting is refused as --format's is; an empty one is the default short line")
    func blankFormat() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let reason =
            "must be a format such as \"%l %c %t %o\" (weather show --help lists the codes), not blanks that print "
            + "nothing; empty or unset, it is that default"
        let variable = try sandbox.run(["show", "--short"], environment: ["WEATHER_FORMAT": "   "])
        #expect(variable.status == 78, "\(variable)")
        #expect(variable.stderr == "weather: WEATHER_FORMAT=\"   \" is not valid: it \(reason)\n", "\(variable)")
        try sandbox.write(#"{"format": " "}"#, to: sandbox.configFile)
        let config = try sandbox.run("--short")
        #expect(config.status == 78, "\(config)")
        #expect(config.stderr == "weather: \(sandbox.configFile): \"format\" \(reason); fix or remove the file\n")
        try sandbox.write(#"{"format": ""}"#, to: sandbox.configFile)
        let empty = try sandbox.run(["--short"], environment: ["WEATHER_FORMAT": ""])
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.stdout == "Berlin ☁️🌙 11°C\n", "\(empty)")
    }
}
