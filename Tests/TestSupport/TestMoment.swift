public import Foundation
public import Testing

/// When an end-to-end test runs: the moment its runs of weather take as now (`WEATHER_TEST_NOW`) and its
/// part of the fixture server too, and the time zone of the user's clock in its runs (`TZ`) where the
/// moment is about that clock. Time is an input: a test names its moment (`.fixtures`), or runs at each of
/// the hard moments (`TestMoment.hard`), or says why it must read the real clock (`.realClock(because:)`).
///
/// The clock stands still at the moment, so that nothing the test did not ask for changes between two of
/// its steps (`Sandbox.advance(by:)` moves it); `running` lets it run on from there with the real clock,
/// for a test that waits on time passing (the watch's wake-ups, a bar's refreshes).
public struct TestMoment: Sendable, CustomTestStringConvertible {
    /// Seconds since 1970.
    public let seconds: Double
    /// What makes the moment, as a test's case names it: "23:30 in Berlin".
    public let name: String
    /// The time zone of the user's clock in the runs (`TZ`), or `nil` for the machine's own.
    public let zone: String?
    /// Whether the clock runs on from the moment with the real one, rather than standing still.
    public let runs: Bool
    /// Why the test reads the real clock, for `.realClock(because:)`; then `seconds` is when it was made.
    public let realClockReason: String?

    /// The moment of `iso` ("2026-10-08T17:00:05Z"), named `name`, with the user's clock in `zone`.
    public init(_ iso: String, _ name: String, zone: String? = nil) {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: iso) else { preconditionFailure("not an ISO 8601 moment: \(iso)") }
        self.init(seconds: date.timeIntervalSince1970, name: name, zone: zone, runs: false, realClockReason: nil)
    }

    /// The moment `date`, named `name`, with the user's clock in `zone`.
    public init(_ date: Date, _ name: String, zone: String? = nil) {
        self.init(seconds: date.timeIntervalSince1970, name: name, zone: zone, runs: false, realClockReason: nil)
    }

    private init(seconds: Double, name: String, zone: String?, runs: Bool, realClockReason: String?) {
        self.seconds = seconds
        self.name = name
        self.zone = zone
        self.runs = runs
        self.realClockReason = realClockReason
    }

    public var date: Date { Date(timeIntervalSince1970: seconds) }
    public var testDescription: String { name }

    /// The same moment, its clock running on from there with the real one.
    public var running: TestMoment {
        TestMoment(seconds: seconds, name: name + ", running", zone: zone, runs: true, realClockReason: realClockReason)
    }

    /// The fixtures' own moment, 2026-10-08T17:00:05Z (19:00 in Berlin, 12:00 in Springfield, Missouri):
    /// when they were written, the warnings in force as they were written. For a test the hour does not
    /// matter to.
    public static let fixtures = TestMoment("2026-10-08T17:00:05Z", "the fixtures' moment, 2026-10-08T17:00:05Z")

    /// The real clock, for a test that must read it (systemd's own timers, a notification server's
    /// timeouts): `reason` says why. Its runs get no `WEATHER_TEST_NOW`, and the server keeps the real
    /// clock.
    public static func realClock(because reason: String) -> TestMoment {
        // wall clock: the moment is the real one, for the reason the test gives.
        let now = Date().timeIntervalSince1970
        return TestMoment(seconds: now, name: "the real clock", zone: nil, runs: true, realClockReason: reason)
    }

    /// The moments that have broken tests and programs, for a place in `zone` called `place`: 23:30 and
    /// 00:30 at the place (tomorrow begins within the hour; the evening's warnings end tomorrow), half an
    /// hour before each daylight-saving change of Europe/Berlin and America/Chicago and before Santiago's
    /// spring change at midnight (the next hours cross it; a day of 23 or 25 hours), 23:59 UTC (Open-Meteo's
    /// daily limit turns), the last half hour of the year at the place, and 00:15 on a clock at a
    /// half-hour offset (Asia/Kolkata, +05:30). Each is on the user's clock of its zone (`TZ` of the runs),
    /// but 23:59 UTC, which keeps the machine's.
    public static func hard(at zone: String, place: String) -> [TestMoment] {
        [
            local("2026-10-08T23:30", zone, "23:30 in \(place)"),
            local("2026-10-09T00:30", zone, "00:30 in \(place)"),
            TestMoment(
                "2027-03-28T00:30:00Z", "Berlin's spring change, 01:30 before 02:00 becomes 03:00",
                zone: "Europe/Berlin"),
            TestMoment(
                "2026-10-25T00:30:00Z", "Berlin's autumn change, 02:30 before 03:00 becomes 02:00",
                zone: "Europe/Berlin"),
            TestMoment(
                "2027-03-14T07:30:00Z", "Chicago's spring change, 01:30 before 02:00 becomes 03:00",
                zone: "America/Chicago"),
            TestMoment(
                "2026-11-01T06:30:00Z", "Chicago's autumn change, 01:30 before 02:00 becomes 01:00",
                zone: "America/Chicago"),
            TestMoment(
                "2026-09-06T03:30:00Z", "Santiago's spring change, 23:30 before midnight becomes 01:00",
                zone: "America/Santiago"),
            TestMoment("2026-10-08T23:59:30Z", "23:59:30 UTC"),
            local("2026-12-31T23:30", zone, "23:30 on New Year's Eve in \(place)"),
            TestMoment("2026-10-08T18:45:00Z", "00:15 in Kolkata, UTC+05:30", zone: "Asia/Kolkata"),
        ]
    }

    /// The hard moments of Berlin, where most tests' place is.
    public static let hard = hard(at: "Europe/Berlin", place: "Berlin")
    /// The hard moments of Springfield, Missouri (the National Weather Service's fixtures).
    public static let hardInSpringfield = hard(at: "America/Chicago", place: "Springfield")

    /// `wall` ("2026-10-08T23:30") on the clock of `zone`.
    private static func local(_ wall: String, _ zone: String, _ name: String) -> TestMoment {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        guard let date = formatter.date(from: wall) else { preconditionFailure("no \(wall) in \(zone)") }
        return TestMoment(
            seconds: date.timeIntervalSince1970, name: name, zone: zone, runs: false, realClockReason: nil)
    }
}
