/// What a user typed after `weather set`: a place name and optional qualifiers, `Name, Qualifier`.
public struct PlaceQuery: Sendable, Equatable {
    /// The longest input accepted, in characters.
    static let maximumLength = 200

    /// The place's name, such as `Springfield`.
    public internal(set) var name: String
    /// What narrows the matches, such as `Illinois` or `US`: each must name the country, its code or a region.
    var qualifiers: [String]

    package init(name: String, qualifiers: [String] = []) {
        self.name = name
        self.qualifiers = qualifiers
    }

    /// Joins `words` with spaces and splits the text at commas, refusing input no service should see:
    /// nothing, only blanks, more than 200 characters, or control characters.
    public init(words: [String]) throws(PlaceQueryError) {
        let text = words.joined(separator: " ")
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter(control)
        }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong(trimmed.count) }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard let name = parts.first, !name.isEmpty else { throw .noName }
        self.init(name: name, qualifiers: parts.dropFirst().filter { !$0.isEmpty })
    }

    /// The query as a person would write it: `Paris, US`.
    var text: String { ([name] + qualifiers).joined(separator: ", ") }
}

/// Input refused before any request.
public enum PlaceQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case noName
    case tooLong(Int)
    case controlCharacter(Unicode.Scalar)

    public var description: String {
        switch self {
        case .empty:
            "give the name of a place, for example: weather set Berlin"
        case .noName:
            "the place name is missing before the comma; write it as Name, Qualifier, for example: weather set Paris, US"
        case .tooLong(let count):
            "the place name is \(count) characters long; names are at most \(PlaceQuery.maximumLength), so shorten it"
        case .controlCharacter(let scalar):
            "the place name contains a control character (U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))); type it as plain text"
        }
    }
}
