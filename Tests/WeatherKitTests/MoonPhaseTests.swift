import Testing

@testable import WeatherModel

@Suite("The moon's phase, worked out locally")
struct MoonPhaseTests {
    /// Eclipses happen only at new moon (solar) and full moon (lunar): their greatest moments, from NASA's
    /// eclipse catalogues (eclipse.gsfc.nasa.gov; Fixtures/README.md), are moments whose phase is known to
    /// the minute. Syzygy and greatest eclipse differ by minutes at most.
    @Test(
        "at the greatest moment of an eclipse the moon is new (solar) or full (lunar)",
        arguments: [
            ("2017-08-21T18:25:32Z", MoonPhase.Name.newMoon),
            ("2024-04-08T18:17:16Z", .newMoon),
            ("2026-08-12T17:46:06Z", .newMoon),
            ("2022-11-08T10:59:11Z", .fullMoon),
            ("2025-03-14T06:58:43Z", .fullMoon),
            ("2025-09-07T18:11:48Z", .fullMoon),
        ])
    func eclipses(at text: String, expected: MoonPhase.Name) throws {
        let moment = try #require(Timestamp(iso8601: text))
        let phase = try #require(MoonPhase(at: moment))
        #expect(phase.name == expected)
        let fromSyzygy =
            expected == .newMoon ? min(phase.elongation, 360 - phase.elongation) : abs(phase.elongation - 180)
        // An eclipse needs the moon within about a degree of the syzygy; the algorithm is good to 0.3°.
        #expect(fromSyzygy < 1.5, "elongation \(phase.elongation)")
        #expect(expected == .newMoon ? phase.illuminated < 0.001 : phase.illuminated > 0.999)
    }

    @Test("the phases follow each other through a month, the lit part growing then shrinking")
    func month() throws {
        let start = try #require(Timestamp(iso8601: "2024-04-08T18:17:16Z"))
        var names: [MoonPhase.Name] = []
        var previous = try #require(MoonPhase(at: start))
        for hour in stride(from: 6, through: 29 * 24 + 12, by: 6) {
            let phase = try #require(MoonPhase(at: start + Double(hour) * 3_600))
            if names.last != phase.name { names.append(phase.name) }
            if phase.elongation < 175 && phase.elongation > 5 { #expect(phase.illuminated > previous.illuminated) }
            if phase.elongation > 185 && phase.elongation < 355 { #expect(phase.illuminated < previous.illuminated) }
            previous = phase
        }
        #expect(names == MoonPhase.Name.allCases + [.newMoon])
    }

    @Test("first and last quarters fall where the moon is half lit")
    func quarters() throws {
        // 2024-04-15 19:13 UTC first quarter, 2024-05-01 11:27 UTC last quarter (the month after the eclipse
        // of 2024-04-08; phase times from the US Naval Observatory's tables).
        let firstMoment = try #require(Timestamp(iso8601: "2024-04-15T19:13:00Z"))
        let lastMoment = try #require(Timestamp(iso8601: "2024-05-01T11:27:00Z"))
        let first = try #require(MoonPhase(at: firstMoment))
        let last = try #require(MoonPhase(at: lastMoment))
        #expect(first.name == .firstQuarter)
        #expect(last.name == .lastQuarter)
        #expect(abs(first.illuminated - 0.5) < 0.01)
        #expect(abs(last.illuminated - 0.5) < 0.01)
    }

    @Test("a moment no date can name has no phase")
    func outOfRange() {
        #expect(MoonPhase(at: Timestamp(secondsSince1970: .nan)) == nil)
        #expect(MoonPhase(at: Timestamp(secondsSince1970: 1e15)) == nil)
    }

    @Test("each phase has its own emoji, glyph, words and key")
    func symbols() {
        let all = MoonPhase.Name.allCases
        #expect(Set(all.map(\.emoji)).count == 8)
        #expect(Set(all.map(\.nerdGlyph)).count == 8)
        #expect(all.map(\.key).first == "new-moon")
        #expect(all.map(\.key).last == "waning-crescent")
    }
}
