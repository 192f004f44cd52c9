/// The place chosen among the geocoding service's matches, and how.
package struct PlaceChoice: Sendable, Equatable {
    /// The chosen place.
    package var location: Location
    /// How many matches fitted the query (the chosen one among them).
    var matchCount: Int
    /// How a qualifier that names both a country and a state or province was read, and how to ask for the
    /// other reading: `"CA" read as Canada; for California write Paris, California`.
    var note: String?

    package init(location: Location, matchCount: Int = 1, note: String? = nil) {
        self.location = location
        self.matchCount = matchCount
        self.note = note
    }

    /// The most populous of `candidates` that every qualifier of `query` fits (the service's first on a
    /// tie).
    package init(choosingFrom candidates: [PlaceCandidate], for query: PlaceQuery) throws(ProviderError) {
        let (fitting, note) = try Self.fitting(candidates, query)
        self.init(location: fitting[0].location, matchCount: fitting.count, note: note)
    }

    /// The candidates that every qualifier of `query` fits, the most populous first (in the service's order
    /// on a tie), and the note on how qualifiers were read. Each qualifier is read the first way that
    /// leaves a match (`PlaceQualifier`): a country code, a state or province, a name.
    package static func fitting(_ candidates: [PlaceCandidate], _ query: PlaceQuery) throws(ProviderError)
        -> (fitting: [PlaceCandidate], note: String?)
    {
        guard !candidates.isEmpty else { throw .placeNotFound(query) }
        var fitting = candidates
        var notes: [String] = []
        for qualifier in query.qualifiers {
            let readings = PlaceQualifier.readings(of: qualifier)
            let matches = readings.map { reading in fitting.filter(reading.fits) }
            guard let taken = matches.firstIndex(where: { !$0.isEmpty }) else {
                throw .noPlaceMatches(query, alternatives: Self.qualifiedNames(of: candidates))
            }
            if let note = Self.note(qualifier, readings: readings, matches: matches, taken: taken, name: query.name) {
                notes.append(note)
            }
            fitting = matches[taken]
        }
        let ranked = fitting.enumerated().sorted { first, second in
            let (one, other) = (first.element.location.population ?? 0, second.element.location.population ?? 0)
            return one != other ? one > other : first.offset < second.offset
        }
        return (ranked.map(\.element), notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// How the place was chosen, in words: "the most populous of 10 matches".
    var how: String {
        switch matchCount {
        case 0: "given by its coordinates"
        case 1: "the only match"
        default: "the most populous of \(matchCount) matches"
        }
    }

    /// For a qualifier that is both a country code and a state's or province's abbreviation: which was
    /// read, and how to ask for the other (or that it has no such place).
    private static func note(
        _ qualifier: String, readings: [PlaceQualifier.Reading], matches: [[PlaceCandidate]], taken: Int, name: String
    ) -> String? {
        guard let country = readings.firstIndex(where: { if case .country = $0 { true } else { false } }),
            let subdivision = readings.firstIndex(where: { if case .subdivision = $0 { true } else { false } }),
            taken == country || taken == subdivision
        else { return nil }
        let other = taken == country ? subdivision : country
        let read = "\"\(qualifier)\" read as \(readings[taken].description)"
        guard !matches[other].isEmpty else { return read + " (no \(name) in \(readings[other].description))" }
        return read + "; for \(readings[other].description) write \(name), \(readings[other].unambiguousQualifier)"
    }

    /// Each candidate as a query that picks it: `Paris, France`, `Paris, Texas` (the region where one
    /// country has several), without repeats.
    static func qualifiedNames(of candidates: [PlaceCandidate]) -> [String] {
        var names: [String] = []
        for candidate in candidates {
            let name = qualifiedName(of: candidate, among: candidates)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `candidate` as a query that picks it among `candidates`: qualified by its country, or by its region
    /// where the country has several of them.
    static func qualifiedName(of candidate: PlaceCandidate, among candidates: [PlaceCandidate]) -> String {
        let location = candidate.location
        let sameCountry = candidates.filter { $0.location.countryCode == location.countryCode }.count
        let qualifier = sameCountry > 1 ? location.region ?? location.country : location.country ?? location.region
        return [location.name, qualifier].compactMap { $0 }.joined(separator: ", ")
    }
}
