/// Sends one HTTP GET and returns the whole response: the one small interface over libcurl.
///
/// `CurlTransport` is the real one; a test may pass its own.
public protocol HTTPTransport: Sendable {
    /// Sends `request`, finishing before `deadline` or failing with `.timedOut`.
    func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse
}

/// A GET request.
public struct HTTPRequest: Sendable, Equatable {
    /// An `http` or `https` URL with its query already encoded.
    public var url: String
    /// Extra request headers, such as `If-None-Match`.
    public var headers: [(name: String, value: String)]

    public init(url: String, headers: [(name: String, value: String)] = []) {
        self.url = url
        self.headers = headers
    }

    public static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.url == rhs.url && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
    }
}

/// A complete response.
public struct HTTPResponse: Sendable {
    /// The status code, such as 200 or 304.
    public var status: Int
    /// The headers of the final response (after redirects).
    public var headers: HTTPHeaders
    /// The body, decoded if it was compressed.
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Response headers, looked up without regard to case.
public struct HTTPHeaders: Sendable, Equatable {
    /// Every header in order of arrival, names as sent.
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(name: String, value: String)] = []) {
        for field in fields { append(name: field.name, value: field.value) }
    }

    /// Adds a field.
    public mutating func append(name: String, value: String) {
        fields.append((name, value))
    }

    /// The value of the last field named `name` (any case), or `nil`.
    public subscript(name: String) -> String? {
        let wanted = name.lowercased()
        return fields.last { $0.name.lowercased() == wanted }?.value
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
    }
}

/// A request that got no usable HTTP response.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one we send requests to.
    case invalidURL(String, reason: String)
    /// The host could not be found or reached.
    case unreachable(host: String, CurlError)
    /// The run's time budget ran out.
    case timedOut(host: String, budget: Double)
    /// The body was larger than `limit` bytes.
    case tooLarge(host: String, limit: Int)
    /// The headers were larger than `limit` bytes.
    case tooManyHeaders(host: String, limit: Int)
    /// The server redirected somewhere we do not follow.
    case badRedirect(host: String, CurlError)
    /// The TLS connection could not be set up or the certificate not verified.
    case insecure(host: String, CurlError)
    /// libcurl could not be used or the transfer failed otherwise.
    case transfer(host: String, CurlError)
    /// SIGTERM or SIGINT stopped the run during the transfer (`StopSignal`).
    case stopped(host: String, signal: Int32)

    public var description: String {
        switch self {
        case .invalidURL(let url, let reason):
            "cannot request \(url): \(reason)"
        case .unreachable(let host, let error):
            "cannot reach \(host) (\(error.message)); check the network connection and try again"
        case .timedOut(let host, let budget):
            "\(host) did not answer within the time budget of \(DurationText.format(budget)) (WEATHER_TIMEOUT); try again later"
        case .tooLarge(let host, let limit):
            "\(host) sent more than \(limit / 1_048_576) MiB; refusing a response that large"
        case .tooManyHeaders(let host, let limit):
            "\(host) sent more than \(limit / 1024) KiB of headers; refusing a response like that"
        case .badRedirect(let host, let error):
            "\(host) redirected the request where weather does not follow (\(error.message))"
        case .insecure(let host, let error):
            "cannot set up a secure connection to \(host) (\(error.message))"
        case .transfer(let host, let error):
            "the request to \(host) failed (\(error.message)); try again later"
        case .stopped(let host, let signal):
            "stopped by \(StopSignal.name(signal)) while waiting for \(host)"
        }
    }
}

/// A libcurl error code with libcurl's own words for it.
public struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `CURLcode`.
    public var code: Int
    /// libcurl's detailed message when it gave one, otherwise `curl_easy_strerror`.
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "curl error \(code): \(message)" }
}

/// The parts of a URL that requests and messages need.
public struct URLParts: Sendable, Equatable {
    /// `http` or `https`, lowercased.
    public var scheme: String
    /// The host with its port when it has one: `127.0.0.1:8080`.
    public var authority: String

    /// Splits an absolute `http` or `https` URL; `nil` for anything else.
    public init?(_ url: String) {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        let scheme = url[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace }) else { return nil }
        self.scheme = scheme
        self.authority = host
    }
}
