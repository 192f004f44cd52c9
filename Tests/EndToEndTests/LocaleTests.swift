import Foundation
import TestSupport
import Testing

/// `weather` run in real locales, as a user's system has them (`TestLocales`): C and English print what
/// weather always printed, byte for byte, but for the clock of a locale that reads 12 hours.
@Suite("weather in the user's locale")
struct LocaleTests {
    /// What people and scripts read of the saved Berlin, in one environment.
    static func outputs(_ sandbox: Sandbox, _ environment: [String: String]) throws -> [String] {
        try [
            ["show"], ["show", "--json"], ["show", "--waybar"], ["show", "--format", "%l %C %t %f %w %S %s %o"],
            ["forecast", "--hours", "6", "--days", "3"], ["forecast", "--json", "--hours", "2", "--days", "1"],
            ["search", "London"], ["schedule"], ["show", "Atlantis"], ["--help"], ["show", "--help"],
        ].map { arguments in
            let run = try sandbox.run(arguments, environment: environment)
            return Self.ageless(run.stdout + run.stderr)
        }
    }

    /// `text` without the result's age, which moves on while the test runs: "Updated just now" and
    /// "Updated 1 min ago" read alike, and so do `"age":4` and `"age":70`.
    static func ageless(_ text: String) -> String {
        text.replacingOccurrences(of: #"Updated [^\n"\\]*"#, with: "Updated …", options: .regularExpression)
            .replacingOccurrences(of: #""age":[0-9]+"#, with: #""age":0"#, options: .regularExpression)
    }

    @Test("C, POSIX and British English print what C.UTF-8 prints, byte for byte, whatever LANGUAGE says")
    func sameAsBefore() throws {
        let sandbox = try Sandbox()
        try sandbox.setBerlin()
        let before = try Self.outputs(sandbox, [:])
        #expect(before[0].hasPrefix("Berlin, Land Berlin, Germany: ⛅ 10.9 °C, partly cloudy\n"), "\(before[0])")
        for environment in [
            ["LANG": "C"], ["LANG": "POSIX"], ["LC_ALL": "C", "LANG": "de_DE.UTF-8"], ["LANG": "C", "LANGUAGE": "de"],
            ["LC_ALL": "POSIX", "LANGUAGE": "uk:de"],
        ] {
            #expect(try Self.outputs(sandbox, environment) == before, "\(environment)")
        }
        let british = try TestLocales.environment("en_GB.UTF-8")
        #expect(try Self.outputs(sandbox, british) == before)
        #expect(try Self.outputs(sandbox, british.merging(["LANGUAGE": "en_GB:en"]) { $1 }) == before)
    }

    /// "7:17 AM" for "07:17", "2 PM" for "14:00" with `hourOnly`.
    static func twelveHour(_ clock: Substring, hourOnly: Bool = false) -> String {
        let hour = Int(clock.prefix(2))!
        let shown = hour % 12 == 0 ? 12 : hour % 12
        let half = hour < 12 ? "AM" : "PM"
        return hourOnly ? "\(shown) \(half)" : "\(shown):\(clock.suffix(2)) \(half)"
    }

    @Test("American English reads a 12-hour clock, the words and numbers as before")
    func american() throws {
        let sandbox = try Sandbox()
        try sandbox.setBerlin()
        let american = try TestLocales.environment("en_US.UTF-8")
        let c = try sandbox.run("show")
        let us = try sandbox.run(["show"], environment: american)
        #expect(us.status == 0, "\(us)")
        // Sunrise 07:17, sunset 18:29 in C; Sunrise 7:17 AM, sunset 6:29 PM here, and nothing else differs.
        let sun = try #require(c.stdout.split(separator: "\n").first { $0.hasPrefix("Sunrise ") })
        let times = sun.split(separator: " ").compactMap {
            $0.count >= 5 && $0.dropLast().contains(":") ? $0.prefix(5) : nil
        }
        #expect(times.count == 2, "\(sun)")
        var expected = c.stdout
        for time in times { expected = expected.replacingOccurrences(of: String(time), with: Self.twelveHour(time)) }
        #expect(us.stdout == expected, "\(us.stdout)")
        #expect(us.stdout.hasPrefix("Berlin, Land Berlin, Germany: ⛅ 10.9 °C, partly cloudy\n"))

        // The forecast's hours: "2 PM" where C writes "14:00", and the days' sunrise and sunset likewise.
        let forecast = try sandbox.run(["forecast", "--hours", "4", "--days", "2"], environment: american)
        let cForecast = try sandbox.run(["forecast", "--hours", "4", "--days", "2"])
        let rows = forecast.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        let cRows = cForecast.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(rows.count == cRows.count && rows.count >= 6, "\(forecast.stdout)")
        for (row, cRow) in zip(rows, cRows) where cRow.dropFirst(2).first?.isNumber == true {
            let hour = Self.twelveHour(cRow.dropFirst(2).prefix(5), hourOnly: true)
            #expect(row.dropFirst(2).hasPrefix(hour + " "), "\(row) for \(cRow)")
        }
        #expect(forecast.stdout.contains(" AM, sunset "), "\(forecast.stdout)")
        // JSON and the waybar classes are never the locale's; --json has no conditionText in English.
        let json = try sandbox.run(["show", "--json"], environment: american)
        #expect(json.stdout.contains("\"condition\":\"partly cloudy\"") && !json.stdout.contains("conditionText"))
        let waybar = try sandbox.run(["show", "--waybar"], environment: american)
        #expect(waybar.stdout.contains("\"class\":[\"fresh\",\"cloudy\""), "\(waybar.stdout)")
    }
}
