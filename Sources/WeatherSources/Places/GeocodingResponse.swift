package import WeatherModel
import WeatherSystem

/// One match from the geocoding service.
package struct PlaceCandidate: Sendable, Equatable {
    /// The place, as it will be saved.
    package var location: Location
    /// Lower-level regions (`admin2`...`admin4`), which qualifiers may name too.
    var subregions: [String]
    /// GeoNames feature code, such as `PPLC` for a capital.
    var featureCode: String?

    package init(location: Location, subregions: [String] = [], featureCode: String? = nil) {
        self.location = location
        self.subregions = subregions
        self.featureCode = featureCode
    }
}

/// Open-Meteo's geocoding response: protobuf's JSON, which leaves out every field holding 0 or "" (and
/// `results` itself when nothing matched).
package enum GeocodingResponse {
    /// The matches in the service's order; empty when it found nothing. An entry that cannot be a place
    /// (no name, a coordinate out of range, not an object) is left out; only when every entry is such is
    /// the response refused, naming the first problem.
    package static func decode(_ body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) throws(ResponseProblem)
        -> [PlaceCandidate]
    {
        let root = try ResponseBody.json(body, headers: headers)
        let entries: [JSONReader]
        do {
            guard let results = try root.optionalField("results") else { return [] }
            entries = try results.array()
        } catch {
            throw ResponseProblem(error.translated)
        }
        var candidates: [PlaceCandidate] = []
        var firstProblem: JSONShapeError?
        for entry in entries {
            do {
                candidates.append(try candidate(entry))
            } catch {
                if firstProblem == nil { firstProblem = error }
            }
        }
        if candidates.isEmpty, let firstProblem { throw ResponseProblem(firstProblem.translated) }
        return candidates
    }

    /// One entry of `results` as a place.
    private static func candidate(_ result: JSONReader) throws(JSONShapeError) -> PlaceCandidate {
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
}
