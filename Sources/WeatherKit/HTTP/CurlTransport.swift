import CCurl

/// The HTTP transport over libcurl, with the limits every request of ours obeys.
///
/// - A total deadline shared by the whole run, plus a connect timeout.
/// - Bodies over `maximumBodySize` (1 MiB) are refused, compressed or not.
/// - Only `http` and `https`; redirects at most 3, and only to `https`.
/// - gzip accepted, TLS always verified, no signals (`CURLOPT_NOSIGNAL`).
public struct CurlTransport: HTTPTransport {
    /// The largest body accepted, after decompression.
    public static let maximumBodySize = 1 << 20
    /// The longest wait for a connection, when the budget leaves that much.
    public static let connectTimeout = 10.0

    /// Sent with every request: the program, its version and where to learn about it.
    public let userAgent: String

    public init(userAgent: String = WeatherKitInfo.userAgent) {
        self.userAgent = userAgent
    }

    public func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse {
        guard let parts = URLParts(request.url) else {
            throw .invalidURL(request.url, reason: "only http and https URLs are supported")
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
                throw CurlError(code: Int(CURLE_BAD_FUNCTION_ARGUMENT.rawValue), message: "refusing to send a malformed \(name.printable) header")
            }
            lines.append("\(name): \(value)")
        }
        try handle.setHeaders(lines)
    }
}

/// Collects one transfer's headers and body, refusing bodies over a limit, and headers over another.
package final class ResponseSink {
    /// The most header bytes accepted across a transfer's responses: real ones send a kilobyte or two.
    package static let headerLimit = 64 * 1024

    let limit: Int
    var body: [UInt8] = []
    package var headers = HTTPHeaders()
    var exceededLimit = false
    var exceededHeaderLimit = false
    private var headerBytes = 0

    package init(limit: Int) { self.limit = limit }

    /// Takes a chunk of body; `false` when it would exceed the limit.
    func receive(body chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= limit else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// Takes one header line; a status line starts a new response (after a redirect or a 100 Continue).
    /// `false` when the headers exceed `headerLimit`, which ends the transfer.
    package func receive(headerLine chunk: UnsafeRawBufferPointer) -> Bool {
        headerBytes += chunk.count
        guard headerBytes <= Self.headerLimit else {
            exceededHeaderLimit = true
            return false
        }
        let line = String(decoding: chunk, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].trimmingWhitespace()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        if !name.isEmpty { headers.append(name: name, value: value) }
        return true
    }
}

/// libcurl, opened with dlopen on first use: the first request pays for loading it, `weather show` never.
final class CurlLibrary: @unchecked Sendable {
    /// The names libcurl goes by on Debian and its relatives: the OpenSSL build, then the GnuTLS one.
    static let names = ["libcurl.so.4", "libcurl-gnutls.so.4"]

    /// The table of functions; written once, before the instance is shared, and only read after.
    let api: weather_curl_api

    private init(api: weather_curl_api) {
        self.api = api
    }

    /// The loaded library, after `curl_global_init`, or why there is none. Loaded once per process.
    static let shared = load(names)

    /// Opens the first of `names` that loads; the error names the package to install when none does.
    static func load(_ names: [String]) -> Result<CurlLibrary, CurlError> {
        var api = weather_curl_api()
        var problems: [String] = []
        for name in names {
            if let problem = weather_curl_load(name, &api) {
                problems.append(String(cString: problem))
                continue
            }
            let code = api.global_init(Int(CURL_GLOBAL_DEFAULT))
            guard code == CURLE_OK else {
                return .failure(CurlError(code: Int(code.rawValue), message: api.easy_strerror(code).map { String(cString: $0) } ?? "curl_global_init failed"))
            }
            return .success(CurlLibrary(api: api))
        }
        return .failure(CurlError(
            code: Int(CURLE_FAILED_INIT.rawValue),
            message: "libcurl is not installed (\(problems.first ?? "libcurl.so.4 not found")); install it with: sudo apt-get install libcurl4"
        ))
    }
}

/// One libcurl easy handle, cleaned up with its header list when released.
final class EasyHandle {
    private let curl: weather_curl_api
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl writes its detailed error message here (`CURLOPT_ERRORBUFFER`).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    init() throws(CurlError) {
        let curl: weather_curl_api
        switch CurlLibrary.shared {
        case .success(let library): curl = library.api
        case .failure(let error):
            errorBuffer.deallocate()
            throw error
        }
        guard let handle = curl.easy_init() else {
            errorBuffer.deallocate()
            throw CurlError(code: Int(CURLE_FAILED_INIT.rawValue), message: "libcurl could not start")
        }
        self.curl = curl
        self.handle = handle
        errorBuffer.initialize(to: 0)
        withUnsafePointer(to: curl) { api in
            _ = weather_curl_setopt_pointer(api, handle, CURLOPT_ERRORBUFFER, errorBuffer)
        }
    }

    deinit {
        curl.easy_cleanup(handle)
        curl.slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Sets a numeric option.
    func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_long($0, handle, option, value) })
    }

    /// Sets a size option (`curl_off_t`).
    func set(_ option: CURLoption, offset value: Int64) throws(CurlError) {
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_offset($0, handle, option, curl_off_t(value)) })
    }

    /// Sets a string option; libcurl keeps its own copy.
    func set(_ option: CURLoption, _ value: String) throws(CurlError) {
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_string($0, handle, option, value) })
    }

    /// Replaces the extra request headers; the list lives as long as the handle.
    func setHeaders(_ lines: [String]) throws(CurlError) {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let appended = curl.slist_append(list, line) else {
                curl.slist_free_all(list)
                throw CurlError(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "out of memory")
            }
            list = appended
        }
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_list($0, handle, CURLOPT_HTTPHEADER, list) })
        curl.slist_free_all(headerList)
        headerList = list
    }

    /// Runs the transfer, sending headers and body to `sink`; returns the `CURLcode`.
    func perform(into sink: ResponseSink) -> Int {
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let onBody: weather_curl_data_callback = { buffer, size, count, context in
            let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
            let chunk = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return sink.receive(body: chunk) ? size * count : 0
        }
        let onHeader: weather_curl_data_callback = { buffer, size, count, context in
            let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
            return sink.receive(headerLine: UnsafeRawBufferPointer(start: buffer, count: size * count)) ? size * count : 0
        }
        // Called about once a second even while nothing arrives: the moment to give up when stopped.
        let onProgress: weather_curl_progress_callback = { _, _, _, _, _ in
            StopSignal.received == nil ? 0 : 1
        }
        withUnsafePointer(to: curl) { api in
            _ = weather_curl_setopt_callback(api, handle, CURLOPT_WRITEFUNCTION, onBody)
            _ = weather_curl_setopt_pointer(api, handle, CURLOPT_WRITEDATA, context)
            _ = weather_curl_setopt_callback(api, handle, CURLOPT_HEADERFUNCTION, onHeader)
            _ = weather_curl_setopt_pointer(api, handle, CURLOPT_HEADERDATA, context)
            _ = weather_curl_setopt_progress(api, handle, CURLOPT_XFERINFOFUNCTION, onProgress)
            _ = weather_curl_setopt_long(api, handle, CURLOPT_NOPROGRESS, 0)
        }
        return withExtendedLifetime(sink) { Int(curl.easy_perform(handle).rawValue) }
    }

    /// The last response's status code.
    var responseCode: Int {
        var code = 0
        withUnsafePointer(to: curl) { _ = weather_curl_getinfo_long($0, handle, CURLINFO_RESPONSE_CODE, &code) }
        return code
    }

    /// `code` in libcurl's words: the detailed message if it left one, else `curl_easy_strerror`.
    func error(_ code: Int) -> CurlError {
        let detail = String(cString: errorBuffer)
        let words = curl.easy_strerror(CURLcode(rawValue: UInt32(code))).map { String(cString: $0) } ?? "curl error \(code)"
        let message = detail.isEmpty ? words : detail
        return CurlError(code: code, message: message)
    }

    private func check(_ code: CURLcode) throws(CurlError) {
        guard code == CURLE_OK else { throw error(Int(code.rawValue)) }
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
