package import WeatherModel
package import WeatherSystem

/// A forecast answer read into SI units: what every `WeatherProvider` gives the fetcher. `decode` reads
/// Open-Meteo's, its `current`, `hourly` and `daily` blocks; `METNorway` reads Locationforecast's.
package struct ForecastResponse: Sendable, Equatable {
    /// The values.
    package var conditions: CurrentConditions
    /// The moment they describe, in UTC.
    package var observedAt: Timestamp
    /// The place's clock: its UTC offset now, and its zone's daylight-saving changes over the forecast.
    package var clock: PlaceClock
    /// The place's UTC offset in seconds at the observation.
    package var utcOffsetSeconds: Int { clock.utcOffset }
    /// How often the values change, in seconds (900 for Open-Meteo's 15-minute data).
    package var interval: Double?
    /// Today's sunrise and sunset at the place, when the sun rises and sets today.
    package var sunrise: Timestamp?
    package var sunset: Timestamp?
    /// The hours from the one that holds the observation on, and the days from its day on, as many as
    /// the request asked for (`Forecast.hourCount`, `Forecast.dayCount`) at most.
    package var forecast = Forecast()
    /// The response's caching headers.
    package var cachingHeaders: CachingHeaders
    /// The values no observation can have, left out as gaps: where each was and what it said, such as
    /// `hourly.precipitation[2] was -3276.8`. Models send such values now and then (Open-Meteo's issues
    /// #330, #375, #929); one of them costs that value, not the response.
    package var implausible: [String] = []
    /// The next two hours' precipitation, for "rain in 20 min": Open-Meteo's `minutely_15`, MET Norway's
    /// next hours; `nil` when the answer has none.
    package var nowcast: Nowcast?
    /// What the service said of itself besides the values, once for a run's standard error: MET Norway's
    /// `203 Non-Authoritative Information`, a deprecated version.
    package var notice: String?

    /// Reads a 200 response: the current temperature and weather code, which the first line shows, must
    /// be plausible; any other value outside what an observation can have becomes a gap (`implausible`
    /// lists them), and a precipitation down to -1 mm is 0. A series `show` needs (the hours' and days')
    /// with more than a quarter of its values implausible is refused, as is anything malformed; a series
    /// beside them (`Role.extra`: the rain-soon series, the days' UV) is left out alone, and a block beside
    /// them that cannot be read at all too (`extra(_:)`): an extra series never costs the forecast. Units
    /// other than the ones we ask for (°F, km/h, inches...) are converted.
    package static func decode(
        _ body: [UInt8], headers: HTTPHeaders = HTTPHeaders(), zones: ZoneDatabase = .system
    ) throws(ResponseProblem) -> ForecastResponse {
        let root = try ResponseBody.json(body, headers: headers)
        do throws(JSONShapeError) {
            let offset = try root.optionalInt("utc_offset_seconds", within: PlaceClock.utcOffsets) ?? 0
            let current = try root.field("current")
            let units = Units(try root.optionalField("current_units"))
            let celsius = try units.temperature("temperature_2m")
            if case .undefined = celsius {
                throw JSONShapeError.invalid(
                    path: "current_units.temperature_2m",
                    reason: Message("is \"undefined\": the service has no temperature for this place"))
            }
            let observedAt = try current.field("time").moment(utcOffset: offset)
            // From the day before the observation's to the day after the last of the forecast.
            let firstDay = Double(observedAt.day(utcOffset: offset) - 1) * 86_400 - Double(offset)
            let clock = PlaceClock(
                utcOffset: offset, zoneName: try root.optionalText("timezone", maximumLength: 64),
                from: Timestamp(secondsSince1970: firstDay),
                to: Timestamp(secondsSince1970: firstDay + Double(Forecast.dayCount + 2) * 86_400), zones: zones)
            var implausible: [String] = []
            /// A value in SI units, converted from the response's unit; a gap outside `range`.
            func value(
                _ key: String, _ range: ClosedRange<Double>, converted: Conversion = .identity,
                smallNegativeIsZero: Bool = false
            ) throws(JSONShapeError) -> Double? {
                guard let raw = try current.optionalDouble(key) else { return nil }
                return Self.plausible(
                    converted(raw), range, raw: raw, at: current.path + "." + key,
                    smallNegativeIsZero: smallNegativeIsZero, into: &implausible)
            }
            let plausible = CurrentConditions.Plausible.self
            let conditions = CurrentConditions(
                temperature: try current.checked(
                    celsius(try current.double("temperature_2m")), "temperature_2m",
                    within: plausible.temperature
                ),
                apparentTemperature: try value(
                    "apparent_temperature", plausible.temperature,
                    converted: try units.temperature("apparent_temperature")),
                relativeHumidity: try value("relative_humidity_2m", plausible.percentage),
                isDay: try current.optionalBool("is_day"),
                precipitation: try value(
                    "precipitation", plausible.precipitation, converted: try units.precipitation("precipitation"),
                    smallNegativeIsZero: true),
                weatherCode: try current.optionalInt("weather_code", within: plausible.weatherCode),
                cloudCover: try value("cloud_cover", plausible.percentage),
                pressure: try value("pressure_msl", plausible.pressure),
                windSpeed: try value(
                    "wind_speed_10m", plausible.windSpeed, converted: try units.speed("wind_speed_10m")),
                windDirection: try value("wind_direction_10m", plausible.windDirection),
                windGusts: try value(
                    "wind_gusts_10m", plausible.windSpeed, converted: try units.speed("wind_gusts_10m")),
                uvIndex: try value("uv_index", plausible.uvIndex)
            )
            let forecast = Forecast(
                hours: try Self.hours(root, utcOffset: offset, from: observedAt, implausible: &implausible),
                days: try Self.days(
                    root, clock: clock, from: observedAt.day(utcOffset: offset), implausible: &implausible))
            let today = forecast.days.first { $0.day == observedAt.day(utcOffset: offset) }
            let nowcast = Self.extra(&implausible) { (implausible: inout [String]) throws(JSONShapeError) in
                try Self.nowcast(root, utcOffset: offset, hours: forecast.hours, implausible: &implausible)
            }
            return ForecastResponse(
                conditions: conditions, observedAt: observedAt, clock: clock,
                interval: try current.optionalDouble("interval", within: Freshness.intervals),
                sunrise: today?.risingTime, sunset: today?.settingTime, forecast: forecast,
                cachingHeaders: CachingHeaders(headers), implausible: implausible, nowcast: nowcast
            )
        } catch {
            throw ResponseProblem(error.translated)
        }
    }

    /// The `hourly` block from the hour that holds `moment` on, at most `Forecast.hourCount` hours; none
    /// without one. Variables may be missing or `null`; the times may not.
    private static func hours(
        _ root: JSONReader, utcOffset: Int, from moment: Timestamp, implausible: inout [String]
    ) throws(JSONShapeError) -> [HourForecast] {
        guard let hourly = try root.optionalField("hourly") else { return [] }
        let units = Units(try root.optionalField("hourly_units"))
        var columns = ResponseColumns(hourly)
        let times = try columns.times(utcOffset: utcOffset)
        let plausible = CurrentConditions.Plausible.self
        let temperatures = try columns.values(
            "temperature_2m", plausible.temperature, converted: try units.temperature("temperature_2m"))
        let chances = try columns.values("precipitation_probability", plausible.percentage)
        let amounts = try columns.values(
            "precipitation", plausible.precipitation, converted: try units.precipitation("precipitation"),
            smallNegativeIsZero: true)
        let codes = try columns.values("weather_code", 0...99)
        let winds = try columns.values(
            "wind_speed_10m", plausible.windSpeed, converted: try units.speed("wind_speed_10m"))
        let days = try columns.values("is_day", 0...1)
        var hours: [HourForecast] = []
        for index in times.indices where times[index] + 3600 > moment && hours.count < Forecast.hourCount {
            hours.append(
                HourForecast(
                    time: times[index], temperature: temperatures[index], precipitationProbability: chances[index],
                    precipitation: amounts[index], weatherCode: codes[index].map { Int($0) }, windSpeed: winds[index],
                    isDay: days[index].map { $0 != 0 }))
        }
        implausible += columns.implausible
        return hours
    }

    /// A block the answer carries beside the ones `show` needs, read by `read` (which reads its series
    /// with `ResponseColumns(_:role: .extra)`): `nil` when it cannot be read at all, as when it is
    /// missing, so that it never costs the current conditions, the hours or the days. The values `read`
    /// left out count in `implausible` either way.
    private static func extra<Value>(
        _ implausible: inout [String], _ read: (inout [String]) throws(JSONShapeError) -> Value?
    ) -> Value? {
        var leftOut: [String] = []
        defer { implausible += leftOut }
        do { return try read(&leftOut) } catch { return nil }
    }

    /// The `minutely_15` block (precipitation every 15 minutes, from the quarter hour that holds the
    /// observation), for "rain in 20 min"; `nil` without one, or with steps that are not 15 minutes
    /// apart, or with more than a quarter of its values absurd: then rain soon is unknown, as without one.
    /// Native or interpolated from hourly values by where the place is (`OpenMeteo.minutelyResolution`).
    private static func nowcast(
        _ root: JSONReader, utcOffset: Int, hours: [HourForecast], implausible: inout [String]
    ) throws(JSONShapeError) -> Nowcast? {
        guard let block = try root.optionalField("minutely_15") else { return nil }
        let units = Units(try root.optionalField("minutely_15_units"))
        var columns = ResponseColumns(block, role: .extra)
        let times = Array(try columns.times(utcOffset: utcOffset).prefix(Nowcast.maximumSteps))
        let amounts = try columns.values(
            "precipitation", CurrentConditions.Plausible.precipitation,
            converted: try units.precipitation("precipitation"), smallNegativeIsZero: true)
        implausible += columns.implausible
        guard let start = times.first, times.indices.allSatisfy({ times[$0] == start + 900 * Double($0) }),
            !columns.dropped.contains("precipitation")
        else {
            return nil
        }
        let latitude = try root.optionalDouble("latitude") ?? 0
        let longitude = try root.optionalDouble("longitude") ?? 0
        return Nowcast(
            start: start, step: 900, amounts: Array(amounts.prefix(times.count)),
            snow: times.map { time in
                hours.first { $0.time <= time && time < $0.time + 3600 }.map(Nowcast.isSnow) ?? false
            },
            resolution: OpenMeteo.minutelyResolution(latitude: latitude, longitude: longitude))
    }

    /// The `daily` block from the day `today` on (days since 1970 of the place's calendar), at most
    /// `Forecast.dayCount` days; none without one. A sunrise or sunset that is not a time of its day on
    /// the place's clock is left out (old versions of the service said 1970-01-01T00:00 for a polar day
    /// or night). The dates are read with the one offset the service wrote them with.
    private static func days(
        _ root: JSONReader, clock: PlaceClock, from today: Int, implausible: inout [String]
    ) throws(JSONShapeError) -> [DayForecast] {
        let utcOffset = clock.utcOffset
        guard let daily = try root.optionalField("daily") else { return [] }
        let units = Units(try root.optionalField("daily_units"))
        var columns = ResponseColumns(daily)
        let dates = try columns.dates(utcOffset: utcOffset)
        let plausible = CurrentConditions.Plausible.self
        let codes = try columns.values("weather_code", 0...99)
        let maxima = try columns.values(
            "temperature_2m_max", plausible.temperature, converted: try units.temperature("temperature_2m_max"))
        let minima = try columns.values(
            "temperature_2m_min", plausible.temperature, converted: try units.temperature("temperature_2m_min"))
        let chances = try columns.values("precipitation_probability_max", plausible.percentage)
        let uvMaxima = try columns.values("uv_index_max", plausible.uvIndex, role: .extra)
        let sums = try columns.values(
            "precipitation_sum", plausible.precipitation, converted: try units.precipitation("precipitation_sum"),
            smallNegativeIsZero: true)
        let sunrises = try columns.moments("sunrise", utcOffset: utcOffset)
        let sunsets = try columns.moments("sunset", utcOffset: utcOffset)
        var days: [DayForecast] = []
        for index in dates.indices where dates[index] >= today && days.count < Forecast.dayCount {
            let day = dates[index]
            func ofTheDay(_ moment: Timestamp?) -> Timestamp? {
                guard let moment else { return nil }
                return (day...day + 1).contains(clock.day(of: moment)) ? moment : nil
            }
            days.append(
                DayForecast(
                    day: day, weatherCode: codes[index].map { Int($0) }, temperatureMax: maxima[index],
                    temperatureMin: minima[index], precipitationProbabilityMax: chances[index],
                    precipitationSum: sums[index], sunrise: ofTheDay(sunrises[index]), sunset: ofTheDay(sunsets[index]),
                    uvIndexMax: uvMaxima[index])
            )
        }
        implausible += columns.implausible
        return days
    }

    /// `value` when it lies in `range`; a precipitation down to -1 mm (`smallNegativeIsZero`) is 0;
    /// otherwise a gap, noted in `implausible` with its `path` and the `raw` value the service sent.
    static func plausible(
        _ value: Double, _ range: ClosedRange<Double>, raw: Double, at path: String, smallNegativeIsZero: Bool = false,
        into implausible: inout [String]
    ) -> Double? {
        if range.contains(value) { return value }
        if smallNegativeIsZero, (-1.0..<0).contains(value) { return 0 }
        implausible.append("\(path) was \(raw.shortText)")
        return nil
    }

    /// What a series is to the answer.
    package enum Role {
        /// One `show` needs (the hours' and days' values): more than a quarter of it absurd is a bad
        /// response.
        case needed
        /// One beside them (the rain-soon series, UV, any block added beside the forecast): more than a
        /// quarter of it absurd costs the series alone, left out as if the service had not sent it.
        case extra
    }

    /// The parallel arrays of an `hourly`, `daily` or `minutely_15` block, each as long as its `time`.
    private struct ResponseColumns {
        let block: JSONReader
        /// What the block's series are to the answer, unless `values` is told otherwise.
        let role: Role
        private var count = 0
        /// The values left out as implausible so far.
        private(set) var implausible: [String] = []
        /// The extra series left out as a whole, by key.
        private(set) var dropped: [String] = []

        init(_ block: JSONReader, role: Role = .needed) {
            self.block = block
            self.role = role
        }

        /// `time` as moments (hourly: local times, or seconds since 1970 with unixtime).
        mutating func times(utcOffset: Int) throws(JSONShapeError) -> [Timestamp] {
            let field = try block.field("time")
            let moments = try unorderedTimes(field, utcOffset: utcOffset)
            // Each after the one before, as the service writes them: out of order, the hours would be shown
            // under headings of days going back and forth.
            if let index = moments.indices.dropFirst().first(where: { moments[$0] <= moments[$0 - 1] }) {
                throw .invalid(path: field.path + "[\(index)]", reason: Message("is not after the step before"))
            }
            return moments
        }

        private mutating func unorderedTimes(_ field: JSONReader, utcOffset: Int) throws(JSONShapeError)
            -> [Timestamp]
        {
            // Seconds since 1970 (`timeformat=unixtime`, what weather asks for) read in one go too.
            if let seconds = try? field.optionalNumbers() {
                let moments = seconds.compactMap { $0.flatMap { Timestamp(checkingSecondsSince1970: $0) } }
                if moments.count == seconds.count {
                    count = seconds.count
                    return moments
                }
            }
            // Strings read in one go, without a reader for each; anything else (a time that is not one,
            // which this then names) reader by reader.
            if let texts = field.stringsIfAll() {
                let moments = texts.compactMap { Timestamp(iso8601: $0, assumingUTCOffset: utcOffset) }
                if moments.count == texts.count {
                    count = texts.count
                    return moments
                }
            }
            let times = try field.array()
            count = times.count
            var moments: [Timestamp] = []
            for time in times { moments.append(try time.moment(utcOffset: utcOffset)) }
            return moments
        }

        /// `time` as days since 1970 (daily: `2026-10-08`, or the local midnight in seconds with unixtime).
        mutating func dates(utcOffset: Int) throws(JSONShapeError) -> [Int] {
            let dates = try block.field("time").array()
            count = dates.count
            var days: [Int] = []
            for date in dates {
                if date.kind == .string {
                    let text = try date.string()
                    guard let midnight = Timestamp(iso8601: text + "T00:00", assumingUTCOffset: 0) else {
                        throw .invalid(
                            path: date.path,
                            reason: Message(
                                "is \"%s\", not a date such as 2026-10-08", String(text.prefix(40)).printable))
                    }
                    days.append(midnight.day(utcOffset: 0))
                } else {
                    days.append(try date.moment(utcOffset: utcOffset).day(utcOffset: utcOffset))
                }
                if days.count > 1, days[days.count - 1] <= days[days.count - 2] {
                    throw .invalid(path: date.path, reason: Message("is not after the step before"))
                }
            }
            return days
        }

        /// The numbers of `key` after `converted`, `nil` where `null` or outside `range` (see `plausible`);
        /// all `nil` when the service left the variable out. When more than a quarter of the values are
        /// outside `range`, that is no longer a stray value but a bad series, as is one that is not a list
        /// of numbers as long as `time`: refused for a series of `role` `.needed` (the block's unless
        /// said), all `nil` (and in `dropped`) for an `.extra` one.
        mutating func values(
            _ key: String, _ range: ClosedRange<Double>, converted: Conversion = .identity,
            smallNegativeIsZero: Bool = false, role: Role? = nil
        ) throws(JSONShapeError) -> [Double?] {
            do {
                return try checkedValues(key, range, converted: converted, smallNegativeIsZero: smallNegativeIsZero)
            } catch {
                guard role ?? self.role == .extra else { throw error }
                dropped.append(key)
                return Array(repeating: nil, count: count)
            }
        }

        private mutating func checkedValues(
            _ key: String, _ range: ClosedRange<Double>, converted: Conversion, smallNegativeIsZero: Bool
        ) throws(JSONShapeError) -> [Double?] {
            guard let field = try block.optionalField(key) else { return Array(repeating: nil, count: count) }
            let raw = try field.optionalNumbers()
            try checkLength(raw.count, field)
            var values: [Double?] = []
            values.reserveCapacity(raw.count)
            var leftOut: [String] = []
            var given = 0
            for (index, value) in raw.enumerated() {
                guard let value else {
                    values.append(nil)
                    continue
                }
                given += 1
                let convertedValue = converted(value)
                // The path is built only for a value left out: a string for each value cost `refresh` 4%.
                if range.contains(convertedValue) {
                    values.append(convertedValue)
                } else {
                    values.append(
                        ForecastResponse.plausible(
                            convertedValue, range, raw: value, at: "\(field.path)[\(index)]",
                            smallNegativeIsZero: smallNegativeIsZero, into: &leftOut))
                }
            }
            implausible += leftOut
            if leftOut.count * 4 > given {
                throw .invalid(
                    path: field.path,
                    reason: Message(
                        one: "has %1$d of %2$d value outside %3$s...%4$s, such as %5$s",
                        other: "has %1$d of %2$d values outside %3$s...%4$s, such as %5$s", count: given,
                        String(leftOut.count), String(given), range.lowerBound.shortText, range.upperBound.shortText,
                        leftOut.first?.split(separator: " ").last.map(String.init) ?? ""))
            }
            return values
        }

        /// The times of `key`, `nil` where `null`; all `nil` when the service left it out.
        mutating func moments(_ key: String, utcOffset: Int) throws(JSONShapeError) -> [Timestamp?] {
            guard let field = try block.optionalField(key) else { return Array(repeating: nil, count: count) }
            let elements = try field.array()
            try checkLength(elements.count, field)
            var moments: [Timestamp?] = []
            for element in elements {
                moments.append(element.kind == .null ? nil : try element.moment(utcOffset: utcOffset))
            }
            return moments
        }

        private func checkLength(_ length: Int, _ field: JSONReader) throws(JSONShapeError) {
            guard length == count else {
                let reason =
                    count == 1
                    ? Message(
                        one: "has %1$d value for %2$d time", other: "has %1$d values for %2$d time", count: length,
                        String(length), String(count))
                    : Message(
                        one: "has %1$d value for %2$d times", other: "has %1$d values for %2$d times", count: length,
                        String(length), String(count))
                throw .invalid(path: field.path, reason: reason)
            }
        }
    }
}

extension JSONReader {
    /// A time as Open-Meteo writes it: local ISO 8601 without seconds or offset (`2026-10-08T19:00`,
    /// `utcOffset` seconds ahead of UTC), or seconds since 1970 with `timeformat=unixtime`.
    package func moment(utcOffset: Int) throws(JSONShapeError) -> Timestamp {
        if kind == .string {
            let text = try string()
            guard let parsed = Timestamp(iso8601: text, assumingUTCOffset: utcOffset) else {
                throw .invalid(
                    path: path,
                    reason: Message(
                        "is \"%s\", not a time such as 2026-10-08T19:00", String(text.prefix(40)).printable))
            }
            return parsed
        }
        let seconds = try double()
        guard let parsed = Timestamp(checkingSecondsSince1970: seconds) else {
            throw .invalid(
                path: path, reason: Message("is %s, not a time between the years 1 and 9999", String(seconds)))
        }
        return parsed
    }
}
