/// What the weather will do at a place: the next hours and the coming days, from the same response as the
/// current conditions, values in SI units (converted only when printed).
package struct Forecast: Sendable, Equatable {
    /// Hour by hour, in order.
    package var hours: [HourForecast] = []
    /// Day by day, in order, the first the day of the observation.
    package var days: [DayForecast] = []

    /// How far the request looks ahead, and the most a response or a file may hold: bounded, so that what
    /// is saved stays small whatever a server sends.
    package static let hourCount = 48
    package static let dayCount = 7

    package init(hours: [HourForecast] = [], days: [DayForecast] = []) {
        self.hours = hours
        self.days = days
    }

    package var isEmpty: Bool { hours.isEmpty && days.isEmpty }

    /// The part a status bar's tooltip shows, which the cache file keeps beside the current values (the
    /// whole forecast has a file of its own, which `show` never reads): the next `hourCount` hours at
    /// 3-hour steps from the hour after `moment`, and the first `dayCount` days. Small on purpose: `show`
    /// reads it at every start, and `show --waybar` prints it.
    package func outlook(after moment: Timestamp, hourCount: Int = 12, dayCount: Int = 3) -> Forecast {
        let coming = hours.filter { $0.time > moment }
        return Forecast(
            hours: Array(stride(from: 0, to: min(coming.count, hourCount), by: 3).map { coming[$0] }),
            days: Array(days.prefix(dayCount))
        ).packable
    }

    /// The forecast from the hour that holds `moment` on: `hours` hours and `days` days, today first.
    package func from(_ moment: Timestamp, hours hourLimit: Int, days dayLimit: Int, utcOffset: Int) -> Forecast {
        let today = moment.day(utcOffset: utcOffset)
        return Forecast(
            hours: Array(hours.filter { $0.time + 3600 > moment }.prefix(max(0, hourLimit))),
            days: Array(days.filter { $0.day >= today }.prefix(max(0, dayLimit))))
    }
}

/// One hour of the forecast.
package struct HourForecast: Sendable, Equatable, WeatherCondition {
    /// The start of the hour.
    package var time: Timestamp
    /// °C.
    package var temperature: Double?
    /// Chance of precipitation, %.
    package var precipitationProbability: Double?
    /// Precipitation in the hour, mm.
    package var precipitation: Double?
    package var weatherCode: Int?
    /// Wind speed at 10 m, m/s.
    package var windSpeed: Double?
    package var isDay: Bool?
    /// MET Norway's symbol for the hour, which says the condition for a MET Norway forecast.
    package var symbol: METSymbol?

    package init(
        time: Timestamp, temperature: Double? = nil, precipitationProbability: Double? = nil,
        precipitation: Double? = nil, weatherCode: Int? = nil, windSpeed: Double? = nil, isDay: Bool? = nil,
        symbol: METSymbol? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.weatherCode = weatherCode
        self.windSpeed = windSpeed
        self.isDay = isDay
        self.symbol = symbol
    }
}

/// One day of the forecast, a calendar day of the place.
package struct DayForecast: Sendable, Equatable, WeatherCondition {
    /// The day, counted in days since 1970-01-01 of the place's calendar.
    package var day: Int
    /// The day's most significant weather.
    package var weatherCode: Int?
    /// °C.
    package var temperatureMax: Double?
    package var temperatureMin: Double?
    /// The highest chance of precipitation in the day, %.
    package var precipitationProbabilityMax: Double?
    /// mm.
    package var precipitationSum: Double?
    /// As the service gives them: a polar day rises at midnight and sets 24 hours later, a polar night
    /// rises and sets at midnight (`sun` reads them).
    package var sunrise: Timestamp?
    package var sunset: Timestamp?
    /// MET Norway's symbol of the day's most significant weather, for a MET Norway forecast.
    package var symbol: METSymbol?
    /// The day's highest UV index.
    package var uvIndexMax: Double?

    package init(
        day: Int, weatherCode: Int? = nil, temperatureMax: Double? = nil, temperatureMin: Double? = nil,
        precipitationProbabilityMax: Double? = nil, precipitationSum: Double? = nil, sunrise: Timestamp? = nil,
        sunset: Timestamp? = nil, symbol: METSymbol? = nil, uvIndexMax: Double? = nil
    ) {
        self.day = day
        self.weatherCode = weatherCode
        self.temperatureMax = temperatureMax
        self.temperatureMin = temperatureMin
        self.precipitationProbabilityMax = precipitationProbabilityMax
        self.precipitationSum = precipitationSum
        self.sunrise = sunrise
        self.sunset = sunset
        self.symbol = symbol
        self.uvIndexMax = uvIndexMax
    }

    /// What the sun does that day.
    package enum Sun: String, Sendable, Equatable {
        case risesAndSets = "rises-and-sets"
        /// Midnight sun.
        case upAllDay = "up-all-day"
        /// Polar night.
        case downAllDay = "down-all-day"
    }

    /// Open-Meteo's polar encodings read: a day of 24 hours of daylight, or of none. `risesAndSets` when a
    /// time is missing too.
    package var sun: Sun {
        guard let sunrise, let sunset else { return .risesAndSets }
        switch sunset - sunrise {
        case 0: return .downAllDay
        case 86_400...: return .upAllDay
        default: return .risesAndSets
        }
    }

    /// Sunrise, on a day when the sun rises and sets.
    package var risingTime: Timestamp? { sun == .risesAndSets ? sunrise : nil }
    /// Sunset, on a day when the sun rises and sets.
    package var settingTime: Timestamp? { sun == .risesAndSets ? sunset : nil }

    /// "2026-10-08".
    package var isoDate: String {
        CivilTime(secondsSince1970: Int64(day) * 86_400, utcOffset: 0).date
    }
}

extension Timestamp {
    /// The calendar day of the moment at `utcOffset` seconds from UTC, as days since 1970-01-01.
    package func day(utcOffset: Int) -> Int {
        let local = secondsSince1970.clamped(to: Self.validRange) + Double(utcOffset)
        return Int((local / 86_400).rounded(.down))
    }
}
