package import WeatherModel
package import WeatherSystem

/// The National Weather Service's active alerts for a point, `GET .../alerts/active?point=LAT,LON`:
/// GeoJSON features whose `properties` are CAP's fields (api.weather.gov's OpenAPI specification, `Alert`).
///
/// Its rules: a `User-Agent` (every request has one), coordinates at 4 decimals (the same key for its
/// cache), `Accept: application/geo+json` (without it, its CDN has served stale bodies of other types).
/// It sends `Cache-Control: max-age` and `Last-Modified`, and answers `If-Modified-Since` with 304. An
/// update or a cancellation is a new message whose `references` name the ones it replaces; a message
/// another has replaced carries `replacedBy`.
package struct NWSAlerts: GeoJSONWarningSource {
    /// The service, for the registry: the United States and the territories the NWS forecasts for
    /// (Puerto Rico, the Virgin Islands, Guam, the Northern Marianas, American Samoa); its texts English.
    package static let descriptor = WarningServiceDescriptor(
        source: .nws, credit: "NWS", issuer: { tr("the National Weather Service") },
        serviceName: { tr("the NWS alerts service at %s", $0) },
        endpoint: .nwsAlertsURL,
        terms: SourceTerms(), countries: "US PR VI GU MP AS",
        coverage: { tr("in the United States and its territories") }, textLanguage: { _ in "en" },
        make: { NWSAlerts(url: $0[source: .nwsAlertsURL]) }
    )

    package let url: String

    package init(url: String) {
        self.url = url
    }

    package var source: AlertSource { .nws }
    package var service: ProviderError.Service {
        Self.service(Self.descriptor, at: url)
    }
    /// Its answers carry `max-age` (30 s on alerts): this is only for a mirror that sends none.
    package var quietLifetime: Double { 60 }

    package func request(for location: Location, language: String) -> HTTPRequest {
        // `point` is one value, "lat,lon": the comma written as is, as the API's documentation writes it.
        let point = location.latitude.fixed(decimals: 4) + "," + location.longitude.fixed(decimals: 4)
        let separator = url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        return HTTPRequest(url: url + separator + "point=" + point, headers: [("Accept", "application/geo+json")])
    }

    /// The message of one feature; `nil` for one without an identifier or an event.
    package static func message(_ feature: JSONReader) -> AlertMessage? {
        guard let properties = try? feature.field("properties"), properties.kind == .object,
            let id = properties.line("id", maximumLength: WeatherAlert.longestID),
            let event = properties.line("event", maximumLength: WeatherAlert.longestEvent)
                ?? properties.line("headline", maximumLength: WeatherAlert.longestEvent)
        else { return nil }
        let severity = properties.line("severity", maximumLength: 20).flatMap(AlertSeverity.init(word:)) ?? .unknown
        let effective = properties.time("effective")
        let alert = WeatherAlert(
            id: id, event: event, severity: severity,
            headline: properties.line("headline", maximumLength: WeatherAlert.longestHeadline),
            instruction: properties.line("instruction", maximumLength: WeatherAlert.longestInstruction),
            onset: properties.time("onset") ?? effective, expires: properties.time("expires"),
            ends: properties.time("ends")
        ).withConsistentTimes(effective: effective)
        let details = AlertDetails(
            area: properties.line("areaDesc", maximumLength: AlertTexts.longestArea),
            description: properties.paragraphs("description", maximumLength: AlertTexts.longestDescription),
            sender: properties.line("senderName", maximumLength: AlertTexts.longestSender))
        let kind: AlertMessage.Kind =
            switch properties.line("messageType", maximumLength: 20)?.lowercased() {
            case "update": .update
            case "cancel": .cancel
            default: .alert
            }
        var references: [String] = []
        for reference in (try? properties.field("references").array()) ?? [] {
            if let identifier = reference.line("identifier", maximumLength: WeatherAlert.longestID) {
                references.append(identifier)
            }
        }
        // "sender,identifier,sent" triples, separated by blanks: earlier messages this one retires.
        if let parameters = try? properties.field("parameters"),
            let expired = (try? parameters.field("expiredReferences"))?.stringsIfAll()
        {
            for triple in expired.joined(separator: " ").split(whereSeparator: \.isWhitespace) {
                let parts = triple.split(separator: ",", omittingEmptySubsequences: false)
                if parts.count == 3, !parts[1].isEmpty { references.append(String(parts[1])) }
            }
        }
        // Replaced by a later message (`replacedBy`), or not a real warning.
        let replaced = properties.line("replacedBy", maximumLength: 400) != nil
        let status = properties.line("status", maximumLength: 20)?.lowercased()
        return AlertMessage(
            alert: alert, details: details, kind: kind, references: references,
            isActual: status == "actual" && !replaced)
    }
}

extension Setting {
    package static let nwsAlertsURL = endpoint(
        "nws_alerts_url", "WEATHER_NWS_ALERTS_URL", default: "https://api.weather.gov/alerts/active"
    ) {
        Words(
            help: english("National Weather Service warnings, or a stand-in"),
            about: "The National Weather Service's active alerts, for places in the United States.")
    }
}
