import ArgumentParser
import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

@testable import WeatherCommands

/// What `show` prints in every unit system, fresh and stale, by day and by night: the text, `--format`
/// with every code, `--waybar` and `--json`, compared with `Tests/Golden/display-<units>.txt`.
@Suite("What show prints, in every unit system")
struct DisplayTests {
    /// Every `--format` code.
    static let everyCode = "%l|%N|%c|%C|%x|%t|%f|%h|%w|%p|%P|%S|%s|%H|%L|%R|%a|%o|%m|%%"

    /// Berlin saved from `forecast` (night or day), `age` seconds ago; stale after 10 minutes.
    func saved(_ forecast: String, age: Double) throws -> TestContext {
        let fixture = try TestContext(
            staleAfter: 600, answers: [.fixture("open-meteo/geocoding/berlin.json"), .fixture(forecast)])
        _ = try fixture.fetcher.setLocation(PlaceQuery(words: ["Berlin"]))
        fixture.clock.advance(age)
        return fixture
    }

    /// What `weather show arguments` prints in the next run of `fixture`, a pipe.
    func show(_ arguments: [String], _ fixture: TestContext, terminal: Bool = false) throws -> String {
        let run = fixture.nextRun(terminal: terminal)
        let parsed = try ShowCommand.parse(arguments)
        #expect(run.context.run { () throws(WeatherError) in try parsed.run(with: run) } == 0)
        let console = run.context.console as! RecordingConsole
        #expect(console.errors.isEmpty, "\(console.errors)")
        return console.output
    }

    static let cases = [
        ("fresh night", "open-meteo/forecast/berlin.json", 0.0),
        ("stale night", "open-meteo/forecast/berlin.json", 1200),
        ("fresh day", "open-meteo/forecast-berlin-day.json", 0),
        ("stale day", "open-meteo/forecast-berlin-day.json", 1200),
    ]

    @Test("text, every format code and waybar, fresh and stale, day and night", arguments: UnitSystem.allCases)
    func golden(units: UnitSystem) throws {
        var printed = ""
        for (name, forecast, age) in Self.cases {
            let fixture = try saved(forecast, age: age)
            for arguments in [[], ["--format", Self.everyCode], ["--short"], ["--waybar"]] {
                printed +=
                    "== \(name): "
                    + (["weather", "show", "--units", units.rawValue] + arguments).joined(separator: " ") + "\n"
                printed += try show(["--units", units.rawValue] + arguments, fixture)
            }
            #expect(fixture.transport.requests.count == 2, "a pipe never fetches")
        }
        try expectGolden(printed, named: "display-\(units.rawValue).txt")
    }

    @Test("the JSON is the same in every unit system: SI, with the age", arguments: cases)
    func json(name: String, forecast: String, age: Double) throws {
        let fixture = try saved(forecast, age: age)
        let metric = try show(["--json"], fixture)
        for units in UnitSystem.allCases {
            #expect(try show(["--json", "--units", units.rawValue], fixture) == metric)
        }
        try expectGolden(metric, named: "display-\(name.replacing(" ", with: "-")).json")
    }

    /// 2026-10-08 17:00 UTC, the fixtures' moment: a waning crescent, two days before the new moon of
    /// 2026-10-10 (`MoonPhaseTests` checks the algorithm against eclipses).
    @Test(
        "%m is the moon's phase by the clock, in every icon set",
        arguments: [("emoji", "🌘"), ("nerd", "\u{E3A5}"), ("ascii", "waning crescent"), ("none", "")])
    func moon(icons: String, expected: String) throws {
        let fixture = try saved("open-meteo/forecast/berlin.json", age: 0)
        #expect(try show(["--format", "[%m]", "--icons", icons], fixture) == "[\(expected)]\n")
        // Three days on, with no fetch: the new moon.
        fixture.clock.advance(3 * 86_400)
        let later = try show(["--format", "[%m]", "--icons", icons], fixture)
        #expect(
            later
                == (icons == "none" ? "[]\n" : "[\(["emoji": "🌑", "nerd": "\u{E38D}", "ascii": "new moon"][icons]!)]\n")
        )
    }

    @Test("switching units, icons or colour never fetches, even in a terminal")
    func switchingNeverFetches() throws {
        let fixture = try saved("open-meteo/forecast/berlin.json", age: 0)
        for arguments in [
            ["--units", "imperial"], ["--units", "si"], ["--icons", "nerd"], ["--color", "always"],
            ["--format", "%t %w"], ["--waybar"],
        ] {
            _ = try show(arguments, fixture, terminal: true)
        }
        #expect(fixture.transport.requests.count == 2)
    }

    /// The tooltip of `show --waybar` under `hours` and `days`, and its outlook's lines: the hour line and
    /// one line a day after the full text's blank line.
    func tooltip(hours: Int, days: Int) throws -> (hourEntries: Int, dayLines: [String]) {
        let fixture = try TestContext(
            staleAfter: 600,
            answers: [.fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json")],
            settings: {
                $0.tooltipHours = hours
                $0.tooltipDays = days
            })
        _ = try fixture.fetcher.setLocation(PlaceQuery(words: ["Berlin"]))
        let object = try JSONSerialization.jsonObject(with: Data(try show(["--waybar"], fixture).utf8))
        let tooltip = try #require((object as? [String: Any])?["tooltip"] as? String)
        let parts = tooltip.components(separatedBy: "\n\n")
        guard parts.count == 2 else { return (0, []) }
        let lines = parts[1].components(separatedBy: "\n")
        let hourLine = lines.first { $0.first?.isNumber == true }
        return (hourLine?.components(separatedBy: "   ").count ?? 0, lines.filter { $0.first?.isLetter == true })
    }

    @Test("tooltip_hours and tooltip_days set how far the waybar tooltip looks ahead")
    func tooltipSpan() throws {
        // Defaults as before: 12 hours at 3-hour steps, 3 days.
        let standard = try tooltip(hours: 12, days: 3)
        #expect(standard.hourEntries == 4)
        #expect(standard.dayLines.map { String($0.prefix(6)) } == ["Thu 8 ", "Fri 9 ", "Sat 10"])
        let longer = try tooltip(hours: 24, days: 6)
        #expect(longer.hourEntries == 8)
        #expect(longer.dayLines.count == 6)
        let shorter = try tooltip(hours: 3, days: 1)
        #expect(shorter.hourEntries == 1)
        #expect(shorter.dayLines.count == 1)
        let none = try tooltip(hours: 0, days: 0)
        #expect(none.hourEntries == 0 && none.dayLines.isEmpty)
    }

    @Test("settings choose units, icons and the short line; options win over them")
    func settings() throws {
        let fixture = try TestContext(
            staleAfter: 600,
            answers: [.fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json")],
            settings: {
                $0.units = UnitSystem.imperial.units
                $0.units.wind = .kn
                $0.icons = .ascii
                $0.format = try! FormatString(parsing: "%t %w %c")
            })
        _ = try fixture.fetcher.setLocation(PlaceQuery(words: ["Berlin"]))
        #expect(try show(["--short"], fixture) == "52°F ↗8kn m\n")
        #expect(try show(["--waybar"], fixture).hasPrefix(#"{"text":"52°F ↗8kn m","#))
        #expect(try show(["--short", "--units", "metric", "--icons", "none"], fixture) == "11°C ↗14km/h\n")
        #expect(try show(["--format", "%t"], fixture) == "52°F\n")
    }

    @Test("colour: auto only on a terminal, always even in a pipe, never not even on a terminal")
    func colour() throws {
        let fixture = try saved("open-meteo/forecast/berlin.json", age: 0)
        #expect(try show([], fixture, terminal: true).contains("\u{1B}[1m"))
        #expect(!(try show([], fixture).contains("\u{1B}")))
        #expect(try show(["--color", "always"], fixture).contains("\u{1B}[1m"))
        #expect(!(try show(["--color", "never"], fixture, terminal: true).contains("\u{1B}")))
        #expect(!(try show(["--waybar", "--color", "always"], fixture).contains("\u{1B}")), "no ANSI in JSON")
    }

    @Test("NO_COLOR turns colour off only when it holds something, as no-color.org says")
    func noColor() throws {
        for (value, coloured) in [("", true), ("1", false), ("0", false)] {
            let fixture = try TestContext(
                staleAfter: 600,
                answers: [.fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json")],
                environment: ["NO_COLOR": value])
            _ = try fixture.fetcher.setLocation(PlaceQuery(words: ["Berlin"]))
            #expect(try show([], fixture, terminal: true).contains("\u{1B}[1m") == coloured, "NO_COLOR=\(value)")
        }
    }

    @Test("waybar: no place saved is class none and exit 0; a failure is class error, exit 0, and said on stderr")
    func waybarWithoutResult() throws {
        let empty = try TestContext()
        #expect(
            try show(["--waybar"], empty)
                == #"{"text":"","tooltip":"No place saved: run weather set &lt;city&gt;","class":["none"]}"# + "\n")

        let fixture = try saved("open-meteo/forecast/berlin.json", age: 0)
        try Data("{\"format\":".utf8).write(
            to: URL(fileURLWithPath: fixture.folder.path + "/cache/weather/current.json"))
        let run = fixture.nextRun()
        let parsed = try ShowCommand.parse(["--waybar"])
        #expect(run.context.run { () throws(WeatherError) in try parsed.run(with: run) } == 0)
        let console = run.context.console as! RecordingConsole
        #expect(console.output.hasPrefix(#"{"text":"⚠","tooltip":"weather: "# + fixture.folder.path))
        #expect(console.output.contains(#"/cache/weather/current.json is damaged (not valid JSON"#))
        #expect(console.output.hasSuffix(#""class":["error"]}"# + "\n"))
        #expect(console.errors.contains("is damaged"))
    }

    @Test("--format refuses an unknown code by its name, exit 64")
    func unknownCode() throws {
        let error = try #require(throws: (any Error).self) { try ShowCommand.parse(["--format", "%t %y"]) }
        #expect(ShowCommand.message(for: error) == "--format: %y is not a format code (%% is a percent sign)")
        #expect(ShowCommand.exitCode(for: error) == .validationFailure)
    }
}
