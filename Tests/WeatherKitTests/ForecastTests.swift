import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The forecast: read from a response (hours from the current one, days from today, bounded, nulls kept
/// as missing, polar days and nights, the date line), saved and read back.
@Suite("The forecast, from the response to the files")
struct ForecastTests {
    /// A response observed at `time` (local, `offset` seconds ahead of UTC), with `hourly` and `daily`
    /// blocks as given (JSON members, without braces).
    static func response(
        time: String = "2026-11-22T10:15", offset: Int = 3600, hourlyUnits: String = "", hourly: String?,
        daily: String?
    ) -> [UInt8] {
        var body = """
            {"latitude":52.52,"longitude":13.42,"utc_offset_seconds":\(offset),
            "current":{"time":"\(time)","interval":900,"temperature_2m":10.9,"weather_code":2,"is_day":1}
            """
        if !hourlyUnits.isEmpty { body += #","hourly_units":{\#(hourlyUnits)}"# }
        if let hourly { body += #","hourly":{\#(hourly)}"# }
        if let daily { body += #","daily":{\#(daily)}"# }
        return Array((body + "}").utf8)
    }

    static let sixHours = """
        "time":["2026-11-22T08:00","2026-11-22T09:00","2026-11-22T10:00","2026-11-22T11:00","2026-11-22T12:00","2026-11-22T13:00"],
        "temperature_2m":[6.1,6.8,8.0,9.4,null,11.2],"precipitation_probability":[0,5,10,null,40,80],
        "precipitation":[0.0,0.0,0.0,0.1,0.4,1.2],"weather_code":[1,2,2,3,61,63],"wind_speed_10m":[2.1,2.4,3.0,3.3,3.9,4.2],
        "is_day":[0,1,1,1,1,1]
        """

    static let threeDays = """
        "time":["2026-11-21","2026-11-22","2026-11-23"],"weather_code":[3,63,1],
        "temperature_2m_max":[9.0,11.2,7.5],"temperature_2m_min":[2.0,6.1,1.4],
        "precipitation_probability_max":[20,80,null],"precipitation_sum":[0.0,4.2,0.0],
        "sunrise":["2026-11-21T07:39","2026-11-22T07:41","2026-11-23T07:42"],
        "sunset":["2026-11-21T16:07","2026-11-22T16:06","2026-11-23T16:05"]
        """

    static func moment(_ text: String, offset: Int = 3600) -> Timestamp {
        Timestamp(iso8601: text, assumingUTCOffset: offset)!
    }

    @Test("hours from the one that holds the observation, days from its day; nulls stay missing")
    func decodes() throws {
        let response = try ForecastResponse.decode(Self.response(hourly: Self.sixHours, daily: Self.threeDays))
        let hours = response.forecast.hours
        #expect(hours.map { $0.time } == ["10:00", "11:00", "12:00", "13:00"].map { Self.moment("2026-11-22T" + $0) })
        #expect(
            hours[2]
                == HourForecast(
                    time: Self.moment("2026-11-22T12:00"), temperature: nil, precipitationProbability: 40,
                    precipitation: 0.4, weatherCode: 61, windSpeed: 3.9, isDay: true))
        #expect(hours[1].precipitationProbability == nil)
        let days = response.forecast.days
        #expect(days.map(\.isoDate) == ["2026-11-22", "2026-11-23"])
        #expect(days.map { WeatherFormatter.dayName($0.day) } == ["Sun 22", "Mon 23"])
        #expect(
            days[0]
                == DayForecast(
                    day: days[0].day, weatherCode: 63, temperatureMax: 11.2, temperatureMin: 6.1,
                    precipitationProbabilityMax: 80, precipitationSum: 4.2, sunrise: Self.moment("2026-11-22T07:41"),
                    sunset: Self.moment("2026-11-22T16:06")))
        #expect(days[1].precipitationProbabilityMax == nil)
        #expect(response.sunrise == Self.moment("2026-11-22T07:41"))
        #expect(response.sunset == Self.moment("2026-11-22T16:06"))
    }

    @Test("no hourly or daily block: no forecast, and the current values as before")
    func withoutForecast() throws {
        let response = try ForecastResponse.decode(Self.response(hourly: nil, daily: nil))
        #expect(response.forecast.isEmpty)
        #expect(response.conditions.temperature == 10.9)
    }

    @Test(
        "a broken block is refused, naming the field",
        arguments: [
            (#""temperature_2m":[1,2]"#, "hourly.time is missing"),
            (
                #""time":["2026-11-22T10:00","2026-11-22T11:00"],"temperature_2m":[1]"#,
                "hourly.temperature_2m has 1 value for 2 times"
            ),
            (
                #""time":["2026-11-22T10:00"],"temperature_2m":["warm"]"#,
                "hourly.temperature_2m[0] is a string, expected a number or null"
            ),
            (
                #""time":["2026-11-22T10:00"],"temperature_2m":[1e300]"#,
                "hourly.temperature_2m has 1 of 1 value outside -100...100, such as 1e+300"
            ),
            (
                #""time":["2026-11-22T10:00","2026-11-22T11:00"],"weather_code":[100,1]"#,
                "hourly.weather_code has 1 of 2 values outside 0...99, such as 100"
            ),
            (#""time":[null]"#, "hourly.time[0] is null, expected a number"),
            (#""time":"2026-11-22T10:00""#, "hourly.time is a string, expected an array"),
        ])
    func refusesBrokenHours(hourly: String, message: String) {
        #expect(throws: ResponseProblem(message)) {
            try ForecastResponse.decode(Self.response(hourly: hourly, daily: nil))
        }
    }

    @Test("a daily date that is not one is refused, naming it")
    func refusesBrokenDays() {
        #expect(throws: ResponseProblem(#"daily.time[0] is "22.11.2026", not a date such as 2026-10-08"#)) {
            try ForecastResponse.decode(Self.response(hourly: nil, daily: #""time":["22.11.2026"]"#))
        }
    }

    @Test("however long the series a server sends, 48 hours and 7 days are kept")
    func bounded() throws {
        let start = Self.moment("2026-11-22T10:00")
        let times = (0..<400).map {
            "\""
                + CivilTime(secondsSince1970: Int64(start.secondsSince1970) + Int64($0) * 3600 + 3600, utcOffset: 0)
                .isoDateTime(withSeconds: false) + "\""
        }
        // 16 days on, into December: each after the one before, as a service writes them.
        let dates = (0..<16).map {
            "\"" + CivilTime(secondsSince1970: Int64(start.secondsSince1970) + Int64($0) * 86_400, utcOffset: 0).date
                + "\""
        }
        let response = try ForecastResponse.decode(
            Self.response(
                hourly: #""time":[\#(times.joined(separator: ","))]"#,
                daily: #""time":[\#(dates.joined(separator: ","))]"#))
        #expect(response.forecast.hours.count == Forecast.hourCount)
        #expect(response.forecast.days.count == Forecast.dayCount)
    }

    @Test("°F, mp/h and inches in the hourly and daily units are converted")
    func convertsUnits() throws {
        let body = Self.response(
            hourlyUnits: #""temperature_2m":"°F","wind_speed_10m":"mp/h","precipitation":"inch""#,
            hourly:
                #""time":["2026-11-22T10:00"],"temperature_2m":[50.0],"wind_speed_10m":[10.0],"precipitation":[0.1]"#,
            daily: nil)
        let hour = try #require(try ForecastResponse.decode(body).forecast.hours.first)
        #expect(hour.temperature == 10)
        #expect(abs((hour.windSpeed ?? 0) - 4.4704) < 1e-9)
        #expect(abs((hour.precipitation ?? 0) - 2.54) < 1e-9)
    }

    @Test(
        "each unit a quantity may be stated in converts into ours; undefined gives no value",
        arguments: [
            ("temperature", "°C", 10.0, 10.0), ("temperature", "°F", 50, 10), ("speed", "m/s", 2, 2),
            ("speed", "km/h", 36, 10), ("speed", "mp/h", 10, 4.4704), ("speed", "mph", 10, 4.4704),
            ("speed", "kn", 3600, 1852), ("precipitation", "mm", 2, 2), ("precipitation", "inch", 0.1, 2.54),
            ("speed", "undefined", 1, .nan),
        ])
    func unitConversions(quantity: String, unit: String, value: Double, converted: Double) throws {
        let units = ForecastResponse.Units(try JSONDocument(parsing: Array(#"{"v":"\#(unit)"}"#.utf8)).reader)
        let conversion =
            switch quantity {
            case "temperature": try units.temperature("v")
            case "speed": try units.speed("v")
            default: try units.precipitation("v")
            }
        let result = conversion(value)
        #expect(converted.isNaN ? result.isNaN : abs(result - converted) < 1e-9, "\(value) \(unit): \(result)")
    }

    @Test(
        "a unit of another quantity, or one weather does not know, is refused",
        arguments: [
            ("temperature", "km/h"), ("speed", "°F"), ("speed", "inch"), ("precipitation", "m/s"), ("speed", "furlong"),
        ])
    func unitRefused(quantity: String, unit: String) throws {
        let units = ForecastResponse.Units(try JSONDocument(parsing: Array(#"{"v":"\#(unit)"}"#.utf8)).reader)
        let error = try #require(throws: JSONShapeError.self) {
            switch quantity {
            case "temperature": _ = try units.temperature("v")
            case "speed": _ = try units.speed("v")
            default: _ = try units.precipitation("v")
            }
        }
        #expect("\(error)".contains("a unit weather does not know"), "\(error)")
    }

    @Test("Open-Meteo's polar day (sunrise at midnight, sunset 24 h later) and polar night (both at midnight)")
    func polar() throws {
        let daily = """
            "time":["2026-11-22","2026-11-23","2026-11-24"],
            "sunrise":["2026-11-22T00:00","2026-11-23T00:00","1970-01-01T00:00"],
            "sunset":["2026-11-23T00:00","2026-11-23T00:00","1970-01-01T00:00"]
            """
        let response = try ForecastResponse.decode(Self.response(hourly: nil, daily: daily))
        #expect(response.forecast.days.map(\.sun) == [.upAllDay, .downAllDay, .risesAndSets])
        #expect(response.sunrise == nil && response.sunset == nil)
        // The old service's 1970-01-01 for either is no time of the day: left out, not refused.
        #expect(response.forecast.days[2].sunrise == nil && response.forecast.days[2].sunset == nil)
    }

    @Test("across the date line, days are the place's calendar days and times are UTC")
    func dateLine() throws {
        // Apia, UTC+13: 08:15 on Monday the 23rd there is 19:15 on Sunday the 22nd in UTC.
        let response = try ForecastResponse.decode(
            Self.response(
                time: "2026-11-23T08:15", offset: 46_800,
                hourly: #""time":["2026-11-23T08:00","2026-11-23T09:00"],"temperature_2m":[27.1,27.9]"#,
                daily: #""time":["2026-11-23","2026-11-24"],"temperature_2m_max":[30.2,29.8]"#))
        #expect(response.observedAt.iso8601() == "2026-11-22T19:15:00Z")
        #expect(response.forecast.hours.first?.time.iso8601() == "2026-11-22T19:00:00Z")
        #expect(response.forecast.days.map(\.isoDate) == ["2026-11-23", "2026-11-24"])
        #expect(response.forecast.days.first.map { WeatherFormatter.dayName($0.day) } == "Mon 23")
    }

    @Test("the forecast and a result with its outlook read back as they were written")
    func roundTrip() throws {
        let response = try ForecastResponse.decode(Self.response(hourly: Self.sixHours, daily: Self.threeDays))
        let saved = SavedForecast(
            location: Location(name: "Berlin", latitude: 52.52, longitude: 13.41), utcOffsetSeconds: 3600,
            forecast: response.forecast, fetchedAt: Self.moment("2026-11-22T10:20"))
        #expect(try WeatherStore.decodeForecast(saved.fileContents, path: "forecast.json") == saved)
        let result = WeatherResult(
            location: saved.location, conditions: response.conditions, observedAt: response.observedAt,
            utcOffsetSeconds: 3600, outlook: response.forecast.outlook(after: response.observedAt),
            updatedAt: Self.moment("2026-11-22T10:20"))
        #expect(WeatherStore.decodeResult(result.fileContents, path: "current.json") == .result(result))
        #expect(result.day(at: response.observedAt)?.temperatureMax == 11.2)
    }

    @Test(
        "a forecast file that is not as weather writes it is refused, naming the field",
        arguments: [
            #""forecast":"1795000000 1 2 3;""#, #""forecast":"1795000000 100000 _ _ _ _ _;""#,
            #""forecast":";20779 2 _ _ _ _ _ _,""#, #""forecast":12"#,
        ])
    func refusesBrokenFile(member: String) throws {
        let text = """
            {"format":1,"location":{"name":"Berlin","latitude":52.52,"longitude":13.41},"fetchedAt":1795000000,\(member)}
            """
        #expect {
            try WeatherStore.decodeForecast(Array(text.utf8), path: "/f/forecast.json")
        } throws: { error in
            "\(error)".hasPrefix("/f/forecast.json is damaged (forecast is ")
        }
    }

    @Test("a forecast or warning-texts file of another format is refused, saying which format this version reads")
    func refusesOtherFormat() throws {
        let forecast =
            #"{"format":7,"location":{"name":"Berlin","latitude":52.52,"longitude":13.41},"fetchedAt":1795000000}"#
        #expect {
            try WeatherStore.decodeForecast(Array(forecast.utf8), path: "/f/forecast.json")
        } throws: { error in
            "\(error)".hasPrefix(
                "/f/forecast.json is damaged (format is 7; this version of weather reads format \(SavedForecast.fileFormat)"
            )
        }
        #expect {
            try AlertTexts(reading: JSONDocument(parsing: Array(#"{"format":0,"alerts":[]}"#.utf8)).reader)
        } throws: { error in
            "\(error)" == "format is 0; this version of weather reads format \(AlertTexts.fileFormat)"
        }
    }

    @Test("a packed forecast reads back equal, nulls, polar days and negative values included")
    func packedRoundTrip() throws {
        let forecast = Forecast(
            hours: [
                HourForecast(time: Self.moment("2026-11-22T10:00"), temperature: -12.34, isDay: false),
                HourForecast(
                    time: Self.moment("2026-11-22T11:00"), temperature: 0.1, precipitationProbability: 100,
                    precipitation: 999.99, weatherCode: 99, windSpeed: 199.9, isDay: true),
            ],
            days: [
                DayForecast(
                    day: 20_414, weatherCode: 0, temperatureMax: 1, temperatureMin: -99.99,
                    sunrise: Self.moment("2026-11-22T00:00"),
                    sunset: Self.moment("2026-11-23T00:00"))
            ])
        #expect(Forecast(packed: forecast.packed) == forecast.packable)
        #expect(forecast.packable == forecast)
        #expect(Forecast(packed: Forecast().packed) == Forecast())
        #expect(Forecast.day(20_414, inPacked: forecast.packed)?.sun == .upAllDay)
        #expect(Forecast.day(20_415, inPacked: forecast.packed) == nil)
    }

    @Test("the forecast's title counts what it shows, one or many, or says there is nothing")
    func span() {
        let hour = HourForecast(time: Self.moment("2026-11-22T10:00"))
        let day = DayForecast(day: 20_414)
        #expect(WeatherFormatter.forecastSpan(Forecast()) == "no hours or days to show")
        #expect(WeatherFormatter.forecastSpan(Forecast(hours: [hour])) == "the next 1 hour")
        #expect(WeatherFormatter.forecastSpan(Forecast(days: [day, day])) == "the next 2 days")
        #expect(
            WeatherFormatter.forecastSpan(Forecast(hours: [hour, hour], days: [day])) == "the next 2 hours and 1 day")
    }

    @Test("the outlook: the next 12 hours at 3-hour steps after the observation, and three days")
    func outlook() {
        let start = Self.moment("2026-11-22T10:00")
        let forecast = Forecast(
            hours: (0..<48).map { HourForecast(time: start + Double($0) * 3600, temperature: Double($0)) },
            days: (0..<7).map { DayForecast(day: 20_414 + $0) })
        let outlook = forecast.outlook(after: Self.moment("2026-11-22T10:15"))
        #expect(outlook.hours.map(\.temperature) == [1, 4, 7, 10])
        #expect(outlook.days.map(\.day) == [20_414, 20_415, 20_416])
    }
}
