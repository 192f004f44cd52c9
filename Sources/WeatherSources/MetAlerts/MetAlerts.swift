package import WeatherModel
package import WeatherSystem

/// MET Norway's MetAlerts 2.0, `GET .../metalerts/2.0/current.json?lat=LAT&lon=LON&lang=en`: GeoJSON
/// features, each with `properties` (the event, its awareness level and severity, texts) and `when`
/// (`interval`: when the hazard begins and ends) (MET's `doc/metalerts/geojson.md`).
///
/// MET's terms: a User-Agent naming the application and a contact (403 without one: weather sends
/// nothing until the `contact` setting gives one), at most 4 decimals, `Expires` respected (at most one
/// request every 10 minutes), `If-Modified-Since` with the stored `Last-Modified`. An updated warning comes
/// as a new message of `type` `Update`, the one it replaced gone from the list; a cancelled one is gone.
package struct MetAlerts: GeoJSONWarningSource {
    /// The service, for the registry: Norway with Svalbard and Jan Mayen; its texts Norwegian (`no`) for
    /// a Norwegian reader (`nb`, `nn`, `no`), else English.
    package static let descriptor = WarningServiceDescriptor(
        source: .metNorway, credit: "MET Norway", issuer: { tr("MET Norway") },
        serviceName: { tr("the MetAlerts service at %s", $0) },
        endpoint: .metAlertsURL,
        terms: SourceTerms(needsContact: true, shortestInterval: 600), countries: "NO SJ",
        coverage: { tr("in Norway with Svalbard and Jan Mayen") },
        textLanguage: { ["nb", "nn", "no"].contains($0()) ? "no" : "en" },
        make: { MetAlerts(url: $0[source: .metAlertsURL], contact: $0.contact) }
    )

    package let url: String
    /// The `contact` setting: without it MET refuses the request, and weather does not send it.
    package let contact: String?

    package init(url: String, contact: String?) {
        self.url = url
        self.contact = contact
    }

    package var source: AlertSource { .metNorway }
    package var service: ProviderError.Service { Self.service(Self.descriptor, at: url) }
    /// Its answers carry `Expires`; its terms ask for at most one request every 10 minutes.
    package var quietLifetime: Double { 600 }

    package var refusal: String? {
        contact == nil
            ? tr(
                "MET Norway gives its warnings only to a program that names a contact: set WEATHER_CONTACT (or contact in config.json) to your email address or a URL, and they come with the next refresh"
            )
            : nil
    }

    /// `lang=no` for a Norwegian reader (`nb`, `nn`, `no`), else English.
    package static func language(for language: String) -> String {
        Self.descriptor.textLanguage { language }
    }

    package func request(for location: Location, language: String) -> HTTPRequest {
        HTTPRequest(
            url: URLQuery.append(
                [
                    ("lat", location.latitude.fixed(decimals: 4)), ("lon", location.longitude.fixed(decimals: 4)),
                    ("lang", Self.language(for: language)),
                ], to: url))
    }

    /// The message of one feature; `nil` for one without an identifier or an event.
    package static func message(_ feature: JSONReader) -> AlertMessage? {
        guard let properties = try? feature.field("properties"), properties.kind == .object,
            let id = properties.line("id", maximumLength: WeatherAlert.longestID),
            let event = properties.line("eventAwarenessName", maximumLength: WeatherAlert.longestEvent)
                ?? properties.line("event", maximumLength: WeatherAlert.longestEvent)?.capitalizedFirst
        else { return nil }
        // "2; yellow; Moderate": the severity, when `severity` itself is missing.
        let level = properties.line("awareness_level", maximumLength: 60)?.split(separator: ";").map {
            $0.trimmingWhitespace()
        }
        let severity =
            properties.line("severity", maximumLength: 20).flatMap(AlertSeverity.init(word:))
            ?? level.flatMap { $0.count == 3 ? AlertSeverity(word: $0[2]) : nil } ?? .unknown
        let interval = (try? feature.field("when").field("interval").array()) ?? []
        let start = interval.count == 2 ? Self.time(interval[0]) : nil
        let end = (interval.count == 2 ? Self.time(interval[1]) : nil) ?? properties.time("eventEndingTime")
        // The consequences after the description, as MET's own pages put them.
        let description = [
            properties.paragraphs("description", maximumLength: AlertTexts.longestDescription),
            properties.paragraphs("consequences", maximumLength: AlertTexts.longestDescription),
        ].compactMap { $0 }.joined(separator: "\n\n")
        let area = properties.line("area", maximumLength: AlertTexts.longestArea)
        let kind: AlertMessage.Kind =
            switch properties.line("type", maximumLength: 20)?.lowercased() {
            case "update": .update
            case "cancel": .cancel
            default: .alert
            }
        return AlertMessage(
            alert: WeatherAlert(
                id: id, event: event, severity: severity,
                headline: Self.headline(
                    properties.line("title", maximumLength: WeatherAlert.longestHeadline), area: area),
                instruction: properties.line("instruction", maximumLength: WeatherAlert.longestInstruction),
                onset: start, expires: end, ends: end
            ).withConsistentTimes(effective: start),
            details: AlertDetails(
                area: area,
                description: description.paragraphs(maximumLength: AlertTexts.longestDescription),
                sender: "MET Norway"),
            kind: kind, isActual: properties.line("status", maximumLength: 20)?.lowercased() == "actual")
    }

    /// MET's `title` without what the warning says elsewhere: "Strong wind gusts, yellow level, Coast and
    /// fjords of Vestland, 2026-10-08T15:00:00+00:00, 2026-10-09T06:00:00+00:00" ends in the area and in the
    /// interval's times, raw, which `weather alerts` gives once, on the place's clock. What is left, the
    /// event and its level; `nil` when nothing is.
    package static func headline(_ title: String?, area: String?) -> String? {
        guard let title else { return nil }
        var parts = title.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        while let last = parts.last, Timestamp(iso8601: last) != nil { parts.removeLast() }
        var headline = parts.joined(separator: ", ")
        if let area, !area.isEmpty, headline.hasSuffix(", " + area) { headline.removeLast(area.count + 2) }
        return headline.isEmpty ? nil : headline
    }

    /// An ISO 8601 time in an array.
    private static func time(_ element: JSONReader) -> Timestamp? {
        (try? element.string()).flatMap { Timestamp(iso8601: $0)?.wholeSecond }
    }
}

extension Setting {
    package static let metAlertsURL = endpoint(
        "metalerts_url", "WEATHER_METALERTS_URL",
        default: "https://api.met.no/weatherapi/metalerts/2.0/current.json"
    ) {
        Words(
            help: english("MET Norway's MetAlerts, or a stand-in"),
            about: "MET Norway's MetAlerts 2.0, for places in Norway; asked only with WEATHER_CONTACT set.")
    }
}
