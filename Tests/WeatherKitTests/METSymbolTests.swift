import Testing

@testable import WeatherModel

/// MET Norway's symbol codes, as MET's legend (`metno/weathericons`, `weather/legend.csv`) lists them, read
/// into our skies, WMO codes and words: every code, each variant where MET has one, nothing else.
@Suite("MET Norway's symbol codes")
struct METSymbolTests {
    /// MET's legend, written out here from the legend (not from the table under test): each base code as
    /// MET sends it, and whether it comes as `_day`, `_night` and `_polartwilight`.
    static let legend: [(code: String, variants: Bool)] = [
        ("clearsky", true), ("fair", true), ("partlycloudy", true), ("cloudy", false), ("rainshowers", true),
        ("rainshowersandthunder", true), ("sleetshowers", true), ("snowshowers", true), ("rain", false),
        ("heavyrain", false), ("heavyrainandthunder", false), ("sleet", false), ("snow", false),
        ("snowandthunder", false), ("fog", false), ("sleetshowersandthunder", true), ("snowshowersandthunder", true),
        ("rainandthunder", false), ("sleetandthunder", false), ("lightrainshowersandthunder", true),
        ("heavyrainshowersandthunder", true), ("lightssleetshowersandthunder", true),
        ("heavysleetshowersandthunder", true), ("lightssnowshowersandthunder", true),
        ("heavysnowshowersandthunder", true), ("lightrainandthunder", false), ("lightsleetandthunder", false),
        ("heavysleetandthunder", false), ("lightsnowandthunder", false), ("heavysnowandthunder", false),
        ("lightrainshowers", true), ("heavyrainshowers", true), ("lightsleetshowers", true),
        ("heavysleetshowers", true), ("lightsnowshowers", true), ("heavysnowshowers", true), ("lightrain", false),
        ("lightsleet", false), ("heavysleet", false), ("lightsnow", false), ("heavysnow", false),
    ]

    /// The 83 values of the `symbol_code` enum in MET's JSON schema.
    static var everyCode: [String] {
        legend.flatMap { entry in
            entry.variants ? ["_day", "_night", "_polartwilight"].map { entry.code + $0 } : [entry.code]
        }
    }

    @Test("the table holds MET's 41 conditions, 21 of them with variants: 83 codes, each read and written back")
    func everyCodeMETLists() throws {
        #expect(Self.legend.count == 41)
        #expect(Self.everyCode.count == 83)
        #expect(METSymbol.Condition.allCases.count == 41)
        #expect(Set(METSymbol.Condition.allCases.map(\.row.code)) == Set(Self.legend.map(\.code)))
        for code in Self.everyCode {
            let symbol = try #require(METSymbol(code: code), "\(code)")
            #expect(symbol.code == code)
            #expect(!symbol.words.isEmpty && symbol.words == symbol.words.lowercased(), "\(code)")
            #expect(METSymbol(packed: symbol.packed) == symbol, "\(code) as the files keep it")
            #expect(METSymbol.packedRange.contains(symbol.packed))
        }
        let packed = Set(Self.everyCode.compactMap { METSymbol(code: $0)?.packed })
        #expect(packed.count == 83, "every code its own number in the files")
    }

    @Test("each condition's sky is what its WMO code's sky is: the icon and the waybar class agree")
    func skiesAgreeWithWMO() throws {
        for condition in METSymbol.Condition.allCases {
            let row = condition.row
            #expect(Sky(wmoCode: row.wmoCode) == row.sky, "\(row.code): WMO \(row.wmoCode)")
        }
        #expect(METSymbol(code: "lightssnowshowersandthunder_day")?.sky.styleClass == "storm")
        #expect(METSymbol(code: "heavysnow")?.sky.styleClass == "snow")
        #expect(METSymbol(code: "sleet")?.sky.styleClass == "snow")
        #expect(METSymbol(code: "lightrainshowers_night")?.sky.styleClass == "rain")
        #expect(METSymbol(code: "fog")?.sky.styleClass == "fog")
        #expect(METSymbol(code: "fair_day")?.sky == .mainlyClear)
        #expect(METSymbol(code: "cloudy")?.sky == .overcast)
    }

    @Test("the words are MET's legend, lower case")
    func words() {
        #expect(METSymbol(code: "clearsky_day")?.words == "clear sky")
        #expect(METSymbol(code: "lightssleetshowersandthunder_night")?.words == "light sleet showers and thunder")
        #expect(METSymbol(code: "heavyrainshowers_polartwilight")?.words == "heavy rain showers")
        #expect(METSymbol(code: "sleet")?.words == "sleet")
    }

    @Test("day is day; night and polar twilight are not; a condition without variants says nothing")
    func dayAndNight() {
        #expect(METSymbol(code: "clearsky_day")?.isDay == true)
        #expect(METSymbol(code: "clearsky_night")?.isDay == false)
        #expect(METSymbol(code: "fair_polartwilight")?.isDay == false)
        #expect(METSymbol(code: "rain")?.isDay == nil)
    }

    @Test("MET's two misspellings are read in either spelling and written as MET sends them")
    func misspellings() {
        #expect(METSymbol(code: "lightsleetshowersandthunder_day")?.code == "lightssleetshowersandthunder_day")
        #expect(METSymbol(code: "lightsnowshowersandthunder_night")?.code == "lightssnowshowersandthunder_night")
    }

    @Test(
        "anything else is no symbol: unknown codes, variants where MET has none, bare codes where it has them",
        arguments: [
            "", "sunny", "clearsky", "rain_day", "cloudy_night", "clearsky_evening", "CLEARSKY_DAY", "clearsky_day_day",
            "fog_polartwilight", "_day", "clearsky_", " clearsky_day",
        ])
    func refused(code: String) {
        #expect(METSymbol(code: code) == nil)
    }

    @Test("numbers the files did not write are no symbol", arguments: [0, 3, 12, 17, 64, 68, 160, 203, 204, -1, 1000])
    func badNumbers(packed: Int) {
        // 12 is partly cloudy (3) without a variant, 17 cloudy (4) by day; 64 is 16 (unused in MET's
        // numbering) times 4, 68 is 17; 160 is light rain showers (40), which needs a variant; 203 is
        // heavy snow (50), which has none, in polar twilight.
        #expect(METSymbol(packed: packed) == nil)
    }
}
