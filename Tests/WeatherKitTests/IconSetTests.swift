import Testing

@testable import WeatherKit
@testable import WeatherModel

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

    @Test("a sky keeps its icon's width by night, so that tables and bars stay aligned", arguments: sets)
    func widths(set: IconSet) {
        for sky in Sky.allCases {
            #expect(
                set.icon(for: sky, isDay: false).terminalColumns == set.icon(for: sky, isDay: true).terminalColumns
                    || set == .ascii, "\(sky)")
        }
    }
}
