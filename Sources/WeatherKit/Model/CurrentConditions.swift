/// The weather at a moment: the values a user sees, in SI units (converted only when printed).
package struct CurrentConditions: Sendable, Equatable {
    /// Air temperature at 2 m, °C.
    var temperature: Double
    /// Feels-like temperature, °C.
    var apparentTemperature: Double?
    /// Relative humidity at 2 m, %.
    var relativeHumidity: Double?
    /// Whether the sun is up.
    var isDay: Bool?
    /// Precipitation of the preceding interval, mm.
    var precipitation: Double?
    /// WMO weather interpretation code.
    var weatherCode: Int?
    /// Cloud cover, %.
    var cloudCover: Double?
    /// Air pressure at mean sea level, hPa.
    var pressure: Double?
    /// Wind speed at 10 m, m/s.
    var windSpeed: Double?
    /// Where the wind comes from at 10 m, degrees clockwise from north.
    var windDirection: Double?
    /// Wind gusts at 10 m, m/s.
    var windGusts: Double?

    package init(
        temperature: Double, apparentTemperature: Double? = nil, relativeHumidity: Double? = nil, isDay: Bool? = nil,
        precipitation: Double? = nil, weatherCode: Int? = nil, cloudCover: Double? = nil, pressure: Double? = nil,
        windSpeed: Double? = nil, windDirection: Double? = nil, windGusts: Double? = nil
    ) {
        self.temperature = temperature
        self.apparentTemperature = apparentTemperature
        self.relativeHumidity = relativeHumidity
        self.isDay = isDay
        self.precipitation = precipitation
        self.weatherCode = weatherCode
        self.cloudCover = cloudCover
        self.pressure = pressure
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.windGusts = windGusts
    }

    /// The condition in words, such as "partly cloudy", from the WMO code.
    var summary: String? { weatherCode.flatMap(WMOCode.description) }
}

extension CurrentConditions {
    /// The values a real observation can take, in SI units, far beyond the records (-89 °C to 57 °C,
    /// 870 to 1084 hPa, gusts of 113 m/s). A response or a file holding anything else is refused: it is
    /// broken or hostile, and saving it would show nonsense.
    enum Plausible {
        static let temperature = -100.0...100.0
        static let percentage = 0.0...100.0
        static let precipitation = 0.0...1000.0
        static let pressure = 500.0...1200.0
        static let windSpeed = 0.0...200.0
        static let windDirection = 0.0...360.0
        static let weatherCode = 0...99
    }

    /// Field names as stored and printed by `show --json`, with the unit of each.
    static let units: JSONObject = [
        "temperature": "°C", "apparentTemperature": "°C", "relativeHumidity": "%", "precipitation": "mm",
        "cloudCover": "%", "pressure": "hPa", "windSpeed": "m/s", "windDirection": "°", "windGusts": "m/s",
    ]

    /// The values as members of an object (the caller's), absent ones left out.
    func addMembers(to object: inout JSONObject) {
        object["temperature"] = .number(temperature)
        if let apparentTemperature { object["apparentTemperature"] = .number(apparentTemperature) }
        if let relativeHumidity { object["relativeHumidity"] = .number(relativeHumidity) }
        if let weatherCode { object["weatherCode"] = .integer(Int64(weatherCode)) }
        if let summary { object["condition"] = .string(summary) }
        if let isDay { object["isDay"] = .bool(isDay) }
        if let precipitation { object["precipitation"] = .number(precipitation) }
        if let cloudCover { object["cloudCover"] = .number(cloudCover) }
        if let pressure { object["pressure"] = .number(pressure) }
        if let windSpeed { object["windSpeed"] = .number(windSpeed) }
        if let windDirection { object["windDirection"] = .number(windDirection) }
        if let windGusts { object["windGusts"] = .number(windGusts) }
    }

    /// Whether `other` holds the same values once both are stored: the cache keeps 15 significant digits,
    /// so a value read back from it equals a fresh one that differs only beyond them (a conversion from
    /// °F, say), and that is no new data.
    package func hasSameValues(as other: CurrentConditions) -> Bool {
        var mine = JSONObject()
        var theirs = JSONObject()
        addMembers(to: &mine)
        other.addMembers(to: &theirs)
        return JSON.object(mine).serialized() == JSON.object(theirs).serialized()
    }

    /// Reads what `addMembers` wrote.
    init(reading reader: JSONReader) throws(JSONShapeError) {
        self.init(
            temperature: try reader.double("temperature", within: Plausible.temperature),
            apparentTemperature: try reader.optionalDouble("apparentTemperature", within: Plausible.temperature),
            relativeHumidity: try reader.optionalDouble("relativeHumidity", within: Plausible.percentage),
            isDay: try reader.optionalBool("isDay"),
            precipitation: try reader.optionalDouble("precipitation", within: Plausible.precipitation),
            weatherCode: try reader.optionalInt("weatherCode", within: Plausible.weatherCode),
            cloudCover: try reader.optionalDouble("cloudCover", within: Plausible.percentage),
            pressure: try reader.optionalDouble("pressure", within: Plausible.pressure),
            windSpeed: try reader.optionalDouble("windSpeed", within: Plausible.windSpeed),
            windDirection: try reader.optionalDouble("windDirection", within: Plausible.windDirection),
            windGusts: try reader.optionalDouble("windGusts", within: Plausible.windSpeed)
        )
    }
}
