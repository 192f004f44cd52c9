import CCurl
import WeatherModel

/// The HTTP transport over libcurl, with the limits every request of ours obeys.
///
/// - A total deadline shared by the whole run, plus a connect timeout.
/// - Bodies over `maximumBodySize` (1 MiB) are refused, compressed or not.
/// - Only `http` and `https`; redirects at most 3, and only to `https`.
/// - gzip accepted, TLS always verified, no signals (`CURLOPT_NOSIGNAL`).
package struct CurlTransport: HTTPTransport {
    /// The largest body accepted, after decompression.
    static let maximumBodySize = 1 << 20
    /// The longest wait for a connection, when the budget leaves that much.
    static let connectTimeout = 10.0

    /// Sent with every request: the program, its version and where to learn about it.
    package let userAgent: String

    package init(userAgent: String = WeatherKitInfo.userAgent(contact: nil)) {
        self.userAgent = userAgent
    }

    package func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse {
        guard let parts = URLParts(request.url) else {
            throw .invalidURL(request.url, reason: tr("only http and https URLs are supported"))
        }
        let host = parts.authority
        guard !deadline.hasPassed else { throw .timedOut(host: host, budget: deadline.budget) }
        let handle: EasyHandle
        do {
            handle = try EasyHandle()
            try configure(handle, for: request, deadline: deadline)
        } catch {
            throw .transfer(host: host, error)
        }
        let sink = ResponseSink(limit: Self.maximumBodySize)
        let code = handle.perform(into: sink)
        if let signal = StopSignal.received { throw .stopped(host: host, signal: signal) }
        if sink.exceededHeaderLimit { throw .tooManyHeaders(host: host, limit: ResponseSink.headerLimit) }
        if sink.exceededLimit || code == CURLE_FILESIZE_EXCEEDED.rawValue {
            throw .tooLarge(host: host, limit: Self.maximumBodySize)
        }
        guard code == CURLE_OK.rawValue else {
            let error = handle.error(code)
            switch CURLcode(rawValue: UInt32(code)) {
            case CURLE_OPERATION_TIMEDOUT:
                throw .timedOut(host: host, budget: deadline.budget)
            case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
                throw .unreachable(host: host, error)
            case CURLE_TOO_MANY_REDIRECTS, CURLE_UNSUPPORTED_PROTOCOL:
                throw .badRedirect(host: host, error)
            case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
                CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
                throw .insecure(host: host, error)
            default:
                throw .transfer(host: host, error)
            }
        }
        let received = handle.bodyBytesReceived
        if sink.body.isEmpty, received > 0 {
            // A compressed answer that ends without notice (no length, the connection closed) before its
            // first whole piece: libcurl decodes it to nothing and reports no error. It was cut short,
            // not empty.
            throw .transfer(
                host: host,
                CurlError(
                    code: Int(CURLE_PARTIAL_FILE.rawValue),
                    message: trn(
                        "the answer was cut short after %d byte, before any of its text",
                        "the answer was cut short after %d bytes, before any of its text", received, String(received))))
        }
        return HTTPResponse(status: handle.responseCode, headers: sink.headers, body: sink.body)
    }

    private func configure(_ handle: EasyHandle, for request: HTTPRequest, deadline: Deadline) throws(CurlError) {
        let remainingMilliseconds = max(1, Int((deadline.remaining * 1000).rounded(.up)))
        try handle.set(CURLOPT_URL, request.url)
        try handle.set(CURLOPT_NOSIGNAL, 1)
        try handle.set(CURLOPT_PROTOCOLS_STR, "http,https")
        try handle.set(CURLOPT_FOLLOWLOCATION, 1)
        try handle.set(CURLOPT_MAXREDIRS, 3)
        try handle.set(CURLOPT_REDIR_PROTOCOLS_STR, "https")
        try handle.set(CURLOPT_SSL_VERIFYPEER, 1)
        try handle.set(CURLOPT_SSL_VERIFYHOST, 2)
        try handle.set(CURLOPT_ACCEPT_ENCODING, "")
        try handle.set(CURLOPT_USERAGENT, userAgent)
        try handle.set(CURLOPT_TIMEOUT_MS, remainingMilliseconds)
        try handle.set(CURLOPT_CONNECTTIMEOUT_MS, min(remainingMilliseconds, Int(Self.connectTimeout * 1000)))
        try handle.set(CURLOPT_MAXFILESIZE_LARGE, offset: Int64(Self.maximumBodySize))
        var lines: [String] = []
        for (name, value) in request.headers {
            // A line break would end the header and start another: never sent, whatever a file held.
            guard !name.containsControlCharacters, !value.containsControlCharacters, !name.contains(":") else {
                throw CurlError(
                    code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue),
                    message: tr("refusing to send a malformed %s header", name.printable))
            }
            lines.append("\(name): \(value)")
        }
        try handle.setHeaders(lines)
    }
}
