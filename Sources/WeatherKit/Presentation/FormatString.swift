import WeatherModel

/// A `--format` line: text and `%` codes, as wttr.in's `?format=` has them, checked once when it is
/// read so that a typo is refused before anything else happens.
public struct FormatString: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case code(FormatCode)
    }

    let pieces: [Piece]

    /// The format in `text`; a `%` before anything but a code letter or another `%` is refused, and so
    /// are a control character (the result is one line) and a format of nothing but blanks, which would
    /// print an empty line: a bar module that vanishes for no reason it could show.
    public init(parsing text: String) throws(FormatError) {
        guard !text.containsControlCharacters else { throw .controlCharacter }
        guard text.contains(where: { !$0.isWhitespace }) else { throw .blank }
        var pieces: [Piece] = []
        var literal = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let letter = characters.next() else { throw .lonePercent }
            if letter == "%" {
                literal.append("%")
                continue
            }
            guard let code = FormatCode(rawValue: letter) else { throw .unknownCode("%" + String(letter)) }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.code(code))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    private init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    /// The short line of a status bar, "%l %c %t %W %o": `--short`, and `--waybar`'s text, when no format
    /// is set. "Berlin ⛅ 11°C", "Berlin ⛅ 11°C ⚠" while a warning of severity moderate or higher is in
    /// force, and "Berlin ⛅ 11°C (stale)" once the timer has not renewed it in time: the marks say it where
    /// a bar cannot colour or grey it.
    package static let shortLine = FormatString([
        .code(.place), .text(" "), .code(.icon), .text(" "), .code(.temperature), .text(" "), .code(.alertMark),
        .text(" "), .code(.staleMark),
    ])

    /// The format as it is written, `%` codes and all: "%l %c %t %W %o".
    package var source: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): String(text.flatMap { $0 == "%" ? ["%", "%"] : [$0] })
            case .code(let code): "%" + String(code.rawValue)
            }
        }.joined()
    }

    /// Whether the line shows the result's age (`%a`), which changes with the clock alone.
    var showsAge: Bool { pieces.contains(.code(.age)) }

    /// Whether the line says when rain comes or stops (`%r`), which changes with the clock alone.
    var showsRainSoon: Bool { pieces.contains(.code(.rainSoon)) }

    /// The line, each code replaced by `value(code)`. A code with nothing to show (no icon, a missing
    /// value, the stale mark of a fresh result) after a space takes the spaces that follow it along, so
    /// that "%l %c %t" without an icon reads "Berlin 11°C", not "Berlin  11°C".
    func render(_ value: (FormatCode) -> String) -> String {
        var line = ""
        var dropLeadingSpace = false
        for piece in pieces {
            switch piece {
            case .text(var text):
                if dropLeadingSpace { text = String(text.drop { $0 == " " }) }
                dropLeadingSpace = false
                line += text
            case .code(let code):
                let text = value(code)
                dropLeadingSpace = text.isEmpty && (line.isEmpty || line.last == " ")
                line += text
            }
        }
        if dropLeadingSpace { while line.last == " " { line.removeLast() } }
        return line
    }
}

/// The `%` codes of `--format`. The letters wttr.in uses mean the same here; the others are letters
/// wttr.in leaves free.
package enum FormatCode: Character, Sendable, CaseIterable {
    case place = "l"
    case fullPlace = "N"
    case icon = "c"
    case condition = "C"
    case symbol = "x"
    case temperature = "t"
    case feelsLike = "f"
    case humidity = "h"
    case wind = "w"
    case precipitation = "p"
    case pressure = "P"
    case sunrise = "S"
    case sunset = "s"
    case high = "H"
    case low = "L"
    case chanceOfPrecipitation = "R"
    case age = "a"
    case staleMark = "o"
    case moon = "m"
    case alert = "A"
    case alertMark = "W"
    case rainSoon = "r"
    case uvIndex = "u"

    /// What the code shows, for `--help`: at most 43 columns in any language (see `codeMeaning`).
    var meaning: String {
        switch self {
        case .place: codeMeaning("place")
        case .fullPlace: codeMeaning("place in full")
        case .icon: codeMeaning("condition icon (the icons setting)")
        case .condition: codeMeaning("condition in words")
        case .symbol: codeMeaning("condition as a plain-text symbol")
        case .temperature: codeMeaning("temperature")
        case .feelsLike: codeMeaning("feels like")
        case .humidity: codeMeaning("humidity")
        case .wind: codeMeaning("wind: where it blows to, and speed")
        case .precipitation: codeMeaning("precipitation")
        case .pressure: codeMeaning("pressure at sea level")
        case .sunrise: codeMeaning("sunrise, the place's time")
        case .sunset: codeMeaning("sunset, the place's time")
        case .high: codeMeaning("today's high")
        case .low: codeMeaning("today's low")
        case .chanceOfPrecipitation: codeMeaning("today's chance of precipitation")
        case .age: codeMeaning("age of the result")
        case .staleMark: codeMeaning("\"(stale)\" when stale, else nothing")
        case .moon: codeMeaning("moon phase (the icons setting)")
        case .alert: codeMeaning("most severe official warning")
        case .alertMark: codeMeaning("⚠ for a moderate+ warning in force")
        case .rainSoon: codeMeaning("rain or snow in the next two hours")
        case .uvIndex: codeMeaning("UV index")
        }
    }
}

/// Why a `--format` was refused.
public enum FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCode(String)
    case lonePercent
    case controlCharacter
    /// Empty, or spaces only: it would print nothing.
    case blank

    public var description: String {
        switch self {
        case .unknownCode(let code): tr("%s is not a format code (%%%% is a percent sign)", code.printable)
        case .lonePercent: tr("the format ends with a lone %% (%%%% is a percent sign)")
        case .controlCharacter:
            tr("the format holds a control or invisible formatting character; it makes one line of plain text")
        case .blank: tr("the format prints nothing (it holds no code and no text)")
        }
    }
}

/// The `--format` codes as `weather show --help` lists them, each with what it shows for an example
/// place, worked out by the formatter itself so that the help never says what the code does not do.
public enum FormatHelp {
    /// "  %l  place  Berlin", one code a line.
    public static var codes: String {
        let entries = entries
        let width = max(36, entries.map(\.meaning.count).max() ?? 0)
        var lines = entries.map { entry in
            "  %" + String(entry.code.rawValue) + "  " + entry.meaning.padded(to: width)
                + (entry.example.isEmpty ? "" : "  " + entry.example)
        }
        lines.append("  %%  " + tr("a percent sign"))
        return lines.joinedText("\n")
    }

    /// Each code, what it shows, and what it shows for the example place (Berlin, with a warning in force
    /// and rain 20 minutes away), in the order `--help` and the man page list them.
    package static var entries: [(code: FormatCode, meaning: String, example: String)] {
        var example = WeatherResult(
            location: Location(
                name: "Berlin", region: "Land Berlin", country: "Germany", latitude: 52.52, longitude: 13.41),
            conditions: CurrentConditions(
                temperature: 10.9, apparentTemperature: 8.2, relativeHumidity: 81, isDay: true, precipitation: 0.2,
                weatherCode: 2, pressure: 1016.3, windSpeed: 3.9, windDirection: 232, windGusts: 8.3, uvIndex: 6),
            observedAt: Timestamp(secondsSince1970: 1_791_478_800), utcOffsetSeconds: 7200,
            sunrise: Timestamp(secondsSince1970: 1_791_436_620), sunset: Timestamp(secondsSince1970: 1_791_476_940),
            outlook: Forecast(days: [
                DayForecast(
                    day: 20_734, weatherCode: 61, temperatureMax: 14.2, temperatureMin: 6.1,
                    precipitationProbabilityMax: 40, precipitationSum: 2.1)
            ]),
            updatedAt: Timestamp(secondsSince1970: 1_791_478_800))
        // Rain from 20 minutes after the moment shown, for `%r`.
        example.nowcast = Nowcast(
            start: example.observedAt - 360, step: 900, amounts: [0, 0, 0.4, 0.6, 0.3, 0, 0, 0],
            resolution: .quarterHour)
        // DWD's warning of gale-force gusts, in force until 19:50 Berlin time.
        let gusts = WeatherAlert(
            id: "2.49.0.0.276.0.DWD.PVW.1791469320000.5e3f1c2a", event: tr("Gale-force gusts"), severity: .moderate,
            onset: example.updatedAt - 10_800, expires: example.updatedAt + 3000, ends: example.updatedAt + 3000)
        let alerts = SavedAlerts(
            source: .dwd, latitude: 52.52, longitude: 13.41, language: "en", checkedAt: example.updatedAt,
            freshUntil: example.updatedAt + 300, alerts: [gusts])
        // The example's event is in the reader's words already, as saved in English.
        let formatter = WeatherFormatter(now: example.updatedAt + 240, textLanguage: { "en" })
        return FormatCode.allCases.map { code in
            (code, code.meaning, formatter.value(of: code, example, stale: true, alerts: alerts))
        }
    }
}
