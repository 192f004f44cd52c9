/// What the sky is doing, read from a WMO weather interpretation code (WMO 306, code table 4677, "ww"):
/// what an icon shows and a status bar's stylesheet colours. Every code from 0 to 99 has a sky, so a
/// code the service has never sent before still gets an icon. The raw values are what `show --waybar`
/// gives as `alt`.
package enum Sky: String, Sendable, CaseIterable {
    case clear
    case mainlyClear = "mainly-clear"
    case partlyCloudy = "partly-cloudy"
    case overcast
    case haze
    case fog
    case drizzle
    case rain
    case freezingRain = "freezing-rain"
    case sleet
    case snow
    case rainShowers = "rain-showers"
    case snowShowers = "snow-showers"
    case hail
    case thunderstorm

    /// The sky of WMO code `code` (0...99; any other number has none).
    ///
    /// Open-Meteo sends 28 of the codes, and reads 0 to 3 as clear, mainly clear, partly cloudy and
    /// overcast; the rest follow the WMO table by its decades: 4 to 9 haze, smoke and dust; 10 to 12
    /// mist; 13 to 19 lightning, squalls and funnel clouds; 20 to 29 what fell in the past hour; 30 to
    /// 39 dust storms and blowing snow; 40 to 49 fog; 50 to 59 drizzle; 60 to 69 rain; 70 to 79 snow; 80
    /// to 90 showers; 91 to 99 thunderstorms.
    package init?(wmoCode code: Int) {
        switch code {
        case 0: self = .clear
        case 1: self = .mainlyClear
        case 2: self = .partlyCloudy
        case 3: self = .overcast
        case 4...9, 30...35: self = .haze
        case 10...12, 28, 40...49: self = .fog
        case 13, 17...19, 29, 91...99: self = .thunderstorm
        case 14...16, 21, 60...65: self = .rain
        case 20, 50...55, 58, 59: self = .drizzle
        case 24, 56, 57, 66, 67: self = .freezingRain
        case 23, 68, 69, 79, 83, 84: self = .sleet
        case 22, 36...39, 70...78: self = .snow
        case 25, 80...82: self = .rainShowers
        case 26, 85, 86: self = .snowShowers
        case 27, 87...90: self = .hail
        default: return nil
        }
    }

    /// The word a stylesheet matches (`show --waybar`'s `class`): `clear`, `cloudy`, `fog`, `rain`,
    /// `snow` or `storm`.
    package var styleClass: String {
        switch self {
        case .clear, .mainlyClear: "clear"
        case .partlyCloudy, .overcast: "cloudy"
        case .haze, .fog: "fog"
        case .drizzle, .rain, .freezingRain, .rainShowers: "rain"
        case .sleet, .snow, .snowShowers, .hail: "snow"
        case .thunderstorm: "storm"
        }
    }
}

/// A value whose condition is a WMO code (Open-Meteo's) or MET Norway's symbol: the current conditions, an
/// hour, a day. The symbol, where there is one, says what the sky shows and the words.
package protocol WeatherCondition {
    var weatherCode: Int? { get }
    var symbol: METSymbol? { get }
}

extension WeatherCondition {
    /// What the sky shows: MET Norway's symbol's, else the WMO code's.
    package var sky: Sky? { symbol?.sky ?? weatherCode.flatMap(Sky.init(wmoCode:)) }
    /// The condition in words, such as "partly cloudy": MET Norway's symbol's, else the WMO code's.
    package var summary: String? { symbol?.words ?? weatherCode.flatMap(WMOCode.description) }
    /// Whether MET Norway drew the sky in polar twilight (`_polartwilight`).
    package var isPolarTwilight: Bool { symbol?.variant == .polarTwilight }

    /// Writes `weatherCode`, `condition` (`summary`) and `symbolCode`, `null` where there is none: the
    /// condition as `--json` gives the current weather, an hour and a day.
    package func writeCondition(into writer: inout JSONWriter) {
        writer.nullableField("weatherCode", weatherCode)
        writer.nullableField("condition", summary)
        writer.nullableField("symbolCode", symbol?.code)
    }
}

/// WMO weather interpretation codes in words.
package enum WMOCode {
    /// The code in words, lower case, in English (`condition` in `--json`; people read them translated):
    /// Open-Meteo's words for the codes it sends, the WMO table's for the others; `nil` outside 0...99.
    /// The same words serve day and night: none of them names the sun.
    package static func description(_ code: Int) -> String? {
        switch code {
        case 0: english("clear sky")
        case 1: english("mainly clear")
        case 2: english("partly cloudy")
        case 3: english("overcast")
        case 4: english("smoke")
        case 5: english("haze")
        case 6...9: english("dust")
        case 10: english("mist")
        case 11, 12: english("shallow fog")
        case 13: english("lightning")
        case 14...16: english("rain nearby")
        case 17: english("thunder")
        case 18: english("squalls")
        case 19: english("funnel cloud")
        case 20: english("recent drizzle")
        case 21: english("recent rain")
        case 22: english("recent snow")
        case 23: english("recent sleet")
        case 24: english("recent freezing rain")
        case 25: english("recent rain showers")
        case 26: english("recent snow showers")
        case 27: english("recent hail")
        case 28: english("recent fog")
        case 29: english("recent thunderstorm")
        case 30...35: english("dust storm")
        case 36...39: english("blowing snow")
        case 40...47: english("fog")
        case 48, 49: english("depositing rime fog")
        case 50, 52, 54: english("drizzle")
        case 51: english("light drizzle")
        case 53: english("moderate drizzle")
        case 55: english("dense drizzle")
        case 56: english("light freezing drizzle")
        case 57: english("dense freezing drizzle")
        case 58, 59: english("drizzle and rain")
        case 60, 62, 64: english("rain")
        case 61: english("slight rain")
        case 63: english("moderate rain")
        case 65: english("heavy rain")
        case 66: english("light freezing rain")
        case 67: english("heavy freezing rain")
        case 68, 69: english("rain and snow")
        case 70, 72, 74: english("snow")
        case 71: english("slight snow fall")
        case 73: english("moderate snow fall")
        case 75: english("heavy snow fall")
        case 76: english("diamond dust")
        case 77: english("snow grains")
        case 78: english("snow crystals")
        case 79: english("ice pellets")
        case 80: english("slight rain showers")
        case 81: english("moderate rain showers")
        case 82: english("violent rain showers")
        case 83, 84: english("sleet showers")
        case 85: english("slight snow showers")
        case 86: english("heavy snow showers")
        case 87, 88: english("snow pellet showers")
        case 89, 90: english("hail showers")
        case 91...94: english("rain or snow after a thunderstorm")
        case 95: english("thunderstorm")
        case 96: english("thunderstorm with slight hail")
        case 97: english("heavy thunderstorm")
        case 98: english("thunderstorm with dust")
        case 99: english("thunderstorm with heavy hail")
        default: nil
        }
    }
}
