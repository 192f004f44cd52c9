/// The weather at a moment: the values a user sees, in SI units (converted only when printed).
package struct CurrentConditions: Sendable, Equatable, WeatherCondition {
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
    /// WMO weather interpretation code: Open-Meteo's, or the one nearest MET Norway's symbol.
    package var weatherCode: Int?
    /// MET Norway's symbol, which says the condition for a MET Norway result (`sky`, `summary`).
    package var symbol: METSymbol?
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
    /// The UV index (WHO): Open-Meteo's `uv_index`, MET Norway's `ultraviolet_index_clear_sky`.
    package var uvIndex: Double?

    package init(
        temperature: Double, apparentTemperature: Double? = nil, relativeHumidity: Double? = nil, isDay: Bool? = nil,
        precipitation: Double? = nil, weatherCode: Int? = nil, cloudCover: Double? = nil, pressure: Double? = nil,
        windSpeed: Double? = nil, windDirection: Double? = nil, windGusts: Double? = nil, symbol: METSymbol? = nil,
        uvIndex: Double? = nil
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
        self.symbol = symbol
        self.uvIndex = uvIndex
    }
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
        /// The highest UV index measured is about 43 (the Andes, 2003).
        package static let uvIndex = 0.0...50.0
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
        writer.field("uvIndex", "")
    }

    /// Writes the values as members of the object being written (the caller's). For the cache file, absent
    /// ones left out and MET Norway's symbol as its number; with `words` (`show --json`, for scripts) every
    /// member there, `null` where the service gave no value, with the condition in words and MET Norway's
    /// `symbolCode` (the cache file, read at every `show`, has no use for words).
    package func write(into writer: inout JSONWriter, words: Bool) {
        writer.field("temperature", temperature)
        writer.field("apparentTemperature", apparentTemperature, orNull: words)
        writer.field("relativeHumidity", relativeHumidity, orNull: words)
        if words {
            writeCondition(into: &writer)
        } else {
            writer.field("weatherCode", weatherCode)
            writer.field("symbol", symbol?.packed)
        }
        writer.field("isDay", isDay, orNull: words)
        writer.field("precipitation", precipitation, orNull: words)
        writer.field("cloudCover", cloudCover, orNull: words)
        writer.field("pressure", pressure, orNull: words)
        writer.field("windSpeed", windSpeed, orNull: words)
        writer.field("windDirection", windDirection, orNull: words)
        writer.field("windGusts", windGusts, orNull: words)
        writer.field("uvIndex", uvIndex, orNull: words)
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
            windGusts: try reader.optionalDouble("windGusts", within: Plausible.windSpeed),
            symbol: try reader.optionalInt("symbol", within: METSymbol.packedRange).flatMap(METSymbol.init(packed:)),
            uvIndex: try reader.optionalDouble("uvIndex", within: Plausible.uvIndex)
        )
    }
}
