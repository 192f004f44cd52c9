package import WeatherModel

/// The icons `%c`, the short line and the text show for the sky, chosen by the `icons` setting.
public enum IconSet: String, Sendable, CaseIterable {
    /// Unicode emoji (⛅, 🌧️): every desktop font stack has them.
    case emoji
    /// Nerd Font weather glyphs, for bars set in a Nerd Font.
    case nerd
    /// wttr.in's plain-text symbols (`o`, `m`, `//`, `*`), for fonts without either.
    case ascii
    /// No icon at all.
    case none

    /// The icon for `sky`, in its night form when `isDay` is `false`; "" for `none`. In `twilight` (MET
    /// Norway's `_polartwilight`: a day of polar night, the sun just below the horizon, which MET draws as
    /// a sun at the horizon), a clear or mainly clear sky shows the sun at the horizon (🌅, Nerd Fonts'
    /// `horizon_alt`), not the moon; other skies keep their night form.
    package func icon(for sky: Sky, isDay: Bool, twilight: Bool = false) -> String {
        if twilight, !isDay, sky == .clear || sky == .mainlyClear {
            switch self {
            case .emoji: return "🌅"
            case .nerd: return "\u{E342}"  // horizon_alt
            case .ascii, .none: break
            }
        }
        switch self {
        case .emoji: return Self.emoji(sky, isDay)
        case .nerd: return Self.nerd(sky, isDay)
        case .ascii: return Self.ascii(sky, isDay)
        case .none: return ""
        }
    }

    /// The moon in phase `name`: 🌒 as wttr.in's `%m`, Nerd Fonts' glyph, or the phase in words for
    /// `ascii`; "" for `none`.
    package func moon(_ name: MoonPhase.Name) -> String {
        switch self {
        case .emoji: name.emoji
        case .nerd: name.nerdGlyph
        case .ascii: translation(of: name.words)
        case .none: ""
        }
    }

    /// Emoji with their emoji presentation selector (U+FE0F) where the character alone would be text.
    /// Emoji have no moon behind a cloud, and ⛅'s sun has no place in a night: a partly cloudy night is
    /// the cloud with the moon beside it, two emoji wide, neither the overcast cloud alone nor the clear
    /// night's moon.
    private static func emoji(_ sky: Sky, _ isDay: Bool) -> String {
        switch sky {
        case .clear: isDay ? "☀️" : "🌙"
        case .mainlyClear: isDay ? "🌤️" : "🌙"
        case .partlyCloudy: isDay ? "⛅" : "☁️🌙"
        case .overcast: "☁️"
        case .haze, .fog: "🌫️"
        case .drizzle, .rainShowers: isDay ? "🌦️" : "🌧️"
        case .rain, .freezingRain: "🌧️"
        case .sleet, .snow, .snowShowers, .hail: "🌨️"
        case .thunderstorm: "⛈️"
        }
    }

    /// Weather Icons as Nerd Fonts 3 places them (`nf-weather-*`, U+E300 to U+E3E3).
    private static func nerd(_ sky: Sky, _ isDay: Bool) -> String {
        switch sky {
        case .clear: isDay ? "\u{E30D}" : "\u{E32B}"  // day_sunny, night_clear
        case .mainlyClear: isDay ? "\u{E30C}" : "\u{E379}"  // day_sunny_overcast, night_alt_partly_cloudy
        case .partlyCloudy: isDay ? "\u{E302}" : "\u{E37E}"  // day_cloudy, night_alt_cloudy
        case .overcast: "\u{E312}"  // cloudy
        case .haze: isDay ? "\u{E3AE}" : "\u{E35D}"  // day_haze, dust
        case .fog: isDay ? "\u{E303}" : "\u{E346}"  // day_fog, night_fog
        case .drizzle: isDay ? "\u{E30B}" : "\u{E328}"  // day_sprinkle, night_alt_sprinkle
        case .rain: isDay ? "\u{E308}" : "\u{E325}"  // day_rain, night_alt_rain
        case .freezingRain: isDay ? "\u{E306}" : "\u{E323}"  // day_rain_mix, night_alt_rain_mix
        case .sleet: isDay ? "\u{E3AA}" : "\u{E3AC}"  // day_sleet, night_alt_sleet
        case .snow, .snowShowers: isDay ? "\u{E30A}" : "\u{E327}"  // day_snow, night_alt_snow
        case .rainShowers: isDay ? "\u{E309}" : "\u{E326}"  // day_showers, night_alt_showers
        case .hail: isDay ? "\u{E304}" : "\u{E321}"  // day_hail, night_alt_hail
        case .thunderstorm: isDay ? "\u{E30F}" : "\u{E32A}"  // day_thunderstorm, night_alt_thunderstorm
        }
    }

    /// wttr.in's `%x` symbols, with `(` for a clear night sky.
    private static func ascii(_ sky: Sky, _ isDay: Bool) -> String {
        switch sky {
        case .clear, .mainlyClear: isDay ? "o" : "("
        case .partlyCloudy: "m"
        case .overcast: "mmm"
        case .haze, .fog: "="
        case .drizzle: "/"
        case .rain, .rainShowers: "//"
        case .freezingRain, .sleet: "x"
        case .snow: "*"
        case .snowShowers: "*/*"
        case .hail: "x/"
        case .thunderstorm: "/!/"
        }
    }
}
