import WeatherModel
import WeatherSystem

/// What a user typed to name a place (`weather set`, `show`, `forecast`, `search`): a name with optional
/// qualifiers, `Name, Qualifier`, or decimal coordinates, `52.52,13.41`.
public struct PlaceQuery: Sendable, Equatable {
    /// The longest input accepted, in characters.
    package static let maximumLength = 200

    /// The place's name, such as `Springfield`.
    public internal(set) var name: String
    /// What narrows the matches, such as `Illinois` or `US`: each must name the country, its code or a region.
    package var qualifiers: [String]
    /// The place itself, when the user gave its coordinates: nothing to look up.
    package var coordinates: Coordinates?

    package init(name: String, qualifiers: [String] = []) {
        self.name = name
        self.qualifiers = qualifiers
    }

    package init(coordinates: Coordinates) {
        self.init(name: coordinates.description)
        self.coordinates = coordinates
    }

    /// Joins `words` with spaces and splits the text at commas, refusing input no service should see:
    /// nothing, only blanks, more than 200 characters, or control or invisible formatting characters.
    public init(words: [String]) throws(PlaceQueryError) {
        let text = words.joined(separator: " ")
        if let control = text.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control || $0.isHiddenFormatting
        }) {
            throw .controlCharacter(control)
        }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong(trimmed.count) }
        if let coordinates = try Coordinates(parsing: trimmed) {
            self.init(coordinates: coordinates)
            return
        }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard let name = parts.first, !name.isEmpty else { throw .noName }
        self.init(name: name, qualifiers: parts.dropFirst().filter { !$0.isEmpty })
    }

    /// The query as a person would write it: `Paris, US`.
    package var text: String { ([name] + qualifiers).joined(separator: ", ") }

    /// The language to ask names in, for a user who reads `language`: English when a qualifier can be a
    /// US state's or Canadian province's abbreviation (`TX`, `ON`), which is compared with the English
    /// names GeoNames gives them.
    func languageAsked(preferring language: String) -> String {
        qualifiers.contains { PlaceQualifier.subdivision(for: $0) != nil } ? "en" : language
    }

    /// The words people use as the key of a remembered lookup: `paris, us` for `Paris,US` and `paris , US`.
    package var key: String { text.lowercased() }
}

/// A place given by its decimal latitude and longitude: `52.52,13.41`, `52.52, 13.41`, `-33.87 151.21`.
public struct Coordinates: Sendable, Equatable, CustomStringConvertible {
    package var latitude: Double
    package var longitude: Double
    /// How the user wrote each number, without its sign, to show no more digits than they gave.
    private var latitudeText: String
    private var longitudeText: String

    /// `text` as two decimal numbers, a comma or blanks between them (a minus may be U+2212, as pasted from
    /// an encyclopedia), latitude first; or as two numbers each with its hemisphere, N or S and E or W, in
    /// either order (`52.52N 13.41E`, `33.87° S, 151.21° E`: how maps and weather itself write them), a
    /// degree sign allowed after any number. `nil` when it is not such, so that it is looked up as a
    /// name. Throws when a number is out of range.
    package init?(parsing text: String) throws(PlaceQueryError) {
        var parts: [String] = []
        for token in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            // A hemisphere or degree sign standing apart belongs to the number before it: `52.52 ° N`.
            if token.allSatisfy({ $0 == "°" || Self.hemisphere($0) != nil }), let last = parts.last,
                last.last?.isNumber == true || last.last == "°"
            {
                parts[parts.count - 1] += token
            } else {
                parts.append(String(token))
            }
        }
        guard parts.count == 2, let first = Self.reading(parts[0]), let second = Self.reading(parts[1]) else {
            return nil
        }
        var (latitude, longitude) = (first, second)
        switch (first.hemisphere, second.hemisphere) {
        case (nil, nil): break
        case ("N", "E"), ("N", "W"), ("S", "E"), ("S", "W"): break
        case ("E", "N"), ("E", "S"), ("W", "N"), ("W", "S"): (latitude, longitude) = (second, first)
        default: return nil
        }
        guard (-90...90).contains(latitude.value) else { throw .latitudeOutOfRange(latitude.text) }
        guard (-180...180).contains(longitude.value) else { throw .longitudeOutOfRange(longitude.text) }
        self.latitude = latitude.value
        self.longitude = longitude.value
        latitudeText = latitude.digits
        longitudeText = longitude.digits
    }

    /// `N`, `S`, `E` or `W` for a hemisphere letter in either case.
    private static func hemisphere(_ character: Character) -> Character? {
        let upper = character.uppercased()
        return ["N", "S", "E", "W"].contains(upper) ? Character(upper) : nil
    }

    /// One number of a pair: `52.52`, `-33.87°`, `33.87°S`, `13.41e`; its value (negative to the south and
    /// west), its digits without a sign, its hemisphere if it has one, and the text as given. A number
    /// with both a sign and a hemisphere is none.
    private static func reading(_ text: String) -> (
        value: Double, digits: String, hemisphere: Character?, text: String
    )? {
        var rest = Substring(text)
        let hemisphere = rest.last.flatMap(Self.hemisphere)
        if hemisphere != nil { rest = rest.dropLast() }
        if rest.last == "°" { rest = rest.dropLast() }
        guard let number = number(rest) else { return nil }
        guard let hemisphere else { return (number.value, number.digits, nil, text) }
        guard number.digits.count == rest.count else { return nil }
        let value = hemisphere == "S" || hemisphere == "W" ? -number.value : number.value
        return (value, number.digits, hemisphere, text)
    }

    /// "52.52°N, 13.41°E": the name a place given by coordinates is shown with.
    public var description: String {
        "\(latitudeText)°\(latitude < 0 ? "S" : "N"), \(longitudeText)°\(longitude < 0 ? "W" : "E")"
    }

    /// A signed decimal number of at most 12 digits: `52`, `-33.87`, `+13.4`, `−0.5`.
    private static func number(_ text: Substring) -> (value: Double, digits: String)? {
        var digits = text
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" || sign == "\u{2212}" {
            negative = sign != "+"
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, digits.count <= 12,
            parts.allSatisfy({ part in part.allSatisfy { $0.isASCII && $0.isNumber } }), parts.last?.isEmpty == false,
            let magnitude = Double(String(digits))
        else { return nil }
        return (negative ? -magnitude : magnitude, String(digits))
    }
}

/// Input refused before any request.
public enum PlaceQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case noName
    case tooLong(Int)
    case controlCharacter(Unicode.Scalar)
    case latitudeOutOfRange(String)
    case longitudeOutOfRange(String)

    public var description: String {
        switch self {
        case .empty:
            tr("give the name of a place, for example: weather set Berlin")
        case .noName:
            tr(
                "the place name is missing before the comma; write it as Name, Qualifier, for example: weather set Paris, US"
            )
        case .tooLong(let count):
            trn(
                "the place name is %1$d character long; names are at most %2$d, so shorten it",
                "the place name is %1$d characters long; names are at most %2$d, so shorten it", count,
                String(count), String(PlaceQuery.maximumLength))
        case .controlCharacter(let scalar):
            scalar.isHiddenFormatting
                ? tr(
                    "the place name contains an invisible formatting character (U+%s); type it as plain text",
                    String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))
                : tr(
                    "the place name contains a control character (U+%s); type it as plain text",
                    String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))
        case .latitudeOutOfRange(let text):
            tr(
                "the latitude %s is out of range: latitudes run from -90 (south) to 90 (north), latitude first, as in 52.52,13.41",
                text)
        case .longitudeOutOfRange(let text):
            tr(
                "the longitude %s is out of range: longitudes run from -180 (west) to 180 (east), after the latitude, as in 52.52,13.41",
                text)
        }
    }
}
