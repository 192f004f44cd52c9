import Glibc
import Testing

@testable import WeatherModel

/// The feels-like temperature of MET Norway's results: the Bureau of Meteorology's apparent temperature.
@Suite("Apparent temperature")
struct ApparentTemperatureTests {
    @Test("worked by hand: 20 °C, 50 %, calm is 19.85 °C; 0 °C, 100 %, 10 m/s is -8.99 °C")
    func workedExamples() throws {
        // e = 0.5 × 6.105 × exp(17.27 × 20 / 257.7) = 11.662 hPa; 20 + 0.33 × 11.662 − 4 = 19.848.
        let mild = try #require(ApparentTemperature.of(temperature: 20, relativeHumidity: 50, windSpeed: 0))
        #expect(abs(mild - 19.848) < 0.005)
        // e = 6.105 hPa at 0 °C; 0 + 2.015 − 7 − 4 = −8.985.
        let windy = try #require(ApparentTemperature.of(temperature: 0, relativeHumidity: 100, windSpeed: 10))
        #expect(abs(windy - -8.985) < 0.005)
    }

    @Test("wind takes 0.7 °C per m/s, and humidity adds 0.33 °C per hPa of vapour pressure")
    func terms() throws {
        let calm = try #require(ApparentTemperature.of(temperature: 25, relativeHumidity: 60, windSpeed: 0))
        let breezy = try #require(ApparentTemperature.of(temperature: 25, relativeHumidity: 60, windSpeed: 5))
        #expect(abs((calm - breezy) - 3.5) < 1e-9)
        let dry = try #require(ApparentTemperature.of(temperature: 25, relativeHumidity: 0, windSpeed: 0))
        #expect(abs(dry - 21) < 1e-9, "no vapour: the air temperature less 4")
        let vapour = 0.6 * 6.105 * exp(17.27 * 25 / 262.7)
        #expect(abs((calm - dry) - 0.33 * vapour) < 1e-9)
    }

    @Test("no humidity or no wind, or values that are no numbers: no feels-like")
    func missing() {
        #expect(ApparentTemperature.of(temperature: 10, relativeHumidity: nil, windSpeed: 3) == nil)
        #expect(ApparentTemperature.of(temperature: 10, relativeHumidity: 70, windSpeed: nil) == nil)
        #expect(ApparentTemperature.of(temperature: .nan, relativeHumidity: 70, windSpeed: 3) == nil)
        #expect(ApparentTemperature.of(temperature: 10, relativeHumidity: .infinity, windSpeed: 3) == nil)
        #expect(ApparentTemperature.of(temperature: -237.7, relativeHumidity: 70, windSpeed: 3) == nil)
    }
}
