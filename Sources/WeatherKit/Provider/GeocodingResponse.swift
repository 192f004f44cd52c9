/// One match from the geocoding service.
package struct PlaceCandidate: Sendable, Equatable {
    /// The place, as it will be saved.
    package var location: Location
    /// Lower-level regions (`admin2`...`admin4`), which qualifiers may name too.
    var subregions: [String]
    /// GeoNames feature code, such as `PPLC` for a capital.
    var featureCode: String?

    init(location: Location, subregions: [String] = [], featureCode: String? = nil) {
        self.location = location
        self.subregions = subregions
        self.featureCode = featureCode
    }
}

/// Open-Meteo's geocoding response: `results` with omitted empty fields, and no `results` at all for no match.
package enum GeocodingResponse {
    /// The matches in the service's order; empty when it found nothing.
    package static func decode(_ body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) throws(ResponseProblem)
        -> [PlaceCandidate]
    {
        let root = try ResponseBody.json(body, headers: headers)
        do {
            guard let results = try root.optionalField("results") else { return [] }
            return try results.array().map { result throws(JSONShapeError) in
                let location = try Location(reading: result, names: .geocoding)
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
