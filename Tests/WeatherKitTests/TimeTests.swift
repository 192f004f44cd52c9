import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Times and durations")
struct TimeTests {
    @Test(
        "ISO 8601 times read with their zone",
        arguments: [
            ("2026-10-08T17:00:00Z", 1_791_478_800.0),
            ("2026-10-08T19:00:00+02:00", 1_791_478_800.0),
            ("2026-10-08T12:00-05:00", 1_791_478_800.0),
            ("1970-01-01T00:00:00Z", 0.0),
            ("2024-02-29T12:00:00Z", 1_709_208_000.0),
            ("2026-10-08T17:00:00.250Z", 1_791_478_800.25),
        ])
    func parses(text: String, seconds: Double) {
        #expect(Timestamp(iso8601: text)?.secondsSince1970 == seconds)
    }

    @Test("Open-Meteo's local time takes the place's UTC offset")
    func localTime() {
        #expect(Timestamp(iso8601: "2026-10-08T19:00", assumingUTCOffset: 7200)?.secondsSince1970 == 1_791_478_800)
        #expect(Timestamp(iso8601: "2026-10-08T19:00") == nil)
    }

    @Test(
        "impossible times are refused",
        arguments: [
            "2026-02-29T00:00Z", "2026-13-01T00:00Z", "2026-10-08T24:00Z", "2026-10-08 17:00Z", "yesterday",
            "2026-10-08T17:00:00.Z", "2026-10-08T17:00:00Zjunk", "",
        ])
    func refuses(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test("times print as ISO 8601 in UTC and read back")
    func formats() {
        let moment = Timestamp(secondsSince1970: 1_791_478_800.25)
        #expect(moment.iso8601() == "2026-10-08T17:00:00Z")
        #expect(moment.iso8601(fractionDigits: 3) == "2026-10-08T17:00:00.250Z")
        #expect(Timestamp(iso8601: moment.iso8601(fractionDigits: 3)) == moment)
        #expect(Timestamp(secondsSince1970: -1).iso8601() == "1969-12-31T23:59:59Z")
        #expect(
            Timestamp(secondsSince1970: -62_135_596_800.5).iso8601(fractionDigits: 6) == "0001-01-01T00:00:00.000000Z")
        #expect(Timestamp(secondsSince1970: 253_402_300_799).iso8601(fractionDigits: 1) == "9999-12-31T23:59:59.0Z")
    }

    @Test(
        "durations as people write them",
        arguments: [
            ("900", 900.0), ("30s", 30.0), ("30m", 1800.0), ("2h", 7200.0), ("1h30m", 5400.0), ("1d", 86_400.0),
            (" 15M ", 900.0), ("0.5", 0.5),
        ])
    func parsesDurations(text: String, seconds: Double) {
        #expect(DurationText.parse(text) == seconds)
    }

    @Test("nonsense durations are refused", arguments: ["", "abc", "-5", "5x", "m", "1h30", "nan", "inf"])
    func refusesDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test("durations print in whole units and compactly")
    func formatsDurations() {
        #expect(DurationText.format(45).description == "45 s")
        #expect(DurationText.format(900).description == "15 min")
        #expect(DurationText.format(7200).description == "2 h")
        #expect(DurationText.format(7500).description == "2 h 5 min")
        #expect(DurationText.format(3 * 86_400).description == "3 days")
        #expect(DurationText.compact(5400) == "1h30m")
        #expect(DurationText.compact(900) == "15m")
        #expect(DurationText.elapsed(0.2124) == "212 ms")
        #expect(DurationText.elapsed(1.44) == "1.4 s")
    }

    @Test(
        "ages read like speech",
        arguments: [
            (5.0, "just now"), (-30.0, "just now"), (240.0, "4 min ago"), (3600.0, "1 h ago"),
            (7500.0, "2 h 5 min ago"),
            (86_400.0, "1 day ago"), (259_205.0, "3 days ago"),
        ])
    func ages(seconds: Double, text: String) {
        #expect(RelativeTime.ago(seconds).description == text)
    }

    @Test("fixed decimals round half away from zero, after the decimal mark given")
    func fixedDecimals() {
        #expect(52.52437.fixed(decimals: 4) == "52.5244")
        #expect((-16.25).fixed(decimals: 1, decimalMark: ",") == "-16,3")
        #expect(10.9.fixed(decimals: 1, decimalMark: "٫") == "10٫9", "a mark of more than one byte")
        #expect(11.0.fixed(decimals: 0, decimalMark: ",") == "11", "no decimals, no mark")
        #expect((-0.12574).fixed(decimals: 4) == "-0.1257")
        #expect((-0.00001).fixed(decimals: 4) == "0.0000")
        #expect(10.0.fixed(decimals: 1) == "10.0")
        #expect((-16.25).fixed(decimals: 1) == "-16.3")
    }

    @Test(
        "the age's words next change at the next whole minute for a day, then at the next whole day",
        arguments: [
            (0.0, 60.0), (59.9, 60), (60, 120), (3599, 3600), (7260.5, 7320), (86_339, 86_340), (86_345, 86_400),
            (86_400, 172_800), (200_000, 259_200), (-30, 60),
        ])
    func nextChange(seconds: Double, next: Double) {
        #expect(RelativeTime.nextChange(after: seconds) == next)
        // Just before the moment the words are those of now; at it, they differ.
        #expect(RelativeTime.ago(next - 0.5) == RelativeTime.ago(max(seconds, 0)))
        #expect(RelativeTime.ago(next) != RelativeTime.ago(max(seconds, 0)))
    }
}
