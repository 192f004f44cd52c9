package import WeatherModel
import WeatherSystem

/// The place chosen among the geocoding service's matches, and how.
package struct PlaceChoice: Sendable, Equatable {
    /// The chosen place.
    package var location: Location
    /// How many matches fitted the query (the chosen one among them).
    package var matchCount: Int
    /// How a qualifier that names both a country and a state or province was read, and how to ask for the
    /// other reading: `"CA" read as Canada; for California write Paris, California`.
    package var note: String?

    package init(location: Location, matchCount: Int = 1, note: String? = nil) {
        self.location = location
        self.matchCount = matchCount
        self.note = note
    }

    /// The most populous of `candidates` that every qualifier of `query` fits (the service's first on a
    /// tie): `PlaceMatches`.
    package init(choosingFrom candidates: [PlaceCandidate], for query: PlaceQuery) throws(ProviderError) {
        self.init(try PlaceMatches(query, candidates: candidates, language: "en"))
    }

    /// The first of `matches`, the most populous that fits.
    package init(_ matches: PlaceMatches) {
        self.init(location: matches.fitting[0].location, matchCount: matches.fitting.count, note: matches.note)
    }

    /// How the place was chosen, in words: "the most populous of 10 matches".
    package var how: String {
        switch matchCount {
        case 0: tr("given by its coordinates")
        case 1: tr("the only match")
        default: trn("the most populous of %d match", "the most populous of %d matches", matchCount, String(matchCount))
        }
    }
}
