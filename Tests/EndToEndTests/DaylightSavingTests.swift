import Foundation
import TestSupport
import Testing

/// Open-Meteo writes every local time of a response with one offset, today's: after a daylight-saving
/// change the hours and sunrises would read an hour off. weather asks for instants and reads them on the
/// place's own clock. Each case runs `weather` (and the fixture server) at 90 minutes before a change, in
/// both changes of a year, in two zones of each hemisphere; the expected clock times come from
/// Foundation's own time-zone data, not from weather's reader.
@Suite("Local times right across daylight-saving changes")
struct DaylightSavingTests {
    struct Change: CustomTestStringConvertible, Sendable {
        var place: String
        var zone: String
        /// A moment some weeks before the change.
        var before: String
        var testDescription: String { "\(place) after \(before)" }
    }

    static let changes = [
        Change(place: "Berlin", zone: "Europe/Berlin", before: "2027-03-01T00:00:00Z"),
        Change(place: "Berlin", zone: "Europe/Berlin", before: "2026-10-01T00:00:00Z"),
        Change(place: "New York", zone: "America/New_York", before: "2026-10-15T00:00:00Z"),
        Change(place: "New York", zone: "America/New_York", before: "2027-03-01T00:00:00Z"),
        Change(place: "Sydney", zone: "Australia/Sydney", before: "2026-09-15T00:00:00Z"),
        Change(place: "Sydney", zone: "Australia/Sydney", before: "2027-03-15T00:00:00Z"),
        Change(place: "Santiago", zone: "America/Santiago", before: "2026-08-20T00:00:00Z"),
        Change(place: "Santiago", zone: "America/Santiago", before: "2027-03-15T00:00:00Z"),
    ]

    /// "HH:mm" of `date` in `zone`, by Foundation's time-zone data.
    static func clock(_ date: Date, in zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    static func instant(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text), "\(text)")
    }

    static func object(_ run: Sandbox.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    /// The first match of `pattern`'s group 1 on each line that has one.
    static func captures(_ text: String, _ pattern: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return text.split(separator: "\n").compactMap { line in
            let line = String(line)
            guard let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                let range = Range(match.range(at: 1), in: line)
            else { return nil }
            return String(line[range])
        }
    }

    @Test("forecast hours, sunrises and %S read right across the change", arguments: changes)
    func acrossTheChange(change: Change) throws {
        let zone = try #require(TimeZone(identifier: change.zone))
        let switchMoment = try #require(zone.nextDaylightSavingTimeTransition(after: try Self.instant(change.before)))
        let moment = switchMoment.addingTimeInterval(-90 * 60)
        let sandbox = try Sandbox(at: TestMoment(moment, "90 minutes before \(change.place)'s change"))

        let set = try sandbox.run(["set", change.place])
        #expect(set.status == 0, "\(set)")
        let request = try #require(try sandbox.server.requests(.forecast).last)
        #expect(request.query["timeformat"] == "unixtime")

        let arguments = ["forecast", "--cached", "--hours", "6", "--days", "3"]
        let text = try sandbox.run(arguments)
        let json = try Self.object(try sandbox.run(arguments + ["--json"]))
        let location = try #require(json["location"] as? [String: Any])
        #expect(location["timezoneRules"] as? String == "zoneinfo")
        #expect(location["timezone"] as? String == change.zone)

        // The hours: six of them, the change among them, each on the place's clock.
        let hours = try #require(json["hourly"] as? [[String: Any]]).map { try Self.instant($0["time"] as! String) }
        #expect(hours.count == 6)
        #expect(
            zone.secondsFromGMT(for: hours.first!) != zone.secondsFromGMT(for: hours.last!),
            "the hours span the change")
        let shownHours = try Self.captures(text.stdout, #"^  (\d\d:\d\d)  "#)
        #expect(shownHours == hours.map { Self.clock($0, in: zone) }, "\(text.stdout)")
        // Each hour under the heading of its own day at the place (Santiago changes at midnight).
        let headings = DateFormatter()
        headings.locale = Locale(identifier: "en_US_POSIX")
        headings.timeZone = zone
        headings.dateFormat = "EEE d MMM"
        var heading = ""
        var underHeadings: [String] = []
        for line in text.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .prefix(while: { !$0.isEmpty })
        {
            if line.hasPrefix("  ") { underHeadings.append(heading) } else { heading = String(line) }
        }
        #expect(underHeadings == hours.map { headings.string(from: $0) }, "\(text.stdout)")

        // The days: each sunrise and sunset on its own day's clock.
        let days = try #require(json["daily"] as? [[String: Any]])
        let sunrises = try days.map { try Self.instant($0["sunrise"] as! String) }
        let sunsets = try days.map { try Self.instant($0["sunset"] as! String) }
        #expect(try Self.captures(text.stdout, #"sunrise (\d\d:\d\d)"#) == sunrises.map { Self.clock($0, in: zone) })
        #expect(try Self.captures(text.stdout, #"sunset (\d\d:\d\d)"#) == sunsets.map { Self.clock($0, in: zone) })
        // The fixture's sunrises are wall-clock times a minute or two apart from day to day: the one on
        // the other side of the change must not be an hour away from the one before it.
        let minutes = sunrises.map { date -> Int in
            let parts = Self.clock(date, in: zone).split(separator: ":").compactMap { Int($0) }
            return parts[0] * 60 + parts[1]
        }
        #expect(zip(minutes, minutes.dropFirst()).allSatisfy { abs($0 - $1) < 20 }, "\(minutes)")

        // Today's sunrise in a format and in the full text.
        let show = try Self.object(try sandbox.run(["show", "--json"]))
        let sunrise = try Self.instant(try #require(show["sunrise"] as? String))
        let format = try sandbox.run(["show", "--format", "%S"])
        #expect(format.stdout == Self.clock(sunrise, in: zone) + "\n", "\(format)")

        // Half a day after the change (for a change at midnight, as Santiago's, the next day), from the
        // saved forecast with no fetch: that day's sunrise on the new clock.
        let after = switchMoment.addingTimeInterval(12 * 3600)
        let later = sandbox.environment(at: after.timeIntervalSince1970)
        let dayFormatter = DateFormatter()
        dayFormatter.locale = Locale(identifier: "en_US_POSIX")
        dayFormatter.timeZone = zone
        dayFormatter.dateFormat = "yyyy-MM-dd"
        let forecast = try Self.object(try sandbox.run(["forecast", "--cached", "--json"], environment: later))
        let day = try #require(
            (forecast["daily"] as? [[String: Any]])?.first { $0["date"] as? String == dayFormatter.string(from: after) }
        )
        let laterSunrise = try Self.instant(try #require(day["sunrise"] as? String))
        let laterFormat = try sandbox.run(["show", "--format", "%S"], environment: later)
        #expect(laterFormat.stdout == Self.clock(laterSunrise, in: zone) + "\n", "\(laterFormat)")
    }
}
