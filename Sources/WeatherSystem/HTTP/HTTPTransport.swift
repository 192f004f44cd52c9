package import WeatherModel

/// Sends one HTTP GET and returns the whole response: the one small interface over libcurl.
///
/// `CurlTransport` is the real one; a test may pass its own.
package protocol HTTPTransport: Sendable {
    /// Sends `request`, finishing before `deadline` or failing with `.timedOut`.
    func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse
}

/// A GET request.
package struct HTTPRequest: Sendable, Equatable {
    /// An `http` or `https` URL with its query already encoded.
    package var url: String
    /// Extra request headers, such as `If-None-Match`.
    package var headers: [(name: String, value: String)]

    package init(url: String, headers: [(name: String, value: String)] = []) {
        self.url = url
        self.headers = headers
    }

    package static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
        lhs.url == rhs.url && lhs.headers.elementsEqual(rhs.headers) { $0 == $1 }
    }
}

/// A complete response.
package struct HTTPResponse: Sendable {
    /// The status code, such as 200 or 304.
    package var status: Int
    /// The headers of the final response (after redirects).
    package var headers: HTTPHeaders
    /// The body, decoded if it was compressed.
    package var body: [UInt8]

    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
