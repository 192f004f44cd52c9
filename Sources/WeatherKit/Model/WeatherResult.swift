/// The last fetched weather: what `weather show` prints and the background fetch keeps up to date.
public struct WeatherResult: Sendable, Equatable {
    /// The place the values are for.
    package var location: Location
    /// The values a user sees.
    package var conditions: CurrentConditions
    /// The moment the values describe (Open-Meteo's `current.time`, in UTC).
    var observedAt: Timestamp
    /// The place's offset from UTC in seconds, to print `observedAt` in local time.
    var utcOffsetSeconds: Int
    /// How often the service makes new values, in seconds (Open-Meteo's `current.interval`, 900).
    package var interval: Double?
    /// When the result was fetched or last revalidated.
    package var updatedAt: Timestamp
    /// The response's caching headers, for conditional requests and freshness.
    package var cachingHeaders: CachingHeaders

    package init(
        location: Location, conditions: CurrentConditions, observedAt: Timestamp, utcOffsetSeconds: Int = 0,
        interval: Double? = nil, updatedAt: Timestamp, cachingHeaders: CachingHeaders = CachingHeaders()
    ) {
        self.location = location
        self.conditions = conditions
        self.observedAt = observedAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.interval = interval
        self.updatedAt = updatedAt
        self.cachingHeaders = cachingHeaders
    }
}

extension WeatherResult {
    /// The version of the cache file's layout; a file of another version is treated as empty.
    static let fileFormat: Int64 = 1

    /// The result as the cache file stores it.
    package var json: JSON {
        var conditionsObject = JSONObject()
        conditions.addMembers(to: &conditionsObject)
        var object: JSONObject = [
            "format": .integer(Self.fileFormat),
            "location": location.json,
            "conditions": .object(conditionsObject),
            "observedAt": .string(observedAt.iso8601()),
            "utcOffsetSeconds": .integer(Int64(utcOffsetSeconds)),
        ]
        if let interval { object["interval"] = .number(interval) }
        object["updatedAt"] = .string(updatedAt.iso8601(fractionDigits: 3))
        object["http"] = cachingHeaders.json
        return .object(object)
    }

    /// Reads what `json` wrote.
    init(reading reader: JSONReader) throws(JSONShapeError) {
        let format = try reader.int("format")
        guard format == Self.fileFormat else {
            throw .invalid(
                path: "format", reason: "is \(format); this version of weather reads format \(Self.fileFormat)")
        }
        self.init(
            location: try Location(reading: reader.field("location")),
            conditions: try CurrentConditions(reading: reader.field("conditions")),
            observedAt: try reader.timestamp("observedAt"),
            utcOffsetSeconds: try reader.optionalInt("utcOffsetSeconds", within: ForecastResponse.utcOffsets) ?? 0,
            interval: try reader.optionalDouble("interval", within: ForecastResponse.intervals),
            updatedAt: try reader.timestamp("updatedAt"),
            cachingHeaders: try reader.optionalField("http").map { reader throws(JSONShapeError) in
                try CachingHeaders(reading: reader)
            } ?? CachingHeaders()
        )
    }
}

extension JSONReader {
    /// An ISO 8601 time with a zone, such as `2026-10-08T17:00:00Z`.
    func timestamp(_ key: String) throws(JSONShapeError) -> Timestamp {
        let field = try field(key)
        guard let timestamp = Timestamp(iso8601: try field.string()) else {
            throw .invalid(path: field.path, reason: "is not an ISO 8601 time with a zone")
        }
        return timestamp
    }
}
