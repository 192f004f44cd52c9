/// Open-Meteo's geocoding and forecast APIs (or anything that speaks them, such as the test server).
public struct OpenMeteo: Sendable {
    /// The `current` variables we ask for: every value `CurrentConditions` holds.
    public static let currentVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation",
        "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
    ]

    /// How many matches to ask for: the service's default without qualifiers; more to narrow by region.
    static let plainSearchCount = 10
    static let qualifiedSearchCount = 100

    public let geocodingURL: String
    public let forecastURL: String
    public let http: any HTTPTransport

    public init(geocodingURL: String, forecastURL: String, http: any HTTPTransport) {
        self.geocodingURL = geocodingURL
        self.forecastURL = forecastURL
        self.http = http
    }

    var geocodingService: ProviderError.Service {
        .init(role: "geocoding", host: URLParts(geocodingURL)?.authority ?? geocodingURL, setting: "WEATHER_GEOCODING_URL")
    }

    var forecastService: ProviderError.Service {
        .init(role: "forecast", host: URLParts(forecastURL)?.authority ?? forecastURL, setting: "WEATHER_FORECAST_URL")
    }

    // MARK: Geocoding

    /// The request that looks `query` up. A two-letter qualifier also goes to the service as `countryCode`.
    public func geocodingRequest(for query: PlaceQuery) -> HTTPRequest {
        var parameters = [
            ("name", query.name),
            ("count", String(query.qualifiers.isEmpty ? Self.plainSearchCount : Self.qualifiedSearchCount)),
            ("language", "en"),
            ("format", "json"),
        ]
        if query.qualifiers.count == 1, let code = PlaceChoice.countryCode(for: query.qualifiers[0]) {
            parameters.append(("countryCode", code))
        }
        return HTTPRequest(url: URLQuery.append(parameters, to: geocodingURL))
    }

    /// The places the geocoding service knows by `query.name`, in its order.
    public func searchPlaces(_ query: PlaceQuery, before deadline: Deadline) throws(ProviderError) -> [PlaceCandidate] {
        let response = try send(geocodingRequest(for: query), to: geocodingService, before: deadline)
        do {
            return try GeocodingResponse.decode(response.body, headers: response.headers)
        } catch {
            throw .badResponse(geocodingService, problem: error.description)
        }
    }

    // MARK: Forecast

    /// The request for the current weather at `location`, coordinates rounded to 4 decimals (about 10 m),
    /// values in SI units, times in the place's own zone; conditional when `validators` has an `ETag`
    /// (`If-None-Match`) or a `Last-Modified` (`If-Modified-Since`, the exact stored text).
    public func forecastRequest(for location: Location, validators: HTTPValidators? = nil) -> HTTPRequest {
        let parameters = [
            ("latitude", location.latitude.fixed(decimals: 4)),
            ("longitude", location.longitude.fixed(decimals: 4)),
            ("current", Self.currentVariables.joined(separator: ",")),
            ("timezone", "auto"),
            ("temperature_unit", "celsius"),
            ("wind_speed_unit", "ms"),
            ("precipitation_unit", "mm"),
        ]
        var headers: [(name: String, value: String)] = []
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = validators?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return HTTPRequest(url: URLQuery.append(parameters, to: forecastURL), headers: headers)
    }

    /// What a forecast request brought.
    public enum ForecastFetch: Sendable, Equatable {
        /// New values.
        case modified(ForecastResponse)
        /// `304 Not Modified`: the stored values stand; these are the response's caching headers.
        case notModified(HTTPValidators)
    }

    /// The current weather at `location`; with `validators` of a stored result, asked conditionally.
    public func currentWeather(
        at location: Location, validators: HTTPValidators? = nil, before deadline: Deadline
    ) throws(ProviderError) -> ForecastFetch {
        let request = forecastRequest(for: location, validators: validators)
        let response = try send(request, to: forecastService, before: deadline, conditional: !request.headers.isEmpty)
        if response.status == 304 { return .notModified(HTTPValidators(response.headers)) }
        do {
            return .modified(try ForecastResponse.decode(response.body, headers: response.headers))
        } catch {
            throw .badResponse(forecastService, problem: error.description)
        }
    }

    // MARK: Sending

    /// Sends `request`; any status but 2xx (and 304 for a conditional request) becomes an error carrying
    /// the service's `reason` and `Retry-After`.
    private func send(
        _ request: HTTPRequest, to service: ProviderError.Service, before deadline: Deadline, conditional: Bool = false
    ) throws(ProviderError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try http.send(request, before: deadline)
        } catch {
            throw .transport(error)
        }
        guard (200...299).contains(response.status) || (conditional && response.status == 304) else {
            throw .status(
                service, code: response.status, reason: ResponseBody.errorReason(response.body),
                retryAfter: response.headers["Retry-After"]
            )
        }
        return response
    }
}

/// Why a 200 response cannot be read, in one phrase for "sent a response weather cannot read: …".
public struct ResponseProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    init(_ description: String) { self.description = description.printable }
}

/// Checks common to every JSON body before its shape is read.
enum ResponseBody {
    /// The body as JSON, or the problem in words: empty, HTML, cut off, not JSON, an error object.
    static func json(_ body: [UInt8], headers: HTTPHeaders) throws(ResponseProblem) -> JSONReader {
        guard let first = body.first(where: { !$0.isASCIIWhitespace }) else {
            throw ResponseProblem("the body is empty")
        }
        let contentType = headers["Content-Type"]?.lowercased() ?? ""
        if first == UInt8(ascii: "<") || contentType.hasPrefix("text/html") {
            throw ResponseProblem("it is an HTML page, not JSON")
        }
        let reader: JSONReader
        do throws(JSONSyntaxError) {
            reader = try JSONDocument(parsing: body).reader
        } catch {
            // jansson's words for input that stops in the middle, as opposed to text after the end.
            let cutOff = error.text.contains("premature end of input") || error.text.hasSuffix("near end of file")
            throw ResponseProblem("it is not valid JSON (\(error))" + (cutOff ? ", it looks cut off" : ""))
        }
        guard reader.kind == .object else { throw ResponseProblem("it is \(reader.kindDescription), not an object") }
        if (try? reader.bool("error")) == true {
            let reason = (try? reader.string("reason")) ?? "no reason given"
            throw ResponseProblem("it reports an error: \(reason)")
        }
        return reader
    }

    /// The `reason` of an Open-Meteo error body, such as "Parameter count must be between 1 and 100.".
    static func errorReason(_ body: [UInt8]) -> String? {
        guard let reason = try? JSONDocument(parsing: body).reader.string("reason") else { return nil }
        let trimmed = reason.trimmingWhitespace()
        return trimmed.isEmpty ? nil : String(trimmed.prefix(300)).printable
    }
}

/// Query strings.
enum URLQuery {
    /// `url` with `parameters` appended as a percent-encoded query.
    static func append(_ parameters: [(String, String)], to url: String) -> String {
        let query = parameters.map { "\(encode($0))=\(encode($1))" }.joined(separator: "&")
        let separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        return url + separator + query
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}

extension UInt8 {
    var isASCIIWhitespace: Bool {
        self == UInt8(ascii: " ") || self == UInt8(ascii: "\n") || self == UInt8(ascii: "\r") || self == UInt8(ascii: "\t")
    }
}

extension Double {
    /// The value with exactly `decimals` decimals, rounded half away from zero: `52.5244`.
    func fixed(decimals: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (self * Double(scale)).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return String(self) }
        let units = Int64(scaled)
        let whole = String(units.magnitude / scale)
        let sign = units < 0 ? "-" : ""
        guard decimals > 0 else { return sign + whole }
        return sign + whole + "." + String(units.magnitude % scale).leftPadded(to: decimals)
    }
}
