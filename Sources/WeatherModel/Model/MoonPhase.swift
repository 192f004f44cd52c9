import Glibc

/// The moon's phase at a moment, worked out here: no service is asked, and no data is needed.
///
/// The algorithm is the low-precision one of Jean Meeus, *Astronomical Algorithms* (2nd ed., 1998),
/// chapter 48: the moon's phase angle from the mean elongation of the moon (D) and the mean anomalies of
/// the sun (M) and the moon (M′) of chapter 47, with the six largest periodic terms. It is good to about
/// 0.3° of elongation, a few minutes of time; a phase name spans 45° (three and a half days), so the name
/// is wrong only within minutes of a boundary. Checked against the instants of eclipses (`MoonPhaseTests`).
package struct MoonPhase: Sendable, Equatable {
    /// The eight phases wttr.in's `%m` draws, in the order the moon goes through them.
    package enum Name: Int, Sendable, CaseIterable {
        case newMoon, waxingCrescent, firstQuarter, waxingGibbous, fullMoon, waningGibbous, lastQuarter,
            waningCrescent

        /// `waxing crescent`: the words, in English (marked for the catalogue: `translation(of:)` prints them in
        /// the run's language).
        package var words: String {
            switch self {
            case .newMoon: english("new moon")
            case .waxingCrescent: english("waxing crescent")
            case .firstQuarter: english("first quarter")
            case .waxingGibbous: english("waxing gibbous")
            case .fullMoon: english("full moon")
            case .waningGibbous: english("waning gibbous")
            case .lastQuarter: english("last quarter")
            case .waningCrescent: english("waning crescent")
            }
        }

        /// `waxing-crescent`: the name in JSON.
        package var key: String {
            switch self {
            case .newMoon: "new-moon"
            case .waxingCrescent: "waxing-crescent"
            case .firstQuarter: "first-quarter"
            case .waxingGibbous: "waxing-gibbous"
            case .fullMoon: "full-moon"
            case .waningGibbous: "waning-gibbous"
            case .lastQuarter: "last-quarter"
            case .waningCrescent: "waning-crescent"
            }
        }

        /// The emoji, as wttr.in's `%m` (🌑 to 🌘, northern hemisphere's view).
        package var emoji: String {
            ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"][rawValue]
        }

        /// The glyph of Nerd Fonts' Weather Icons (nf-weather-moon_*, U+E38D to U+E3A8, 28 phases): new,
        /// the quarters and full, and the middle one of each six between them.
        package var nerdGlyph: String {
            // new, waxing_crescent_3, first_quarter, waxing_gibbous_3, full, waning_gibbous_3,
            // third_quarter, waning_crescent_3
            ["\u{E38D}", "\u{E390}", "\u{E394}", "\u{E397}", "\u{E39B}", "\u{E39E}", "\u{E3A2}", "\u{E3A5}"][rawValue]
        }
    }

    /// The elongation of the moon from the sun, in degrees, 0 ≤ e < 360: 0 new, 90 first quarter, 180
    /// full, 270 last quarter.
    package var elongation: Double
    /// The fraction of the disc that is lit, 0 to 1.
    package var illuminated: Double

    /// The phase's name: each of the eight spans 45° of elongation, centred on its own angle.
    package var name: Name {
        Name(rawValue: Int(((elongation + 22.5) / 45).rounded(.down)) % 8) ?? .newMoon
    }

    /// The phase at noon of `day` (days since 1970-01-01 of the place's calendar, as `clock` reads it):
    /// what a forecast's day shows.
    package init?(noonOf day: Int, clock: PlaceClock) {
        let clockNoon = Double(day) * 86_400 + 43_200
        let aroundNoon = Timestamp(secondsSince1970: clockNoon - Double(clock.utcOffset))
        self.init(at: Timestamp(secondsSince1970: clockNoon - Double(clock.offset(at: aroundNoon))))
    }

    /// The phase at `moment`; `nil` outside `Timestamp.validRange`, where no date is read.
    package init?(at moment: Timestamp) {
        guard Timestamp.validRange.contains(moment.secondsSince1970) else { return nil }
        // Julian centuries since J2000.0 (2000-01-01 12:00, 10,957.5 days after 1970 began).
        let t = (moment.secondsSince1970 / 86_400 - 10_957.5) / 36_525
        let radians = Double.pi / 180
        func degrees(_ value: Double) -> Double {
            let reduced = fmod(value, 360)
            return reduced < 0 ? reduced + 360 : reduced
        }
        // Chapter 47: mean elongation, the sun's and the moon's mean anomalies.
        let d = degrees(297.850_192_1 + 445_267.111_403_4 * t - 0.001_881_9 * t * t) * radians
        let m = degrees(357.529_109_2 + 35_999.050_290_9 * t - 0.000_153_6 * t * t) * radians
        let mMoon = degrees(134.963_396_4 + 477_198.867_505_5 * t + 0.008_741_4 * t * t) * radians
        // Chapter 48, (48.4): the phase angle, the sun-moon angle seen from the moon.
        let phaseAngle =
            180 - d / radians - 6.289 * sin(mMoon) + 2.100 * sin(m) - 1.274 * sin(2 * d - mMoon) - 0.658
            * sin(2 * d) - 0.214 * sin(2 * mMoon) - 0.110 * sin(d)
        elongation = degrees(180 - phaseAngle)
        illuminated = (1 + cos(phaseAngle * radians)) / 2
    }
}
