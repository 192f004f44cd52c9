import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The icons say how much of the sky is covered, by night as by day, in every icon set.
@Suite("Icons by day and night")
struct IconSetTests {
    static let sets = IconSet.allCases.filter { $0 != .none }

    @Test("only an overcast sky shows the overcast icon, for every WMO code, day or night", arguments: sets)
    func overcastIcon(set: IconSet) {
        let overcast = set.icon(for: .overcast, isDay: true)
        #expect(set.icon(for: .overcast, isDay: false) == overcast)
        for code in 0...99 {
            guard let sky = Sky(wmoCode: code), sky != .overcast else { continue }
            for isDay in [true, false] {
                #expect(set.icon(for: sky, isDay: isDay) != overcast, "code \(code) (\(sky)), isDay \(isDay)")
            }
        }
    }

    @Test("a partly cloudy sky shows neither a clear nor a covered sky at night", arguments: sets)
    func partlyCloudyNight(set: IconSet) {
        let night = set.icon(for: .partlyCloudy, isDay: false)
        #expect(!night.isEmpty)
        for other in [Sky.clear, .mainlyClear, .overcast] {
            #expect(night != set.icon(for: other, isDay: false), "\(other)")
        }
    }

    @Test(
        "a sky keeps its icon's width by night, so that bars stay aligned, but for emoji's partly cloudy night",
        arguments: sets)
    func widths(set: IconSet) {
        for sky in Sky.allCases where !(set == .emoji && sky == .partlyCloudy) {
            #expect(
                set.icon(for: sky, isDay: false).terminalColumns == set.icon(for: sky, isDay: true).terminalColumns
                    || set == .ascii, "\(sky)")
        }
    }

    /// The icons whose picture has the sun in it, in every set: what a night must never show.
    static let sunny: [IconSet: Set<String>] = [
        .emoji: ["☀️", "🌤️", "⛅", "🌦️", "🌥️"],
        // day_sunny, day_sunny_overcast, day_cloudy, day_haze, day_fog, day_sprinkle, day_rain, day_rain_mix,
        // day_sleet, day_snow, day_showers, day_hail, day_thunderstorm: Nerd Fonts' day_* glyphs.
        .nerd: [
            "\u{E30D}", "\u{E30C}", "\u{E302}", "\u{E3AE}", "\u{E303}", "\u{E30B}", "\u{E308}", "\u{E306}",
            "\u{E3AA}", "\u{E30A}", "\u{E309}", "\u{E304}", "\u{E30F}",
        ],
        // wttr.in's sun.
        .ascii: ["o"],
    ]

    @Test("no sky shows the sun at night, partly cloudy included: its night form has the moon", arguments: sets)
    func noSunAtNight(set: IconSet) throws {
        let sunny = try #require(Self.sunny[set])
        for sky in Sky.allCases {
            let night = set.icon(for: sky, isDay: false)
            #expect(!sunny.contains(night), "\(sky) at night: \(night)")
            if set == .emoji { #expect(!sunny.contains { night.contains($0) }, "\(sky) at night: \(night)") }
        }
        // The moon where the set has one for a cloudy night: emoji's crescent, Nerd Fonts' night_alt_cloudy.
        let moon = [IconSet.emoji: "🌙", .nerd: "\u{E37E}"][set]
        if let moon { #expect(set.icon(for: .partlyCloudy, isDay: false).contains(moon)) }
    }
}
