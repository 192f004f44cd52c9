import WeatherModel

/// A libcurl error code with libcurl's own words for it.
public struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `CURLcode`.
    var code: Int
    /// libcurl's detailed message when it gave one, otherwise `curl_easy_strerror`.
    var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "curl error \(code): \(message)" }
}

/// A request that got no usable HTTP response.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL is not one we send requests to.
    case invalidURL(String, reason: String)
    /// The host could not be found or reached.
    case unreachable(host: String, CurlError)
    /// The run's time budget ran out.
    case timedOut(host: String, budget: TimeBudget)
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
            "\(host) did not answer within the time budget of \(budget); try again later"
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
