/// The weather at a moment: the values a user sees, in SI units (converted only when printed).
package struct CurrentConditions: Sendable, Equatable {
    /// Air temperature at 2 m, °C.
    package var temperature: Double
    /// Feels-like temperature, °C.
    package var apparentTemperature: Double?
    /// Relative humidity at 2 m, %.
    package var relativeHumidity: Double?
    /// Whether the sun is up.
    package var isDay: Bool?
    /// Precipitation of the preceding interval, mm.
    package var precipitation: Double?
    /// WMO weather interpretation code.
    package var weatherCode: Int?
    /// Cloud cover, %.
    package var cloudCover: Double?
    /// Air pressure at mean sea level, hPa.
    package var pressure: Double?
    /// Wind speed at 10 m, m/s.
    package var windSpeed: Double?
    /// Where the wind comes from at 10 m, degrees clockwise from north.
    package var windDirection: Double?
    /// Wind gusts at 10 m, m/s.
    package var windGusts: Double?

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
    package var summary: String? { weatherCode.flatMap(WMOCode.description) }
}

extension CurrentConditions {
    /// The values a real observation can take, in SI units, far beyond the records (-89 °C to 57 °C,
    /// 870 to 1084 hPa, gusts of 113 m/s). A response or a file holding anything else is refused: it is
    /// broken or hostile, and saving it would show nonsense.
    package enum Plausible {
        package static let temperature = -100.0...100.0
        package static let percentage = 0.0...100.0
        package static let precipitation = 0.0...1000.0
        package static let pressure = 500.0...1200.0
        package static let windSpeed = 0.0...200.0
        package static let windDirection = 0.0...360.0
        package static let weatherCode = 0...99
    }

    /// Writes the unit of each value, by the name `write(into:)` gives it: what `show --json` adds.
    package static func writeUnits(into writer: inout JSONWriter) {
        writer.field("temperature", "°C")
        writer.field("apparentTemperature", "°C")
        writer.field("relativeHumidity", "%")
        writer.field("precipitation", "mm")
        writer.field("cloudCover", "%")
        writer.field("pressure", "hPa")
        writer.field("windSpeed", "m/s")
        writer.field("windDirection", "°")
        writer.field("windGusts", "m/s")
    }

    /// Writes the values as members of the object being written (the caller's), absent ones left out;
    /// with `words`, the condition in words too (for scripts; the cache file, read at every `show`, has
    /// no use for what the weather code says).
    package func write(into writer: inout JSONWriter, words: Bool) {
        writer.field("temperature", temperature)
        writer.field("apparentTemperature", apparentTemperature)
        writer.field("relativeHumidity", relativeHumidity)
        writer.field("weatherCode", weatherCode)
        if words { writer.field("condition", summary) }
        writer.field("isDay", isDay)
        writer.field("precipitation", precipitation)
        writer.field("cloudCover", cloudCover)
        writer.field("pressure", pressure)
        writer.field("windSpeed", windSpeed)
        writer.field("windDirection", windDirection)
        writer.field("windGusts", windGusts)
    }

    /// Reads what `write(into:)` wrote.
    package init(reading reader: JSONReader) throws(JSONShapeError) {
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
