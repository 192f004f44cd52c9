import WeatherModel

/// A libcurl error code with libcurl's own words for it.
public struct CurlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `CURLcode`.
    package var code: Int
    /// libcurl's detailed message when it gave one, otherwise `curl_easy_strerror`.
    package var message: String

    package init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { tr("curl error %1$d: %2$s", String(code), message) }
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
            tr("cannot request %1$s: %2$s", url, reason)
        case .unreachable(let host, let error):
            tr("cannot reach %1$s (%2$s); check the network connection and try again", host, error.message)
        case .timedOut(let host, let budget):
            tr("%1$s did not answer within the time budget of %2$s; try again later", host, "\(budget)")
        case .tooLarge(let host, let limit):
            tr("%1$s sent more than %2$d MiB; refusing a response that large", host, String(limit / 1_048_576))
        case .tooManyHeaders(let host, let limit):
            tr("%1$s sent more than %2$d KiB of headers; refusing a response like that", host, String(limit / 1024))
        case .badRedirect(let host, let error):
            tr("%1$s redirected the request where weather does not follow (%2$s)", host, error.message)
        case .insecure(let host, let error):
            tr("cannot set up a secure connection to %1$s (%2$s)", host, error.message)
        case .transfer(let host, let error):
            tr("the request to %1$s failed (%2$s); try again later", host, error.message)
        case .stopped(let host, let signal):
            tr("stopped by %1$s while waiting for %2$s", StopSignal.name(signal), host)
        }
    }
}
