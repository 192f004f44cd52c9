/// Open-Meteo's forecast response, its `current` block read into SI units.
public struct ForecastResponse: Sendable, Equatable {
    /// The values.
    public var conditions: CurrentConditions
    /// The moment they describe, in UTC.
    public var observedAt: Timestamp
    /// The place's UTC offset in seconds.
    public var utcOffsetSeconds: Int
    /// How often the values change, in seconds (900 for Open-Meteo's 15-minute data).
    public var interval: Double?
    /// The response's caching headers.
    public var validators: HTTPValidators

    /// Reads a 200 response strictly: a temperature is required, other values may be `null` or absent.
    /// Units other than the ones we ask for (°F, km/h, inches...) are converted.
    public static func decode(_ body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) throws(ResponseProblem) -> ForecastResponse {
        let root = try ResponseBody.json(body, headers: headers)
        do {
            let offset = try root.optionalInt("utc_offset_seconds") ?? 0
            let current = try root.field("current")
            let units = try Units(root.optionalField("current_units"))
            let time = try current.field("time")
            let observedAt: Timestamp
            if time.kind == .string {
                let text = try time.string()
                guard let parsed = Timestamp(iso8601: text, assumingUTCOffset: offset) else {
                    throw JSONShapeError.invalid(path: time.path, reason: "is \"\(text)\", not a time such as 2026-10-08T19:00")
                }
                observedAt = parsed
            } else {
                observedAt = Timestamp(secondsSince1970: try time.double())
            }
            let conditions = CurrentConditions(
                temperature: units.temperature(try current.double("temperature_2m")),
                apparentTemperature: try current.optionalDouble("apparent_temperature").map(units.temperature),
                relativeHumidity: try current.optionalDouble("relative_humidity_2m"),
                isDay: try current.optionalBool("is_day"),
                precipitation: try current.optionalDouble("precipitation").map(units.precipitation),
                weatherCode: try current.optionalInt("weather_code"),
                cloudCover: try current.optionalDouble("cloud_cover"),
                pressure: try current.optionalDouble("pressure_msl"),
                windSpeed: try current.optionalDouble("wind_speed_10m").map(units.speed),
                windDirection: try current.optionalDouble("wind_direction_10m"),
                windGusts: try current.optionalDouble("wind_gusts_10m").map(units.speed)
            )
            let interval = try current.optionalDouble("interval")
            if let interval, interval <= 0 {
                throw JSONShapeError.invalid(path: "current.interval", reason: "is \(interval), not a positive number of seconds")
            }
            return ForecastResponse(
                conditions: conditions, observedAt: observedAt, utcOffsetSeconds: offset,
                interval: interval, validators: HTTPValidators(headers)
            )
        } catch let error as JSONShapeError {
            throw ResponseProblem(error.description)
        } catch {
            throw ResponseProblem("\(error)")
        }
    }

    /// Conversions from the units the response states (`current_units`) to ours.
    private struct Units {
        var temperatureUnit = "°C"
        var speedUnit = "m/s"
        var precipitationUnit = "mm"

        init(_ reader: JSONReader?) throws(JSONShapeError) {
            guard let reader else { return }
            temperatureUnit = try reader.optionalString("temperature_2m") ?? temperatureUnit
            speedUnit = try reader.optionalString("wind_speed_10m") ?? speedUnit
            precipitationUnit = try reader.optionalString("precipitation") ?? precipitationUnit
            let known: [(String, String, [String])] = [
                ("temperature_2m", temperatureUnit, ["°C", "°F"]),
                ("wind_speed_10m", speedUnit, ["m/s", "km/h", "mp/h", "mph", "kn"]),
                ("precipitation", precipitationUnit, ["mm", "inch"]),
            ]
            for (key, unit, allowed) in known where !allowed.contains(unit) {
                throw .invalid(path: "current_units.\(key)", reason: "is \"\(unit)\", a unit weather does not know")
            }
        }

        func temperature(_ value: Double) -> Double {
            temperatureUnit == "°F" ? (value - 32) * 5 / 9 : value
        }

        func speed(_ value: Double) -> Double {
            switch speedUnit {
            case "km/h": value / 3.6
            case "mp/h", "mph": value * 0.44704
            case "kn": value * 1852 / 3600
            default: value
            }
        }

        func precipitation(_ value: Double) -> Double {
            precipitationUnit == "inch" ? value * 25.4 : value
        }
    }
}
