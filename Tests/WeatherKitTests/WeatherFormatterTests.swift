import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("What people read")
struct WeatherFormatterTests {
    static let result = WeatherResult(
        location: TestContext.berlin,
        conditions: CurrentConditions(
            temperature: 10.9, apparentTemperature: 8.2, relativeHumidity: 81, isDay: false, precipitation: 0,
            weatherCode: 2, cloudCover: 64, pressure: 1016.3, windSpeed: 3.9, windDirection: 232, windGusts: 8.3
        ),
        observedAt: Timestamp(secondsSince1970: 1_791_478_800), utcOffsetSeconds: 7200, interval: 900,
        sunrise: Timestamp(secondsSince1970: 1_791_436_620), sunset: Timestamp(secondsSince1970: 1_791_476_940),
        updatedAt: Timestamp(secondsSince1970: 1_791_478_800)
    )

    @Test("the full text, fresh")
    func text() {
        let formatter = WeatherFormatter(now: Self.result.updatedAt + 240)
        #expect(
            formatter.text(Self.result, stale: false) == """
                Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy
                Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
                Sunrise 07:17, sunset 18:29, pressure 1016 hPa
                Updated 4 min ago · Data: Open-Meteo
                """)
    }

    @Test("stale is marked on the first line, and colour appears only when asked for")
    func staleAndColour() {
        let formatter = WeatherFormatter(now: Self.result.updatedAt + 3000, style: .color)
        let text = formatter.text(Self.result, stale: true)
        #expect(
            text.hasPrefix(
                "\u{1B}[1mBerlin, Land Berlin, Germany\u{1B}[0m: ☁️🌙 10.9 °C, partly cloudy \u{1B}[33m(stale)\u{1B}[0m\n"
            )
        )
        #expect(text.hasSuffix("\u{1B}[2mUpdated 50 min ago · Data: Open-Meteo\u{1B}[0m"))
        #expect(
            WeatherFormatter(now: Self.result.updatedAt).text(Self.result, stale: true).split(separator: "\n")[0]
                .hasSuffix("partly cloudy (stale)"))
    }

    @Test("only the temperature is needed; the condition missing is said to be unknown, never guessed")
    func sparse() {
        var result = Self.result
        result.conditions = CurrentConditions(temperature: -0.04)
        result.sunrise = nil
        result.sunset = nil
        #expect(
            WeatherFormatter(now: result.updatedAt).text(result, stale: false) == """
                Berlin, Land Berlin, Germany: 0.0 °C, unknown conditions
                Updated just now · Data: Open-Meteo
                """)
        #expect(WeatherFormatter(now: result.updatedAt).summary(of: result.conditions) == "0.0 °C, unknown conditions")
        #expect(WeatherFormatter(now: result.updatedAt).line(.shortLine, result, stale: false) == "Berlin 0°C")
        #expect(WeatherFormatter(now: result.updatedAt).line(.shortLine, result, stale: true) == "Berlin 0°C (stale)")
    }

    @Test(
        "each unit system converts every value; the JSON stays in SI units",
        arguments: [
            (
                UnitSystem.metric,
                "Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy",
                "Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h, precipitation 1.3 mm",
                "Sunrise 07:17, sunset 18:29, pressure 1016 hPa", "11°C 8°C ↗14km/h 1.3mm 1016hPa"
            ),
            (
                .imperial,
                "Berlin, Land Berlin, Germany: ☁️🌙 51.6 °F, partly cloudy",
                "Feels like 46.8 °F, humidity 81%, wind 9 mph from SW, gusts 19 mph, precipitation 0.05 in",
                "Sunrise 07:17, sunset 18:29, pressure 30.01 inHg", "52°F 47°F ↗9mph 0.05in 30.01inHg"
            ),
            (
                .si,
                "Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy",
                "Feels like 8.2 °C, humidity 81%, wind 3.9 m/s from SW, gusts 8.3 m/s, precipitation 1.3 mm",
                "Sunrise 07:17, sunset 18:29, pressure 1016 hPa", "11°C 8°C ↗3.9m/s 1.3mm 1016hPa"
            ),
        ])
    func unitSystems(system: UnitSystem, first: String, second: String, third: String, line: String) throws {
        var result = Self.result
        result.conditions.precipitation = 1.3
        let formatter = WeatherFormatter(now: result.updatedAt, units: system.units)
        #expect(
            formatter.text(result, stale: false)
                == [first, second, third, "Updated just now · Data: Open-Meteo"].joined(separator: "\n"))
        #expect(formatter.line(try FormatString(parsing: "%t %f %w %p %P"), result, stale: false) == line)
        #expect(
            formatter.json(result, stale: false) == WeatherFormatter(now: result.updatedAt).json(result, stale: false))
    }

    @Test(
        "single quantities in their own units: the British mix",
        arguments: [
            (WindUnit.kmh, "14km/h"), (.ms, "3.9m/s"), (.mph, "9mph"), (.kn, "8kn"),
        ])
    func windUnits(unit: WindUnit, shown: String) throws {
        var units = UnitSystem.metric.units
        units.wind = unit
        let formatter = WeatherFormatter(now: Self.result.updatedAt, units: units)
        #expect(formatter.line(try FormatString(parsing: "%t %w"), Self.result, stale: false) == "11°C ↗" + shown)
    }

    @Test("conversions are exact where the units are defined exactly")
    func conversions() {
        #expect(TemperatureUnit.fahrenheit.value(100) == 212)
        #expect(TemperatureUnit.fahrenheit.value(-40) == -40)
        #expect(WindUnit.kmh.value(10) == 36)
        #expect(abs(WindUnit.mph.value(0.447_04) - 1) < 1e-12)
        #expect(abs(WindUnit.kn.value(1852.0 / 3600) - 1) < 1e-12)
        #expect(PrecipitationUnit.inch.value(25.4) == 1)
        #expect(abs(PressureUnit.inHg.value(1013.25) - 29.921) < 0.001)
        // Rounding never prints a negative zero.
        #expect(UnitSystem.metric.units.shortTemperature(-0.4) == "0°C")
        #expect(UnitSystem.metric.units.temperature(-0.04) == "0.0 °C")
    }

    @Test(
        "a temperature written into a buffer reads as the same text",
        arguments: UnitSystem.allCases)
    func temperatureBytes(system: UnitSystem) {
        let units = system.units
        for celsius in [-40, -17.8, -0.4, 0, 0.5, 12.49, 12.5, 99.5, 1e20, -.infinity, .nan] {
            var bytes = Array("high".utf8)
            units.appendShortTemperature(celsius, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "high" + units.shortTemperature(celsius), "\(celsius)")
        }
    }

    @Test(
        "compass points",
        arguments: [(0.0, "N"), (11, "N"), (12, "NNE"), (232, "SW"), (359, "N"), (-90, "W"), (720, "N")])
    func compass(degrees: Double, point: String) {
        #expect(WeatherFormatter.windFrom(degrees) == "from " + point)
    }

    @Test(
        "the wind arrow points where the wind blows, as wttr.in's does",
        arguments: [(0.0, "↓"), (90, "←"), (180, "↑"), (232, "↗"), (270, "→"), (-45, "↘"), (359, "↓")])
    func arrows(degrees: Double, arrow: String) {
        #expect(WeatherFormatter.arrow(degrees) == arrow)
    }

    @Test("calm wind has no direction")
    func calm() throws {
        var result = Self.result
        result.conditions.windSpeed = 0
        result.conditions.windGusts = nil
        let formatter = WeatherFormatter(now: result.updatedAt)
        #expect(formatter.text(result, stale: false).contains("Feels like 8.2 °C, humidity 81%, wind 0 km/h\n"))
        #expect(formatter.line(try FormatString(parsing: "%w"), result, stale: false) == "0km/h")
    }

    @Test("every WMO code from 0 to 99 has words and a sky; others have neither")
    func wmoCodes() {
        for code in 0...99 {
            #expect(WMOCode.description(code)?.isEmpty == false, "code \(code)")
            #expect(Sky(wmoCode: code) != nil, "code \(code)")
        }
        for code in [-1, 100, 255] {
            #expect(WMOCode.description(code) == nil)
            #expect(Sky(wmoCode: code) == nil)
        }
        // Open-Meteo's own words for the codes it sends.
        #expect(WMOCode.description(2) == "partly cloudy")
        #expect(WMOCode.description(45) == "fog")
        #expect(WMOCode.description(99) == "thunderstorm with heavy hail")
        #expect(Sky(wmoCode: 0) == .clear && Sky(wmoCode: 3) == .overcast && Sky(wmoCode: 82) == .rainShowers)
    }

    @Test("every WMO code has an icon in every set, by day and by night; none has none", arguments: IconSet.allCases)
    func icons(set: IconSet) {
        for code in 0...99 {
            let sky = Sky(wmoCode: code)!
            for isDay in [true, false] {
                let icon = set.icon(for: sky, isDay: isDay)
                #expect(icon.isEmpty == (set == .none), "\(set) code \(code) isDay \(isDay)")
                #expect(!icon.containsControlCharacters && !icon.containsWhitespace)
                if set == .ascii { #expect(icon.utf8.allSatisfy { $0 < 0x80 }) }
                if set == .nerd { #expect(icon.unicodeScalars.allSatisfy { (0xE300...0xE3E3).contains($0.value) }) }
            }
        }
    }

    @Test("night has its own icons where the sky shows it")
    func nightIcons() {
        #expect(IconSet.emoji.icon(for: .clear, isDay: true) == "☀️")
        #expect(IconSet.emoji.icon(for: .clear, isDay: false) == "🌙")
        #expect(IconSet.nerd.icon(for: .clear, isDay: true) != IconSet.nerd.icon(for: .clear, isDay: false))
        #expect(IconSet.ascii.icon(for: .partlyCloudy, isDay: true) == "m")
        // wttr.in's %x symbols.
        #expect(IconSet.ascii.icon(for: .clear, isDay: true) == "o")
        #expect(IconSet.ascii.icon(for: .fog, isDay: true) == "=")
    }

    @Test("the style classes a stylesheet matches")
    func styleClasses() {
        #expect(Set(Sky.allCases.map(\.styleClass)) == ["clear", "cloudy", "fog", "rain", "snow", "storm"])
        #expect(Sky(wmoCode: 95)?.styleClass == "storm")
        #expect(Sky(wmoCode: 71)?.styleClass == "snow")
        #expect(Sky(wmoCode: 61)?.styleClass == "rain")
    }

    @Test("text from a server reaches waybar's Pango markup escaped")
    func markup() {
        var result = Self.result
        result.location.name = "Trinidad & <Tobago>"
        let line = WeatherFormatter(now: result.updatedAt).waybar(result, stale: false, format: .shortLine)
        #expect(line.contains(#""text":"Trinidad &amp; &lt;Tobago&gt; ☁️🌙 11°C""#))
        #expect(!line.contains("& "))
        #expect("a&b<c>d".markupEscaped == "a&amp;b&lt;c&gt;d")
        #expect("plain".markupEscaped == "plain")
    }

    @Test("terminal columns: wide characters count two, colour and selectors nothing")
    func columns() {
        #expect("Berlin".terminalColumns == 6)
        #expect("⛅".terminalColumns == 2)
        #expect("☁️".terminalColumns == 2)
        #expect("東京".terminalColumns == 4)
        #expect("\u{1B}[1mBerlin\u{1B}[0m".terminalColumns == 6)
        #expect("é".terminalColumns == 1)
        #expect("e\u{301}".terminalColumns == 1)
    }

    @Test(
        "a format is text and codes; anything else after a % is refused by name",
        arguments: [
            ("%t", nil), ("100%% %h", nil), ("", .blank), (" \t ", .controlCharacter), ("  ", .blank), ("x", nil),
            ("%y", FormatError.unknownCode("%y")),
            ("%t %", .lonePercent), ("%t\n%h", .controlCharacter), ("%%%", .lonePercent),
            ("%é", .unknownCode("%é")),
        ] as [(String, FormatError?)])
    func formatParsing(text: String, expected: FormatError?) {
        let outcome = Result { () throws(FormatError) in try FormatString(parsing: text) }
        switch outcome {
        case .success: #expect(expected == nil)
        case .failure(let error): #expect(error == expected)
        }
    }

    @Test(
        "a code with nothing to show takes the spaces after it along",
        arguments: [
            ("%l %c %t", IconSet.none, false, "Berlin 11°C"),
            ("%l %c %t", .ascii, false, "Berlin ( 11°C"),
            ("%t %o", .emoji, false, "11°C"),
            ("%t %o", .emoji, true, "11°C (stale)"),
            ("%c %t", .none, false, "11°C"),
            ("[%o] %t", .none, false, "[] 11°C"),
            ("%t  %o  %h", .none, false, "11°C  81%"),
            ("100%% %h", .none, false, "100% 81%"),
        ])
    func emptyCodes(format: String, icons: IconSet, stale: Bool, line: String) throws {
        var result = Self.result
        result.conditions.weatherCode = 0
        let formatter = WeatherFormatter(now: result.updatedAt, icons: icons)
        #expect(formatter.line(try FormatString(parsing: format), result, stale: stale) == line)
    }
}
