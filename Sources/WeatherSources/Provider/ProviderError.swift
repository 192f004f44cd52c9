package import WeatherModel
public import WeatherSystem

/// A weather or geocoding service that did not give us what we asked for.
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No response arrived (network, time budget, size, TLS).
    case transport(HTTPError)
    /// The service answered with an error status; `reason` is its own explanation when it sent one, and
    /// `retryAfter` its `Retry-After` header.
    case status(Service, code: Int, reason: String?, retryAfter: String?)
    /// The service refused a request for not naming a contact it can reach (MET Norway's 403).
    case contactRefused(Service, provider: String)
    /// The service answered 200 with something we cannot read.
    case badResponse(Service, problem: String)
    /// The service started a 200 answer and broke it off, saying so in plain text after it ("Unexpected
    /// error while streaming data: ..."): a failure of the service, like a 500.
    case brokeOff(Service, words: String)
    /// The geocoding service knows no place by that name; `suggestion` is the words with a comma that
    /// find one (`Paris, Texas` for `Paris Texas`).
    case placeNotFound(PlaceQuery, suggestion: String? = nil)
    /// Places by that name exist, but none fits the qualifiers; `alternatives` are ways to write one that does.
    case noPlaceMatches(PlaceQuery, alternatives: [String])

    /// Which service, and where, for messages.
    public struct Service: Sendable, Equatable, CustomStringConvertible {
        /// What the service does for weather.
        package var role: Role
        /// Host and port of the endpoint.
        package var host: String
        /// The setting that points at it, named in hints.
        package var setting: String
        /// What its pauses and failures are kept under in the back-off file: its host, or, for a service
        /// that shares a host with others (a warnings service, a mirror), host and path, so that one
        /// service's refusal never stops another's requests.
        package var backoffKey: String

        package init(role: Role, host: String, setting: String, backoffKey: String? = nil) {
            self.role = role
            self.host = host
            self.setting = setting
            self.backoffKey = backoffKey ?? host
        }

        /// What a service does for weather.
        package enum Role: Sendable, Equatable {
            case geocoding, forecast
            /// The official warnings of a source.
            case warnings(AlertSource)
            /// A source of what else is known of a place, by its name (`SupplementDescriptor`).
            case supplement(String)
        }

        public var description: String {
            switch role {
            case .geocoding: tr("the geocoding service at %s", host)
            case .forecast: tr("the forecast service at %s", host)
            case .warnings(let source):
                source.descriptor?.serviceName(host) ?? host
            case .supplement(let name):
                SourceRegistry.supplement(named: name)?.serviceName(host) ?? host
            }
        }
    }

    public var description: String {
        switch self {
        case .transport(let error):
            return error.description
        case .status(let service, let code, let reason, _):
            let detail = reason.map { "HTTP \(code): \($0)" } ?? HTTPStatus.line(code)
            switch code {
            case 429:
                return tr("%1$s is limiting requests (%2$s); wait a few minutes and try again", "\(service)", detail)
            case 500...599:
                return tr("%1$s is having trouble (%2$s); try again later", "\(service)", detail)
            case 404, 405, 410:
                return tr("%1$s has no such API (%2$s); check %3$s", "\(service)", detail, service.setting)
            default:
                return tr(
                    "%1$s refused the request (%2$s); check %3$s or update weather", "\(service)", detail,
                    service.setting)
            }
        case .contactRefused(let service, let provider):
            return tr(
                "%1$s refused the request (HTTP 403 Forbidden): %2$s's terms require a contact it can reach in every request; %3$s",
                "\(service)", provider, SettingsError.contactAdvice)
        case .brokeOff(let service, let words):
            return tr("%1$s broke off its answer (%2$s); try again in a few minutes", "\(service)", words)
        case .badResponse(let service, let problem):
            return tr(
                "%1$s sent a response weather cannot read: %2$s; try again later, or check %3$s", "\(service)", problem,
                service.setting)
        case .placeNotFound(let query, let suggestion?):
            return tr("no place called \"%1$s\" found; did you mean %2$s?", query.name, suggestion)
        case .placeNotFound(let query, nil):
            return tr("no place called \"%s\" found; check the spelling, or try a larger town nearby", query.name)
        case .noPlaceMatches(let query, let alternatives):
            let qualifier = query.qualifiers.joined(separator: ", ")
            let list = alternatives.prefix(5).joined(separator: "; ")
            return tr("no place called \"%1$s\" in \"%2$s\"; try one of: %3$s", query.name, qualifier, list)
        }
    }

    /// A 200 answer of `service` that could not be read: broken off by the service, or bad.
    package static func unreadable(_ service: Service, _ problem: ResponseProblem) -> ProviderError {
        problem.brokeOff
            ? .brokeOff(service, words: problem.description) : .badResponse(service, problem: problem.description)
    }

    /// Whether no place fitted the words asked for: none by the name, or none where the qualifiers say.
    public var isPlaceNotFound: Bool {
        switch self {
        case .placeNotFound, .noPlaceMatches: true
        default: false
        }
    }

    /// Whether the request failed in a way every caller would meet for a while: no answer in time, a
    /// dropped connection, an answer the service broke off, or a 500, 502 or 504. (429 and 503 are
    /// refusals; a bad body, ours to report.)
    package var isSharedFailure: Bool {
        switch self {
        case .transport(.unreachable), .transport(.timedOut), .transport(.transfer): true
        case .status(_, let code, _, _): [500, 502, 504].contains(code)
        case .brokeOff: true
        default: false
        }
    }

    /// What went wrong, without the service's name or advice: the reason a shared failure is reported
    /// by ("HTTP 500 Internal Server Error", libcurl's words for a failed connection).
    package var cause: String {
        switch self {
        case .transport(.unreachable(_, let error)), .transport(.transfer(_, let error)): error.message
        case .transport(.timedOut(_, let budget)): tr("no answer within the time budget of %s", "\(budget)")
        case .status(_, let code, let reason, _): reason.map { "HTTP \(code): \($0)" } ?? HTTPStatus.line(code)
        case .brokeOff: tr("it broke off its answer")
        default: description
        }
    }

    /// The refusal that starts a back-off: 429 Too Many Requests or 503 Service Unavailable, in words.
    package var refusal: (service: Service, reason: String, retryAfter: String?)? {
        guard case .status(let service, let code, let reason, let retryAfter) = self, code == 429 || code == 503 else {
            return nil
        }
        return (service, reason.map { "HTTP \(code): \($0)" } ?? HTTPStatus.line(code), retryAfter)
    }
}

/// Reason phrases for the status codes a weather service is likely to send.
enum HTTPStatus {
    /// "HTTP 503 Service Unavailable", or "HTTP 418" for a code without a phrase here.
    package static func line(_ code: Int) -> String {
        let phrase = phrase(code)
        return phrase.isEmpty ? "HTTP \(code)" : "HTTP \(code) \(phrase)"
    }

    static func phrase(_ code: Int) -> String {
        switch code {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
