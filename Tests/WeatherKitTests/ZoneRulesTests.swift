import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The time-zone reader checked against Foundation's own time-zone data (ICU's, read by other code), and
/// against files that are not what they claim.
@Suite("Time zones from the system's database")
struct ZoneRulesTests {
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago", "Europe/London",
        "Europe/Dublin", "Australia/Lord_Howe", "Pacific/Chatham", "America/St_Johns", "Asia/Kolkata",
        "Asia/Kathmandu", "Pacific/Apia", "America/Sao_Paulo", "Pacific/Auckland", "UTC",
    ]

    /// Every 3 hours of the years 2026 to 2045, and a second before and after each change Foundation knows.
    static func moments(in zone: TimeZone) -> [Int64] {
        var moments: [Int64] = Array(stride(from: Int64(1_767_225_600), to: 2_366_841_600, by: 10_800))
        var date = Date(timeIntervalSince1970: 1_767_225_600)
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < 2_366_841_600
        {
            let seconds = Int64(next.timeIntervalSince1970)
            moments += [seconds - 1, seconds, seconds + 1]
            date = next
        }
        return moments
    }

    @Test("the offset at every moment of twenty years is Foundation's", arguments: zones)
    func offsetsAgreeWithFoundation(name: String) throws {
        let rules = try #require(ZoneRules(named: name, in: .system))
        let zone = try #require(TimeZone(identifier: name))
        for moment in Self.moments(in: zone) {
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment)))
            guard rules.offset(at: moment) == expected else {
                Issue.record("\(name) at \(moment): \(rules.offset(at: moment)) s, Foundation says \(expected) s")
                return
            }
        }
    }

    @Test("the changes within a span are Foundation's transitions", arguments: zones)
    func changesAgreeWithFoundation(name: String) throws {
        let rules = try #require(ZoneRules(named: name, in: .system))
        let zone = try #require(TimeZone(identifier: name))
        let span: ClosedRange<Int64> = 1_767_225_600...2_366_841_600
        var expected: [Int64] = []
        var date = Date(timeIntervalSince1970: Double(span.lowerBound))
        while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 <= 2_366_841_600
        {
            expected.append(Int64(next.timeIntervalSince1970))
            date = next
        }
        #expect(rules.changes(in: span).map(\.at) == expected)
    }

    @Test(
        "POSIX rules of the footer, for the years after a file's last listed change",
        arguments: [
            "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "AEST-10AEDT,M10.1.0,M4.1.0/3",
            "<-04>4<-03>,M9.1.6/24,M4.1.6/24", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "NZST-12NZDT,M9.5.0,M4.1.0/3",
            "IST-1GMT0,M10.5.0,M3.5.0/1", "<+0545>-5:45", "NST3:30NDT,M3.2.0,M11.1.0",
        ])
    func posixRules(text: String) throws {
        let rule = try #require(PosixRule(text))
        // The same rule as a zone with no listed change at all: what the footer alone says.
        let zoneNames = [
            "CET-1CEST,M3.5.0,M10.5.0/3": "Europe/Berlin", "EST5EDT,M3.2.0,M11.1.0": "America/New_York",
            "AEST-10AEDT,M10.1.0,M4.1.0/3": "Australia/Sydney", "<-04>4<-03>,M9.1.6/24,M4.1.6/24": "America/Santiago",
            "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0": "Australia/Lord_Howe",
            "NZST-12NZDT,M9.5.0,M4.1.0/3": "Pacific/Auckland",
            "IST-1GMT0,M10.5.0,M3.5.0/1": "Europe/Dublin", "<+0545>-5:45": "Asia/Kathmandu",
            "NST3:30NDT,M3.2.0,M11.1.0": "America/St_Johns",
        ]
        let zoneName = try #require(zoneNames[text])
        let zone = try #require(TimeZone(identifier: zoneName))
        for moment in Self.moments(in: zone) {
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment)))
            guard rule.offset(at: moment) == expected else {
                Issue.record("\(text) at \(moment): \(rule.offset(at: moment)) s, Foundation says \(expected) s")
                return
            }
        }
    }

    @Test(
        "footers in forms the database does not write are not used",
        arguments: ["", "X1", "CET", "CET-1CEST,J60,J300", "CET-1CEST,M13.1.0,M10.5.0", "CET-99"])
    func otherFooters(text: String) {
        #expect(PosixRule(text) == nil)
    }

    @Test(
        "a name that is not a zone's never opens a file outside the database",
        arguments: [
            "", "/etc/passwd", "../../../etc/passwd", "Europe/../../etc/passwd", "Europe//Berlin", "Europe/Berlin/",
            ".hidden", "-rf", "Europe/Berlin\n", "Europe/Ber lin", "Europe/Berlín", String(repeating: "A", count: 65),
        ])
    func badNames(name: String) {
        #expect(!ZoneRules.isZoneName(name))
        #expect(ZoneRules(named: name, in: .system) == nil)
    }

    @Test("a zone the database lacks, a folder, or a file that is not TZif: no rules")
    func missing() throws {
        #expect(ZoneRules(named: "Mars/Olympus_Mons", in: .system) == nil)
        #expect(ZoneRules(named: "Europe", in: .system) == nil)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/Test", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not a zone".utf8).write(to: URL(fileURLWithPath: folder + "/Test/Text"))
        #expect(ZoneRules(named: "Test/Text", in: ZoneDatabase(folder: folder)) == nil)
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin")).write(
            to: URL(fileURLWithPath: folder + "/Test/Copy"))
        #expect(
            ZoneRules(named: "Test/Copy", in: ZoneDatabase(folder: folder))
                == ZoneRules(named: "Europe/Berlin", in: .system))
    }

    @Test("the database is TZDIR's when the run's environment names a folder by its full path, else the system's")
    func database() {
        #expect(ZoneDatabase(environment: Environment(["TZDIR": "/opt/zones"])).folder == "/opt/zones")
        for variables in [[:], ["TZDIR": ""], ["TZDIR": "zones"]] {
            #expect(ZoneDatabase(environment: Environment(variables)).folder == ZoneDatabase.system.folder)
        }
        #expect(ZoneDatabase.system.folder == "/usr/share/zoneinfo")
    }

    @Test(
        "a truncated or corrupted file is refused or read, never a trap",
        arguments: ["Europe/Berlin", "America/Santiago"])
    func damagedFiles(name: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/" + name)))
        let whole = try #require(ZoneRules(tzif: bytes))
        for length in 0..<bytes.count {
            if let rules = ZoneRules(tzif: Array(bytes[..<length])) { _ = rules.offset(at: 1_800_000_000) }
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var damaged = bytes
            for _ in 0..<3 {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            if let rules = ZoneRules(tzif: damaged) {
                _ = rules.offset(at: 1_800_000_000)
                _ = rules.changes(in: 1_700_000_000...1_900_000_000)
            }
        }
        #expect(
            whole.offset(at: 1_800_000_000)
                == TimeZone(identifier: name)!.secondsFromGMT(for: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    @Test("a place's clock is saved as pairs and read back; anything else in the file gives the one offset")
    func savedOffsets() throws {
        let clock = PlaceClock(
            utcOffset: 3600, zoneName: "Europe/Berlin", from: Timestamp(secondsSince1970: 1_805_500_000),
            to: Timestamp(secondsSince1970: 1_806_500_000), zones: .system)
        #expect(clock.offsets.count == 4)
        #expect(PlaceClock.offsets(packed: clock.packedOffsets) == clock.offsets)
        #expect(
            PlaceClock.offsets(packed: "-86400 -3600,0 3600") == [-86_400, -3600, 0, 3600])
        for bad in [
            "1", "1 2 3", "_ 3600", "2 3600,1 7200", "1 1000000000", "1.5 3600", "1e300 0", "1 3600,", ",1 3600",
            "1 3600,,2 7200", "1  3600", "99999999999999999 0", "1 3600 ", "x",
        ] {
            #expect(PlaceClock.offsets(packed: bad).isEmpty, "\(bad)")
        }
        #expect(PlaceClock.offsets(packed: (0..<17).map { "\($0) 0" }.joined(separator: ",")).isEmpty)
        #expect(PlaceClock.offsets(packed: (0..<16).map { "\($0) 0" }.joined(separator: ",")).count == 32)
        let unknown = PlaceClock(
            utcOffset: 3600, zoneName: "Nowhere/At_All", from: Timestamp(secondsSince1970: 0),
            to: Timestamp(secondsSince1970: 86_400), zones: .system)
        #expect(!unknown.followsZoneRules)
        #expect(unknown.offset(at: Timestamp(secondsSince1970: 50_000)) == 3600)
    }
}
