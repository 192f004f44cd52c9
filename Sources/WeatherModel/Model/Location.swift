/// A place on Earth, as the geocoding service describes it.
public struct Location: Sendable, Equatable {
    /// The geocoding service's id for the place (GeoNames), when it gave one.
    package var id: Int?
    package var name: String
    /// The first-level region, such as a state or "Land Berlin" (`admin1`).
    package var region: String?
    package var country: String?
    /// ISO 3166-1 alpha-2, such as `DE`.
    package var countryCode: String?
    package var latitude: Double
    package var longitude: Double
    /// Metres above sea level, as the geocoder gives it; what MET Norway corrects its temperatures by.
    package var elevation: Double?
    /// An IANA time zone, such as `Europe/Berlin`.
    package var timezone: String?
    package var population: Int?

    package init(
        id: Int? = nil, name: String, region: String? = nil, country: String? = nil, countryCode: String? = nil,
        latitude: Double, longitude: Double, elevation: Double? = nil, timezone: String? = nil,
        population: Int? = nil
    ) {
        self.id = id
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.timezone = timezone
        self.population = population
    }

    /// "Berlin, Land Berlin, Germany": the name with what tells it apart, without repeating the name.
    package var displayName: String {
        var parts = [name]
        if let region, region != name { parts.append(region) }
        if let country = country ?? countryCode { parts.append(country) }
        return parts.joinedText(", ")
    }

    /// Whether `other` is the same place, whatever the service's spelling of its details.
    package func isSamePlace(as other: Location) -> Bool {
        if let id, let otherID = other.id { return id == otherID }
        return abs(latitude - other.latitude) < 1e-4 && abs(longitude - other.longitude) < 1e-4
    }
}

extension Location {
    /// GeoNames ids are positive and well under a billion.
    package static let ids = 0...Int(Int32.max)
    /// From the shore of the Dead Sea to the top of Everest, with room to spare.
    package static let elevations = -500.0...9000.0
    /// The largest city has under 40 million people.
    package static let populations = 0...10_000_000_000

    /// Writes the location's members, as stored in our files and printed by `show --json`.
    package func write(into writer: inout JSONWriter) {
        writer.field("name", name)
        writer.field("region", region)
        // Always there, as scripts expect it; `null` for a place given by its coordinates.
        writer.nullableField("country", country)
        writer.field("countryCode", countryCode)
        writer.field("latitude", latitude)
        writer.field("longitude", longitude)
        writer.field("elevation", elevation)
        writer.field("timezone", timezone)
        writer.field("population", population)
        writer.field("id", id)
    }

    /// The names a format gives a location's fields, and whether it leaves out zeros: ours (`json`), or
    /// the geocoding service's.
    package struct FieldNames {
        var region = "region"
        var countryCode = "countryCode"
        /// Whether a number that is 0 is left out, as protobuf's JSON leaves out every field holding 0 or
        /// "": a place on the equator comes without `latitude`, one on the prime meridian without
        /// `longitude`.
        var omitsZero = false

        /// Open-Meteo geocoding's names: `admin1` for the region, `country_code`; protobuf's JSON.
        package static let geocoding = FieldNames(region: "admin1", countryCode: "country_code", omitsZero: true)
    }

    /// Reads a location with the same checks whoever wrote it: what `json` wrote, or (with `names`) a
    /// geocoding match. Text is made printable, names are at most 200 characters, numbers in range; where
    /// the format leaves out zeros, a missing coordinate is 0, and a missing or empty name leaves no place.
    package init(reading reader: JSONReader, names: FieldNames = FieldNames()) throws(JSONShapeError) {
        func coordinate(_ key: String, within range: ClosedRange<Double>) throws(JSONShapeError) -> Double {
            guard names.omitsZero else { return try reader.double(key, within: range) }
            return try reader.optionalDouble(key, within: range) ?? 0
        }
        let name = try reader.text("name")
        guard !names.omitsZero || !name.trimmingWhitespace().isEmpty else {
            throw .invalid(path: (reader.path.isEmpty ? "" : reader.path + ".") + "name", reason: Message("is empty"))
        }
        self.init(
            id: try reader.optionalInt("id", within: Self.ids),
            name: name,
            region: try reader.optionalText(names.region),
            country: try reader.optionalText("country"),
            countryCode: try reader.optionalText(names.countryCode, maximumLength: 3),
            latitude: try coordinate("latitude", within: -90...90),
            longitude: try coordinate("longitude", within: -180...180),
            // Only MET Norway's temperatures depend on it: one out of range is left out, not refused.
            elevation: try reader.optionalDouble("elevation").flatMap { Self.elevations.contains($0) ? $0 : nil },
            timezone: try reader.optionalText("timezone", maximumLength: 64),
            population: try reader.optionalInt("population", within: Self.populations)
        )
    }
}
