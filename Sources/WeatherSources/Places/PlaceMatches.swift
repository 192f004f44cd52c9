import WeatherModel
import WeatherSystem

/// The geocoding service's answer for a query's name, and what of it fits the query: the list every
/// lookup of that name chooses among (`set`, a one-off place, `search`), from one request.
package struct PlaceMatches: Sendable {
    /// What was asked for.
    package var query: PlaceQuery
    /// Everything the service sent for the name, in its order.
    package var candidates: [PlaceCandidate]
    /// The language of the user's names (the setting), which the request asked for unless a qualifier made
    /// it English (`PlaceQuery.languageAsked`).
    package var language: String
    /// The candidates every qualifier fits, the most populous first (in the service's order on a tie).
    package var fitting: [PlaceCandidate]
    /// How a qualifier that names both a country and a state or province was read, and how to ask for the
    /// other reading: `"CA" read as Canada; for California write Paris, California`.
    package var note: String?

    /// Narrows `candidates`, the service's answer for `query.name` for a user of `language`, by the query's qualifiers,
    /// each read the first way that leaves a match (`PlaceQualifier`): a country code, a state or province,
    /// a name. Throws when the service knew no place by the name, or when none fits, offering the words
    /// that choose what there is.
    package init(_ query: PlaceQuery, candidates: [PlaceCandidate], language: String) throws(ProviderError) {
        self.query = query
        self.candidates = candidates
        self.language = language
        guard !candidates.isEmpty else { throw .placeNotFound(query) }
        guard let (fitting, note) = Self.narrowing(candidates, by: query) else {
            throw .noPlaceMatches(query, alternatives: Self.alternatives(candidates, for: query, language: language))
        }
        self.fitting = fitting
        self.note = note
    }

    /// Whether the service may know more places by the name than it sent: it sent as many as a request
    /// can ask for.
    package var mayHaveMore: Bool { candidates.count >= OpenMeteo.searchCount }

    /// The words that choose `match`, as `weather <words>` reads them (`words(choosing:among:for:language:)`).
    package func words(choosing match: PlaceCandidate) -> String {
        Self.words(choosing: match, among: candidates, for: query, language: language)
    }

    /// The words that choose `match` among `candidates`, the service's answer for `query`'s name for a
    /// user of `language`: each try is read as `PlaceQuery` reads what people type and narrowed among these same
    /// candidates, which a lookup of the same name in the same language gets again, and the first that
    /// picks exactly `match` is taken. The name with, in turn, its region or country (the region first
    /// where its country has several matches), a lower region, its country code, a US state's or
    /// Canadian province's abbreviation, two of those from the smaller area to the larger, or the name
    /// alone; its coordinates when no words tell it apart (two records of a place in one county).
    package static func words(
        choosing match: PlaceCandidate, among candidates: [PlaceCandidate], for query: PlaceQuery, language: String
    ) -> String {
        let location = match.location
        let name = location.name.lowercased() == query.name.lowercased() ? location.name : query.name
        let manyInCountry = candidates.count { $0.location.countryCode == location.countryCode } > 1
        let country = location.country ?? location.countryCode
        let abbreviation = location.region.flatMap { PlaceQualifier.abbreviation(of: $0, in: location.countryCode) }
        var singles = manyInCountry ? [location.region, country] : [country, location.region]
        singles += match.subregions + [location.countryCode, abbreviation]
        // Smaller areas first, as people write them: `Springfield, Fife, Scotland`.
        let nested = (match.subregions.reversed() + [location.region, country]).compactMap { $0 }
        var tries = unique(singles.compactMap { $0 }).map { [$0] }
        for (index, smaller) in nested.enumerated() {
            for larger in nested.dropFirst(index + 1) where larger != smaller { tries.append([smaller, larger]) }
        }
        tries.append([])
        let asked = query.languageAsked(preferring: language)
        for qualifiers in tries {
            let text = ([name] + qualifiers).joined(separator: ", ")
            guard let words = try? PlaceQuery(words: [text]), words.coordinates == nil,
                words.name.lowercased() == query.name.lowercased(),
                words.languageAsked(preferring: language) == asked,
                let chosen = narrowing(candidates, by: words)?.fitting.first
            else { continue }
            if chosen.location == location { return text }
        }
        return location.latitude.fixed(decimals: 4) + "," + location.longitude.fixed(decimals: 4)
    }

    /// `texts` without repeats, in their order.
    private static func unique(_ texts: [String]) -> [String] {
        var seen: [String] = []
        for text in texts where !seen.contains(text) { seen.append(text) }
        return seen
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
        guard !matches[other].isEmpty else {
            return tr(
                "\"%1$s\" read as %2$s (no %3$s in %4$s)", qualifier, readings[taken].description, name,
                readings[other].description)
        }
        return tr(
            "\"%1$s\" read as %2$s; for %3$s write %4$s, %5$s", qualifier, readings[taken].description,
            readings[other].description, name, readings[other].unambiguousQualifier)
    }

    /// The words that choose each of `candidates`, the most populous first, the first `limit` of them
    /// without repeats: what a message offers when a qualifier fits none.
    static func alternatives(
        _ candidates: [PlaceCandidate], for query: PlaceQuery, language: String, limit: Int = 5
    ) -> [String] {
        let name = PlaceQuery(name: query.name)
        var words: [String] = []
        for candidate in narrowing(candidates, by: name)?.fitting ?? [] where words.count < limit {
            let text = Self.words(choosing: candidate, among: candidates, for: query, language: language)
            if !words.contains(text) { words.append(text) }
        }
        return words
    }
}
