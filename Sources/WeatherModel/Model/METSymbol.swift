/// A MET Norway weather symbol (Locationforecast's `symbol_code`, such as `lightrainshowers_night`): one
/// of MET's 41 conditions, in its day, night or polar-twilight form for the 21 that have them, which MET
/// chooses by the sun at the place. What the sky shows for a MET Norway result, as `Sky` reads a WMO code
/// for Open-Meteo's.
///
/// `Condition.row` is the one table: every base code MET lists (the 41 of its legend, `metno/weathericons`
/// `weather/legend.csv`, which are the 83 values of the `symbol_code` enum in MET's JSON schema with their
/// variants), each with our sky (icon, waybar class), the WMO code nearest to it (`weatherCode` in
/// `--json`, and how days choose their most significant weather, as Open-Meteo's daily code does) and its
/// words in English, MET's legend in lower case. The words are the only place a condition of MET's is put
/// into words: translations start from them (marked `english`, for `make pot`).
package struct METSymbol: Sendable, Equatable {
    /// The condition.
    package var condition: Condition
    /// Day, night or polar twilight; `nil` for a condition without variants.
    package var variant: Variant?

    package init(_ condition: Condition, _ variant: Variant? = nil) {
        self.condition = condition
        self.variant = condition.hasVariants ? variant : nil
    }

    /// The variant of a symbol, by the sun at the place: MET's suffix.
    package enum Variant: Int, Sendable, CaseIterable {
        case day = 1
        case night = 2
        /// A day of polar night while the sun is not far below the horizon.
        case polarTwilight = 3

        /// "_day", as MET writes it after the code.
        package var suffix: String {
            switch self {
            case .day: "_day"
            case .night: "_night"
            case .polarTwilight: "_polartwilight"
            }
        }
    }

    /// MET's conditions; the raw value is each one's number in MET's legend (its "Old ID", from the
    /// numbered symbols of Locationforecast 1.9), which the files keep.
    package enum Condition: Int, Sendable, CaseIterable {
        case clearSky = 1
        case fair, partlyCloudy, cloudy, rainShowers, rainShowersAndThunder, sleetShowers
        case snowShowers, rain, heavyRain, heavyRainAndThunder, sleet, snow, snowAndThunder, fog
        case sleetShowersAndThunder = 20
        case snowShowersAndThunder, rainAndThunder, sleetAndThunder
        case lightRainShowersAndThunder, heavyRainShowersAndThunder, lightSleetShowersAndThunder
        case heavySleetShowersAndThunder, lightSnowShowersAndThunder, heavySnowShowersAndThunder
        case lightRainAndThunder, lightSleetAndThunder, heavySleetAndThunder, lightSnowAndThunder
        case heavySnowAndThunder
        case lightRainShowers = 40
        case heavyRainShowers, lightSleetShowers, heavySleetShowers, lightSnowShowers
        case heavySnowShowers, lightRain, lightSleet, heavySleet, lightSnow, heavySnow

        /// The table: MET's code (as sent, with MET's spelling), its words, our sky, the nearest WMO
        /// code, and whether it comes as `_day`, `_night` and `_polartwilight`. MET's "sleet" is rain
        /// and snow together (Norwegian "sludd"), WMO's 68 and 69, and its showers of it WMO's 83 and 84.
        /// Thunder is WMO's 95 (a thunderstorm with rain or snow), its heavy forms 97.
        package var row: (code: String, words: String, sky: Sky, wmoCode: Int, hasVariants: Bool) {
            switch self {
            case .clearSky: ("clearsky", english("clear sky"), .clear, 0, true)
            case .fair: ("fair", english("fair"), .mainlyClear, 1, true)
            case .partlyCloudy: ("partlycloudy", english("partly cloudy"), .partlyCloudy, 2, true)
            case .cloudy: ("cloudy", english("cloudy"), .overcast, 3, false)
            case .fog: ("fog", english("fog"), .fog, 45, false)
            case .lightRain: ("lightrain", english("light rain"), .rain, 61, false)
            case .rain: ("rain", english("rain"), .rain, 63, false)
            case .heavyRain: ("heavyrain", english("heavy rain"), .rain, 65, false)
            case .lightRainShowers: ("lightrainshowers", english("light rain showers"), .rainShowers, 80, true)
            case .rainShowers: ("rainshowers", english("rain showers"), .rainShowers, 81, true)
            case .heavyRainShowers: ("heavyrainshowers", english("heavy rain showers"), .rainShowers, 82, true)
            case .lightSleet: ("lightsleet", english("light sleet"), .sleet, 68, false)
            case .sleet: ("sleet", english("sleet"), .sleet, 69, false)
            case .heavySleet: ("heavysleet", english("heavy sleet"), .sleet, 69, false)
            case .lightSleetShowers: ("lightsleetshowers", english("light sleet showers"), .sleet, 83, true)
            case .sleetShowers: ("sleetshowers", english("sleet showers"), .sleet, 83, true)
            case .heavySleetShowers: ("heavysleetshowers", english("heavy sleet showers"), .sleet, 84, true)
            case .lightSnow: ("lightsnow", english("light snow"), .snow, 71, false)
            case .snow: ("snow", english("snow"), .snow, 73, false)
            case .heavySnow: ("heavysnow", english("heavy snow"), .snow, 75, false)
            case .lightSnowShowers: ("lightsnowshowers", english("light snow showers"), .snowShowers, 85, true)
            case .snowShowers: ("snowshowers", english("snow showers"), .snowShowers, 85, true)
            case .heavySnowShowers: ("heavysnowshowers", english("heavy snow showers"), .snowShowers, 86, true)
            case .lightRainAndThunder:
                ("lightrainandthunder", english("light rain and thunder"), .thunderstorm, 95, false)
            case .rainAndThunder: ("rainandthunder", english("rain and thunder"), .thunderstorm, 95, false)
            case .heavyRainAndThunder:
                ("heavyrainandthunder", english("heavy rain and thunder"), .thunderstorm, 97, false)
            case .lightRainShowersAndThunder:
                ("lightrainshowersandthunder", english("light rain showers and thunder"), .thunderstorm, 95, true)
            case .rainShowersAndThunder:
                ("rainshowersandthunder", english("rain showers and thunder"), .thunderstorm, 95, true)
            case .heavyRainShowersAndThunder:
                ("heavyrainshowersandthunder", english("heavy rain showers and thunder"), .thunderstorm, 97, true)
            case .lightSleetAndThunder:
                ("lightsleetandthunder", english("light sleet and thunder"), .thunderstorm, 95, false)
            case .sleetAndThunder: ("sleetandthunder", english("sleet and thunder"), .thunderstorm, 95, false)
            case .heavySleetAndThunder:
                ("heavysleetandthunder", english("heavy sleet and thunder"), .thunderstorm, 97, false)
            // MET's misspelling ("lightssleet..."), kept on the wire as its schema's enum has it.
            case .lightSleetShowersAndThunder:
                ("lightssleetshowersandthunder", english("light sleet showers and thunder"), .thunderstorm, 95, true)
            case .sleetShowersAndThunder:
                ("sleetshowersandthunder", english("sleet showers and thunder"), .thunderstorm, 95, true)
            case .heavySleetShowersAndThunder:
                ("heavysleetshowersandthunder", english("heavy sleet showers and thunder"), .thunderstorm, 97, true)
            case .lightSnowAndThunder:
                ("lightsnowandthunder", english("light snow and thunder"), .thunderstorm, 95, false)
            case .snowAndThunder: ("snowandthunder", english("snow and thunder"), .thunderstorm, 95, false)
            case .heavySnowAndThunder:
                ("heavysnowandthunder", english("heavy snow and thunder"), .thunderstorm, 97, false)
            // MET's misspelling again ("lightssnow...").
            case .lightSnowShowersAndThunder:
                ("lightssnowshowersandthunder", english("light snow showers and thunder"), .thunderstorm, 95, true)
            case .snowShowersAndThunder:
                ("snowshowersandthunder", english("snow showers and thunder"), .thunderstorm, 95, true)
            case .heavySnowShowersAndThunder:
                ("heavysnowshowersandthunder", english("heavy snow showers and thunder"), .thunderstorm, 97, true)
            }
        }

        /// Whether the condition comes in day, night and polar-twilight forms.
        package var hasVariants: Bool { row.hasVariants }
    }

    /// The symbol MET sends as `code`: a base code of the table, with one of the suffixes where it has
    /// variants and none where it has not. The two codes MET misspells are read in either spelling (MET's
    /// product page calls the spelling unfortunate; should it be corrected, nothing breaks). `nil` for
    /// anything else.
    package init?(code: String) {
        var base = Substring(code)
        var variant: Variant?
        for candidate in Variant.allCases where code.hasSuffix(candidate.suffix) {
            variant = candidate
            base = code.dropLast(candidate.suffix.utf8.count)
        }
        let spelled: Substring =
            switch base {
            case "lightsleetshowersandthunder": "lightssleetshowersandthunder"
            case "lightsnowshowersandthunder": "lightssnowshowersandthunder"
            default: base
            }
        guard let condition = Condition.allCases.first(where: { $0.row.code == spelled }),
            condition.hasVariants == (variant != nil)
        else { return nil }
        self.init(condition, variant)
    }

    /// The code as MET sends it: `lightrainshowers_night`.
    package var code: String { condition.row.code + (variant?.suffix ?? "") }
    /// The condition in words, lower case: "light rain showers".
    package var words: String { condition.row.words }
    /// What the sky shows: the icon and the waybar class.
    package var sky: Sky { condition.row.sky }
    /// The WMO weather code nearest to the condition.
    package var wmoCode: Int { condition.row.wmoCode }
    /// Whether the symbol is of the day: `true` for `_day`, `false` for `_night` and `_polartwilight`
    /// (the sun below the horizon), `nil` for a condition without variants.
    package var isDay: Bool? { variant.map { $0 == .day } }

    // MARK: Saving

    /// The number the files keep (`Forecast.packed`): the condition's number times 4, plus 1, 2 or 3 for
    /// the variant.
    package var packed: Int { condition.rawValue * 4 + (variant?.rawValue ?? 0) }

    /// The numbers `packed` gives.
    package static let packedRange = 4...203

    /// The symbol `packed` stands for; `nil` for any other number.
    package init?(packed: Int) {
        guard Self.packedRange.contains(packed), let condition = Condition(rawValue: packed / 4) else { return nil }
        let variant = Variant(rawValue: packed % 4)
        guard condition.hasVariants == (variant != nil) else { return nil }
        self.init(condition, variant)
    }
}
