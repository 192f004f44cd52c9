import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// Issue 25, item 1: one value no observation can have costs that value, not the response.
@Suite("Implausible values in a series: a gap each, counted; a mostly absurd series refused")
struct ImplausibleValuesTests {
    /// Berlin's forecast (current time 19:00, hours from 00:00) with `change` applied to its JSON.
    static func berlin(_ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
        var document = try #require(
            try JSONSerialization.jsonObject(with: Data(try TestPaths.fixture("open-meteo/forecast/berlin.json")))
                as? [String: Any])
        change(&document)
        return Array(try JSONSerialization.data(withJSONObject: document))
    }

    static func setting(_ block: String, _ key: String, _ indices: [Int], to value: Any) -> (inout [String: Any]) ->
        Void
    {
        { document in
            var series = document[block] as! [String: Any]
            var values = series[key] as! [Any]
            for index in indices { values[index] = value }
            series[key] = values
            document[block] = series
        }
    }

    @Test(
        "one absurd value in an hour or a day is a gap; the others and the current values stand",
        arguments: [
            ("hourly", "precipitation", 21, -3276.8 as Double, "hourly.precipitation[21] was -3276.8"),
            ("hourly", "temperature_2m", 30, 900, "hourly.temperature_2m[30] was 900"),
            ("hourly", "precipitation_probability", 19, 140, "hourly.precipitation_probability[19] was 140"),
            ("hourly", "weather_code", 25, 150, "hourly.weather_code[25] was 150"),
            ("hourly", "wind_speed_10m", 40, -2, "hourly.wind_speed_10m[40] was -2"),
            ("daily", "temperature_2m_max", 1, 999, "daily.temperature_2m_max[1] was 999"),
            ("daily", "precipitation_sum", 2, -3276.8, "daily.precipitation_sum[2] was -3276.8"),
            ("daily", "precipitation_probability_max", 0, -10, "daily.precipitation_probability_max[0] was -10"),
        ] as [(String, String, Int, Double, String)])
    func oneValue(block: String, key: String, index: Int, value: Double, note: String) throws {
        let plain = try ForecastResponse.decode(try Self.berlin { _ in })
        let response = try ForecastResponse.decode(try Self.berlin(Self.setting(block, key, [index], to: value)))
        #expect(response.implausible == [note])
        #expect(response.conditions == plain.conditions)
        #expect(response.observedAt == plain.observedAt)
        // The hours kept start at 19:00, the current hour: index 19 of the series.
        var expected = plain.forecast
        switch (block, key) {
        case ("hourly", "precipitation"): expected.hours[index - 19].precipitation = nil
        case ("hourly", "temperature_2m"): expected.hours[index - 19].temperature = nil
        case ("hourly", "precipitation_probability"): expected.hours[index - 19].precipitationProbability = nil
        case ("hourly", "weather_code"): expected.hours[index - 19].weatherCode = nil
        case ("hourly", "wind_speed_10m"): expected.hours[index - 19].windSpeed = nil
        case ("daily", "temperature_2m_max"): expected.days[index].temperatureMax = nil
        case ("daily", "precipitation_sum"): expected.days[index].precipitationSum = nil
        default: expected.days[index].precipitationProbabilityMax = nil
        }
        #expect(response.forecast == expected)
        #expect(response.forecast != plain.forecast)
    }

    @Test("more than a quarter of a series absurd is a bad response; a quarter is still gaps")
    func mostlyAbsurd() throws {
        // 168 hourly values: 42 are a quarter.
        let quarter = try ForecastResponse.decode(
            try Self.berlin(Self.setting("hourly", "wind_speed_10m", Array(0..<42), to: -5)))
        #expect(quarter.implausible.count == 42)
        #expect(quarter.forecast.hours.count == 48)
        let body = try Self.berlin(Self.setting("hourly", "wind_speed_10m", Array(0..<43), to: -5))
        do {
            _ = try ForecastResponse.decode(body)
            Issue.record("43 of 168 absurd values were accepted")
        } catch {
            #expect(error.description == "hourly.wind_speed_10m has 43 of 168 values outside 0...200, such as -5")
        }
        // Nulls are not counted as values: a series of 4 values with 2 absurd is refused.
        let sparse = try Self.berlin { document in
            var series = document["daily"] as! [String: Any]
            series["temperature_2m_max"] = [10.0, 999.0, NSNull(), NSNull(), -999.0, 12.0, NSNull()]
            document["daily"] = series
        }
        #expect(throws: ResponseProblem.self) { try ForecastResponse.decode(sparse) }
    }

    /// Berlin's forecast with the two hours' `minutely_15` precipitation from 19:00, the observation's
    /// quarter hour, as `amounts`.
    static func withRainSoon(_ amounts: [Any]) -> (inout [String: Any]) -> Void {
        { document in
            let times = (0..<amounts.count).map { "2026-10-08T\(19 + $0 / 4):\(["00", "15", "30", "45"][$0 % 4])" }
            document["minutely_15_units"] = ["time": "iso8601", "precipitation": "mm"]
            document["minutely_15"] = ["time": times, "precipitation": amounts]
        }
    }

    @Test("one bad hour in the rain-soon series (-819.2 four times of 8) costs rain soon alone")
    func badHourOfRainSoon() throws {
        let plain = try ForecastResponse.decode(try Self.berlin { _ in })
        let sentinel = -819.2
        let response = try ForecastResponse.decode(
            try Self.berlin(Self.withRainSoon([0.0, 0.2, sentinel, sentinel, sentinel, sentinel, 0.4, 0.0])))
        #expect(response.nowcast == nil, "rain soon unknown, as without the block")
        #expect(response.conditions == plain.conditions)
        #expect(response.forecast == plain.forecast)
        #expect(response.implausible.count == 4)
        #expect(response.implausible.first == "minutely_15.precipitation[2] was -819.2")
    }

    @Test("one bad quarter hour in the rain-soon series is a gap; the rest still says when it rains")
    func badQuarterOfRainSoon() throws {
        let response = try ForecastResponse.decode(
            try Self.berlin(Self.withRainSoon([0.0, 0.0, -819.2, 0.2, 0.3, 0.0, 0.0, 0.0])))
        let nowcast = try #require(response.nowcast)
        #expect(nowcast.count == 8)
        #expect(nowcast.wetBits == 0b11000, "the gap is dry, the quarters after it wet")
        #expect(response.implausible == ["minutely_15.precipitation[2] was -819.2"])
    }

    @Test("a rain-soon block that cannot be read at all costs rain soon alone")
    func unreadableRainSoon() throws {
        let plain = try ForecastResponse.decode(try Self.berlin { _ in })
        let short = try ForecastResponse.decode(
            try Self.berlin { document in
                Self.withRainSoon([0.0, 0.1])(&document)
                var block = document["minutely_15"] as! [String: Any]
                block["precipitation"] = [0.0]
                document["minutely_15"] = block
            })
        let unordered = try ForecastResponse.decode(
            try Self.berlin { document in
                Self.withRainSoon([0.0, 0.1])(&document)
                var block = document["minutely_15"] as! [String: Any]
                block["time"] = ["2026-10-08T19:15", "2026-10-08T19:00"]
                document["minutely_15"] = block
            })
        for response in [short, unordered] {
            #expect(response.nowcast == nil)
            #expect(response.conditions == plain.conditions)
            #expect(response.forecast == plain.forecast)
        }
    }

    @Test("the days' UV mostly absurd costs UV alone; the days' other values stand")
    func absurdUV() throws {
        let plain = try ForecastResponse.decode(try Self.berlin { _ in })
        let response = try ForecastResponse.decode(
            try Self.berlin(Self.setting("daily", "uv_index_max", [0, 1, 2], to: -3276.8)))
        var expected = plain.forecast
        for index in expected.days.indices { expected.days[index].uvIndexMax = nil }
        #expect(response.forecast == expected)
        #expect(response.conditions == plain.conditions)
        #expect(response.implausible.count == 3)
    }

    @Test("an absurd value in °F or inches is judged after conversion, and named as the service wrote it")
    func converted() throws {
        var body = String(decoding: try TestPaths.fixture("open-meteo/forecast-fahrenheit.json"), as: UTF8.self)
        let hourly = try #require(body.firstRange(of: /"temperature_2m":\[[-0-9.]+/))
        body.replaceSubrange(hourly, with: "\"temperature_2m\":[213")
        let response = try ForecastResponse.decode(Array(body.utf8))
        #expect(response.implausible == ["hourly.temperature_2m[0] was 213"])
    }
}
