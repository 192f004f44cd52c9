package import WeatherModel
package import WeatherSystem

/// DWD's warnings through Bright Sky, `GET .../alerts?lat=LAT&lon=LON`: `{"alerts": [...], "location":
/// {...}}`, the warnings in force or announced for the place's warn cell, each with English and German
/// texts (Bright Sky's `brightsky/web/models.py` and `query.py`).
///
/// It mirrors DWD's snapshot every minute: an updated warning comes under a new identifier and the old
/// one is gone, so there are no references; an all-clear is a `response_type` of its own. It sends no
/// `Cache-Control`, `Expires` or validators, has no User-Agent rule, and answers 404 for a point no
/// German warn cell covers: no warnings there.
package struct BrightSkyAlerts: WarningSource {
    /// The service, for the registry: Germany; its texts German for a German reader, else English.
    package static let descriptor = WarningServiceDescriptor(
        source: .dwd, credit: "DWD", issuer: { tr("DWD (Deutscher Wetterdienst), through Bright Sky") },
        serviceName: { tr("the DWD warnings service at %s", $0) },
        endpoint: .dwdAlertsURL,
        terms: SourceTerms(), countries: "DE", coverage: { tr("in Germany") },
        textLanguage: { $0() == "de" ? "de" : "en" },
        make: { BrightSkyAlerts(url: $0[source: .dwdAlertsURL]) }
    )

    package let url: String

    package init(url: String) {
        self.url = url
    }

    package var source: AlertSource { .dwd }
    package var service: ProviderError.Service {
        Self.service(Self.descriptor, at: url)
    }
    /// DWD's snapshot changes at most once a minute, and a timer run every 15 minutes asks anyway: five
    /// minutes keeps a terminal's extra looks from asking again.
    package var quietLifetime: Double { 300 }

    package func request(for location: Location, language: String) -> HTTPRequest {
        HTTPRequest(
            url: URLQuery.append(
                [("lat", location.latitude.fixed(decimals: 4)), ("lon", location.longitude.fixed(decimals: 4))],
                to: url))
    }

    package func meansNone(status: Int, body: [UInt8]) -> Bool {
        status == 404 && (ResponseBody.problemDetail(body)?.lowercased().includes("not covered") ?? false)
    }

    package func messages(in body: [UInt8], headers: HTTPHeaders, language: String) throws(ResponseProblem)
        -> [AlertMessage]
    {
        let reader = try ResponseBody.json(body, headers: headers)
        guard let alerts = try? reader.field("alerts").array() else {
            throw ResponseProblem(tr("it has no list of alerts"))
        }
        let location = try? reader.field("location")
        let area = location?.line("name", maximumLength: AlertTexts.longestArea)
        // German texts for German readers, English for the rest; either when the other is missing.
        let suffixes = language == "de" ? ["_de", "_en"] : ["_en", "_de"]
        return alerts.compactMap { alert in Self.message(alert, area: area, suffixes: suffixes) }
    }

    /// The message of one alert, its texts in the language of the first of `suffixes` that has them.
    package static func message(_ alert: JSONReader, area: String?, suffixes: [String]) -> AlertMessage? {
        guard alert.kind == .object else { return nil }
        func text(_ name: String, _ maximumLength: Int) -> String? {
            suffixes.lazy.compactMap { alert.line(name + $0, maximumLength: maximumLength) }.first
        }
        // The CAP identifier (its last part cut by Bright Sky); its own serial number only without one.
        let number = (try? alert.int("id")).map(String.init)
        guard let id = alert.line("alert_id", maximumLength: WeatherAlert.longestID) ?? number,
            let event = suffixes.lazy.compactMap({ suffix in
                alert.line("event" + suffix, maximumLength: WeatherAlert.longestEvent).map {
                    Self.eventName($0, german: suffix == "_de")
                }
            }).first ?? text("headline", WeatherAlert.longestEvent)
        else { return nil }
        let severity = alert.line("severity", maximumLength: 20).flatMap(AlertSeverity.init(word:)) ?? .unknown
        let expires = alert.time("expires")
        let onset = alert.time("onset") ?? alert.time("effective")
        let description = suffixes.lazy.compactMap {
            alert.paragraphs("description" + $0, maximumLength: AlertTexts.longestDescription)
        }.first
        // The event in the other language too, for a reader of it until the next answer.
        let translation = suffixes.dropFirst().first.flatMap { other in
            alert.line("event" + other, maximumLength: WeatherAlert.longestEvent).map {
                WeatherAlert.Translation(
                    language: String(other.dropFirst()), text: Self.eventName($0, german: other == "_de"))
            }
        }
        return AlertMessage(
            alert: WeatherAlert(
                id: id, event: event, severity: severity,
                headline: text("headline", WeatherAlert.longestHeadline),
                instruction: text("instruction", WeatherAlert.longestInstruction),
                onset: onset, expires: expires, ends: expires,
                eventTranslation: translation.flatMap { $0.text == event ? nil : $0 }
            ).withConsistentTimes(effective: onset),
            details: AlertDetails(area: area, description: description, sender: "DWD"),
            isActual: alert.line("status", maximumLength: 20)?.lowercased() != "test"
                && alert.line("response_type", maximumLength: 20)?.lowercased() != "allclear")
    }

    /// DWD's event as a name: "gale-force gusts" → "Gale-force gusts", "STURMBÖEN" → "Sturmböen". DWD
    /// writes its German events in capitals ("STARKE HITZE", "SCHWERES GEWITTER mit ORKANBÖEN"): they
    /// are cased as German writes them (`germanCase`), never with their nouns lowercased; an English
    /// event in capitals is lowercased but for its first letter.
    static func eventName(_ event: String, german: Bool) -> String {
        if german { return germanCase(event).capitalizedFirst }
        let shouting = event.contains { $0.isLowercase } == false && event.contains { $0.isUppercase }
        return (shouting ? event.lowercased() : event).capitalizedFirst
    }

    /// The stems of the adjectives and adverbs in DWD's German event names (DWD's list of warning
    /// events: "STARKE HITZE", "EXTREM ERGIEBIGER DAUERREGEN", "ORKANARTIGE BÖEN", "STRENGER FROST"...),
    /// which German writes in small letters within a name.
    static let germanAdjectives: Set<String> = [
        "stark", "schwer", "extrem", "streng", "ergiebig", "heftig", "leicht", "orkanartig", "gefrierend",
        "markant", "unwetterartig", "sehr", "mäßig", "kräftig", "verbreitet", "örtlich", "einzeln",
    ]

    /// `event` in German case: each word in capitals is a noun, written with its capital ("HITZE" →
    /// "Hitze"; each part of a hyphenated one, an abbreviation of two letters kept: "UV-INDEX" →
    /// "UV-Index"), unless it is an adjective of DWD's (`germanAdjectives`, with its endings), written
    /// small; a word DWD wrote small ("mit", "und") stays as it is. The first letter of the whole is the
    /// caller's (`capitalizedFirst`).
    static func germanCase(_ event: String) -> String {
        var words: [String] = []
        for word in event.split(separator: " ", omittingEmptySubsequences: false) {
            let letters = word.filter(\.isLetter)
            guard !letters.isEmpty, !letters.contains(where: \.isLowercase) else {
                words.append(String(word))
                continue
            }
            let small = word.lowercased()
            let stem = String(small.filter(\.isLetter))
            let adjective = germanAdjectives.contains { adjective in
                stem.hasPrefix(adjective)
                    && ["", "e", "es", "er", "en", "em"].contains(String(stem.dropFirst(adjective.count)))
            }
            if adjective {
                words.append(small)
            } else {
                words.append(
                    word.split(separator: "-", omittingEmptySubsequences: false).map { part in
                        part.count <= 2 ? String(part) : part.lowercased().capitalizedFirst
                    }.joined(separator: "-"))
            }
        }
        return words.joined(separator: " ")
    }
}

extension Setting {
    package static let dwdAlertsURL = endpoint(
        "dwd_alerts_url", "WEATHER_DWD_ALERTS_URL", default: "https://api.brightsky.dev/alerts"
    ) {
        Words(
            help: english("DWD's warnings through Bright Sky, or a stand-in"),
            about: "The Deutscher Wetterdienst's warnings through Bright Sky, for places in Germany.")
    }
}
