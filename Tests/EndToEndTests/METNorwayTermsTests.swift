import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// MET Norway's terms of service (docs.api.met.no/doc/TermsOfService), rule by rule, each against the
/// fixture server's Locationforecast, whose request log is the truth about what was sent: a test here fails
/// when weather breaks the rule.
@Suite("MET Norway's terms, rule by rule")
struct METNorwayTermsTests {
    /// 2026-10-08T17:00:00Z. At Berlin (outside the Nordic area) the server publishes a model run at
    /// 16:21:37 and the next at 22:21:37 UTC, with `Expires` 30 to 32 minutes after each answer.
    static let moment = 1_791_478_800.0

    /// An HTTP date (`Thu, 08 Oct 2026 17:31:12 GMT`) in seconds since 1970.
    static func httpDate(_ text: String) -> Double? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)?.timeIntervalSince1970
    }

    @Test("every request names the application and the contact; coordinates with 4 decimals, whole metres")
    func identifyAndTruncate() throws {
        let sandbox = try Sandbox.met()
        try sandbox.setBerlin()
        let request = try #require(try sandbox.server.requests(.met).first)
        let agent = try #require(request.header("User-Agent"))
        #expect(agent.range(of: #"^weather/\d+\.\d+\.\d+ \(ann@example\.org\)$"#, options: .regularExpression) != nil)
        #expect(request.query["lat"] == "52.5244" && request.query["lon"] == "13.4105", "\(request.query)")
        #expect(request.query["altitude"] == "74", "the geocoder's elevation, in whole metres")
        #expect(request.header("Accept-Encoding")?.contains("gzip") == true)
        let geocoding = try #require(try sandbox.server.requests(.search).first)
        #expect(geocoding.header("User-Agent") == agent)
    }

    @Test("without a contact, set and refresh stop before any request, saying what to set; exit 78")
    func noContact() throws {
        let sandbox = try Sandbox.met(contact: nil)
        let set = try sandbox.run("set", "Berlin")
        #expect(set.status == 78)
        #expect(set.errorLines.count == 1 && set.stderr.contains("set WEATHER_CONTACT=you@example.org"), "\(set)")
        #expect(try sandbox.requestCount() == 0, "not even the geocoder")
        #expect(sandbox.contents(sandbox.locationFile) == nil)

        // Saved with a contact, then refreshed without one, once the result has expired.
        let withContact = try sandbox.at(Self.moment).merging(["WEATHER_CONTACT": "ann@example.org"]) { $1 }
        #expect(try sandbox.run(["set", "Berlin"], environment: withContact).status == 0)
        try sandbox.server.clearRequests()
        let later = try sandbox.at(Self.moment + 2400)
        let refresh = try sandbox.run(["refresh"], environment: later)
        #expect(refresh.status == 78, "\(refresh)")
        #expect(refresh.stdout.hasPrefix("failed: ") && refresh.stdout.contains("set WEATHER_CONTACT=you@example.org"))
        let show = try sandbox.run(["show", "--refresh"], environment: later)
        #expect(show.status == 0 && show.stderr.contains("WEATHER_CONTACT=you@example.org"), "\(show)")
        let oneOff = try sandbox.run(["show", "Paris"], environment: later)
        #expect(oneOff.status == 78, "\(oneOff)")
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("MET's own 403 says the same: what to set; exit 78")
    func forbidden() throws {
        let sandbox = try Sandbox.met()
        #expect(try sandbox.run(["set", "Berlin"], environment: try sandbox.at(Self.moment)).status == 0)
        try sandbox.server.script(.met, [.init(status: 403)])
        let refresh = try sandbox.run(["refresh", "--force"], environment: try sandbox.at(Self.moment + 2400))
        #expect(refresh.status == 78, "\(refresh)")
        #expect(refresh.stdout.contains("HTTP 403 Forbidden"))
        #expect(refresh.stdout.contains("set WEATHER_CONTACT=you@example.org"))
    }

    @Test("no request before Expires; after it If-Modified-Since with the stored Last-Modified; a 304 renews")
    func expiresAndRevalidation() throws {
        let sandbox = try Sandbox.met()
        #expect(try sandbox.run(["set", "Berlin"], environment: try sandbox.at(Self.moment)).status == 0)
        let stored = try sandbox.storedHeaders()
        let lastModified = try #require(stored["lastModified"])
        let expires = try #require(stored["expires"].flatMap(Self.httpDate))
        #expect((1800...1920).contains(expires - Self.moment), "\(stored)")

        // Before Expires: nothing, whoever asks.
        try sandbox.server.clearRequests()
        let early = try sandbox.at(Self.moment + 1790)
        let fresh = try sandbox.run(["refresh"], environment: early)
        #expect(fresh.stdout.hasPrefix("noData: the result for Berlin"), "\(fresh)")
        #expect(try sandbox.run(["show", "--refresh"], environment: early).status == 0)
        #expect(try sandbox.run(["forecast", "--refresh"], environment: early).status == 0)
        // Not even forced, nor by set for the place saved, nor for a forecast file gone missing.
        let forced = try sandbox.run(["refresh", "--force"], environment: early)
        #expect(forced.status == 0, "\(forced)")
        #expect(forced.stdout.contains("; MET Norway allows no request before then"), "\(forced)")
        let again = try sandbox.run(["set", "Berlin"], environment: early)
        #expect(again.status == 0 && again.stdout.hasPrefix("Saved Berlin, Land Berlin, Germany"), "\(again)")
        try FileManager.default.removeItem(atPath: sandbox.cacheHome + "/weather/forecast.json")
        let missing = try sandbox.run(["forecast", "--refresh"], environment: early)
        #expect(missing.status == 0 || missing.status == 1, "\(missing)")
        #expect(!missing.stderr.contains("Fatal"), "\(missing)")
        #expect(try sandbox.requestCount(.met) == 0, "set asks the geocoder for the name, never MET")
        #expect(try sandbox.run(["set", "Berlin"], environment: try sandbox.at(Self.moment)).status == 0)
        try sandbox.server.clearRequests()

        // After it: one conditional request, the stored text byte for byte; 304: renewed, no body.
        let after = Self.moment + 1980
        let revalidated = try sandbox.run(["refresh"], environment: try sandbox.at(after))
        #expect(revalidated.stdout.hasPrefix("noData: the weather in Berlin"), "\(revalidated)")
        let conditional = try #require(try sandbox.server.requests(.met).last)
        #expect(conditional.header("If-Modified-Since") == lastModified)
        #expect(conditional.status == 304)
        #expect(try sandbox.requestCount(.met) == 1)
        let renewed = try sandbox.storedHeaders()
        let newExpires = try #require(renewed["expires"].flatMap(Self.httpDate))
        #expect((1800...1920).contains(newExpires - after), "the 304's Expires: \(renewed)")
        #expect(renewed["lastModified"] == lastModified)
        let json = try sandbox.json(["show", "--json"], environment: try sandbox.at(after))
        let updatedAt = try #require((json["updatedAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
        #expect(abs(updatedAt.timeIntervalSince1970 - after) < 5, "the 304 renewed updatedAt")
        #expect(json["stale"] as? Bool == false)

        // Fresh again until the new Expires; after the next model run, new data.
        #expect(try sandbox.run(["refresh"], environment: try sandbox.at(after + 600)).stdout.hasPrefix("noData"))
        #expect(try sandbox.requestCount(.met) == 1)
        let nextRun = try sandbox.run(["refresh"], environment: try sandbox.at(Self.moment + 6 * 3600))
        #expect(nextRun.stdout.hasPrefix("newData: Berlin"), "\(nextRun)")
        let modified = try #require(try sandbox.server.requests(.met).last)
        #expect(modified.header("If-Modified-Since") == lastModified && modified.status == 200)
        #expect(try sandbox.storedHeaders()["lastModified"] != lastModified)
    }

    @Test("under minimum the timer follows Expires, every 2 hours at the least, at the user's own minute")
    func timer() throws {
        let sandbox = try Sandbox.met()
        let set = try sandbox.run(["set", "Berlin"], environment: ["TZ": "UTC"])
        #expect(set.status == 0, "\(set)")
        // No user manager here: the crontab line that stands in for the timer says the same schedule.
        let line = try #require(set.errorLines.last)
        let fields = line.split(separator: " ")
        #expect(fields.count > 7 && fields[1].hasSuffix("/2") && fields[2...4] == ["*", "*", "*"], "\(line)")
        // The moment in each 2 hours: 2 minutes past the clock's step, and this user's own delay, the one
        // systemd works out for the timer (checked against a real manager in SystemdTimerTests): not on
        // the hour for everyone.
        let minute = try #require(Int(fields[0]))
        let firstHour = try #require(
            Int(fields[1].split(separator: "/")[0].split(separator: "-")[0].replacingOccurrences(of: "*", with: "0")))
        #expect(fields[5] == "sleep", "\(line)")
        let sleep = try #require(Int(fields[6].trimmingCharacters(in: CharacterSet(charactersIn: ";"))))
        let delay = FixedDelay.current().seconds(within: RefreshUnits.spread(for: 7200))
        let expected = (120 + Int(delay.rounded(.down))) % 7200
        #expect((firstHour % 2) * 3600 + minute * 60 + sleep == expected, "\(line): delay \(delay)")
    }

    @Test("429: stop at once and back off, one request however many callers, every run respecting it")
    func tooManyRequests() throws {
        let sandbox = try Sandbox.met()
        #expect(try sandbox.run(["set", "Berlin"], environment: try sandbox.at(Self.moment)).status == 0)
        try sandbox.server.clearRequests()
        try sandbox.server.script(.met, [.init(status: 429, delay: 0.5, times: 100)])
        let stale = try sandbox.at(Self.moment + 2400)
        let callers = try (0..<8).map { _ in try sandbox.spawn(["show", "--refresh"], environment: stale) }
        let runs = callers.map { $0.wait() }
        #expect(runs.allSatisfy { $0.status == 0 && $0.stdout.hasPrefix("Berlin, Land Berlin") }, "\(runs)")
        #expect(try sandbox.requestCount(.met) == 1, "the first caller's request, and no other")
        #expect(try sandbox.backoff().reason == "HTTP 429 Too Many Requests")
        let timer = try sandbox.run(["refresh"], environment: try sandbox.at(Self.moment + 2410))
        #expect(timer.status == 1 && timer.stdout.contains("asked weather to slow down"), "\(timer)")
        let set = try sandbox.run(["set", "Berlin"], environment: try sandbox.at(Self.moment + 2410))
        #expect(set.status == 1, "a refusal binds set too: \(set)")
        #expect(try sandbox.requestCount(.met) == 1)
    }

    @Test("203, a deprecated version: the run succeeds and says so once on stderr")
    func deprecated() throws {
        let sandbox = try Sandbox.met()
        let clock = try sandbox.at(Self.moment)
        try sandbox.server.script(.met, [.init(status: 203)])
        let set = try sandbox.run(["set", "Berlin"], environment: clock)
        #expect(set.status == 0, "\(set)")
        let notes = set.errorLines.filter { $0.contains("203 Non-Authoritative Information") }
        #expect(notes.count == 1 && notes[0].contains("deprecated"), "\(set)")
        try sandbox.server.script(.met, [.init(status: 203)])
        let refresh = try sandbox.run(["refresh", "--force"], environment: try sandbox.at(Self.moment + 2400))
        #expect(refresh.status == 0 && refresh.stdout.hasPrefix("noData"), "the same values: \(refresh)")
        #expect(refresh.errorLines.count == 1 && refresh.stderr.contains("deprecated"), "\(refresh)")
    }

    @Test("5xx: a failure shared by the callers nobody typed, as for any service")
    func serverError() throws {
        let sandbox = try Sandbox.met()
        #expect(try sandbox.run(["set", "Berlin"], environment: try sandbox.at(Self.moment)).status == 0)
        try sandbox.server.script(.met, [.init(status: 502)])
        let stale = try sandbox.at(Self.moment + 2400)
        let failed = try sandbox.run(["refresh"], environment: stale)
        #expect(failed.status == 1 && failed.stdout.contains("HTTP 502 Bad Gateway"), "\(failed)")
        let bar = try sandbox.run(["show", "--refresh", "--short"], environment: stale)
        #expect(bar.stdout.hasPrefix("Berlin ☁️🌙 11°C"), "the saved result: \(bar)")
        #expect(bar.stderr.contains("the last request to the forecast service at "), "\(bar)")
        #expect(try sandbox.requestCount(.met) == 2, "set's and the failed one: the bar asked nothing")
    }
}
