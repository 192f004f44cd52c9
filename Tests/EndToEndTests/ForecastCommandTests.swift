import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

@Suite("weather forecast")
struct ForecastCommandTests {
    @Test(
        "set, then forecast as often as wanted: one request in all, hours from now, seven days",
        arguments: TestMoment.hard)
    func oneRequest(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        try sandbox.setBerlin()
        let text = try sandbox.run("forecast")
        #expect(text.status == 0, "\(text)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Berlin, Land Berlin, Germany: the next 12 hours and 7 days")
        // A heading for each day the twelve hours touch: one, or two across midnight.
        let headings = lines.filter {
            $0.range(of: #"^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$"#, options: .regularExpression) != nil
        }
        #expect((1...2).contains(headings.count), "\(text.stdout)")
        #expect(lines.count == 1 + headings.count + 12 + 1 + 7 + 1 + 1, "\(text.stdout)")
        #expect(lines[lines.count - 2] == "Updated just now · Data: Open-Meteo")
        let json = try sandbox.run("forecast", "--json", "--hours", "48", "--days", "7")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        let hourly = try #require(object["hourly"] as? [[String: Any]])
        let daily = try #require(object["daily"] as? [[String: Any]])
        #expect(hourly.count == 48)
        #expect(daily.count == 7)
        for key in ["time", "temperature", "precipitationProbability", "weatherCode"] {
            #expect(hourly.allSatisfy { $0.keys.contains(key) }, "hourly \(key)")
        }
        for key in [
            "date", "temperatureMax", "temperatureMin", "precipitationProbabilityMax", "precipitationSum",
            "weatherCode", "sunrise", "sunset",
        ] {
            #expect(daily.allSatisfy { $0.keys.contains(key) }, "daily \(key)")
        }
        // The first hour is the one under way, in UTC; the first day is today at the place, by Berlin's clock
        // now (UTC+1 or UTC+2: a fixed offset named the wrong day for an hour before midnight in winter).
        let now = sandbox.date
        let first = try #require(hourly.first?["time"] as? String)
        let hourStart = ISO8601DateFormatter().date(from: first)
        #expect(hourStart.map { now.timeIntervalSince($0) }.map { (0..<3600).contains($0) } == true, "\(first)")
        let today = ISO8601DateFormatter.string(
            from: now, timeZone: TimeZone(identifier: "Europe/Berlin")!, formatOptions: [.withFullDate])
        #expect(daily.first?["date"] as? String == today)
        #expect(object["stale"] as? Bool == false)
        #expect(try sandbox.requestCount(.forecast) == 1, "set's request brought it all")
        #expect(try sandbox.requestCount(.search) == 1)
    }

    @Test("a pipe never fetches, even stale; a terminal refreshes a stale forecast with one request")
    func whenToFetch() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        let stale = ["WEATHER_STALE_AFTER": "0"]
        let piped = try sandbox.run(["forecast"], environment: stale)
        #expect(piped.status == 0)
        #expect(piped.stdout.hasPrefix("Berlin, Land Berlin, Germany: the next 12 hours and 7 days (stale)\n"))
        #expect(try sandbox.run(["forecast", "--cached"], environment: stale, terminal: true).status == 0)
        #expect(try sandbox.requestCount() == 0)
        let terminal = try sandbox.run(
            ["forecast"], environment: stale.merging(["NO_COLOR": "1"]) { $1 }, terminal: true)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(try sandbox.requestCount(.forecast) == 1)
        #expect(try sandbox.run(["forecast", "--refresh"], environment: stale).status == 0)
        #expect(try sandbox.requestCount(.forecast) == 2)
    }

    @Test("a cache from before forecasts: a pipe says it comes with the next refresh, --refresh fetches it")
    func olderCache() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try FileManager.default.removeItem(atPath: sandbox.forecastFile)
        try sandbox.server.clearRequests()
        let piped = try sandbox.run("forecast")
        #expect(piped.status == 1)
        #expect(
            piped.stderr
                == "weather: no forecast for Berlin, Land Berlin, Germany saved yet: it comes with the next "
                + "background refresh; run weather forecast --refresh to fetch it now\n")
        #expect(try sandbox.run("show").status == 0, "show never needed it")
        #expect(try sandbox.requestCount() == 0)
        let refreshed = try sandbox.run("forecast", "--refresh")
        #expect(refreshed.status == 0, "\(refreshed)")
        #expect(FileManager.default.fileExists(atPath: sandbox.forecastFile))
        let requests = try sandbox.server.requests(.forecast)
        #expect(requests.count == 1, "fresh, but without a forecast: one request")
        #expect(requests.first?.header("If-None-Match") == nil && requests.first?.header("If-Modified-Since") == nil)
    }

    @Test("logout forgets the forecast too; a damaged forecast file is reported and fetched again in a terminal")
    func forgetAndRepair() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write("{\"format\":1,", to: sandbox.forecastFile)
        try sandbox.server.clearRequests()
        let damaged = try sandbox.run("forecast")
        #expect(damaged.status == 1)
        #expect(damaged.stderr.hasPrefix("weather: \(sandbox.forecastFile) is damaged"), "\(damaged)")
        #expect(damaged.errorLines.count == 1, "the damage, not also \"no forecast saved yet\": \(damaged)")
        let repaired = try sandbox.run(["forecast"], terminal: true)
        #expect(repaired.status == 0, "\(repaired)")
        #expect(try sandbox.requestCount(.forecast) == 1)
        #expect(try sandbox.run("logout").status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.forecastFile))
        #expect(!FileManager.default.fileExists(atPath: sandbox.resultFile))
    }

    @Test("show's today line and the waybar tooltip come from the result file alone")
    func showToday() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try FileManager.default.removeItem(atPath: sandbox.forecastFile)
        let text = try sandbox.run("show")
        #expect(text.stdout.split(separator: "\n")[2].hasPrefix("Today: high "), "\(text.stdout)")
        let waybar = try sandbox.run("show", "--waybar")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any], "\(waybar)")
        let tooltip = try #require(object["tooltip"] as? String)
        let outlook = tooltip.components(separatedBy: "\n\n").last?.split(separator: "\n") ?? []
        #expect(outlook.count == 1 + 3, "a line of hours and three days:\n\(tooltip)")
        let chance = try sandbox.run("show", "--format", "%H %L %R")
        #expect(chance.stdout.range(of: #"^-?\d+°C -?\d+°C \d+%\n$"#, options: .regularExpression) != nil, "\(chance)")
    }

    struct Midnight: CustomTestStringConvertible, Sendable {
        var place: String
        var zone: String
        var testDescription: String { place }
    }

    /// "Thu 8 Oct" for `date` in `zone`, by Foundation's calendar.
    static func heading(_ date: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "EEE d MMM"
        return formatter.string(from: date)
    }

    @Test(
        "the hours come under a heading for each of the place's days, by its own clock, across its midnight",
        arguments: [
            Midnight(place: "Berlin", zone: "Europe/Berlin"), Midnight(place: "New York", zone: "America/New_York"),
            Midnight(place: "Apia", zone: "Pacific/Apia"), Midnight(place: "Sydney", zone: "Australia/Sydney"),
        ])
    func dayHeadings(midnight: Midnight) throws {
        // 22:30 at the place, tomorrow: the hours from 22:00 run past its midnight.
        let zone = try #require(TimeZone(identifier: midnight.zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let tomorrow = try #require(calendar.date(byAdding: .day, value: 1, to: TestMoment.fixtures.date))
        let moment = try #require(calendar.date(bySettingHour: 22, minute: 30, second: 0, of: tomorrow))
        let sandbox = try Sandbox(at: TestMoment(moment, "22:30 in \(midnight.place)"))
        #expect(try sandbox.run(["set", midnight.place]).status == 0)

        let text = try sandbox.run(["forecast", "--cached", "--hours", "4", "--days", "0"])
        #expect(text.status == 0, "\(text)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let hour = TimeInterval(3600)
        let start = try #require(calendar.date(bySettingHour: 22, minute: 0, second: 0, of: tomorrow))
        let nextDay = start.addingTimeInterval(2 * hour)
        #expect(lines.count == 1 + 2 + 4 + 1, "\(text.stdout)")
        #expect(lines[1] == Self.heading(start, in: zone), "\(text.stdout)")
        #expect(lines[2].hasPrefix("  22:00  ") && lines[3].hasPrefix("  23:00  "), "\(text.stdout)")
        #expect(lines[4] == Self.heading(nextDay, in: zone), "\(text.stdout)")
        #expect(lines[5].hasPrefix("  00:00  ") && lines[6].hasPrefix("  01:00  "), "\(text.stdout)")
        #expect(lines[1] != lines[4])
        // The days' table is unchanged: no headings there.
        let days = try sandbox.run(["forecast", "--cached", "--hours", "0", "--days", "2"])
        #expect(days.stdout.split(separator: "\n").count == 1 + 2 + 1, "\(days)")
    }
}

@Suite("weather forecast in a person's terminal")
struct TerminalForecastTests {
    /// The lines a terminal shows of `text`, its colours taken out.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(
        "a narrow terminal: sentences wrap between words, tables lose their last columns, nothing is wider",
        arguments: [30, 40, 60, 72, 100])
    func narrow(columns: Int) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let arguments = ["forecast", "--cached", "--hours", "12", "--days", "7"]
        let piped = Self.lines(try sandbox.run(arguments).stdout)
        let run = try sandbox.run(arguments, terminal: true, size: (columns, 60))
        #expect(run.status == 0, "\(run)")
        let lines = Self.lines(run.stdout).dropLast()
        for line in lines { #expect(line.terminalColumns <= columns, "\(columns): \(line)") }
        // The first sentence, wrapped between words: joined again, it is the whole of it.
        let heading = lines.prefix {
            !$0.hasPrefix(" ") && $0.range(of: #"^[A-Z][a-z]{2} \d"#, options: .regularExpression) == nil
        }
        #expect(heading.joined(separator: " ") == piped[0], "\(columns): \(run.stdout)")
        // Each row is the piped row, or its first columns, whole cells only (the days' sunrise and sunset
        // shortened first).
        let rows = lines.filter { $0.hasPrefix("  ") }
        let pipedRows = piped.filter { $0.hasPrefix("  ") }
        #expect(rows.count == pipedRows.count, "\(run.stdout)")
        for (row, full) in zip(rows, pipedRows) {
            let short = full.replacingOccurrences(of: "sunrise ", with: "↑").replacingOccurrences(
                of: ", sunset ", with: " ↓")
            #expect(full.hasPrefix(row) || short.hasPrefix(row), "\(columns): \(row) against \(full)")
            #expect(!row.hasSuffix(" ") && !row.hasSuffix("…"), "\(columns): \(row)")
        }
        if columns >= 72 { #expect(rows.contains { $0.contains("sunrise ") }, "\(run.stdout)") }
        if columns == 60 { #expect(rows.contains { $0.contains("↑") && $0.contains("↓") }, "\(run.stdout)") }
        if columns <= 40 { #expect(!rows.contains { $0.contains("↑") }, "\(run.stdout)") }
    }

    @Test("stale in a terminal: the saved forecast at once, a spinner, then the new one drawn over it")
    func drawnAtOnce() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 1)])
        let run = try sandbox.run(
            ["forecast", "--hours", "3", "--days", "2"], environment: ["WEATHER_STALE_AFTER": "0", "NO_COLOR": "1"],
            terminal: true, errorsToTerminal: true, size: (100, 40))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Berlin, Land Berlin, Germany: the next 3 hours and 2 days (stale)\n"), "\(run)")
        #expect(run.stdout.contains("\nUpdated just now · Data: Open-Meteo, refreshing…\n"), "\(run)")
        #expect(run.stdout.contains("⠋ Refreshing the forecast for Berlin…"), "\(run.stdout.debugDescription)")
        // The spinner's line cleared, the cursor back over the lines drawn (one more heading past
        // midnight), and the new forecast.
        let drawn = try #require(run.stdout.components(separatedBy: "refreshing…\n").first)
        let drawnLines = drawn.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect((9...10).contains(drawnLines), "\(drawn)")
        let parts = run.stdout.components(separatedBy: "\r\u{1B}[K\u{1B}[\(drawnLines)F\u{1B}[J")
        #expect(parts.count == 2, "\(run.stdout.debugDescription)")
        let redrawn = Self.lines(parts.last ?? "")
        #expect(redrawn.first?.hasPrefix("Berlin, Land Berlin, Germany: the next 3 hours and 2 days") == true)
        #expect(redrawn.dropLast().last?.hasPrefix("Updated just now · Data: Open-Meteo") == true, "\(redrawn)")
        #expect(!(parts.last ?? "").contains("refreshing"), "\(redrawn)")
        #expect(try sandbox.requestCount(.forecast) == 2)
    }

    @Test("the refresh fails: the saved forecast stays on the screen, with a one-line note")
    func failedRefresh() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 20)])
        let run = try sandbox.run(
            ["forecast", "--hours", "3", "--days", "2"],
            environment: ["WEATHER_STALE_AFTER": "0", "WEATHER_INTERACTIVE_TIMEOUT": "1", "NO_COLOR": "1"],
            terminal: true, size: (100, 40))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Updated just now · Data: Open-Meteo, refreshing…\n"), "\(run)")
        let redrawn = try #require(run.stdout.components(separatedBy: "\u{1B}[J").last)
        #expect(redrawn.hasPrefix("Berlin, Land Berlin, Germany: the next 3 hours and 2 days (stale)\n"), "\(run)")
        #expect(redrawn.hasSuffix("Updated just now · Data: Open-Meteo\n"), "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasSuffix("showing the forecast from just now\n"), "\(run)")
    }

    @Test("a forecast taller than the terminal is not drawn twice: the spinner, then the forecast once")
    func tallerThanTheScreen() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let run = try sandbox.run(
            ["forecast", "--hours", "48"], environment: ["WEATHER_STALE_AFTER": "0", "NO_COLOR": "1"],
            terminal: true, errorsToTerminal: true, size: (100, 24))
        #expect(run.status == 0, "\(run)")
        #expect(!run.stdout.contains("refreshing…"), "\(run)")
        #expect(!run.stdout.contains("\u{1B}[J"), "\(run)")
        #expect(run.stdout.components(separatedBy: "Berlin, Land Berlin, Germany: the next 48 hours").count == 2)
        #expect(try sandbox.requestCount(.forecast) == 2)
    }
}
