/// The place `weather set` chose among the matches, and how.
package struct PlaceChoice: Sendable, Equatable {
    /// The chosen place.
    package var location: Location
    /// How many matches fitted the query (the chosen one among them).
    var matchCount: Int

    /// The most populous of `candidates` that every qualifier of `query` fits (the service's first on a tie).
    package init(choosingFrom candidates: [PlaceCandidate], for query: PlaceQuery) throws(ProviderError) {
        guard !candidates.isEmpty else { throw .placeNotFound(query) }
        let fitting = candidates.filter { candidate in
            query.qualifiers.allSatisfy { Self.qualifier($0, fits: candidate) }
        }
        guard var best = fitting.first else {
            throw .noPlaceMatches(query, alternatives: Self.qualifiedNames(of: candidates))
        }
        for candidate in fitting.dropFirst()
        where (candidate.location.population ?? 0) > (best.location.population ?? 0) {
            best = candidate
        }
        location = best.location
        matchCount = fitting.count
    }

    /// Each candidate as a query that picks it: `Paris, France`, `Paris, Texas` (the region where one
    /// country has several), without repeats.
    static func qualifiedNames(of candidates: [PlaceCandidate]) -> [String] {
        var names: [String] = []
        for candidate in candidates {
            let location = candidate.location
            let sameCountry = candidates.filter { $0.location.countryCode == location.countryCode }.count
            let qualifier = sameCountry > 1 ? location.region ?? location.country : location.country ?? location.region
            let name = [location.name, qualifier].compactMap { $0 }.joined(separator: ", ")
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether `qualifier` names the candidate's country, country code, or one of its regions.
    static func qualifier(_ qualifier: String, fits candidate: PlaceCandidate) -> Bool {
        let wanted = qualifier.lowercased()
        let location = candidate.location
        if let code = countryCode(for: qualifier), code == location.countryCode?.uppercased() { return true }
        let names = [location.country, location.region].compactMap { $0 } + candidate.subregions
        return names.contains { $0.lowercased() == wanted }
    }

    /// The ISO country code a qualifier stands for: two letters, or a common alias such as `UK` or `USA`.
    static func countryCode(for qualifier: String) -> String? {
        let upper = qualifier.uppercased()
        switch upper {
        case "UK": return "GB"
        case "USA": return "US"
        default:
            guard upper.count == 2, upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { return nil }
            return upper
        }
    }
}
