import WeatherModel

/// The units people read values in. Values are kept in SI units everywhere (the cache, `--json`) and
/// converted only here, when they are printed, so that switching units never fetches and never changes
/// what a script reads.
package struct DisplayUnits: Sendable, Equatable {
    package var temperature: TemperatureUnit
    package var wind: WindUnit
    package var precipitation: PrecipitationUnit
    package var pressure: PressureUnit

    package init(
        temperature: TemperatureUnit, wind: WindUnit, precipitation: PrecipitationUnit, pressure: PressureUnit
    ) {
        self.temperature = temperature
        self.wind = wind
        self.precipitation = precipitation
        self.pressure = pressure
    }

    /// "10.9 °C" (German "10,9 °C"): one decimal, as the service gives it.
    package func temperature(_ celsius: Double) -> String {
        Self.number(temperature.value(celsius), decimals: 1) + " " + temperature.symbol
    }

    /// "11°C": whole degrees, for a status bar.
    package func shortTemperature(_ celsius: Double) -> String {
        temperature.value(celsius).fixed(decimals: 0) + temperature.symbol
    }

    /// `shortTemperature(_:)`, written at the end of `bytes`.
    package func appendShortTemperature(_ celsius: Double, to bytes: inout [UInt8]) {
        temperature.value(celsius).appendFixed(decimals: 0, to: &bytes)
        bytes += temperature.symbol.utf8
    }

    /// "14 km/h" from metres per second; `compact` leaves out the space: "14km/h".
    package func speed(_ metresPerSecond: Double, compact: Bool = false) -> String {
        Self.number(wind.value(metresPerSecond), decimals: wind.decimals) + (compact ? "" : " ") + wind.symbol
    }

    /// "0.4 mm" or "0.02 in"; `compact` leaves out the space.
    package func precipitation(_ millimetres: Double, compact: Bool = false) -> String {
        Self.number(precipitation.value(millimetres), decimals: precipitation.decimals) + (compact ? "" : " ")
            + precipitation.symbol
    }

    /// "1016 hPa" or "30.01 inHg"; `compact` leaves out the space.
    package func pressure(_ hectopascals: Double, compact: Bool = false) -> String {
        Self.number(pressure.value(hectopascals), decimals: pressure.decimals) + (compact ? "" : " ")
            + pressure.symbol
    }

    /// `value` with `decimals` decimals, after the locale's decimal mark, written with it; a whole number
    /// asks the locale nothing (the short line's "11°C" loads no locale).
    private static func number(_ value: Double, decimals: Int) -> String {
        decimals == 0
            ? value.fixed(decimals: 0) : value.fixed(decimals: decimals, decimalMark: Conventions.current.decimalMark)
    }
}

/// A whole set of units by its common name: `metric`, `imperial` or `si`.
public enum UnitSystem: String, Sendable, CaseIterable {
    /// °C, km/h, mm, hPa: what most of the world reads.
    case metric
    /// °F, mph, in, inHg: the United States.
    case imperial
    /// °C, m/s, mm, hPa: the units weather keeps values in.
    case si

    package var units: DisplayUnits {
        switch self {
        case .metric: DisplayUnits(temperature: .celsius, wind: .kmh, precipitation: .mm, pressure: .hPa)
        case .imperial: DisplayUnits(temperature: .fahrenheit, wind: .mph, precipitation: .inch, pressure: .inHg)
        case .si: DisplayUnits(temperature: .celsius, wind: .ms, precipitation: .mm, pressure: .hPa)
        }
    }
}

/// Degrees Celsius or Fahrenheit; the names are Open-Meteo's `temperature_unit` values.
package enum TemperatureUnit: String, Sendable, CaseIterable {
    case celsius
    case fahrenheit

    /// "°C": the same in every language weather speaks, and never looked up, so that the short line of a
    /// status bar ("Berlin ⛅ 11°C") opens no catalogue.
    package var symbol: String { self == .celsius ? "°C" : "°F" }

    package func value(_ celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }
}

/// A unit of wind speed; the names are Open-Meteo's `wind_speed_unit` values.
package enum WindUnit: String, Sendable, CaseIterable {
    case kmh
    case ms
    case mph
    case kn

    /// "km/h", as the run's language writes it (Ukrainian "км/год"): the SI symbol is the English text.
    package var symbol: String {
        switch self {
        case .kmh: tr(context: "unit of wind speed", "km/h")
        case .ms: tr(context: "unit of wind speed", "m/s")
        case .mph: tr(context: "unit of wind speed", "mph")
        case .kn: tr(context: "unit of wind speed", "kn")
        }
    }

    /// Metres per second change a lot within one unit, so they keep a decimal.
    package var decimals: Int { self == .ms ? 1 : 0 }

    package func value(_ metresPerSecond: Double) -> Double {
        switch self {
        case .kmh: metresPerSecond * 3.6
        case .ms: metresPerSecond
        case .mph: metresPerSecond / 0.447_04
        case .kn: metresPerSecond * 3600 / 1852
        }
    }
}

/// Millimetres or inches; the names are Open-Meteo's `precipitation_unit` values.
package enum PrecipitationUnit: String, Sendable, CaseIterable {
    case mm
    case inch

    /// "mm", as the run's language writes it; "in" is the inch, not the word.
    package var symbol: String {
        self == .mm ? tr(context: "unit of precipitation", "mm") : tr(context: "unit of precipitation", "in")
    }
    package var decimals: Int { self == .mm ? 1 : 2 }
    package func value(_ millimetres: Double) -> Double { self == .mm ? millimetres : millimetres / 25.4 }
}

/// Hectopascals (the same as millibars) or inches of mercury.
package enum PressureUnit: String, Sendable, CaseIterable {
    case hPa = "hpa"
    case inHg = "inhg"

    /// "hPa", as the run's language writes it (Ukrainian "гПа").
    package var symbol: String {
        self == .hPa ? tr(context: "unit of pressure", "hPa") : tr(context: "unit of pressure", "inHg")
    }
    package var decimals: Int { self == .hPa ? 0 : 2 }
    package func value(_ hectopascals: Double) -> Double {
        self == .hPa ? hectopascals : hectopascals / 33.863_886_666_7
    }
}
