import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("CurlTransport over real sockets")
struct CurlTransportTests {
    let server: FixtureServer
    let transport = CurlTransport()

    init() throws {
        server = try FixtureServer(at: .fixtures)
    }

    func get(_ url: String? = nil, budget: Double = 10) throws(HTTPError) -> HTTPResponse {
        try transport.send(
            HTTPRequest(url: url ?? server.forecastURL + "?latitude=52.52&longitude=13.41"),
            before: Deadline(seconds: budget))
    }

    @Test(
        "a plain GET: status, headers, the body decoded as the service compressed it, and who we are",
        arguments: [
            (nil, "deflate"), (FixtureServer.Encoding.gzip, "gzip"), (.identity, nil),
        ] as [(FixtureServer.Encoding?, String?)])
    func plainGet(encoding: FixtureServer.Encoding?, contentEncoding: String?) throws {
        try server.script(
            .forecast,
            [
                .init(
                    fixture: "open-meteo/forecast/berlin.json",
                    headers: ["ETag": "\"v1\"", "Cache-Control": "max-age=60"], encoding: encoding)
            ])
        let response = try get()
        #expect(response.status == 200)
        #expect(response.headers["etag"] == "\"v1\"")
        #expect(response.headers["Content-Encoding"] == contentEncoding)
        #expect(response.headers["Transfer-Encoding"] == "chunked")
        #expect(try ForecastResponse.decode(response.body).conditions.temperature == 10.9)
        let request = try #require(try server.requests(.forecast).last)
        #expect(request.header("User-Agent") == "weather/\(WeatherKitInfo.version)")
        #expect(request.header("Accept-Encoding")?.contains("deflate") == true)
        #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
    }

    @Test("an answer as the real service sends it: deflate, chunked, Date and CORS, and no validators")
    func realShape() throws {
        let response = try get()
        #expect(response.status == 200)
        #expect(response.headers["Content-Encoding"] == "deflate")
        #expect(response.headers["Transfer-Encoding"] == "chunked")
        #expect(response.headers["Date"].flatMap(HTTPDate.parse) != nil)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        for validator in ["ETag", "Last-Modified", "Cache-Control", "Expires", "Retry-After", "Server"] {
            #expect(response.headers[validator] == nil, "\(validator)")
        }
        #expect(try ForecastResponse.decode(response.body).conditions.temperature == 10.9)
    }

    @Test("extra request headers are sent as given")
    func requestHeaders() throws {
        _ = try transport.send(
            HTTPRequest(url: server.forecastURL + "?latitude=1&longitude=1", headers: [("If-None-Match", "\"v1\"")]),
            before: Deadline(seconds: 10)
        )
        #expect(try server.requests(.forecast).last?.header("If-None-Match") == "\"v1\"")
    }

    @Test("error statuses come back as responses, for the provider to read")
    func errorStatus() throws {
        try server.script(.forecast, [.init(status: 503, body: "{\"error\":true,\"reason\":\"busy\"}")])
        let response = try get()
        #expect(response.status == 503)
        #expect(ResponseBody.errorReason(response.body) == "busy")
    }

    @Test(
        "bodies over 1 MiB are refused, announced or not, compressed or not",
        arguments: [
            FixtureServer.Response(huge: 2_000_000, encoding: .identity),
            FixtureServer.Response(huge: 2_000_000),
            FixtureServer.Response(huge: 2_000_000, encoding: .gzip),
            FixtureServer.Response(huge: 2_000_000, encoding: .gzip, chunked: false),
            FixtureServer.Response(huge: 1_100_000, unannounced: true, encoding: .identity),
        ])
    func tooLarge(response: FixtureServer.Response) throws {
        try server.script(.forecast, [response])
        #expect(throws: HTTPError.tooLarge(host: server.host, limit: 1 << 20)) {
            _ = try get()
        }
    }

    @Test("a body just under the limit is accepted")
    func justUnder() throws {
        try server.script(.forecast, [.init(huge: (1 << 20) - 100)])
        #expect(try get().body.count > 1_000_000)
    }

    @Test("a server slower than the budget times out within it")
    func timeout() throws {
        try server.script(.forecast, [.init(delay: 5)])
        let started = MonotonicInstant.now()
        #expect(throws: HTTPError.timedOut(host: server.host, budget: 1)) {
            _ = try get(budget: 1)
        }
        #expect(started.elapsed < 2)
    }

    @Test("a spent budget sends nothing")
    func spentBudget() throws {
        #expect(throws: HTTPError.self) { _ = try get(budget: 0) }
        #expect(try server.requests().isEmpty)
    }

    @Test("a redirect to plain http is not followed")
    func redirectToHTTP() throws {
        try server.script(
            .forecast, [.init(status: 302, headers: ["Location": server.forecastURL + "?latitude=1&longitude=1"])])
        #expect {
            _ = try get()
        } throws: { error in
            guard case .badRedirect = error as? HTTPError else { return false }
            return true
        }
        #expect(try server.requests(.forecast).count == 1)
    }

    @Test("TLS certificates are always verified: a self-signed one is refused")
    func verifiesCertificates() throws {
        let secure = try FixtureServer(at: .fixtures, tls: true)
        #expect {
            _ = try get(secure.forecastURL + "?latitude=1&longitude=1")
        } throws: { error in
            guard case .insecure(let host, let curl) = error as? HTTPError else { return false }
            return host == secure.host
                && curl.message.contains("self-signed certificate")
        }
    }

    @Test("a redirect to https is followed")
    func redirectToHTTPS() throws {
        let secure = try FixtureServer(at: .fixtures, tls: true)
        try server.script(
            .forecast, [.init(status: 302, headers: ["Location": secure.forecastURL + "?latitude=1&longitude=1"])])
        #expect {
            _ = try get()
        } throws: { error in
            // Followed to the https server, where the untrusted certificate stops it.
            guard case .insecure(let host, _) = error as? HTTPError else { return false }
            return host == server.host
        }
    }

    @Test(
        "transport failures carry libcurl's words",
        arguments: [
            (FixtureServer.Response(drop: true), "Empty reply from server"),
            (FixtureServer.Response(truncate: 100), "transfer closed with"),
        ])
    func failures(response: FixtureServer.Response, words: String) throws {
        try server.script(
            .forecast,
            [
                .init(
                    fixture: "open-meteo/forecast/berlin.json", truncate: response.truncate, drop: response.drop)
            ])
        #expect {
            _ = try get()
        } throws: { error in
            guard case .transfer(_, let curl) = error as? HTTPError else { return false }
            return curl.message.contains(words)
        }
    }

    @Test(
        "a compressed answer cut short, without a length, before its first whole piece: cut short, not empty",
        arguments: [FixtureServer.Encoding.deflate, .gzip])
    func cutShortBeforeAnyText(encoding: FixtureServer.Encoding) throws {
        try server.script(
            .forecast,
            [.init(fixture: "open-meteo/forecast/berlin.json", truncate: 10, unannounced: true, encoding: encoding)])
        #expect {
            _ = try get()
        } throws: { error in
            guard case .transfer(_, let curl) = error as? HTTPError else { return false }
            return curl.code == 18 && curl.message == "the answer was cut short after 10 bytes, before any of its text"
        }
        // An answer that is empty is still empty: nothing came.
        try server.script(.forecast, [.init(body: "", unannounced: true, encoding: .identity)])
        #expect(try get().body.isEmpty)
    }

    @Test("nobody listening is unreachable")
    func unreachable() {
        #expect {
            _ = try get("http://127.0.0.1:1/v1/forecast")
        } throws: { error in
            guard case .unreachable(let host, let curl) = error as? HTTPError else { return false }
            return host == "127.0.0.1:1" && curl.code == 7
        }
    }

    @Test("only http and https URLs are requested", arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "nonsense"])
    func schemes(url: String) {
        #expect {
            _ = try get(url)
        } throws: { error in
            guard case .invalidURL = error as? HTTPError else { return false }
            return true
        }
    }
}

extension String {
    func replacingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}

@Suite("libcurl, loaded on demand")
struct CurlLibraryTests {
    @Test("a missing libcurl is one sentence naming the package to install")
    func missing() {
        guard case .failure(let error) = CurlLibrary.load(["libcurl-that-does-not-exist.so.4"]) else {
            Issue.record("a library that does not exist loaded")
            return
        }
        #expect(
            error.message.hasPrefix(
                "libcurl is not installed (libcurl-that-does-not-exist.so.4: cannot open shared object file"))
        #expect(error.message.hasSuffix("; install it with: sudo apt-get install libcurl4"))
    }

    @Test("the first name that loads is used")
    func fallback() {
        guard case .success = CurlLibrary.load(["libcurl-that-does-not-exist.so.4"] + CurlLibrary.names) else {
            Issue.record("libcurl did not load")
            return
        }
    }
}
