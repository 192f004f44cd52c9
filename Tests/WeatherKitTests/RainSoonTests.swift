import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// "rain in 20 min": the next two hours' precipitation read by the clock, with no fetch.
@Suite("Rain soon, from the same request, aged by the clock")
struct RainSoonTests {
    /// 2026-10-08T17:00:00Z, on a quarter hour as Open-Meteo's steps are.
    static let start = Timestamp(secondsSince1970: 1_791_478_800)

    static func result(_ nowcast: Nowcast?, uv: Double? = nil) -> WeatherResult {
        var result = WeatherResult(
            location: Location(name: "Berlin", latitude: 52.52, longitude: 13.41),
            conditions: CurrentConditions(temperature: 10.9, weatherCode: 61, uvIndex: uv), observedAt: start,
            updatedAt: start)
        result.nowcast = nowcast
        return result
    }

    static func quarters(_ amounts: [Double?], snow: [Bool] = []) -> Nowcast {
        Nowcast(start: start, step: 900, amounts: amounts, snow: snow, resolution: .quarterHour)
    }

    /// The sentence at `minutes` after the start, as `show` says it.
    static func said(_ nowcast: Nowcast, after minutes: Double) -> String? {
        WeatherFormatter(now: start + minutes * 60).rainSoon(result(nowcast))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var amounts: [Double?]
        var snow: [Bool] = []
        /// Minutes after the start, and what is said then (nil: nothing).
        var said: [(Double, String?)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "dry", amounts: [0, 0, 0, 0, 0, 0, 0, 0], said: [(0, nil), (60, nil), (119, nil)]),
        Case(
            name: "trace amounts are dry", amounts: [0.01, 0.02, 0, 0.01, 0, 0, 0, 0], said: [(0, nil), (20, nil)]),
        Case(
            name: "rain now, all along", amounts: [0.3, 0.4, 0.5, 0.4, 0.3, 0.3, 0.2, 0.2],
            said: [
                (0, "rain for the next 2 h"), (10, "rain for the next 1 h 50 min"), (104, "rain for the next 15 min"),
            ]
        ),
        Case(
            name: "rain later", amounts: [0, 0, 0.3, 0.4, 0, 0, 0, 0],
            said: [
                (0, "rain in 30 min"), (10, "rain in 20 min"), (11, "rain in 20 min"), (16, "rain in 15 min"),
                (29, "rain in 5 min"), (30, "rain stopping in 30 min"), (31, "rain stopping in 30 min"),
                (55, "rain stopping in 5 min"), (60, nil), (119, nil),
            ]),
        Case(
            name: "stopping", amounts: [0.5, 0.5, 0, 0, 0, 0, 0, 0],
            said: [(0, "rain stopping in 30 min"), (5, "rain stopping in 25 min"), (30, nil)]),
        Case(
            name: "showers on and off", amounts: [0, 0.2, 0, 0.3, 0, 0.25, 0, 0],
            said: [
                (0, "rain in 15 min"), (15, "rain stopping in 15 min"), (30, "rain in 15 min"),
                (80, "rain stopping in 10 min"), (95, nil),
            ]),
        Case(
            name: "snow", amounts: [0, 0.1, 0.2, 0, 0, 0, 0, 0], snow: [false, true, true, false],
            said: [(0, "snow in 15 min"), (20, "snow stopping in 25 min")]),
        Case(
            name: "a gap in the series is not rain", amounts: [0, nil, nil, 0.4, 0, 0, 0, 0],
            said: [(0, "rain in 45 min")]),
        Case(name: "older than the series", amounts: [0, 0, 0.3, 0.4, 0, 0, 0, 0.5], said: [(120, nil), (600, nil)]),
    ]

    @Test("the sentence across a table of series, aged minute by minute", arguments: cases)
    func table(_ series: Case) {
        let nowcast = Self.quarters(series.amounts, snow: series.snow)
        for (minutes, expected) in series.said {
            #expect(Self.said(nowcast, after: minutes) == expected, "\(series.name) at +\(minutes) min")
        }
    }

    @Test("a result 10 minutes old says 10 minutes less, and nothing once the moment has passed")
    func ages() {
        let nowcast = Self.quarters([0, 0, 0, 0.3, 0.3, 0, 0, 0])
        #expect(Self.said(nowcast, after: 0) == "rain in 45 min")
        #expect(Self.said(nowcast, after: 10) == "rain in 35 min")
        #expect(Self.said(nowcast, after: 75) == nil)
    }

    @Test("MET Norway's hourly steps: rain from the next hour's start, the rest of this hour dry")
    func hourly() {
        let nowcast = Nowcast(start: Self.start, step: 3600, amounts: [0, 1.2, 0], resolution: .hourly)
        #expect(Self.said(nowcast, after: 20) == "rain in 40 min")
        #expect(Self.said(nowcast, after: 60) == "rain stopping in 1 h")
        #expect(Self.said(nowcast, after: 125) == nil)
        let drizzle = Nowcast(start: Self.start, step: 3600, amounts: [0.05, 0.1, 0], resolution: .hourly)
        #expect(Self.said(drizzle, after: 0) == "rain in 1 h", "0.05 mm an hour is dry, 0.1 mm is not")
    }

    @Test("watch wakes every 5 minutes while rain lies ahead, and not once the rest is dry")
    func nextChange() {
        let nowcast = Self.quarters([0, 0, 0.3, 0, 0, 0, 0, 0])
        #expect(nowcast.nextChange(after: Self.start + 60) == Self.start + 300)
        #expect(nowcast.nextChange(after: Self.start + 1790) == Self.start + 1800)
        #expect(nowcast.nextChange(after: Self.start + 2700) == nil)
        #expect(Self.quarters([0, 0, 0, 0, 0, 0, 0, 0]).nextChange(after: Self.start) == nil)
    }

    @Test("the series as the result file keeps it reads back equal; a damaged one is left out")
    func file() throws {
        let nowcast = Self.quarters([0, 0.12, nil, 0.4, 0, 0, 0, 1.05], snow: [false, true, true])
        let result = Self.result(nowcast)
        let document = try JSONDocument(parsing: result.fileContents)
        let read = try WeatherResult(reading: document.reader)
        #expect(read.nowcast == nowcast)
        #expect(read.showsTheSame(as: result))
        var other = result
        other.nowcast = Self.quarters([0, 0.12, nil, 0.4, 0, 0, 0, 0])
        #expect(!other.showsTheSame(as: result), "a new sentence is new data")
        #expect(result.fileContents.count < Self.result(nil).fileContents.count + 60, "one short member")
        for damaged in [
            "1791478800 900 8 12 0 x", "1791478800 900 8 1 2", "three", "1791478800 900 99 0 0 hourly",
            "99999999999999 900 8 0 0 hourly", "1791478800 5 8 0 0 hourly", "-1 900 8 0 0 hourly", "",
        ] {
            #expect(Nowcast(packed: damaged) == nil, "\(damaged)")
        }
        #expect(Nowcast(packed: nowcast.packed) == nowcast)
    }

    @Test("--json: rainSoon's start and end in UTC, null when dry, and the resolution")
    func json() throws {
        let formatter = WeatherFormatter(now: Self.start + 600)
        let later = formatter.json(Self.result(Self.quarters([0, 0, 0.3, 0.4, 0, 0, 0, 0])), stale: false)
        #expect(
            later.contains(
                #""rainSoon":{"startsAt":"2026-10-08T17:30:00Z","endsAt":"2026-10-08T18:00:00Z","snow":false,"resolution":"15-minute"}"#
            ), "\(later)")
        let dry = formatter.json(Self.result(Self.quarters([0, 0, 0, 0, 0, 0, 0, 0])), stale: false)
        #expect(dry.contains(#""rainSoon":{"startsAt":null,"endsAt":null,"snow":false,"resolution":"15-minute"}"#))
        let none = formatter.json(Self.result(nil), stale: false)
        #expect(none.contains(#""rainSoon":null"#))
        let now = formatter.json(Self.result(Self.quarters([0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3])), stale: false)
        #expect(now.contains(#""rainSoon":{"startsAt":"2026-10-08T17:00:00Z","endsAt":null"#), "\(now)")
    }

    @Test("the text says it under the first line; %r says it; waybar's tooltip says it first")
    func outputs() throws {
        let result = Self.result(Self.quarters([0, 0, 0.3, 0.4, 0, 0, 0, 0]))
        let formatter = WeatherFormatter(now: Self.start + 600)
        let lines = formatter.text(result, stale: false).split(separator: "\n")
        #expect(lines.count > 1 && lines[1] == "Rain in 20 min", "\(lines)")
        let format = try FormatString(parsing: "%l: %r")
        #expect(formatter.line(format, result, stale: false) == "Berlin: rain in 20 min")
        let waybar = formatter.waybar(result, stale: false, format: FormatString.shortLine)
        #expect(waybar.contains(#""tooltip":"Rain in 20 min\n\nBerlin: "#), "\(waybar)")
        #expect(waybar.ranges(of: "Rain in 20 min").count == 1, "said once in the tooltip")
        let dry = Self.result(Self.quarters([0, 0, 0, 0, 0, 0, 0, 0]))
        #expect(formatter.line(format, dry, stale: false) == "Berlin:")
        #expect(!formatter.text(dry, stale: false).contains("Rain"))
    }

    @Test(
        "UV: %u is the index, the text names the WHO's band from 3 up",
        arguments: [
            (0.4, nil), (2.4, nil), (2.5, "UV 3, moderate"), (5.4, "UV 5, moderate"), (6.0, "UV 6, high"),
            (8.2, "UV 8, very high"), (11.0, "UV 11, extreme"),
        ] as [(Double, String?)])
    func uv(index: Double, words: String?) throws {
        let result = Self.result(nil, uv: index)
        let formatter = WeatherFormatter(now: Self.start)
        let text = formatter.text(result, stale: false)
        if let words {
            #expect(text.contains(words), "\(text)")
        } else {
            #expect(!text.contains("UV"), "\(text)")
        }
        #expect(formatter.line(try FormatString(parsing: "%u"), result, stale: false) == String(Int(index.rounded())))
        #expect(formatter.json(result, stale: false).contains(#""uvIndex":\#(index)"#))
    }
}
