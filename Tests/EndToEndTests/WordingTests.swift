import Foundation
import TestSupport
import Testing

/// What people read says what the values are: every count takes its noun in the singular for one and
/// the plural otherwise ("1 run", "2 runs"); a probability of precipitation is called that, as it is
/// the chance of rain, snow or hail alike.
@Suite("Words people read")
struct WordingTests {
    @Test("schedule's history: 1 run and 1 request, 2 runs and 2 requests, no runs")
    func history() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let now = Int(sandbox.now)
        let path = sandbox.stateHome + "/weather/runs.txt"
        // One run in the last day, a second one three days ago; each sent a request.
        try sandbox.write("weather runs 1\n\(now - 3 * 86_400) d 1 300\n\(now - 600) n 1 200\n", to: path)
        let schedule = try sandbox.run("schedule")
        #expect(schedule.status == 0, "\(schedule)")
        #expect(
            schedule.stdout.contains(
                "\nLast day:   1 run: 1 new data, 0 no data, 0 failed; 1 request; median 200 ms\n"), "\(schedule)")
        #expect(
            schedule.stdout.contains(
                "\nLast week:  2 runs: 1 new data, 1 no data, 0 failed; 2 requests; median 300 ms\n"), "\(schedule)")
        try sandbox.write("weather runs 1\n\(now - 3 * 86_400) d 0 300\n", to: path)
        let quiet = try sandbox.run("schedule")
        #expect(quiet.stdout.contains("\nLast day:   no runs\n"), "\(quiet)")
        #expect(quiet.stdout.contains("\nLast week:  1 run: 0 new data, 1 no data, 0 failed; 0 requests;"), "\(quiet)")
    }

    @Test(
        "forecast's heading counts hours and days in the singular and the plural",
        arguments: [
            (["--hours", "1", "--days", "1"], "the next 1 hour and 1 day"),
            (["--hours", "2", "--days", "0"], "the next 2 hours"),
            (["--hours", "0", "--days", "1"], "the next 1 day"),
        ])
    func forecastSpan(arguments: [String], span: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let run = try sandbox.run(["forecast", "--cached"] + arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Berlin, Land Berlin, Germany: \(span)\n"), "\(run)")
    }

    @Test("an age of one day is 1 day ago")
    func oneDay() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.advance(by: -86_400 - 3600)
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        try sandbox.advance(by: 86_400 + 3600)
        let run = try sandbox.run("show", "--format", "%a")
        #expect(run.stdout == "1 day ago\n", "\(run)")
    }

    @Test("the probability of precipitation is named so in show, --help and the tooltip, snow or rain")
    func chanceOfPrecipitation() throws {
        let sandbox = try Sandbox(at: .fixtures)
        // Alert, Nunavut: snow today in the fixture, with a high chance of it.
        #expect(try sandbox.run("set", "Alert").status == 0)
        let show = try sandbox.run("show")
        #expect(show.stdout.contains(", chance of precipitation "), "\(show)")
        #expect(show.stdout.contains("snow"), "the fixture's day is snowy: \(show)")
        let waybar = try sandbox.run("show", "--waybar")
        #expect(waybar.stdout.contains(", chance of precipitation "), "\(waybar)")
        let help = try sandbox.run("show", "--help")
        #expect(help.stdout.contains("%R  today's chance of precipitation "), "\(help)")
        for run in [show, waybar, help] {
            #expect(!run.stdout.lowercased().contains("chance of rain"), "\(run)")
        }
        let json = try sandbox.run("show", "--json")
        #expect(json.stdout.contains("\"precipitationProbabilityMax\":"), "the JSON keys stay: \(json)")
    }
}
