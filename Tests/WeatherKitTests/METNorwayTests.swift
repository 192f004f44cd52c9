import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// MET Norway's Locationforecast as a provider: the request its terms ask for, its answer read into what
/// weather shows, and the fetcher's rules when the provider changes. (End to end against the fixture
/// server: `METNorwayEndToEndTests`.)
@Suite("MET Norway's Locationforecast")
struct METNorwayTests {
    /// The headers MET sends with the Berlin fixture's moment (2026-10-08T17:00:00Z, the test clock's).
    static let headers: [(String, String)] = [
        ("Date", "Thu, 08 Oct 2026 17:00:00 GMT"), ("Expires", "Thu, 08 Oct 2026 17:31:12 GMT"),
        ("Last-Modified", "Thu, 08 Oct 2026 16:21:37 GMT"), ("Content-Type", "application/json"),
    ]

    static func provider(contact: String? = "ann@example.org") -> METNorway {
        METNorway(url: "http://127.0.0.1:9/met", contact: contact, http: ScriptedTransport())
    }

    static func decode(
        _ name: String = "met-norway/locationforecast/berlin.json", location: Location = TestContext.berlin
    )
        throws -> ForecastResponse
    {
        try METNorway.decode(
            try TestPaths.fixture(name), headers: HTTPHeaders(headers.map { ($0.0, $0.1) }), for: location)
    }

    /// A context whose provider is MET Norway, with a contact unless `contact` is nil.
    static func context(contact: String? = "ann@example.org", answers: [ScriptedTransport.Answer]) throws
        -> TestContext
    {
        try TestContext(answers: answers) {
            $0.provider = .metNorway
            $0.contact = contact
        }
    }

    // MARK: The request

    @Test("coordinates rounded to at most 4 decimals, in their shortest form; the altitude in whole metres")
    func request() throws {
        let provider = Self.provider()
        let request = provider.forecastRequest(for: TestContext.berlin)
        #expect(request.url == "http://127.0.0.1:9/met?lat=52.5244&lon=13.4105&altitude=74")
        #expect(request.headers.isEmpty)
        var place = Location(name: "x", latitude: -0.100_04, longitude: 60, elevation: 12.6)
        #expect(provider.forecastRequest(for: place).url == "http://127.0.0.1:9/met?lat=-0.1&lon=60&altitude=13")
        place.elevation = nil
        place.latitude = -0.000_01
        #expect(
            provider.forecastRequest(for: place).url == "http://127.0.0.1:9/met?lat=0&lon=60", "no altitude unknown")
        for value in [52.524_37, -33.867_85, 179.999_99, 0.000_049, -89.123_456_7] {
            let text = METNorway.coordinate(value)
            let decimals = text.split(separator: ".").dropFirst().first?.count ?? 0
            #expect(decimals <= 4, "\(text)")
            #expect(abs((Double(text) ?? .nan) - value) <= 0.000_050_001, "\(text) for \(value)")
        }
    }

    @Test("conditional with the stored Last-Modified, byte for byte")
    func conditional() {
        let stored = CachingHeaders(lastModified: "Thu, 08 Oct 2026 16:21:37 GMT", expires: "whatever")
        let request = Self.provider().forecastRequest(for: TestContext.berlin, cachingHeaders: stored)
        #expect(request.headers.map(\.name) == ["If-Modified-Since"])
        #expect(request.headers.first?.value == "Thu, 08 Oct 2026 16:21:37 GMT")
    }

    @Test("the timer follows Expires, every 2 hours at the least, at each user's moment, never on the hour")
    func dataInterval() {
        for lifetime in stride(from: 1800.0, through: 1920, by: 30) {
            #expect(METNorway.dataInterval(lifetime: lifetime) == 7200, "\(lifetime)")
        }
        #expect(METNorway.dataInterval(lifetime: nil) == 7200)
        #expect(METNorway.dataInterval(lifetime: 7200) == 10_800, "a run must find the result expired")
        #expect(METNorway.dataInterval(lifetime: 4 * 3600) == 6 * 3600)
        #expect(METNorway.dataInterval(lifetime: 1e9) == 86_400)
        let timer = RefreshUnits.timer(every: 7200)
        #expect(timer.contains("\nOnCalendar=*-*-* 00/2:02:00\n"), "two minutes past every other hour, then the delay")
        #expect(RefreshUnits.spread(for: 7200) == 7050, "each user's moment within the 2 hours")
    }

    // MARK: The answer

    @Test("the current values are the first step's, the feels-like worked out, the condition MET's symbol")
    func current() throws {
        let response = try Self.decode()
        let now = response.conditions
        #expect(response.observedAt == Timestamp(iso8601: "2026-10-08T17:00:00Z"))
        #expect(now.temperature == 10.9)
        #expect(now.relativeHumidity == 81)
        #expect(now.pressure == 1016.3)
        #expect(now.cloudCover == 64)
        #expect(now.windSpeed == 3.9)
        #expect(now.windDirection == 232)
        #expect(now.windGusts == 8.3)
        #expect(now.precipitation == 0, "the next hour's")
        #expect(now.symbol?.code == "partlycloudy_night")
        #expect(now.weatherCode == 2)
        #expect(now.isDay == false)
        #expect(now.summary == "partly cloudy")
        let feels = try #require(ApparentTemperature.of(temperature: 10.9, relativeHumidity: 81, windSpeed: 3.9))
        #expect(now.apparentTemperature == (feels * 10).rounded() / 10)
        #expect(response.implausible.isEmpty)
        #expect(response.interval == 7200, "Expires 31 minutes after Date, and the fleet's share: 2 hours")
        #expect(response.cachingHeaders.lastModified == "Thu, 08 Oct 2026 16:21:37 GMT")
        #expect(response.clock.zoneName == "Europe/Berlin")
        #expect(response.utcOffsetSeconds == 7200)
        // Where the next hour and the next 6 hours differ (1.6 mm and 8.0 mm at Bergen): the next hour's.
        let bergen = try Self.decode(
            "met-norway/locationforecast/bergen.json", location: Location(name: "x", latitude: 60.39, longitude: 5.32))
        #expect(bergen.conditions.precipitation == 1.6)
    }

    @Test("48 hours from the first step, each with its symbol, chance and amount; 7 days of the place's calendar")
    func hoursAndDays() throws {
        let response = try Self.decode()
        let hours = response.forecast.hours
        #expect(hours.count == Forecast.hourCount)
        #expect(hours.first?.time == response.observedAt)
        for (index, hour) in hours.enumerated() {
            #expect(hour.time == response.observedAt + Double(index) * 3600)
            #expect(hour.symbol != nil && hour.temperature != nil && hour.precipitationProbability != nil)
            #expect(hour.weatherCode == hour.symbol?.wmoCode)
        }
        let days = response.forecast.days
        #expect(days.map(\.day) == Array(20_734..<20_741), "2026-10-08 to 14, Berlin's days")
        for day in days {
            let high = try #require(day.temperatureMax)
            let low = try #require(day.temperatureMin)
            #expect(high >= low)
            #expect((day.precipitationSum ?? -1) >= 0)
            #expect(day.symbol?.variant == .day || day.symbol?.variant == nil, "a day's icon is of the day")
            #expect(day.sun == .risesAndSets)
        }
        // The whole of the 9th lies in the hourly part: its high and chance are those of its 24 hours.
        let ninth = hours.filter { response.clock.day(of: $0.time) == 20_735 }
        #expect(ninth.count == 24)
        #expect(days[1].temperatureMax == ninth.compactMap(\.temperature).max())
        #expect(days[1].precipitationProbabilityMax == ninth.compactMap(\.precipitationProbability).max())
        let sum = ninth.compactMap(\.precipitation).reduce(0, +)
        #expect(abs((days[1].precipitationSum ?? -1) - sum) < 1e-9)
        #expect(days[1].weatherCode == ninth.compactMap(\.weatherCode).max(), "the most significant weather")
        // The sun of the place and day, by the solar algorithm (`SunTimesTests` checks it), to the second.
        let sun = try #require(
            SunTimes.on(day: 20_734, latitude: 52.524_37, longitude: 13.410_53, clock: response.clock)?.sunrise)
        #expect(days[0].sunrise == Timestamp(secondsSince1970: sun.secondsSince1970.rounded(.down)))
        #expect(response.sunrise == days[0].risingTime && response.sunset == days[0].settingTime)
    }

    @Test("where MET gives no chance of precipitation, there is none: null, not 0")
    func noChance() throws {
        var document =
            try JSONSerialization.jsonObject(
                with: Data(try TestPaths.fixture("met-norway/locationforecast/berlin.json"))) as! [String: Any]
        var properties = document["properties"] as! [String: Any]
        properties["timeseries"] = (properties["timeseries"] as! [[String: Any]]).map { step in
            var step = step
            var data = step["data"] as! [String: Any]
            for key in ["next_1_hours", "next_6_hours", "next_12_hours"] {
                guard var block = data[key] as? [String: Any], var details = block["details"] as? [String: Any]
                else { continue }
                details["probability_of_precipitation"] = nil
                block["details"] = details
                data[key] = block
            }
            step["data"] = data
            return step
        }
        document["properties"] = properties
        let body = Array(try JSONSerialization.data(withJSONObject: document))
        let response = try METNorway.decode(body, for: TestContext.berlin)
        #expect(response.forecast.hours.allSatisfy { $0.precipitationProbability == nil })
        #expect(response.forecast.days.allSatisfy { $0.precipitationProbabilityMax == nil })
        #expect(response.forecast.days.contains { ($0.precipitationSum ?? 0) > 0 }, "the amounts stay")
    }

    @Test("a place given by its coordinates, without a zone, keeps the nautical time of its longitude")
    func nauticalZone() throws {
        let place = Location(name: "60.39,5.32", latitude: 60.39, longitude: 5.32)
        let bergen = try Self.decode("met-norway/locationforecast/bergen.json", location: place)
        #expect(bergen.utcOffsetSeconds == 0 && bergen.clock.zoneName == nil && !bergen.clock.followsZoneRules)
        let east = Location(name: "x", latitude: 60.39, longitude: 151.2)
        #expect(try Self.decode(location: east).utcOffsetSeconds == 10 * 3600)
    }

    @Test(
        "a broken answer is refused, saying where",
        arguments: [
            (#"{"type":"Feature"}"#, "properties"),
            (#"{"properties":{"timeseries":[]}}"#, "has no time steps"),
            (#"{"properties":{"meta":{"units":{"air_temperature":"fahrenheit"}},"timeseries":[]}}"#, "fahrenheit"),
            (
                #"{"properties":{"timeseries":[{"time":"2026-10-08T17:00:00","data":{"instant":{"details":{}}}}]}}"#,
                "not a time such as"
            ),
            (
                #"{"properties":{"timeseries":[{"time":"2026-10-08T17:00:00Z","data":{"instant":{"details":{"air_temperature":999.0}}}}]}}"#,
                "air_temperature"
            ),
            (
                #"{"properties":{"timeseries":[{"time":"2026-10-08T17:00:00Z","data":{"instant":{"details":{"air_temperature":1.0}}}},{"time":"2026-10-08T16:00:00Z","data":{"instant":{"details":{"air_temperature":1.0}}}}]}}"#,
                "is not after the step before"
            ),
            ("<html>403</html>", "HTML"),
        ])
    func refused(body: String, says: String) {
        #expect {
            _ = try METNorway.decode(Array(body.utf8), for: TestContext.berlin)
        } throws: { error in
            (error as? ResponseProblem)?.description.contains(says) == true
        }
    }

    @Test("a value no observation has is a gap, and so is a symbol MET does not list; both are counted")
    func gaps() throws {
        let body = #"""
            {"properties":{"timeseries":[{"time":"2026-10-08T17:00:00Z","data":{"instant":{"details":{"air_temperature":5.0,"relative_humidity":180.0,"wind_speed":2.0}},"next_1_hours":{"summary":{"symbol_code":"sunnyish_day"},"details":{"precipitation_amount":-0.2}}}}]}}
            """#
        let response = try METNorway.decode(Array(body.utf8), for: TestContext.berlin)
        #expect(response.conditions.temperature == 5)
        #expect(response.conditions.relativeHumidity == nil)
        #expect(response.conditions.apparentTemperature == nil, "no humidity, no feels-like")
        #expect(response.conditions.symbol == nil && response.conditions.weatherCode == nil)
        #expect(response.conditions.precipitation == 0, "a drop below zero is none, as for Open-Meteo")
        #expect(response.implausible.count == 2, "\(response.implausible)")
        #expect(response.forecast.hours.count == 1 && response.forecast.days.count == 1)
    }

    /// The first line and the hours of a one-step MET answer whose first hour has `symbol`.
    static func drawn(_ symbol: String) throws -> (line: String, hour: [String]) {
        let body =
            #"{"properties":{"timeseries":[{"time":"2026-10-25T15:00:00Z","data":{"instant":{"details":"#
            + #"{"air_temperature":-18.0}},"next_1_hours":{"summary":{"symbol_code":"\#(symbol)"},"#
            + #""details":{"precipitation_amount":0.0}}}}]}}"#
        let alert = Location(
            id: 5_882_873, name: "Alert", region: "Nunavut", country: "Canada", countryCode: "CA", latitude: 82.5,
            longitude: -62.35, timezone: "America/Toronto")
        let response = try METNorway.decode(Array(body.utf8), for: alert)
        let result = WeatherResult(
            location: alert, conditions: response.conditions, observedAt: response.observedAt,
            utcOffsetSeconds: response.utcOffsetSeconds, outlook: response.forecast, updatedAt: response.observedAt)
        let formatter = WeatherFormatter(now: response.observedAt)
        let line = String(formatter.text(result, stale: false).prefix { $0 != "\n" })
        return (line, try #require(response.forecast.hours.first.map { formatter.hourRow($0, at: result) }))
    }

    @Test("MET's polar twilight is a sun at the horizon, not a clear night; a symbol MET does not list is unknown")
    func polarTwilightAndUnknown() throws {
        // clearsky_polartwilight is one of MET's 83 codes: a clear sky at noon in polar night.
        let twilight = try Self.drawn("clearsky_polartwilight")
        #expect(twilight.line == "Alert, Nunavut, Canada: 🌅 -18.0 °C, clear sky", "\(twilight.line)")
        #expect(twilight.hour[1] == "🌅")
        #expect(IconSet.nerd.icon(for: .mainlyClear, isDay: false, twilight: true) == "\u{E342}")
        #expect(IconSet.emoji.icon(for: .rainShowers, isDay: false, twilight: true) == "🌧️", "no sun to show")
        #expect(try Self.drawn("clearsky_night").line.contains(": 🌙 -18.0 °C, clear sky"))
        // A code MET does not list: no icon, and said to be unknown, never a clear sky.
        let unknown = try Self.drawn("clearsky_twilight")
        #expect(unknown.line == "Alert, Nunavut, Canada: -18.0 °C, unknown conditions", "\(unknown.line)")
        #expect(unknown.hour[1] == "")
    }

    // MARK: The fetcher

    @Test("without a contact nothing is sent at all, not even to the geocoder: a settings error, exit 78")
    func noContact() throws {
        let fixture = try Self.context(contact: nil, answers: [])
        #expect(throws: WeatherError.settings(.contactRequired(provider: "MET Norway"))) {
            _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        }
        #expect(WeatherError.settings(.contactRequired(provider: "MET Norway")).exitCode == 78)
        #expect(
            WeatherError.settings(.contactRequired(provider: "MET Norway")).description.contains(
                "set WEATHER_CONTACT=you@example.org"))
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test("MET's 403 says what to set, and exits 78")
    func forbidden() throws {
        let fixture = try Self.context(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("met-norway/errors/403.html", status: 403),
        ])
        #expect {
            _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        } throws: { error in
            guard let error = error as? WeatherError else { return false }
            return error.exitCode == 78 && error.description.contains("HTTP 403 Forbidden")
                && error.description.contains("set WEATHER_CONTACT=you@example.org")
        }
    }

    @Test("a 203 is a success, said once at the end of the run however often it came")
    func deprecated() throws {
        let fixture = try Self.context(answers: [
            .fixture("open-meteo/geocoding/berlin.json"),
            .fixture("met-norway/locationforecast/berlin.json", status: 203, headers: Self.headers),
            .fixture("met-norway/locationforecast/berlin.json", status: 203, headers: Self.headers),
        ])
        let status = fixture.context.run { () throws(WeatherError) -> Int32 in
            _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
            fixture.clock.advance(3600)
            _ = try fixture.fetcher.fetch()
            #expect(fixture.console.errors.isEmpty, "not in the middle of what the run prints")
            return 0
        }
        #expect(status == 0)
        #expect(fixture.transport.requests.count == 3)
        let lines = fixture.console.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(fixture.console.errors)")
        #expect(lines.first?.contains("203 Non-Authoritative Information") == true)
        #expect(lines.first?.contains("deprecated") == true)
    }

    @Test("a result records its provider; another provider's is replaced by a request without its validators")
    func switchingProvider() throws {
        let fixture = try Self.context(answers: [
            .fixture("open-meteo/geocoding/berlin.json"),
            .fixture("met-norway/locationforecast/berlin.json", headers: Self.headers),
            .fixture("open-meteo/forecast/berlin.json"),
            .fixture("met-norway/locationforecast/berlin.json", headers: Self.headers),
        ])
        let placed = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        #expect(placed.result.provider == .metNorway)
        #expect(placed.result.cachingHeaders.lastModified != nil)
        #expect(fixture.store.loadResult().result?.provider == .metNorway, "kept in the file")

        // Open-Meteo now: the fresh MET result is replaced, without MET's If-Modified-Since.
        let openMeteo = fixture.nextRun { $0.provider = .openMeteo }
        #expect(openMeteo.needsFetch(placed.result, in: .active), "fresh, but another provider's")
        #expect(!openMeteo.needsFetch(placed.result, in: .inactive), "a pipe still never fetches")
        let switched = try openMeteo.fetch()
        #expect(switched.result.provider == .openMeteo)
        #expect(fixture.transport.requests[2].headers.isEmpty)
        #expect(fixture.transport.requests[2].url.hasPrefix("http://127.0.0.1:9/v1/forecast"))
        guard case .newData = switched else { throw TestFailure("a switch is new data: \(switched)") }

        // And back: MET again, unconditionally, although the last MET answer had a Last-Modified.
        let back = try fixture.nextRun().fetch()
        #expect(back.result.provider == .metNorway)
        #expect(fixture.transport.requests[3].headers.isEmpty)
        #expect(fixture.scheduler.recorded == [.minimum, .minimum], "after each switch the timer follows")
    }

    @Test("a file without a provider is Open-Meteo's; one of a provider weather does not know is credited by its name")
    func fileProvider() throws {
        let result = WeatherResult(
            location: TestContext.berlin, conditions: CurrentConditions(temperature: 3),
            observedAt: Timestamp(secondsSince1970: 1_791_478_800),
            updatedAt: Timestamp(secondsSince1970: 1_791_478_800))
        var text = String(decoding: result.fileContents, as: UTF8.self)
        #expect(text.contains(#""provider":"open-meteo""#))
        text = text.replacing(#""provider":"open-meteo","#, with: "")
        let document = try JSONDocument(parsing: Array(text.utf8))
        #expect(try WeatherResult(reading: document.reader).provider == .openMeteo)
        let unknown = Array(text.replacing(#""format":2,"#, with: #""format":2,"provider":"yr","#).utf8)
        guard case .result(let read) = WeatherStore.decodeResult(unknown, path: "current.json") else {
            Issue.record("a result of the provider yr, which this weather does not know, was refused")
            return
        }
        #expect(read.provider.attribution == "yr" && !read.provider.givesTodayFromNow)
        let noName = try JSONDocument(
            parsing: Array(text.replacing(#""format":2,"#, with: #""format":2,"provider":"Y R","#).utf8))
        #expect(throws: JSONShapeError.self) { _ = try WeatherResult(reading: noName.reader) }
    }

    @Test("MET Norway's licences are credited where users read them: the README and the package's copyright")
    func attribution() throws {
        for file in ["README.md", "Config/debian/copyright"] {
            let text = try String(contentsOfFile: TestPaths.repository + "/" + file, encoding: .utf8)
                .replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains("MET Norway"), "\(file)")
            #expect(text.contains("CC BY 4.0"), "\(file)")
            #expect(text.contains("NLOD") && text.contains("2.0"), "\(file)")
            #expect(text.contains("https://data.norge.no/nlod/en/2.0/"), "\(file)")
        }
    }
}
