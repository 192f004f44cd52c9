package import WeatherModel
package import WeatherSystem

/// MET Norway's `complete` answer read into a `ForecastResponse`: a GeoJSON `Feature` whose
/// `properties.timeseries` holds steps from the current hour on, hourly for about two and a half days and
/// then 6-hourly to about nine, each with `instant.details` and the periods that start at it
/// (`next_1_hours`, `next_6_hours`, `next_12_hours`: a `summary.symbol_code` and `details`), in UTC
/// (docs.api.met.no/doc/ForecastJSON; Fixtures/README.md says what real answers hold).
///
/// - The current values are the first step's (MET's is the current hour): its instant, its next hour's
///   precipitation and symbol (or its next 6 or 12 hours' where it has no next hour), the feels-like
///   temperature by `ApparentTemperature`, to a tenth of a degree as MET writes its values.
/// - The hours are the steps that have a next hour; the days the place's calendar days (its zone as the
///   geocoder named it, else the longitude's nautical zone), each from the steps and periods in it: the
///   highest and lowest of the instants and of the 6-hour periods' extremes, the precipitation of the
///   hourly periods and then of the 6-hourly ones, the highest chance of precipitation MET gives (none
///   where it gives none), the most significant symbol, as Open-Meteo's daily code is: the one of the
///   highest WMO code.
/// - Sunrise and sunset by `SunTimes`, and day or night by the symbol's variant, else by the sun.
/// - A value outside what can be observed becomes a gap, and is counted (`implausible`); the current
///   temperature must be plausible, and anything malformed is refused, as for Open-Meteo.
extension METNorway {
    /// The most steps read: MET sends about 90.
    static let maximumSteps = 400

    package static func decode(
        _ body: [UInt8], headers: HTTPHeaders = HTTPHeaders(), for location: Location, zones: ZoneDatabase = .system
    ) throws(ResponseProblem) -> ForecastResponse {
        let root = try ResponseBody.json(body, headers: headers)
        do throws(JSONShapeError) {
            let properties = try root.field("properties")
            try checkUnits(try properties.optionalField("meta")?.optionalField("units"))
            let series = try properties.field("timeseries").array()
            guard !series.isEmpty else {
                throw JSONShapeError.invalid(path: "properties.timeseries", reason: Message("has no time steps"))
            }
            var implausible: [String] = []
            var steps: [Step] = []
            for entry in series.prefix(maximumSteps) {
                let step = try Step(entry, implausible: &implausible)
                if let last = steps.last, step.time <= last.time {
                    throw JSONShapeError.invalid(
                        path: entry.path + ".time", reason: Message("is not after the step before"))
                }
                steps.append(step)
            }
            let first = steps[0]
            guard let temperature = first.temperature else {
                throw JSONShapeError.invalid(
                    path: "properties.timeseries[0].data.instant.details.air_temperature",
                    reason: Message("is missing or not a temperature an observation can have"))
            }
            let observedAt = first.time
            let clock = Self.clock(of: location, around: observedAt, zones: zones)
            let sun = SunClock(location: location, clock: clock)
            let symbol = first.one?.symbol ?? first.six?.symbol ?? first.twelve?.symbol
            let plausible = CurrentConditions.Plausible.self
            let conditions = CurrentConditions(
                temperature: temperature,
                apparentTemperature: ApparentTemperature.of(
                    temperature: temperature, relativeHumidity: first.humidity, windSpeed: first.windSpeed
                ).flatMap { plausible.temperature.contains($0) ? ($0 * 10).rounded() / 10 : nil },
                relativeHumidity: first.humidity,
                isDay: symbol?.isDay ?? sun.isUp(at: observedAt + 1800),
                precipitation: first.one?.precipitation, weatherCode: symbol?.wmoCode, cloudCover: first.cloudCover,
                pressure: first.pressure, windSpeed: first.windSpeed, windDirection: first.windDirection,
                windGusts: first.gusts, symbol: symbol, uvIndex: first.uvIndex)
            let today = clock.day(of: observedAt)
            let days = Self.days(steps, from: today, clock: clock, sun: sun)
            let todays = days.first { $0.day == today }
            let hours = Self.hours(steps, sun: sun)
            var response = ForecastResponse(
                conditions: conditions, observedAt: observedAt, clock: clock,
                interval: dataInterval(lifetime: lifetime(headers)),
                sunrise: todays?.risingTime, sunset: todays?.settingTime,
                forecast: Forecast(hours: hours, days: days),
                cachingHeaders: CachingHeaders(headers), implausible: implausible)
            response.nowcast = Self.nowcast(hours)
            return response
        } catch {
            throw ResponseProblem(error.translated)
        }
    }

    /// The lifetime MET gave the answer: `Expires` less `Date`, when both are there and readable.
    package static func lifetime(_ headers: HTTPHeaders) -> Double? {
        guard let expires = headers["Expires"].flatMap(HTTPDate.parse),
            let date = headers["Date"].flatMap(HTTPDate.parse), expires > date
        else { return nil }
        return expires - date
    }

    /// The units MET states for the values read (`properties.meta.units`): ours, or the answer is refused
    /// rather than misread. A unit not stated is taken to be ours.
    static func checkUnits(_ units: JSONReader?) throws(JSONShapeError) {
        guard let units else { return }
        let expected = [
            ("air_temperature", "celsius"), ("air_temperature_max", "celsius"), ("air_temperature_min", "celsius"),
            ("relative_humidity", "%"), ("cloud_area_fraction", "%"), ("probability_of_precipitation", "%"),
            ("air_pressure_at_sea_level", "hPa"), ("wind_speed", "m/s"), ("wind_speed_of_gust", "m/s"),
            ("wind_from_direction", "degrees"), ("precipitation_amount", "mm"),
        ]
        for (key, unit) in expected {
            guard let stated = try units.optionalString(key), stated != unit else { continue }
            throw .invalid(
                path: units.path + "." + key,
                reason: Message("is \"%s\", a unit weather does not know", String(stated.prefix(20)).printable))
        }
    }

    /// The place's clock over the answer's span: its zone's rules when the geocoder named a zone the
    /// system knows (MET's answer names none), else the nautical zone of its longitude (an hour for
    /// every 15°, no daylight saving), for a place given by its coordinates. The zones are `zones`'.
    package static func clock(of location: Location, around moment: Timestamp, zones: ZoneDatabase) -> PlaceClock {
        let nautical = min(max(Int(saturating: (location.longitude / 15).rounded()), -12), 12) * 3600
        let rules = location.timezone.flatMap { ZoneRules(named: $0, in: zones) }
        let offset = rules?.offset(at: Int64(moment.secondsSince1970.rounded(.down))) ?? nautical
        let firstDay = Double(moment.day(utcOffset: offset) - 1) * 86_400 - Double(offset)
        return PlaceClock(
            utcOffset: offset, zoneName: rules == nil ? nil : location.timezone,
            from: Timestamp(secondsSince1970: firstDay),
            to: Timestamp(secondsSince1970: firstDay + Double(Forecast.dayCount + 2) * 86_400), zones: zones)
    }

    /// The next hours' precipitation (`next_1_hours`), at hourly resolution, for "rain in 20 min": the
    /// first three hours, enough for two hours from any moment of the first; `nil` when they do not
    /// follow each other hour by hour.
    package static func nowcast(_ hours: [HourForecast]) -> Nowcast? {
        let first = Array(hours.prefix(3))
        guard let start = first.first?.time,
            first.indices.allSatisfy({ first[$0].time == start + 3600 * Double($0) })
        else { return nil }
        return Nowcast(
            start: start, step: 3600, amounts: first.map(\.precipitation), snow: first.map(Nowcast.isSnow),
            resolution: .hourly)
    }

    /// The steps with a next hour, from the first on, at most `Forecast.hourCount`.
    package static func hours(_ steps: [Step], sun: SunClock) -> [HourForecast] {
        var hours: [HourForecast] = []
        for step in steps where hours.count < Forecast.hourCount {
            guard let hour = step.one else { continue }
            hours.append(
                HourForecast(
                    time: step.time, temperature: step.temperature, precipitationProbability: hour.probability,
                    precipitation: hour.precipitation, weatherCode: hour.symbol?.wmoCode, windSpeed: step.windSpeed,
                    isDay: hour.symbol?.isDay ?? sun.isUp(at: step.time + 1800), symbol: hour.symbol))
        }
        return hours
    }

    /// The place's days from `today` on, at most `Forecast.dayCount`: each from the steps that fall in it
    /// and the periods whose middle does (an hourly step's next hour; a 6-hourly step's next 6 hours).
    package static func days(_ steps: [Step], from today: Int, clock: PlaceClock, sun: SunClock) -> [DayForecast] {
        var days: [DayForecast] = []
        var symbols: [Int: METSymbol] = [:]
        func update(_ day: Int, _ change: (inout DayForecast) -> Void) {
            guard day >= today, day < today + Forecast.dayCount else { return }
            if let index = days.firstIndex(where: { $0.day == day }) { return change(&days[index]) }
            var new = DayForecast(day: day)
            change(&new)
            days.append(new)
        }
        for step in steps {
            if let temperature = step.temperature {
                update(clock.day(of: step.time)) { $0.include(temperature: temperature) }
            }
            if let uv = step.uvIndex {
                update(clock.day(of: step.time)) { $0.uvIndexMax = max($0.uvIndexMax ?? uv, uv) }
            }
            // The hourly periods while there are any, then the 6-hourly ones: each hour counted once.
            guard let (period, length) = step.one.map({ ($0, 3600.0) }) ?? step.six.map({ ($0, 21_600.0) }) else {
                continue
            }
            let day = clock.day(of: step.time + length / 2)
            update(day) { forecast in
                if length > 3600 {
                    if let high = period.maximum { forecast.include(temperature: high) }
                    if let low = period.minimum { forecast.include(temperature: low) }
                }
                if let amount = period.precipitation {
                    forecast.precipitationSum = (forecast.precipitationSum ?? 0) + amount
                }
                if let chance = period.probability {
                    forecast.precipitationProbabilityMax = max(forecast.precipitationProbabilityMax ?? 0, chance)
                }
            }
            if let symbol = period.symbol, symbol.wmoCode > symbols[day]?.wmoCode ?? -1 { symbols[day] = symbol }
        }
        return days.sorted { $0.day < $1.day }.map { day in
            var day = day
            // A day's symbol is of the day, as a day's icon is.
            day.symbol = symbols[day.day].map { METSymbol($0.condition, .day) }
            day.weatherCode = day.symbol?.wmoCode
            if let times = SunTimes.on(
                day: day.day, latitude: sun.location.latitude, longitude: sun.location.longitude, clock: clock
            )?.forecastTimes {
                // In whole seconds, as the files keep moments.
                day.sunrise = times.sunrise.map { Timestamp(secondsSince1970: $0.secondsSince1970.rounded(.down)) }
                day.sunset = times.sunset.map { Timestamp(secondsSince1970: $0.secondsSince1970.rounded(.down)) }
            }
            return day
        }
    }
}

extension DayForecast {
    /// The day's high and low, widened to take in `temperature`.
    fileprivate mutating func include(temperature: Double) {
        temperatureMax = max(temperatureMax ?? temperature, temperature)
        temperatureMin = min(temperatureMin ?? temperature, temperature)
    }
}

extension METNorway {
    /// Whether the sun is up at a place: for the hours whose symbol has no day or night form.
    package struct SunClock {
        package let location: Location
        package let clock: PlaceClock

        /// Above the horizon at `moment` (its upper limb, as for sunrise), by `SunTimes` of its day.
        func isUp(at moment: Timestamp) -> Bool? {
            guard
                let sun = SunTimes.on(
                    day: clock.day(of: moment), latitude: location.latitude, longitude: location.longitude,
                    clock: clock)
            else { return nil }
            switch sun.sun {
            case .upAllDay: return true
            case .downAllDay: return false
            case .risesAndSets:
                // A sunrise or sunset of another day (beyond the polar circles) leaves that side open.
                return moment >= (sun.sunrise ?? Timestamp(secondsSince1970: -.infinity))
                    && moment < (sun.sunset ?? Timestamp(secondsSince1970: .infinity))
            }
        }
    }

    /// One step of the series: its time, its instant values and the periods that start at it.
    package struct Step {
        package var time: Timestamp
        package var temperature: Double?
        package var humidity: Double?
        package var pressure: Double?
        package var cloudCover: Double?
        package var windSpeed: Double?
        package var windDirection: Double?
        package var gusts: Double?
        /// The UV index under a clear sky (`ultraviolet_index_clear_sky`): MET gives no other.
        package var uvIndex: Double?
        package var one: Period?
        var six: Period?
        var twelve: Period?

        package init(_ entry: JSONReader, implausible: inout [String]) throws(JSONShapeError) {
            let timeField = try entry.field("time")
            let text = try timeField.string()
            guard text.hasSuffix("Z"), let time = Timestamp(iso8601: text) else {
                throw .invalid(
                    path: timeField.path,
                    reason: Message(
                        "is \"%s\", not a time such as 2026-10-08T17:00:00Z", String(text.prefix(40)).printable))
            }
            self.time = time
            let data = try entry.field("data")
            let details = try data.field("instant").field("details")
            let plausible = CurrentConditions.Plausible.self
            func value(_ key: String, _ range: ClosedRange<Double>) throws(JSONShapeError) -> Double? {
                guard let raw = try details.optionalDouble(key) else { return nil }
                return ForecastResponse.plausible(
                    raw, range, raw: raw, at: details.path + "." + key, into: &implausible)
            }
            temperature = try value("air_temperature", plausible.temperature)
            humidity = try value("relative_humidity", plausible.percentage)
            pressure = try value("air_pressure_at_sea_level", plausible.pressure)
            cloudCover = try value("cloud_area_fraction", plausible.percentage)
            windSpeed = try value("wind_speed", plausible.windSpeed)
            windDirection = try value("wind_from_direction", plausible.windDirection)
            gusts = try value("wind_speed_of_gust", plausible.windSpeed)
            uvIndex = try value("ultraviolet_index_clear_sky", plausible.uvIndex)
            one = try Period(try data.optionalField("next_1_hours"), implausible: &implausible)
            six = try Period(try data.optionalField("next_6_hours"), implausible: &implausible)
            twelve = try Period(try data.optionalField("next_12_hours"), implausible: &implausible)
        }
    }

    /// A period that starts at a step: its symbol and details.
    package struct Period {
        package var symbol: METSymbol?
        package var precipitation: Double?
        var probability: Double?
        var maximum: Double?
        package var minimum: Double?

        /// The period in `block`, or `nil` without one. A symbol MET has not listed is left out, counted as
        /// implausible, like a value no observation can have.
        package init?(_ block: JSONReader?, implausible: inout [String]) throws(JSONShapeError) {
            guard let block else { return nil }
            if let summary = try block.optionalField("summary"),
                let codeField = try summary.optionalField("symbol_code")
            {
                let code = try codeField.string()
                symbol = METSymbol(code: code)
                if symbol == nil { implausible.append("\(codeField.path) was \"\(code.prefix(40).printable)\"") }
            }
            guard let details = try block.optionalField("details") else { return }
            let plausible = CurrentConditions.Plausible.self
            func value(_ key: String, _ range: ClosedRange<Double>, smallNegativeIsZero: Bool = false)
                throws(JSONShapeError) -> Double?
            {
                guard let raw = try details.optionalDouble(key) else { return nil }
                return ForecastResponse.plausible(
                    raw, range, raw: raw, at: details.path + "." + key, smallNegativeIsZero: smallNegativeIsZero,
                    into: &implausible)
            }
            precipitation = try value("precipitation_amount", plausible.precipitation, smallNegativeIsZero: true)
            probability = try value("probability_of_precipitation", plausible.percentage)
            maximum = try value("air_temperature_max", plausible.temperature)
            minimum = try value("air_temperature_min", plausible.temperature)
        }
    }
}
