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
