import TestSupport
import Testing

@testable import WeatherKit

@Suite("What people read")
struct WeatherFormatterTests {
    static let result = WeatherResult(
        location: TestContext.berlin,
        conditions: CurrentConditions(
            temperature: 10.9, apparentTemperature: 8.2, relativeHumidity: 81, isDay: false, precipitation: 0,
            weatherCode: 2, cloudCover: 64, pressure: 1016.3, windSpeed: 3.9, windDirection: 232, windGusts: 8.3
        ),
        observedAt: Timestamp(secondsSince1970: 1_791_478_800), utcOffsetSeconds: 7200, interval: 900,
        updatedAt: Timestamp(secondsSince1970: 1_791_478_800)
    )

    @Test("the full text, fresh")
    func text() {
        let formatter = WeatherFormatter(now: Self.result.updatedAt + 240)
        #expect(
            formatter.text(Self.result, stale: false) == """
                Berlin, Land Berlin, Germany: 10.9 °C, partly cloudy
                Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
                Updated 4 min ago
                """)
    }

    @Test("stale is marked, and colour appears only when asked for")
    func staleAndColour() {
        let formatter = WeatherFormatter(now: Self.result.updatedAt + 3000, style: .color)
        let text = formatter.text(Self.result, stale: true)
        #expect(text.hasSuffix("\u{1B}[2mUpdated 50 min ago\u{1B}[0m \u{1B}[33m(stale)\u{1B}[0m"))
        #expect(text.hasPrefix("\u{1B}[1mBerlin, Land Berlin, Germany\u{1B}[0m: 10.9 °C, partly cloudy\n"))
    }

    @Test("only the temperature is needed")
    func sparse() {
        var result = Self.result
        result.conditions = CurrentConditions(temperature: -0.04)
        #expect(
            WeatherFormatter(now: result.updatedAt).text(result, stale: false) == """
                Berlin, Land Berlin, Germany: 0.0 °C
                Updated just now
                """)
        #expect(WeatherFormatter.summary(of: result.conditions) == "0.0 °C")
    }

    @Test(
        "compass points",
        arguments: [(0.0, "N"), (11, "N"), (12, "NNE"), (232, "SW"), (359, "N"), (-90, "W"), (720, "N")])
    func compass(degrees: Double, point: String) {
        #expect(WeatherFormatter.compassPoint(degrees) == point)
    }

    @Test("calm wind has no direction")
    func calm() {
        var result = Self.result
        result.conditions.windSpeed = 0
        result.conditions.windGusts = nil
        #expect(
            WeatherFormatter(now: result.updatedAt).text(result, stale: false).contains(
                "Feels like 8.2 °C, humidity 81%, wind 0 km/h\n"))
    }

    @Test("every WMO code of the table has words; others have none")
    func wmoCodes() {
        for code in [
            0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85, 86, 95, 96, 99,
        ] {
            #expect(WMOCode.description(code) != nil)
        }
        #expect(WMOCode.description(4) == nil)
    }
}
