/// One match from the geocoding service.
public struct PlaceCandidate: Sendable, Equatable {
    /// The place, as it will be saved.
    public var location: Location
    /// Lower-level regions (`admin2`...`admin4`), which qualifiers may name too.
    public var subregions: [String]
    /// GeoNames feature code, such as `PPLC` for a capital.
    public var featureCode: String?

    public init(location: Location, subregions: [String] = [], featureCode: String? = nil) {
        self.location = location
        self.subregions = subregions
        self.featureCode = featureCode
    }
}

/// Open-Meteo's geocoding response: `results` with omitted empty fields, and no `results` at all for no match.
public enum GeocodingResponse {
    /// The matches in the service's order; empty when it found nothing.
    public static func decode(_ body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) throws(ResponseProblem) -> [PlaceCandidate] {
        let root = try ResponseBody.json(body, headers: headers)
        do {
            guard let results = try root.optionalField("results") else { return [] }
            return try results.array().map { result throws(JSONShapeError) in
                let location = Location(
                    id: try result.optionalInt("id", within: Location.ids),
                    name: try result.text("name"),
                    region: try result.optionalText("admin1"),
                    country: try result.optionalText("country"),
                    countryCode: try result.optionalText("country_code", maximumLength: 3),
                    latitude: try result.double("latitude", within: -90...90),
                    longitude: try result.double("longitude", within: -180...180),
                    timezone: try result.optionalText("timezone", maximumLength: 64),
                    population: try result.optionalInt("population", within: Location.populations)
                )
                var subregions: [String] = []
                for key in ["admin2", "admin3", "admin4"] {
                    if let name = try result.optionalText(key) { subregions.append(name) }
                }
                return PlaceCandidate(
                    location: location, subregions: subregions,
                    featureCode: try result.optionalText("feature_code", maximumLength: 10)
                )
            }
        } catch {
            throw ResponseProblem(error.description)
        }
    }
}

/// The place `weather set` chose among the matches, and how.
public struct PlaceChoice: Sendable, Equatable {
    /// The chosen place.
    public var location: Location
    /// How many matches fitted the query (the chosen one among them).
    public var matchCount: Int

    /// The most populous of `candidates` that every qualifier of `query` fits (the service's first on a tie).
    public init(choosingFrom candidates: [PlaceCandidate], for query: PlaceQuery) throws(ProviderError) {
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
