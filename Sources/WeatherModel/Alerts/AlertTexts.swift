/// The long texts of the warnings in the warnings file (`AlertDetails` by warning), kept in a file of
/// their own (`alert-texts.json`) that only `weather alerts` reads: an NWS description runs to a
/// kilobyte, and `weather show`, which reads the warnings at every start, would parse it for nothing.
/// Written before the warnings file, whose rename is the commit, as the forecast is before the result.
package struct AlertTexts: Sendable, Equatable {
    /// The texts by warning identifier.
    package var details: [String: AlertDetails]

    package init(details: [String: AlertDetails]) {
        self.details = details
    }

    package static let fileFormat = 1
    /// The longest texts kept, in characters.
    package static let longestArea = 1000
    package static let longestDescription = 8000
    package static let longestSender = 200

    /// The texts as the file stores them, in the order of `alerts`.
    package func fileContents(in alerts: [WeatherAlert]) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", Self.fileFormat)
            writer.array("alerts", alerts.filter { details[$0.id] != nil }) { writer, alert in
                let details = details[alert.id] ?? AlertDetails()
                writer.field("id", alert.id)
                writer.field("area", details.area)
                writer.field("description", details.description)
                writer.field("sender", details.sender)
            }
        }
        return writer.bytes
    }

    /// Reads what `fileContents` wrote; a description keeps its paragraphs (`String.paragraphs`) and loses
    /// any other line break or control character.
    package init(reading reader: JSONReader) throws(JSONShapeError) {
        try reader.requireFormat(Self.fileFormat)
        let list = try reader.field("alerts").array()
        guard list.count <= SavedAlerts.mostAlerts else {
            throw .invalid(
                path: "alerts",
                reason: Message(
                    one: "holds more than %d warning", other: "holds more than %d warnings",
                    count: SavedAlerts.mostAlerts,
                    String(SavedAlerts.mostAlerts)))
        }
        var details: [String: AlertDetails] = [:]
        for entry in list {
            let description = try entry.optionalString("description").flatMap {
                $0.paragraphs(maximumLength: Self.longestDescription)
            }
            details[try entry.text("id", maximumLength: WeatherAlert.longestID)] = AlertDetails(
                area: try entry.optionalText("area", maximumLength: Self.longestArea), description: description,
                sender: try entry.optionalText("sender", maximumLength: Self.longestSender))
        }
        self.init(details: details)
    }
}
