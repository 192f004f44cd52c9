import Foundation
import TestSupport

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// One GET to the fixture server as a client of MET Norway or a warnings service sends it, over the real
/// transport, and what came back: for the tests that keep the server true to those services.
struct ServiceExchange {
    /// A User-Agent that names an application and a contact, as MET Norway asks.
    static let agent = "weather/0.1.0 (tests@example.org)"

    let response: HTTPResponse

    /// GETs `url` with `agent` as the User-Agent (none at all when nil) and `headers`.
    init(_ url: String, agent: String? = Self.agent, headers: [(name: String, value: String)] = []) throws {
        // An empty User-Agent line makes libcurl send none.
        let all = headers + [("User-Agent", agent ?? "")]
        response = try CurlTransport().send(HTTPRequest(url: url, headers: all), before: Deadline(seconds: 20))
    }

    var status: Int { response.status }
    var text: String { String(decoding: response.body, as: UTF8.self) }
    func header(_ name: String) -> String? { response.headers[name] }

    /// The body as a JSON object.
    func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
            throw TestFailure("the body is no JSON object: \(text.prefix(200))")
        }
        return object
    }

    /// An IMF-fixdate header (`Mon, 20 Jul 2020 11:44:31 GMT`) as seconds since 1970.
    func date(_ name: String) throws -> Double {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let value = header(name), let date = formatter.date(from: value) else {
            throw TestFailure("no HTTP date in \(name): \(header(name) ?? "nil")")
        }
        return date.timeIntervalSince1970
    }
}

extension [String: Any] {
    /// The object under `key`, or a failure that names it.
    func object(_ key: String) throws -> [String: Any] {
        guard let value = self[key] as? [String: Any] else { throw TestFailure("no object \(key) in \(keys)") }
        return value
    }

    /// The array of objects under `key`.
    func objects(_ key: String) throws -> [[String: Any]] {
        guard let value = self[key] as? [[String: Any]] else { throw TestFailure("no array \(key) in \(keys)") }
        return value
    }

    /// The string under `key`.
    func string(_ key: String) throws -> String {
        guard let value = self[key] as? String else { throw TestFailure("no string \(key) in \(keys)") }
        return value
    }

    /// The array of numbers under `key`.
    func numbers(_ key: String) throws -> [Double] {
        guard let value = self[key] as? [NSNumber] else { throw TestFailure("no numbers \(key) in \(keys)") }
        return value.map(\.doubleValue)
    }

    /// The number under `key`.
    func number(_ key: String) throws -> Double {
        guard let value = self[key] as? NSNumber else { throw TestFailure("no number \(key) in \(keys)") }
        return value.doubleValue
    }
}

extension Array {
    /// The element at `index`, or a failure: a test that indexes what a server sent must fail, not trap
    /// (a trap ends the whole test run and leaves its servers behind).
    subscript(at index: Int) -> Element {
        get throws {
            guard indices.contains(index) else { throw TestFailure("no element \(index) among \(count)") }
            return self[index]
        }
    }
}

/// Seconds since 1970 of an ISO 8601 date-time with `Z` or an offset, such as the services write.
func isoSeconds(_ text: String) throws -> Double {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { throw TestFailure("not an ISO 8601 date-time: \(text)") }
    return date.timeIntervalSince1970
}
