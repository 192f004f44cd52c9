/// Open-Meteo's forecast response, its `current` block read into SI units.
package struct ForecastResponse: Sendable, Equatable {
    /// The values.
    package var conditions: CurrentConditions
    /// The moment they describe, in UTC.
    package var observedAt: Timestamp
    /// The place's UTC offset in seconds.
    package var utcOffsetSeconds: Int
    /// How often the values change, in seconds (900 for Open-Meteo's 15-minute data).
    package var interval: Double?
    /// Today's sunrise and sunset at the place, when the sun rises and sets today.
    package var sunrise: Timestamp?
    package var sunset: Timestamp?
    /// The response's caching headers.
    package var cachingHeaders: CachingHeaders

    /// Reads a 200 response strictly: a temperature is required, other values may be `null` or absent.
    /// Units other than the ones we ask for (°F, km/h, inches...) are converted.
    package static func decode(_ body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) throws(ResponseProblem)
        -> ForecastResponse
    {
        let root = try ResponseBody.json(body, headers: headers)
        do {
            let offset = try root.optionalInt("utc_offset_seconds", within: Self.utcOffsets) ?? 0
            let current = try root.field("current")
            let units = try Units(root.optionalField("current_units"))
            let observedAt = try current.field("time").moment(utcOffset: offset)
            /// A value in SI units, converted from the response's unit, refused outside `range`.
            func value(
                _ key: String, _ range: ClosedRange<Double>, converted: (Double) -> Double = { $0 }
            ) throws(JSONShapeError) -> Double? {
                guard let raw = try current.optionalDouble(key) else { return nil }
                return try current.checked(converted(raw), key, within: range)
            }
            let plausible = CurrentConditions.Plausible.self
            let conditions = CurrentConditions(
                temperature: try current.checked(
                    units.temperature(try current.double("temperature_2m")), "temperature_2m",
                    within: plausible.temperature
                ),
                apparentTemperature: try value(
                    "apparent_temperature", plausible.temperature, converted: units.temperature),
                relativeHumidity: try value("relative_humidity_2m", plausible.percentage),
                isDay: try current.optionalBool("is_day"),
                precipitation: try value("precipitation", plausible.precipitation, converted: units.precipitation),
                weatherCode: try current.optionalInt("weather_code", within: plausible.weatherCode),
                cloudCover: try value("cloud_cover", plausible.percentage),
                pressure: try value("pressure_msl", plausible.pressure),
                windSpeed: try value("wind_speed_10m", plausible.windSpeed, converted: units.speed),
                windDirection: try value("wind_direction_10m", plausible.windDirection),
                windGusts: try value("wind_gusts_10m", plausible.windSpeed, converted: units.speed)
            )
            let daily = try root.optionalField("daily")
            /// Today's time of `key` in the daily series: a moment within a day and a half of the
            /// observation, or none (`null` in a polar day or night, or no daily series asked for).
            func today(_ key: String) throws(JSONShapeError) -> Timestamp? {
                guard let first = try daily?.optionalField(key)?.array().first, first.kind != .null else { return nil }
                let moment = try first.moment(utcOffset: offset)
                guard abs(moment - observedAt) <= 36 * 3600 else {
                    throw .invalid(path: first.path, reason: "is not a time of the day of current.time")
                }
                return moment
            }
            return ForecastResponse(
                conditions: conditions, observedAt: observedAt, utcOffsetSeconds: offset,
                interval: try current.optionalDouble("interval", within: Self.intervals),
                sunrise: try today("sunrise"), sunset: try today("sunset"),
                cachingHeaders: CachingHeaders(headers)
            )
        } catch {
            throw ResponseProblem(error.description)
        }
    }

    /// The UTC offsets places have (-12 h to +14 h), with room to spare.
    static let utcOffsets = -18 * 3600...18 * 3600
    /// How often a service may say its values change: from a minute to a day. Anything else would make
    /// `weather` ask too often, or never.
    static let intervals = 60.0...86_400.0

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
                throw .invalid(
                    path: "current_units.\(key)", reason: "is \"\(unit.prefix(20))\", a unit weather does not know")
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

extension JSONReader {
    /// A time as Open-Meteo writes it: local ISO 8601 without seconds or offset (`2026-10-08T19:00`,
    /// `utcOffset` seconds ahead of UTC), or seconds since 1970 with `timeformat=unixtime`.
    func moment(utcOffset: Int) throws(JSONShapeError) -> Timestamp {
        if kind == .string {
            let text = try string()
            guard let parsed = Timestamp(iso8601: text, assumingUTCOffset: utcOffset) else {
                throw .invalid(
                    path: path, reason: "is \"\(text.prefix(40).printable)\", not a time such as 2026-10-08T19:00")
            }
            return parsed
        }
        let seconds = try double()
        guard let parsed = Timestamp(checkingSecondsSince1970: seconds) else {
            throw .invalid(path: path, reason: "is \(seconds), not a time between the years 1 and 9999")
        }
        return parsed
    }
}
