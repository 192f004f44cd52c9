import WeatherModel
package import WeatherSystem

/// The chosen interval's file (`schedule.json`), kept by the schedule that reads it.
extension WeatherStore {
    /// The background-fetch interval the user chose, or `nil` when they never chose one.
    func loadPreferredInterval() throws(StoreError) -> FetchInterval? {
        guard let bytes = try read(paths.scheduleFile, remedy: .chooseInterval) else { return nil }
        return try Self.decodePreferredInterval(bytes, path: paths.scheduleFile)
    }

    /// The chosen interval in `bytes`, the contents of the file at `path`.
    package static func decodePreferredInterval(_ bytes: [UInt8], path: String) throws(StoreError) -> FetchInterval {
        try decode(bytes, path: path, remedy: .chooseInterval) { reader throws(JSONShapeError) in
            let field = try reader.field("interval")
            guard let interval = FetchInterval(parsing: try field.string()) else {
                throw .invalid(path: field.path, reason: Message("is not minimum, never or a duration"))
            }
            return interval
        }
    }

    /// The interval background runs follow: the user's choice, `minimum` when there is none or the file
    /// cannot be read (`weather schedule` reports that; a run must go on).
    package func chosenInterval() -> FetchInterval {
        ((try? loadPreferredInterval()) ?? nil) ?? .minimum
    }

    /// Saves the background-fetch interval the user chose.
    func savePreferredInterval(_ interval: FetchInterval) throws(StoreError) {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", 1)
            writer.field("interval", interval.description)
        }
        try write(writer.bytes, to: paths.scheduleFile)
    }
}
