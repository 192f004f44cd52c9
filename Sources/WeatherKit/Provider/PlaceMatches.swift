/// The geocoding service's answer for a query's name, and what of it fits the query: the list every
/// lookup of that name chooses among (`set`, a one-off place, `search`), from one request.
package struct PlaceMatches: Sendable {
    /// What was asked for.
    package var query: PlaceQuery
    /// Everything the service sent for the name, in its order.
    package var candidates: [PlaceCandidate]
    /// The language the names came in.
    var language: String
    /// The candidates every qualifier fits, the most populous first (in the service's order on a tie).
    package var fitting: [PlaceCandidate]
    /// How a qualifier that names both a country and a state or province was read, and how to ask for the
    /// other reading: `"CA" read as Canada; for California write Paris, California`.
    package var note: String?

    /// Narrows `candidates`, the service's answer for `query.name` in `language`, by the query's qualifiers,
    /// each read the first way that leaves a match (`PlaceQualifier`): a country code, a state or province,
    /// a name. Throws when the service knew no place by the name, or when none fits, offering the words
    /// that choose what there is.
    package init(_ query: PlaceQuery, candidates: [PlaceCandidate], language: String) throws(ProviderError) {
        self.query = query
        self.candidates = candidates
        self.language = language
        guard !candidates.isEmpty else { throw .placeNotFound(query) }
        guard let (fitting, note) = Self.narrowing(candidates, by: query) else {
            throw .noPlaceMatches(query, alternatives: Self.qualifiedNames(of: candidates))
        }
        self.fitting = fitting
        self.note = note
    }

    /// Whether the service may know more places by the name than it sent: it sent as many as a request
    /// can ask for.
    var mayHaveMore: Bool { candidates.count >= OpenMeteo.searchCount }

    /// The words that choose `match`: the query itself when it is the only match, otherwise the name with
    /// its country, or its region where the matches have several in one country.
    package func words(choosing match: PlaceCandidate) -> String {
        fitting.count == 1 ? query.text : Self.qualifiedName(of: match, among: fitting)
    }

    /// `candidates` that every qualifier of `query` fits, ranked, and the note on how qualifiers were read;
    /// `nil` when a qualifier fits none.
    static func narrowing(_ candidates: [PlaceCandidate], by query: PlaceQuery) -> (
        fitting: [PlaceCandidate], note: String?
    )? {
        var fitting = candidates
        var notes: [String] = []
        for qualifier in query.qualifiers {
            let readings = PlaceQualifier.readings(of: qualifier)
            let matches = readings.map { reading in fitting.filter(reading.fits) }
            guard let taken = matches.firstIndex(where: { !$0.isEmpty }) else { return nil }
            if let note = note(qualifier, readings: readings, matches: matches, taken: taken, name: query.name) {
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
