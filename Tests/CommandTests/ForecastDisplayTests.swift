import ArgumentParser
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

@testable import WeatherCommands

/// What `forecast` prints for people and scripts, compared with `Tests/Golden/forecast.txt`: a night in
/// Berlin fresh and stale, Alert on the way into polar night and in the midnight sun, and Apia by the
/// date line, in metric and imperial units and as JSON.
@Suite("What forecast prints")
struct ForecastDisplayTests {
    /// `place` saved from `forecast`, the clock `shift` seconds from the default (to the fixture's own
    /// observation), then `age` seconds later; stale after 10 minutes.
    func saved(_ place: String, _ forecast: String, shift: Double = 0, age: Double) throws -> TestContext {
        let fixture = try TestContext(
            staleAfter: 600,
            answers: [.fixture("open-meteo/geocoding/\(place.lowercased()).json"), .fixture(forecast)])
        fixture.clock.advance(shift)
        _ = try fixture.fetcher.setLocation(PlaceQuery(words: [place]))
        fixture.clock.advance(age)
        return fixture
    }

    /// What `weather forecast arguments` prints in the next run of `fixture`, a pipe.
    func forecast(_ arguments: [String], _ fixture: TestContext) throws -> String {
        let run = fixture.nextRun()
        let parsed = try ForecastCommand.parse(arguments)
        #expect(run.context.run { () throws(WeatherError) in try parsed.run(with: run) } == 0)
        let console = run.context.console as! RecordingConsole
        #expect(console.errors.isEmpty, "\(console.errors)")
        return console.output
    }

    static let cases: [(String, String, String, Double, Double)] = [
        ("Berlin, fresh", "Berlin", "open-meteo/forecast/berlin.json", 0, 0),
        ("Berlin, stale", "Berlin", "open-meteo/forecast/berlin.json", 0, 1200),
        // 2026-10-08T13:00 at UTC-4, polar night from the 13th.
        ("Alert, October", "Alert", "open-meteo/forecast/alert.json", 0, 0),
        // 2026-06-21T13:00 at UTC-4: 109 days before the clock's default.
        ("Alert, June", "Alert", "open-meteo/forecast-alert-june.json", -109 * 86_400, 0),
        // 2026-10-08T14:00 at UTC+13 is 01:00 UTC, 16 hours before the clock's default.
        ("Apia", "Apia", "open-meteo/forecast/apia.json", -16 * 3600, 0),
    ]

    @Test("the text in metric and imperial units, and the JSON, for each case")
    func golden() throws {
        var printed = ""
        for (name, place, file, shift, age) in Self.cases {
            let fixture = try saved(place, file, shift: shift, age: age)
            for arguments in [
                ["--hours", "6"], ["--hours", "3", "--days", "3", "--units", "imperial"],
                ["--json", "--hours", "2", "--days", "2"],
            ] {
                printed += "== \(name): " + (["weather", "forecast"] + arguments).joined(separator: " ") + "\n"
                printed += try forecast(arguments, fixture)
            }
            #expect(fixture.transport.requests.count == 2, "a pipe never fetches")
        }
        try expectGolden(printed, named: "forecast.txt")
    }

    @Test("the JSON's numbers are SI in every unit system; --hours 0 --days 0 leaves empty lists")
    func jsonIsSI() throws {
        let fixture = try saved("Berlin", "open-meteo/forecast/berlin.json", age: 0)
        let metric = try forecast(["--json"], fixture)
        for units in UnitSystem.allCases {
            #expect(try forecast(["--json", "--units", units.rawValue], fixture) == metric)
        }
        let empty = try forecast(["--json", "--hours", "0", "--days", "0"], fixture)
        #expect(empty.contains(#""hourly":[],"daily":[]"#))
    }

    @Test(
        "--hours and --days outside what is kept are refused, exit 64",
        arguments: [["--hours", "49"], ["--days", "8"], ["--hours", "-1"]])
    func refusesRanges(arguments: [String]) throws {
        let error = try #require(throws: (any Error).self) { try ForecastCommand.parse(arguments) }
        #expect(ForecastCommand.exitCode(for: error) == .validationFailure)
        #expect(ForecastCommand.message(for: error).contains(arguments[0]))
    }
}
