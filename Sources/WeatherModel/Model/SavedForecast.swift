/// The whole forecast as the forecast file keeps it, beside the last result: `weather forecast` reads it,
/// `weather show` never does.
package struct SavedForecast: Sendable, Equatable {
    /// The place it is for.
    package var location: Location
    /// The place's offset from UTC in seconds, for its clock and calendar.
    package var utcOffsetSeconds: Int
    /// The hours and days.
    package var forecast: Forecast
    /// When it was fetched.
    package var fetchedAt: Timestamp

    package static let fileFormat = 1

    /// The `forecast` member, packed (`Forecast.packed`).
    private static func forecast(_ reader: JSONReader) throws(JSONShapeError) -> Forecast {
        let field = try reader.field("forecast")
        guard let forecast = Forecast(packed: try field.string()) else {
            throw .invalid(path: field.path, reason: Message("is not a forecast as weather writes it"))
        }
        return forecast
    }

    /// The forecast as the file stores it.
    package var fileContents: [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", Self.fileFormat)
            writer.object("location") { location.write(into: &$0) }
            writer.field("utcOffsetSeconds", utcOffsetSeconds)
            writer.field("fetchedAt", fetchedAt.secondsSince1970)
            writer.field("forecast", forecast.packed)
        }
        return writer.bytes
    }

    /// A saved forecast of these values, rounded as the file keeps them (`Forecast.packable`), so that it
    /// reads back equal.
    package init(location: Location, utcOffsetSeconds: Int, forecast: Forecast, fetchedAt: Timestamp) {
        self.location = location
        self.utcOffsetSeconds = utcOffsetSeconds
        self.forecast = forecast.packable
        self.fetchedAt = fetchedAt
    }

    /// Reads what `fileContents` wrote.
    package init(reading reader: JSONReader) throws(JSONShapeError) {
        try reader.requireFormat(Self.fileFormat)
        self.init(
            location: try Location(reading: reader.field("location")),
            utcOffsetSeconds: try reader.optionalInt("utcOffsetSeconds", within: PlaceClock.utcOffsets) ?? 0,
            forecast: try Self.forecast(reader),
            fetchedAt: try reader.moment("fetchedAt"))
    }
}
