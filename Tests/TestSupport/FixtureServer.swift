public import Foundation
import Glibc
import Synchronization
import Testing

/// The loopback stand-in for Open-Meteo and the other services `weather` reads (`fixture-server.py`).
///
/// One server process serves a whole test process: each `FixtureServer` is a sandbox's part of it, the
/// paths under `/sandbox-KEY/`, with its own scripted answers, request log and clock. (A TLS server is a
/// process of its own.) Its request log is the truth about what `weather` sent.
public final class FixtureServer: @unchecked Sendable {
    /// `http://127.0.0.1:PORT/sandbox-KEY`.
    public let baseURL: String
    /// `127.0.0.1:PORT`: the host weather names in its messages.
    public var host: String { String(process.baseURL.split(separator: "/").last ?? "") }
    public var searchURL: String { baseURL + "/v1/search" }
    public var forecastURL: String { baseURL + "/v1/forecast" }
    /// MET Norway's Locationforecast 2.0 `complete` (`WEATHER_MET_URL`).
    public var metURL: String { baseURL + "/weatherapi/locationforecast/2.0/complete" }
    /// The National Weather Service's active alerts, `?point=LAT,LON` (`WEATHER_NWS_ALERTS_URL`).
    public var nwsAlertsURL: String { baseURL + "/alerts/active" }
    /// DWD's warnings through Bright Sky, `?lat=&lon=` (`WEATHER_DWD_ALERTS_URL`).
    public var dwdAlertsURL: String { baseURL + "/alerts" }
    /// MET Norway's MetAlerts 2.0, `?lat=&lon=&lang=` (`WEATHER_METALERTS_URL`).
    public var metAlertsURL: String { baseURL + "/weatherapi/metalerts/2.0/current.json" }
    /// Open-Meteo's air quality API (`WEATHER_AIR_QUALITY_URL`).
    public var airQualityURL: String { baseURL + "/v1/air-quality" }
    private let process: ServerProcess
    /// `/sandbox-KEY`, or empty for a server of its own.
    private let prefix: String

    /// A sandbox's part of the test process's server, started when first asked for, its clock at
    /// `moment`; with `tls`, an HTTPS server of its own with a self-signed certificate that no client
    /// should trust.
    public init(at moment: TestMoment, tls: Bool = false) throws {
        // A fresh clone's machine may lack Python: the unit tests of the fixture server skip, saying so; the
        // end-to-end tests, which make test runs after installing it, fail.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            let reason = "no /usr/bin/python3, which runs the fixture server (make deps installs it)"
            if EndToEnd.isOn { throw TestFailure(reason) }
            try Test.cancel("skipped: \(reason)")
        }
        if tls {
            process = try ServerProcess(tls: true)
            prefix = ""
        } else {
            process = try ServerProcess.shared.get()
            prefix = "/sandbox-\(Self.parts.add(1, ordering: .relaxed).newValue)"
        }
        baseURL = process.baseURL + prefix
        if moment.realClockReason == nil, !tls {
            // wall clock: a running moment runs on with the real clock from its reading now, as weather's does.
            try setClock(to: moment.seconds, since: moment.runs ? Date() : nil)
        }
    }

    deinit {
        // The shared server forgets this part; a server of its own ends with it.
        if !prefix.isEmpty { _ = try? control("DELETE", "/_control/space") }
    }

    /// How many parts were handed out.
    private static let parts = Atomic<Int>(0)

    /// A running `fixture-server.py`.
    private final class ServerProcess: @unchecked Sendable {
        let baseURL: String
        let port: UInt16
        private let process: Process

        /// The test process's server, started on first use: `WEATHER_TEST_DATA_INTERVAL=5` makes Open-Meteo's
        /// current data change every 5 s instead of every 15 min (`--data-interval`), to find a test that
        /// leans on the data staying the same.
        static let shared = Result { try ServerProcess(tls: false) }

        init(tls: Bool) throws {
            process = Process()
            // The system's Python, not a shim that would stand between us and the server's process.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [TestPaths.fixtureServer, "--port", "0", "--fixtures", TestPaths.fixtures]
            if let interval = ProcessInfo.processInfo.environment["WEATHER_TEST_DATA_INTERVAL"], !interval.isEmpty {
                process.arguments! += ["--data-interval", interval]
            }
            if tls { process.arguments! += ["--tls"] + (try FixtureServer.selfSignedCertificate()) }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw TestFailure("the fixture server did not start") }
                line.append(chunk)
            }
            baseURL = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let port = baseURL.split(separator: ":").last.flatMap({ UInt16($0) }),
                !tls || baseURL.hasPrefix("https://")
            else {
                throw TestFailure("the fixture server printed \(baseURL)")
            }
            self.port = port
        }

        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A fresh self-signed certificate for 127.0.0.1 and its key, made with openssl: the paths.
    fileprivate static func selfSignedCertificate() throws -> [String] {
        let folder = NSTemporaryDirectory() + "weather-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw TestFailure("openssl could not make a certificate") }
        return [folder + "/cert.pem", folder + "/key.pem"]
    }

    /// A scripted answer; see `fixture-server.py` for each field.
    public struct Response: Encodable, Sendable {
        public var status: Int?
        public var fixture: String?
        public var body: String?
        public var headers: [String: String]?
        public var delay: Double?
        public var trickle: Double?
        public var truncate: Int?
        public var huge: Int?
        public var unannounced: Bool?
        public var drop: Bool?
        public var encoding: Encoding?
        public var chunked: Bool?
        public var times: Int?

        public init(
            status: Int? = nil, fixture: String? = nil, body: String? = nil, headers: [String: String]? = nil,
            delay: Double? = nil, trickle: Double? = nil, truncate: Int? = nil, huge: Int? = nil,
            unannounced: Bool? = nil, drop: Bool? = nil, encoding: Encoding? = nil, chunked: Bool? = nil,
            times: Int? = nil
        ) {
            self.status = status
            self.fixture = fixture
            self.body = body
            self.headers = headers
            self.delay = delay
            self.trickle = trickle
            self.truncate = truncate
            self.huge = huge
            self.unannounced = unannounced
            self.drop = drop
            self.encoding = encoding
            self.chunked = chunked
            self.times = times
        }
    }

    /// How a scripted answer's body is compressed: as the real service does (`deflate`, zlib-wrapped), as
    /// other services do (`gzip`), or not at all.
    public enum Encoding: String, Encodable, Sendable {
        case deflate
        case gzip
        case identity
    }

    /// What the server answers, by the name its request log and scripts give it.
    public enum Route: String, Sendable {
        /// Open-Meteo's geocoding.
        case search
        /// Open-Meteo's forecast.
        case forecast
        /// MET Norway's Locationforecast.
        case met
        /// The National Weather Service's active alerts.
        case nws
        /// DWD's warnings through Bright Sky.
        case brightsky
        /// MET Norway's MetAlerts.
        case metalerts
        /// Open-Meteo's air quality.
        case airQuality = "air-quality"
    }

    /// A request the server received.
    public struct Request: Decodable, Sendable {
        public var method: String
        public var path: String
        public var query: [String: String]
        public var headers: [String: String]
        /// How many calls Open-Meteo's free API counts the request as (its `calculateQueryWeight`).
        public var weight: Double
        public var time: Double
        /// The route that answered it, nil for a path the server does not know.
        public var route: String?
        /// The status it was answered with; nil while unanswered (or dropped).
        public var status: Int?

        /// A header's value, whatever the case of its name.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// Queues `responses` for the next requests to `route`, before the normal fixtures.
    public func script(_ route: Route, _ responses: [Response]) throws {
        struct Body: Encodable {
            let route: String
            let responses: [Response]
        }
        _ = try control(
            "POST", "/_control/responses", body: JSONEncoder().encode(Body(route: route.rawValue, responses: responses))
        )
    }

    /// Every request so far, to `route` when given.
    public func requests(_ route: Route? = nil) throws -> [Request] {
        let all = try JSONDecoder().decode([Request].self, from: control("GET", "/_control/requests"))
        guard let route else { return all }
        return all.filter { $0.route == route.rawValue }
    }

    /// Drops every scripted response not yet used.
    public func clearScript() throws {
        _ = try control("DELETE", "/_control/responses")
    }

    /// Forgets the requests so far.
    public func clearRequests() throws {
        _ = try control("DELETE", "/_control/requests")
    }

    /// Sets the server's "now" (this sandbox's) to `moment`, seconds since 1970: standing still there, or
    /// with `since`, running on from there as the real clock runs on from `since`.
    public func setClock(to moment: Double, since: Date? = nil) throws {
        let runs = since.map { #", "runs": true, "since": \#($0.timeIntervalSince1970)"# } ?? ""
        _ = try control("POST", "/_control/clock", body: Data("{\"now\": \(moment)\(runs)}".utf8))
    }

    /// The body of `GET path` (`/v1/search?name=Berlin`), answered with 200, as a client of its own asks:
    /// HTTP/1.0 over a plain socket, no compression.
    public func get(_ path: String) throws -> Data {
        try control("GET", path)
    }

    /// One HTTP/1.0 exchange over a plain socket, so that the control channel shares nothing with libcurl.
    /// (Not for a TLS server, whose control channel is closed to plain sockets.)
    private func control(_ method: String, _ path: String, body: Data = Data()) throws -> Data {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = process.port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw TestFailure("cannot connect to the fixture server: \(errno)") }
        var request = Data(
            "\(method) \(prefix)\(path) HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
                .utf8
        )
        request.append(body)
        try request.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                guard written > 0 else { throw TestFailure("cannot write to the fixture server") }
                offset += written
            }
        }
        var response = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { break }
            response.append(contentsOf: chunk[..<count])
        }
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { throw TestFailure("bad control response") }
        let head = String(decoding: response[..<split.lowerBound], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.0 200") || head.hasPrefix("HTTP/1.1 200") else {
            throw TestFailure("control: \(head)")
        }
        return response[split.upperBound...]
    }
}

/// A failure of the test set-up itself, with a sentence saying what.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
