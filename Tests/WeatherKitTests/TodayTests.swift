import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// "Today" is the place's day now, whenever the result was fetched (issue 31, item 1).
@Suite("Today by the clock, not by the observation")
struct TodayTests {
    /// 2026-11-23 00:00 UTC, a Monday; Berlin is at +1.
    static let monday = 20_780.0 * 86_400

    static func at(_ hours: Double) -> Timestamp { Timestamp(secondsSince1970: monday + hours * 3600) }

    /// Observed Monday 13:00 UTC (14:00 in Berlin); hours at 15:00, 18:00, 21:00 UTC; three days.
    static let result: WeatherResult = {
        var days: [DayForecast] = []
        for index in 0..<3 {
            let offset = Double(index)
            let sunrise: Timestamp = at(24 * offset + 6.5)
            let sunset: Timestamp = at(24 * offset + 15.5)
            days.append(
                DayForecast(
                    day: 20_780 + index, weatherCode: 3, temperatureMax: 10 + offset, temperatureMin: offset,
                    precipitationProbabilityMax: 10 * (offset + 1), precipitationSum: 0, sunrise: sunrise,
                    sunset: sunset))
        }
        let hours = [15.0, 18, 21].map { HourForecast(time: at($0), temperature: 5, weatherCode: 3) }
        return WeatherResult(
            location: Location(name: "Berlin", latitude: 52.52, longitude: 13.41),
            conditions: CurrentConditions(temperature: 9), observedAt: at(13),
            clock: PlaceClock(utcOffset: 3600, zoneName: "Europe/Berlin", offsets: [Int(monday) - 86_400, 3600]),
            sunrise: at(6.5), sunset: at(15.5), outlook: Forecast(hours: hours, days: days), updatedAt: at(13))
    }()

    @Test("today's entry is the place's day now: the observation's day, the next, none past the outlook")
    func todaysEntry() {
        #expect(Self.result.day(at: Self.at(22.9))?.temperatureMax == 10, "22:54 UTC is 23:54 in Berlin: Monday")
        #expect(Self.result.day(at: Self.at(23))?.temperatureMax == 11, "midnight in Berlin: Tuesday")
        #expect(Self.result.day(at: Self.at(48 + 21))?.temperatureMax == 12, "Wednesday 22:00 in Berlin")
        #expect(Self.result.day(at: Self.at(72)) == nil)
    }

    @Test("the sun of today: the result's own on its day, the outlook's after, none beyond it")
    func sun() {
        let monday = Self.result.sun(at: Self.at(20), day: Self.result.day(at: Self.at(20)))
        #expect(monday.sunrise == Self.at(6.5))
        let tuesday = Self.result.sun(at: Self.at(30), day: Self.result.day(at: Self.at(30)))
        #expect(tuesday.sunrise == Self.at(30.5))
        #expect(tuesday.sunset == Self.at(39.5))
        let later = Self.result.sun(at: Self.at(80), day: Self.result.day(at: Self.at(80)))
        #expect(later.sunrise == nil && later.sunset == nil)
    }

    @Test("watch wakes when an hour of the tooltip ends, or at the place's midnight, whichever is first")
    func nextChange() {
        #expect(Self.result.nextOutlookChange(after: Self.at(13)) == Self.at(16))
        #expect(Self.result.nextOutlookChange(after: Self.at(16)) == Self.at(19))
        #expect(Self.result.nextOutlookChange(after: Self.at(22.5)) == Self.at(23), "Berlin's midnight")
        #expect(Self.result.nextOutlookChange(after: Self.at(23)) == Self.at(47))
    }

    @Test("the text, the format codes and the tooltip on Tuesday show Tuesday")
    func formatted() throws {
        let formatter = WeatherFormatter(now: Self.at(30), style: .plain)
        let text = formatter.text(Self.result, stale: true)
        #expect(text.contains("Today: high 11.0 °C, low 1.0 °C, chance of precipitation 20%"), "\(text)")
        #expect(text.contains("Sunrise 07:30, sunset 16:30"), "\(text)")
        #expect(
            formatter.line(try FormatString(parsing: "%H %L %R %S"), Self.result, stale: true) == "11°C 1°C 20% 07:30")
        let outlook = formatter.outlook(Self.result)
        #expect(!outlook.contains("16:00") && !outlook.contains("Mon"), "\(outlook)")
        #expect(outlook.hasPrefix("Tue 24"), "\(outlook)")
    }
}
