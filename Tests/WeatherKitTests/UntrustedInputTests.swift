import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// Values from a server, a file or the environment, each class of the hardening issue with variants:
/// every one is refused with words naming it, or handled, and none can trap.
@Suite("Untrusted input: numbers, dates and text from outside")
struct UntrustedInputTests {
    /// Berlin's forecast with one piece of its text replaced.
    static func berlin(replacing old: String, with new: String) throws -> [UInt8] {
        let text = String(decoding: try TestPaths.fixture("open-meteo/forecast/berlin.json"), as: UTF8.self)
        #expect(text.contains(old), "the fixture has \(old)")
        return Array(text.replacingOccurrences(of: old, with: new).utf8)
    }

    // MARK: Order

    @Test(
        "hours or days out of order are a bad response, named by their place, not a forecast going back and forth",
        arguments: [
            (
                "\"2026-10-08T00:00\",\"2026-10-08T01:00\"", "\"2026-10-08T00:00\",\"2026-10-08T00:00\"",
                "hourly.time[1]"
            ),
            (
                "\"2026-10-08T01:00\",\"2026-10-08T02:00\"", "\"2026-10-08T01:00\",\"2026-10-07T02:00\"",
                "hourly.time[2]"
            ),
            ("\"2026-10-08\",\"2026-10-09\"", "\"2026-10-09\",\"2026-10-08\"", "daily.time[1]"),
        ])
    func outOfOrder(old: String, new: String, path: String) throws {
        #expect(throws: ResponseProblem.self) {
            _ = try ForecastResponse.decode(try Self.berlin(replacing: old, with: new))
        }
        do {
            _ = try ForecastResponse.decode(try Self.berlin(replacing: old, with: new))
        } catch {
            #expect("\(error)".contains(path + " is not after the step before"), "\(error)")
        }
        // A saved forecast whose hours or days go back is not read either.
        let hours = Forecast(hours: [
            HourForecast(time: Timestamp(secondsSince1970: 7200)),
            HourForecast(time: Timestamp(secondsSince1970: 3600)),
        ])
        #expect(Forecast(packed: hours.packed) == nil)
        let days = Forecast(days: [DayForecast(day: 20_740), DayForecast(day: 20_739)])
        #expect(Forecast(packed: days.packed) == nil)
        let ordered = Forecast(days: [DayForecast(day: 20_739), DayForecast(day: 20_740)])
        #expect(Forecast(packed: ordered.packed) == ordered)
    }

    // MARK: Numbers in a response

    @Test(
        "what the first line needs, and the response's frame, are refused when absurd, naming the field",
        arguments: [
            (
                "\"temperature_2m\":10.9", "\"temperature_2m\":150",
                "current.temperature_2m is 150.0, outside -100...100"
            ),
            (
                "\"weather_code\":2", "\"weather_code\":9223372036854775807",
                "current.weather_code is 9223372036854775807, outside 0...99"
            ),
            ("\"weather_code\":2", "\"weather_code\":-3", "current.weather_code is -3, outside 0...99"),
            ("\"interval\":900", "\"interval\":1e300", "current.interval is 1e+300, outside 60...86400"),
            ("\"interval\":900", "\"interval\":0.4", "current.interval is 0.4, outside 60...86400"),
            ("\"interval\":900", "\"interval\":1", "current.interval is 1.0, outside 60...86400"),
            ("\"interval\":900", "\"interval\":0", "current.interval is 0.0, outside 60...86400"),
            (
                "\"utc_offset_seconds\":7200", "\"utc_offset_seconds\":-9223372036854775808",
                "utc_offset_seconds is -9223372036854775808, outside -64800...64800"
            ),
            (
                "\"utc_offset_seconds\":7200", "\"utc_offset_seconds\":1e300",
                "utc_offset_seconds is a number, expected a whole number"
            ),
            (
                "\"time\":\"2026-10-08T19:00\"", "\"time\":1e20",
                "current.time is 1e+20, not a time between the years 1 and 9999"
            ),
            (
                "\"time\":\"2026-10-08T19:00\"", "\"time\":-1e300",
                "current.time is -1e+300, not a time between the years 1 and 9999"
            ),
            (
                "\"time\":\"2026-10-08T19:00\"", "\"time\":\"2026-10-08T19:00\\u001b]0;pwned\\u0007\"",
                "current.time is \"2026-10-08T19:00\u{FFFD}]0;pwned\u{FFFD}\", not a time"
            ),
        ])
    func absurdValues(old: String, new: String, message: String) throws {
        let body = try Self.berlin(replacing: old, with: new)
        #expect(throws: ResponseProblem.self) { try ForecastResponse.decode(body) }
        do {
            _ = try ForecastResponse.decode(body)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    @Test(
        "any other absurd current value becomes a gap, named and counted; the rest stands",
        arguments: [
            (
                "\"relative_humidity_2m\":81", "\"relative_humidity_2m\":1e300",
                "current.relative_humidity_2m was 1e+300"
            ),
            ("\"relative_humidity_2m\":81", "\"relative_humidity_2m\":-1", "current.relative_humidity_2m was -1"),
            ("\"wind_speed_10m\":3.9", "\"wind_speed_10m\":1e300", "current.wind_speed_10m was 1e+300"),
            ("\"wind_gusts_10m\":8.3", "\"wind_gusts_10m\":-8.3", "current.wind_gusts_10m was -8.3"),
            (
                "\"apparent_temperature\":8.2", "\"apparent_temperature\":-1e9",
                "current.apparent_temperature was -1000000000"
            ),
            ("\"pressure_msl\":1016.3", "\"pressure_msl\":1e18", "current.pressure_msl was 1e+18"),
            ("\"cloud_cover\":64", "\"cloud_cover\":101", "current.cloud_cover was 101"),
            ("\"precipitation\":0.00", "\"precipitation\":-3276.8", "current.precipitation was -3276.8"),
            ("\"wind_direction_10m\":232", "\"wind_direction_10m\":720", "current.wind_direction_10m was 720"),
        ])
    func absurdOptionalValues(old: String, new: String, note: String) throws {
        let plain = try ForecastResponse.decode(
            try Self.berlin(replacing: "\"interval\":900", with: "\"interval\":900"))
        let response = try ForecastResponse.decode(try Self.berlin(replacing: old, with: new))
        #expect(response.implausible == [note])
        #expect(response.conditions.temperature == plain.conditions.temperature)
        #expect(response.conditions.weatherCode == plain.conditions.weatherCode)
        #expect(response.forecast == plain.forecast)
        // Exactly one value differs, and it is now a gap.
        let fields: [(CurrentConditions) -> Double?] = [
            \.apparentTemperature, \.relativeHumidity, \.precipitation, \.cloudCover, \.pressure, \.windSpeed,
            \.windDirection, \.windGusts,
        ]
        let changed = fields.filter { $0(response.conditions) != $0(plain.conditions) }
        #expect(changed.count == 1)
        #expect(changed.allSatisfy { $0(response.conditions) == nil })
    }

    @Test(
        "a precipitation down to -1 mm is 0, in the current block, the hours and the days; not counted",
        arguments: [
            ("\"precipitation\":0.00", "\"precipitation\":-0.1"),
            ("\"precipitation\":0.00", "\"precipitation\":-1"),
            ("\"precipitation\":[0.00,", "\"precipitation\":[-0.4,"),
            ("\"precipitation_sum\":[0.00,", "\"precipitation_sum\":[-0.99,"),
        ])
    func smallNegativePrecipitation(old: String, new: String) throws {
        let plain = try ForecastResponse.decode(try Self.berlin(replacing: old, with: old))
        let response = try ForecastResponse.decode(try Self.berlin(replacing: old, with: new))
        #expect(response.implausible.isEmpty)
        #expect(response == plain)
    }

    @Test(
        "values at the edges of the ranges are accepted",
        arguments: [
            ("\"relative_humidity_2m\":81", "\"relative_humidity_2m\":100"),
            ("\"temperature_2m\":10.9", "\"temperature_2m\":-89.2"),
            ("\"interval\":900", "\"interval\":60"),
            ("\"interval\":900", "\"interval\":86400"),
            ("\"utc_offset_seconds\":7200", "\"utc_offset_seconds\":-43200"),
        ])
    func edges(old: String, new: String) throws {
        _ = try ForecastResponse.decode(try Self.berlin(replacing: old, with: new))
    }

    @Test("a value in °F or mp/h is checked after conversion")
    func convertedValues() throws {
        var body = String(decoding: try TestPaths.fixture("open-meteo/forecast-fahrenheit.json"), as: UTF8.self)
        #expect(throws: Never.self) { try ForecastResponse.decode(Array(body.utf8)) }
        // 212 °F is 100 °C: the edge; 213 °F is beyond it.
        let temperature = try #require(body.firstRange(of: /"temperature_2m":[-0-9.]+/))
        body.replaceSubrange(temperature, with: "\"temperature_2m\":213")
        #expect(throws: ResponseProblem.self) { try ForecastResponse.decode(Array(body.utf8)) }
    }

    // MARK: Dates

    @Test(
        "HTTP dates with absurd numbers are not dates",
        arguments: [
            "Sun, 06 Nov 1994 -9223372036854775807:00:00 GMT",
            "Sun, 06 Nov 9223372036854775807 08:49:37 GMT",
            "Sun Nov  6 08:49:37 9223372036854775807",
            "Sun Nov  6 08:49:37 99999",
            "Sun, 06 Nov +994 08:49:37 GMT",
            "Sun, -6 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:-1:37 GMT",
            "Sun, 06 Nov 1994 08:49:+7 GMT",
            "Sun, 06 Nov 0000 08:49:37 GMT",
            "Sunday, 06-Nov-9223372036854775807 08:49:37 GMT",
            "Sun, 31 Feb 1994 08:49:37 GMT",
            "Sun, 06 Nov 1994 24:00:00 GMT",
            "0", "", "-1",
        ])
    func absurdDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test("the three legal forms still read, at the ends of the years weather knows")
    func legalDates() throws {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")?.secondsSince1970 == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")?.secondsSince1970 == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994")?.secondsSince1970 == 784_111_777)
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT")?.secondsSince1970 == Timestamp.validRange.upperBound)
        #expect(HTTPDate.parse("Mon, 01 Jan 0001 00:00:00 GMT")?.secondsSince1970 == Timestamp.validRange.lowerBound)
    }

    @Test("ISO 8601 times outside years 1 to 9999 are not times, and formatting any moment cannot trap")
    func isoEdges() {
        #expect(Timestamp(iso8601: "2026-10-08T19:00", assumingUTCOffset: Int.min) == nil)
        #expect(Timestamp(iso8601: "9999-12-31T23:59", assumingUTCOffset: -64_800) == nil)
        for seconds in [Double.infinity, -.infinity, .nan, 1e300, -1e300, 9.3e18, Double(Int64.max)] {
            let text = Timestamp(secondsSince1970: seconds).iso8601(fractionDigits: 3)
            #expect(text.hasSuffix("Z"))
            _ = LocalTime.describe(
                Timestamp(secondsSince1970: seconds), now: Timestamp(secondsSince1970: 0), in: .system)
        }
    }

    // MARK: Freshness from headers

    static let receivedAt = Timestamp(secondsSince1970: 1_791_478_800)

    @Test(
        "server lifetimes are read strictly and last at most a day",
        arguments: [
            (CachingHeaders(cacheControl: "max-age=1e300"), nil as Double?),
            (CachingHeaders(cacheControl: "max-age=inf"), nil),
            (CachingHeaders(cacheControl: "max-age=-5"), nil),
            (CachingHeaders(cacheControl: "max-age=99999999999999999999999999"), 86_400),
            (CachingHeaders(cacheControl: "max-age=600"), 600),
            (CachingHeaders(cacheControl: "max-age=600", age: "1e300"), 600),
            (CachingHeaders(cacheControl: "max-age=600", age: "99999999999999"), 0),
            (CachingHeaders(expires: "Fri, 31 Dec 9999 23:59:59 GMT"), 86_400),
            (CachingHeaders(expires: "Sun, 06 Nov 1994 -9223372036854775807:00:00 GMT"), 0),
            (CachingHeaders(cacheControl: "public", expires: "Sun Nov  6 08:49:37 9223372036854775807"), 0),
            (CachingHeaders(cacheControl: "max-age=600", date: "Sun Nov  6 08:49:37 9223372036854775807"), 600),
        ])
    func lifetimes(cachingHeaders: CachingHeaders, lifetime: Double?) {
        let found = Freshness.serverLifetime(cachingHeaders, receivedAt: Self.receivedAt)
        if let lifetime {
            #expect(found == lifetime)
        } else {
            // An unreadable max-age is no max-age: without Expires, the server said nothing usable.
            #expect(found == nil)
        }
    }

    @Test("a result can be fresh for a day at most, and one fetched in the future is stale")
    func freshnessBounds() {
        let far = WeatherResult(
            location: TestContext.berlin, conditions: CurrentConditions(temperature: 1),
            observedAt: Timestamp(secondsSince1970: Timestamp.validRange.upperBound), interval: 86_400,
            updatedAt: Self.receivedAt
        )
        let freshness = Freshness(staleAfter: nil)
        #expect(freshness.staleAt(far).moment == Self.receivedAt + 86_400)
        var future = far
        future.updatedAt = Self.receivedAt + 3600
        #expect(freshness.isStale(future, at: Self.receivedAt))
        future.updatedAt = Self.receivedAt + 30
        #expect(!freshness.isStale(future, at: Self.receivedAt), "a clock a little behind is tolerated")
    }

    @Test(
        "a Retry-After is delta-seconds or a date; anything else is ignored",
        arguments: [
            ("120", 120.0 as Double?), ("99999999999999999999999", 2_147_483_648), ("1e300", nil), ("inf", nil),
            ("-5", nil),
            ("+5", nil), ("Sun, 06 Nov 1994 -9223372036854775807:00:00 GMT", nil),
        ])
    func retryAfter(text: String, pause: Double?) {
        #expect(Backoff.pause(retryAfter: text, now: Self.receivedAt) == pause)
        let backoff = Backoff.after(
            refusal: "HTTP 429", retryAfter: text, previous: nil, now: Self.receivedAt, jitter: 0)
        #expect(backoff.until - Self.receivedAt <= Backoff.longestRetryAfter)
    }

    @Test("a back-off file cannot make weather wait for ever or loop for ever")
    func hostileBackoff() {
        let now = Self.receivedAt
        let huge = Backoff(until: now + 30, failures: Int.max, reason: "x")
        #expect(!huge.isPlausible(at: now))
        let next = Backoff.after(refusal: "HTTP 429", retryAfter: nil, previous: huge, now: now, jitter: 0)
        #expect(next.until - now == Backoff.longestPause)
        let forever = Backoff(
            until: Timestamp(secondsSince1970: Timestamp.validRange.upperBound), failures: 1, reason: "x")
        #expect(!forever.isPlausible(at: now))
        #expect(Backoff(until: now + 60, failures: 3, reason: "x").isPlausible(at: now))
    }

    // MARK: Printing

    @Test(
        "printing cannot trap, whatever the numbers",
        arguments: [
            Double.infinity, -.infinity, .nan, 1e300, -1e300, 9.3e18, -9.3e18, 0,
        ])
    func printingExtremes(value: Double) {
        let conditions = CurrentConditions(
            temperature: value, apparentTemperature: value, relativeHumidity: value, precipitation: value,
            weatherCode: 2,
            cloudCover: value, pressure: value, windSpeed: value, windDirection: value, windGusts: value
        )
        let result = WeatherResult(
            location: TestContext.berlin, conditions: conditions, observedAt: Timestamp(secondsSince1970: value),
            interval: value, updatedAt: Timestamp(secondsSince1970: value)
        )
        let formatter = WeatherFormatter(now: Self.receivedAt)
        #expect(!formatter.text(result, stale: true).isEmpty)
        #expect(!formatter.json(result, stale: true).isEmpty)
        #expect(!DurationText.format(value).description.isEmpty)
        #expect(!DurationText.compact(value).isEmpty)
        #expect(!DurationText.elapsed(value).isEmpty)
        #expect(!RelativeTime.ago(value).description.isEmpty)
        _ = Freshness(staleAfter: value).staleAt(result)
        _ = RefreshUnits.timer(every: value)
    }

    @Test(
        "settings refuse absurd durations",
        arguments: [
            ("WEATHER_STALE_AFTER", "1e300"), ("WEATHER_STALE_AFTER", "8d"), ("WEATHER_STALE_AFTER", "inf"),
            ("WEATHER_STALE_AFTER", "99999999999999999999999999999999999999h"), ("WEATHER_TIMEOUT", "1e300"),
            ("WEATHER_TIMEOUT", "nan"), ("WEATHER_STALE_AFTER", "-5"),
        ])
    func absurdSettings(variable: String, value: String) throws {
        let folder = try TemporaryFolder()
        let paths = WeatherPaths(
            configHome: folder.path, cacheDirectory: folder.path + "/c", stateDirectory: folder.path + "/s")
        #expect(throws: SettingsError.self) {
            try Settings.load(environment: Environment([variable: value]), paths: paths)
        }
    }

    // MARK: Text

    /// Terminal control sequences, named so that a test's report does not clear the screen itself.
    enum Evil: String, CaseIterable, CustomTestStringConvertible {
        case title = "\u{1B}]0;pwned\u{07}"
        case clear = "\u{1B}[2J"
        case c1 = "\u{9B}2J"
        case carriageReturn = "a\rb"
        case lineFeed = "a\nb"
        case delete = "\u{7F}"
        case next = "\u{85}"
        case bell = "\u{07}"
        case tab = "\t"
        var testDescription: String { "\(self)" }
    }

    @Test("control characters from a server never reach the terminal", arguments: Evil.allCases)
    func controlCharacters(evil: Evil) throws {
        let evil = evil.rawValue
        let name = "Ber\(evil)lin"
        let escaped = String(data: try JSONSerialization.data(withJSONObject: [name]), encoding: .utf8)!.dropFirst()
            .dropLast()
        let body = Array(
            """
            {"results":[{"id":1,"name":\(escaped),"latitude":52.5,"longitude":13.4,"country":\(escaped),"admin1":\(escaped)}]}
            """.utf8)
        let place = try #require(try GeocodingResponse.decode(body).first)
        for text in [
            place.location.name, place.location.country ?? "", place.location.region ?? "", place.location.displayName,
        ] {
            #expect(
                !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "\(text.debugDescription)")
            #expect(text.contains("\u{FFFD}"))
        }
        let reason = try #require(ResponseBody.errorReason(Array("{\"error\":true,\"reason\":\(escaped)}".utf8)))
        #expect(!reason.containsControlCharacters)
        let error = WeatherError.provider(
            .status(
                .init(role: .forecast, host: "h", setting: "S"), code: 500, reason: "x\(evil)y", retryAfter: nil
            ))
        #expect(!error.description.containsControlCharacters)
    }

    @Test("overlong names from a server are refused, so that a saved file can always be read back")
    func overlongNames() throws {
        let long = String(repeating: "x", count: 201)
        let body = Array("{\"results\":[{\"id\":1,\"name\":\"\(long)\",\"latitude\":52.5,\"longitude\":13.4}]}".utf8)
        #expect(throws: ResponseProblem.self) { try GeocodingResponse.decode(body) }
        let ok = Array(
            "{\"results\":[{\"id\":1,\"name\":\"\(long.dropLast())\",\"latitude\":52.5,\"longitude\":13.4}]}".utf8)
        #expect(try GeocodingResponse.decode(ok).first?.location.name.count == 200)
    }

    @Test(
        "validators that cannot go back into a header are not kept",
        arguments: [
            "\"a\rb\"", "\"a\nIf-Match: x\"", "\"\u{1B}\"", String(repeating: "e", count: 513), "\"caf\u{E9}\"",
        ])
    func unsafeValidators(etag: String) {
        let headers = HTTPHeaders([("ETag", etag), ("Last-Modified", etag), ("Cache-Control", etag)])
        #expect(CachingHeaders(headers) == CachingHeaders())
        #expect(CachingHeaders(HTTPHeaders([("ETag", "\"v1\"")])).etag == "\"v1\"")
    }

    @Test("text is made printable: C0, DEL and C1 become U+FFFD, everything else stays")
    func printable() {
        #expect("Zürich, 北京 🌧".printable == "Zürich, 北京 🌧")
        #expect("a\u{1B}[31mb".printable == "a\u{FFFD}[31mb")
        #expect("a\u{9B}b\u{7F}c\td".printable == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(!"Zürich".containsControlCharacters)
        #expect("\u{85}".containsControlCharacters)
    }

    @Test("text of several lines (a translation of --help's) keeps its line feeds, and nothing else of the kind")
    func printableLines() {
        #expect("a\nb\u{1B}]0;x\u{7}\u{202E}".printable(keepingLineFeeds: true) == "a\nb\u{FFFD}]0;x\u{FFFD}")
        #expect("a\nb".printable(keepingLineFeeds: false) == "a\u{FFFD}b")
        #expect("a\r\nb\tc".printable(keepingLineFeeds: true) == "a\u{FFFD}\nb\u{FFFD}c")
        for (text, lines, found) in [
            ("a\nb", true, false), ("a\nb", false, true), ("a\r\nb", true, true), ("a\u{202E}\nb", true, true),
        ] {
            var text = text
            #expect(text.withUTF8 { String.containsControlCharacters($0, keepingLineFeeds: lines) } == found)
        }
    }

    @Test(
        "the byte scan for control and invisible formatting characters agrees with their definition, for every scalar")
    func everyScalar() {
        var disagreements: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "b"
            if text.containsControlCharacters != (scalar.isControlCharacter || scalar.isHiddenFormatting) {
                disagreements.append(value)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).map { String($0, radix: 16) })")
        // At the very end of the text too, where the scan may not look past the last byte.
        for scalar in ["\u{202E}", "\u{2029}", "\u{FEFF}", "\u{061C}", "\u{85}"] as [Unicode.Scalar] {
            #expect(String(scalar).containsControlCharacters)
            #expect(("x" + String(scalar)).printable.unicodeScalars.allSatisfy { $0 == "x" || $0 == "\u{FFFD}" })
        }
        // Anywhere in a longer text, where the scan reads eight bytes at a time.
        let scalars: [Unicode.Scalar] = [
            "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}", "\u{202E}", "\u{2066}",
            "\u{2028}", "\u{200B}", "\u{FEFF}", "\u{061C}", "\u{FFF9}",
        ]
        for scalar in scalars {
            for before in 0..<17 {
                let text = String(repeating: "~", count: before) + String(scalar) + " ~ä·°…€ 0123456789abcdef"
                #expect(text.containsControlCharacters, "\(String(scalar.value, radix: 16)) after \(before)")
            }
        }
        for clean in [
            "", "~", String(repeating: " ~", count: 40), "Grüße · 12 °C … 😀 " + String(repeating: "x", count: 17),
        ] {
            #expect(!clean.containsControlCharacters, "\(clean)")
        }
        // Joiners stay: emoji and scripts need them.
        #expect(!"👩\u{200D}💻".containsControlCharacters)
        #expect("a\u{202E}b\u{2066}c\u{7}d".printable == "abc\u{FFFD}d")
    }
}
