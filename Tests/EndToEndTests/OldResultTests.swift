import Foundation
import TestSupport
import Testing

/// A result fetched on an earlier day (a laptop off overnight, no timer): what weather shows of "today"
/// comes from today's entry of the saved forecast, and hours and days already past are dropped, by the
/// clock, with no fetch (issue 31, item 1).
@Suite("An old result never calls yesterday today")
struct OldResultTests {
    static func object(_ run: Sandbox.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    @Test(
        "today's high, low, chance and sun in the text, the format codes, --json and the tooltip",
        arguments: [1, 2], TestMoment.hard)
    func fromTodaysEntry(daysOld: Int, moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        // Fetched at 13:00 UTC that many days ago, by a binary and a server on that day's clock.
        let now = sandbox.date
        let then = ((now.timeIntervalSince1970 / 86_400).rounded(.down) - Double(daysOld)) * 86_400 + 13 * 3600
        try sandbox.setClock(to: then)
        let set = try sandbox.run(["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        try sandbox.setClock(to: now.timeIntervalSince1970)
        let requests = try sandbox.requestCount()

        // The saved forecast's entry for today, as forecast --cached shows it (its first day).
        let forecast = try Self.object(try sandbox.run(["forecast", "--cached", "--json", "--days", "7"]))
        let days = try #require(forecast["daily"] as? [[String: Any]])
        let today = try #require(days.first)
        // Today by the place's own clock, as Foundation reads it: the entry shown as today must be it.
        let berlinDay = DateFormatter()
        berlinDay.locale = Locale(identifier: "en_US_POSIX")
        berlinDay.timeZone = TimeZone(identifier: "Europe/Berlin")
        berlinDay.dateFormat = "yyyy-MM-dd"
        #expect(today["date"] as? String == berlinDay.string(from: now), "\(today)")
        let high = try #require(today["temperatureMax"] as? Double)
        let low = try #require(today["temperatureMin"] as? Double)
        let chance = try #require(today["precipitationProbabilityMax"] as? Double)
        let sunrise = try #require(today["sunrise"] as? String)

        let show = try Self.object(try sandbox.run(["show", "--json"]))
        // The result keeps three days of outlook from its fetch (the tooltip's days): past the place's
        // midnight, a result of two days ago reaches no further than yesterday, and shows no day at all
        // rather than yesterday's (as at 00:30 in Berlin).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let fetchedDay = calendar.startOfDay(for: Date(timeIntervalSince1970: then))
        let daysSince = try #require(calendar.dateComponents([.day], from: fetchedDay, to: now).day)
        guard daysSince < 3 else {
            #expect(show["today"] == nil, "\(show)")
            #expect(!(try sandbox.run(["show"]).stdout.contains("Today:")))
            #expect(try sandbox.requestCount() == requests)
            return
        }
        let shownToday = try #require(show["today"] as? [String: Any])
        #expect(shownToday["temperatureMax"] as? Double == high)
        #expect(shownToday["temperatureMin"] as? Double == low)
        #expect(shownToday["precipitationProbabilityMax"] as? Double == chance)
        #expect(show["sunrise"] as? String == sunrise, "today's sunrise, not the day of the observation's")

        let text = try sandbox.run(["show", "--units", "metric"]).stdout
        let highText = String(format: "%.1f", high)
        #expect(text.contains("Today: high \(highText) °C"), "\(text)")
        #expect(text.contains("chance of precipitation \(Int(chance.rounded()))%"), "\(text)")
        let codes = try sandbox.run(["show", "--format", "%H %L %R"]).stdout
        #expect(
            codes == "\(Int(high.rounded()))°C \(Int(low.rounded()))°C \(Int(chance.rounded()))%\n", "\(codes)")

        // The tooltip: no hour before now, and its first day is today.
        let waybar = try Self.object(try sandbox.run(["show", "--waybar"]))
        let tooltip = try #require(waybar["tooltip"] as? String)
        let todayDate = try #require(today["date"] as? String)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let date = try #require(formatter.date(from: todayDate))
        formatter.dateFormat = "EEE d"
        let outlook = try #require(tooltip.components(separatedBy: "\n\n").last)
        let dayLines = outlook.split(separator: "\n").filter { $0.contains("°C / ") }
        #expect(dayLines.first?.hasPrefix(formatter.string(from: date)) == true, "\(tooltip)")
        // No request for any of it.
        #expect(try sandbox.requestCount() == requests)
    }
}
