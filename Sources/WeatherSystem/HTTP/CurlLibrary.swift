import CCurl
import WeatherModel

/// libcurl, opened with dlopen on first use: the first request pays for loading it, `weather show` never.
final class CurlLibrary: @unchecked Sendable {
    /// The names libcurl goes by on Debian and its relatives: the OpenSSL build, then the GnuTLS one.
    package static let names = ["libcurl.so.4", "libcurl-gnutls.so.4"]

    /// The table of functions; written once, before the instance is shared, and only read after.
    package let api: weather_curl_api

    private init(api: weather_curl_api) {
        self.api = api
    }

    /// A library opened, or why none could be. Not a `Result`, whose generic metadata the runtime would
    /// build by a scan of every protocol conformance in the program, for `Failure: Error`.
    package enum Loading {
        case success(CurlLibrary)
        case failure(CurlError)
    }

    /// The loaded library, after `curl_global_init`, or why there is none. Loaded once per process.
    package static let shared = load(names)

    /// Opens the first of `names` that loads; the error names the package to install when none does.
    package static func load(_ names: [String]) -> Loading {
        var api = weather_curl_api()
        var problems: [String] = []
        for name in names {
            if let problem = weather_curl_load(name, &api) {
                problems.append(String(cString: problem))
                continue
            }
            let code = api.global_init(Int(CURL_GLOBAL_DEFAULT))
            guard code == CURLE_OK else {
                return .failure(
                    CurlError(
                        code: Int(code.rawValue),
                        message: api.easy_strerror(code).map { String(cString: $0) } ?? "curl_global_init failed"))
            }
            return .success(CurlLibrary(api: api))
        }
        return .failure(
            CurlError(
                code: Int(CURLE_FAILED_INIT.rawValue),
                message:
                    tr(
                        "libcurl is not installed (%s); install it with: sudo apt-get install libcurl4",
                        problems.first ?? tr("libcurl.so.4 not found"))
            ))
    }
}
