import WeatherModel

/// A `--format` line: text and `%` codes, as wttr.in's `?format=` has them, checked once when it is
/// read so that a typo is refused before anything else happens.
public struct FormatString: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case code(FormatCode)
        /// A code another source tells (`SupplementCode`), by its letter.
        case supplementCode(Character)
    }

    /// The format as it is written, `%` codes and all: "%l %c %t %W %o". Kept as it is and read again at
    /// each use (`pieces(of:)`), not kept as an array of its pieces: an array of them would be the run's
    /// first of its type, whose metadata costs `--waybar` about 12,000 instructions to build.
    package let source: String

    /// The format in `text`; a `%` before anything but a code letter or another `%` is refused, and so
    /// are a control character (the result is one line) and a format of nothing but blanks, which would
    /// print an empty line: a bar module that vanishes for no reason it could show.
    public init(parsing text: String) throws(FormatError) {
        guard !text.containsControlCharacters else { throw .controlCharacter }
        guard text.contains(where: { !$0.isWhitespace }) else { throw .blank }
        try Self.pieces(of: text) { _ in }
        source = text
    }

    /// A format known to be good.
    private init(checked source: String) {
        self.source = source
    }

    /// The short line of a status bar, "%l %c %t %W %o": `--short`, and `--waybar`'s text, when no format
    /// is set. "Berlin ⛅ 11°C", "Berlin ⛅ 11°C ⚠" while a warning of severity moderate or higher is in
    /// force, and "Berlin ⛅ 11°C (stale)" once the timer has not renewed it in time: the marks say it where
    /// a bar cannot colour or grey it.
    package static let shortLine = FormatString(checked: "%l %c %t %W %o")

    /// Calls `body` with each piece of `text` in order: a text between codes (where `%%` is a percent
    /// sign), a code, a code another source tells; or throws what is wrong with it, before any piece of
    /// a line that holds something wrong.
    private static func pieces(of text: String, _ body: (Piece) -> Void) throws(FormatError) {
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
            let piece: Piece
            if let code = FormatCode(rawValue: letter) {
                piece = .code(code)
            } else if SupplementCode.letters.contains(letter) {
                piece = .supplementCode(letter)
            } else {
                throw .unknownCode("%" + String(letter))
            }
            if !literal.isEmpty { body(.text(literal)) }
            literal = ""
            body(piece)
        }
        if !literal.isEmpty { body(.text(literal)) }
    }

    /// Calls `body` with each piece of this format, which was checked when it was made.
    private func forEachPiece(_ body: (Piece) -> Void) {
        try? Self.pieces(of: source, body)
    }

    /// Whether the line shows `code`.
    private func shows(_ code: FormatCode) -> Bool {
        var found = false
        forEachPiece { if $0 == .code(code) { found = true } }
        return found
    }

    /// Whether the line shows the result's age (`%a`), which changes with the clock alone.
    package var showsAge: Bool { shows(.age) }

    /// Whether the line says when rain comes or stops (`%r`), which changes with the clock alone.
    package var showsRainSoon: Bool { shows(.rainSoon) }

    /// The line, each code replaced by `value(code)`, and each code another source tells by
    /// `told(letter)`. A code with nothing to show (no icon, a missing value, the stale mark of a fresh
    /// result) after a space takes the spaces that follow it along, so that "%l %c %t" without an icon
    /// reads "Berlin 11°C", not "Berlin  11°C".
    package func render(_ value: (FormatCode) -> String, told: (Character) -> String) -> String {
        var line = ""
        var dropLeadingSpace = false
        forEachPiece { piece in
            switch piece {
            case .text(var text):
                if dropLeadingSpace { text = String(text.drop { $0 == " " }) }
                dropLeadingSpace = false
                line += text
            case .code, .supplementCode:
                let text: String
                switch piece {
                case .code(let code): text = value(code)
                case .supplementCode(let letter): text = told(letter)
                case .text: text = ""
                }
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
    package var meaning: String {
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

/// The `%` codes the sources beside the forecast tell (`SupplementData.code`), such as the air's: letters
/// weather's own codes and wttr.in's leave free, each with what it shows for `--help`.
package enum SupplementCode {
    package static let letters: [Character] = ["q", "Q"]

    /// What the code `letter` shows, as `FormatCode.meaning` says it; `nil` for a letter no source tells.
    package static func meaning(of letter: Character) -> String? {
        switch letter {
        case "q": codeMeaning("air quality: level and index")
        case "Q": codeMeaning("highest pollen: plant and level")
        default: nil
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
