package import WeatherModel
package import WeatherSystem

/// A service of official warnings for the places of one country, by coordinates: the seam the three
/// sources plug into (`NWSAlerts`, `BrightSkyAlerts`, `MetAlerts`), apart from the forecast's provider.
/// Each builds its request and reads its answer into messages; `WarningsUpdater` does the rest (the
/// lock, the time budget, back-offs, freshness, validators, saving), the same for all.
package protocol WarningSource: Sendable {
    /// Which source it is, as the file and `--json` name it.
    var source: AlertSource { get }
    /// Where it is, for messages and its back-off.
    var service: ProviderError.Service { get }
    /// How long an answer stays fresh when the service says nothing of it (no `Cache-Control`, no
    /// `Expires`): the pace at which weather asks again.
    var quietLifetime: Double { get }
    /// Why no request may be sent (MET Norway's terms without a contact), or `nil`.
    var refusal: String? { get }
    /// The request for the warnings at `location`, their texts in `language` where the service has it.
    func request(for location: Location, language: String) -> HTTPRequest
    /// The messages of a 2xx answer.
    func messages(in body: [UInt8], headers: HTTPHeaders, language: String) throws(ResponseProblem) -> [AlertMessage]
    /// Whether an error status is the service's way of saying there is nothing for the place (Bright
    /// Sky's 404 for a point no warn cell covers).
    func meansNone(status: Int, body: [UInt8]) -> Bool
}

extension WarningSource {
    package var refusal: String? { nil }
    package func meansNone(status: Int, body: [UInt8]) -> Bool { false }

    /// The warnings service `descriptor` describes, at `url`: its back-off kept by host and path, as
    /// several services may share a host (MET Norway's forecast and warnings; a mirror; the test server).
    package static func service(_ descriptor: WarningServiceDescriptor, at url: String) -> ProviderError.Service {
        let host = URLParts(url)?.authority ?? url
        // The path: what follows the host, up to the query.
        let afterScheme = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false).dropFirst(3)
        let path = afterScheme.first.map { "/" + $0.prefix { $0 != "?" && $0 != "#" } } ?? ""
        return .init(
            role: .warnings(descriptor.source), host: host, setting: descriptor.endpoint.variable,
            backoffKey: host + path)
    }
}

/// A source whose answer is a GeoJSON feature collection, one message in each feature's `properties`
/// (the NWS, MetAlerts).
protocol GeoJSONWarningSource: WarningSource {
    /// The message of one feature; `nil` for one without an identifier or an event.
    static func message(_ feature: JSONReader) -> AlertMessage?
}

extension GeoJSONWarningSource {
    package func messages(in body: [UInt8], headers: HTTPHeaders, language: String) throws(ResponseProblem)
        -> [AlertMessage]
    {
        let reader = try ResponseBody.json(body, headers: headers)
        guard let features = try? reader.field("features").array() else {
            throw ResponseProblem(tr("it has no list of features"))
        }
        return features.compactMap(Self.message)
    }
}

/// One message of a warnings service, before cancellations and updates are applied.
package struct AlertMessage: Sendable, Equatable {
    /// CAP's `msgType`.
    package enum Kind: Sendable, Equatable {
        /// A new warning.
        case alert
        /// A warning that replaces the ones it references.
        case update
        /// The withdrawal of the ones it references: never shown itself.
        case cancel
    }

    package var alert: WeatherAlert
    package var details: AlertDetails
    package var kind: Kind = .alert
    /// The identifiers of the messages it replaces or withdraws.
    var references: [String] = []
    /// Whether it is a real warning: not a test, an exercise, a draft or a system message, and not an
    /// all-clear.
    var isActual = true

    /// The warnings the messages leave in force or announced: real ones only, without any message an
    /// update or a cancellation references, nor the cancellations, each identifier once; the most severe
    /// first, at most `SavedAlerts.mostAlerts`. So a cancelled warning is never shown, even when the
    /// service still lists it beside its cancellation.
    package static func standing(_ messages: [AlertMessage]) -> [(alert: WeatherAlert, details: AlertDetails)] {
        var replaced = Set<String>()
        for message in messages { replaced.formUnion(message.references) }
        var seen = Set<String>()
        var standing: [(alert: WeatherAlert, details: AlertDetails)] = []
        for message in messages
        where message.isActual && message.kind != .cancel && !replaced.contains(message.alert.id)
            && seen.insert(message.alert.id).inserted
        {
            standing.append((message.alert, message.details))
        }
        standing.sort { $0.alert.precedes($1.alert) }
        return Array(standing.prefix(SavedAlerts.mostAlerts))
    }

    /// The warnings each real update replaces, by its identifier: what a notification of the warning it
    /// updates is replaced by (`NotificationDecision`). Empty for a service that names none.
    package static func replacements(_ messages: [AlertMessage]) -> [String: [String]] {
        var replacements: [String: [String]] = [:]
        for message in messages
        where message.isActual && message.kind != .cancel && !message.references.isEmpty
            && replacements.count < SavedAlerts.mostAlerts
        {
            replacements[message.alert.id, default: []] += message.references.prefix(SavedAlerts.mostAlerts)
        }
        return replacements
    }
}

extension JSONReader {
    /// The text of member `key` as one printable line of at most `maximumLength` characters
    /// (`String.oneLine`); `nil` when it is absent, `null`, not text, or blank. A service's texts are cut,
    /// not refused: one long headline must not cost the warnings.
    package func line(_ key: String, maximumLength: Int) -> String? {
        guard let text = (try? optionalString(key)) ?? nil else { return nil }
        return text.oneLine(maximumLength: maximumLength)
    }

    /// The text of member `key` as paragraphs (`String.paragraphs`), at most `maximumLength` characters.
    package func paragraphs(_ key: String, maximumLength: Int) -> String? {
        guard let text = (try? optionalString(key)) ?? nil else { return nil }
        return text.paragraphs(maximumLength: maximumLength)
    }

    /// The ISO 8601 time of member `key` (with `Z` or an offset, as every warnings service writes them),
    /// within the years 1 to 9999; `nil` when it is absent or is no such time.
    package func time(_ key: String) -> Timestamp? {
        guard let text = (try? optionalString(key)) ?? nil else { return nil }
        return Timestamp(iso8601: text).map(\.wholeSecond)
    }
}

extension WeatherAlert {
    /// The warning without the times that contradict the others, which become unknown: a hazard's end
    /// (`ends`) before its onset, a message's expiry before it takes effect (`effective`; for DWD and MET
    /// Norway, whose one end is both, pass the onset). Kept rather than dropped: weather cannot tell which
    /// time is wrong, and a warning hidden is worse than one shown until the service stops listing it, as
    /// one without an end is (`SavedAlerts.longestWithoutEnd`). An NWS message may expire before its
    /// hazard begins (a watch issued days ahead, renewed every few hours): that is no contradiction.
    func withConsistentTimes(effective: Timestamp?) -> WeatherAlert {
        var alert = self
        if let onset, let ends, ends < onset { alert.ends = nil }
        if let effective, let expires, expires < effective { alert.expires = nil }
        return alert
    }
}

extension Timestamp {
    /// The moment to the whole second below, as the warnings file keeps times.
    var wholeSecond: Timestamp { Timestamp(secondsSince1970: secondsSince1970.rounded(.down)) }
}

extension ResponseBody {
    /// What a warnings service's error body says: the `detail` (or `title`) of an RFC 7807 problem (the
    /// NWS) or of FastAPI's `{"detail": ...}` (Bright Sky), the first `msg` of a validation error; `nil`
    /// for anything else (MET Norway's and the proxies' HTML pages, plain text).
    package static func problemDetail(_ body: [UInt8]) -> String? {
        guard let reader = try? JSONDocument(parsing: body).reader, reader.kind == .object else { return nil }
        let detail =
            reader.line("detail", maximumLength: 300) ?? reader.line("title", maximumLength: 300)
            ?? ((try? reader.field("detail").array())?.first?.line("msg", maximumLength: 300))
        return detail
    }
}
