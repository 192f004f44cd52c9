import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The fixture server must not drift from MET Norway's Locationforecast 2.0 `complete`: the shape, the
/// headers and the refusals that Fixtures/README.md documents.
@Suite("The fixture server answers as MET Norway's Locationforecast")
struct LocationforecastServerTests {
    let server: FixtureServer
    /// The server's clock: the fixtures' moment, standing still.
    static let now = TestMoment.fixtures.seconds

    init() throws {
        server = try FixtureServer(at: .fixtures)
    }

    func forecast(
        _ query: String = "lat=52.52&lon=13.41", agent: String? = ServiceExchange.agent,
        headers: [(name: String, value: String)] = []
    ) throws -> ServiceExchange {
        try ServiceExchange(server.metURL + "?" + query, agent: agent, headers: headers)
    }

    /// Sets the server's clock to `moment` (seconds since 1970).
    func setClock(to moment: Double) throws {
        try server.setClock(to: moment)
    }

    static let hour = 3600.0

    @Test("hourly steps for about 2.5 days, then 6-hourly to about 9 days, each block only where MET has it")
    func shape() throws {
        let answer = try forecast()
        #expect(answer.status == 200)
        let document = try answer.object()
        #expect(try document.string("type") == "Feature")
        let geometry = try document.object("geometry")
        #expect(try geometry.string("type") == "Point")
        #expect(try geometry.numbers("coordinates") == [13.41, 52.52, 74])
        let properties = try document.object("properties")
        let meta = try properties.object("meta")
        #expect(try meta.object("units").count == 24)
        #expect(try meta.object("units").string("ultraviolet_index_clear_sky") == "1")
        let series = try properties.objects("timeseries")
        let times = try series.map { try isoSeconds(try $0.string("time")) }
        #expect(times.first == (try answer.date("Date") / Self.hour).rounded(.down) * Self.hour)
        let switchAt = try #require(
            times.firstIndex { times.contains($0 + 6 * Self.hour) && !times.contains($0 + Self.hour) })
        #expect((55...60).contains(switchAt), "hourly steps: \(switchAt)")
        #expect(try (times[at: switchAt] - times[at: 0]) / Self.hour >= 55)
        for (index, time) in times.enumerated().dropFirst() {
            let step = time - times[index - 1]
            #expect(step == (index <= switchAt ? Self.hour : 6 * Self.hour), "step \(index)")
            if index >= switchAt { #expect(time.truncatingRemainder(dividingBy: 6 * Self.hour) == 0) }
        }
        #expect(try (8.5...10).contains((times[at: times.count - 1] - times[at: 0]) / 86_400))
        let present = Set(times)
        for (index, entry) in series.enumerated() {
            let data = try entry.object("data")
            let details = try data.object("instant").object("details")
            #expect(details.count == (index <= switchAt ? 17 : 14), "instant keys at step \(index)")
            #expect((data["next_1_hours"] != nil) == (index < switchAt), "next_1_hours at step \(index)")
            #expect((data["next_6_hours"] != nil) == present.contains(times[index] + 6 * Self.hour))
            #expect((data["next_12_hours"] != nil) == present.contains(times[index] + 12 * Self.hour))
            if let six = data["next_6_hours"] as? [String: Any] {
                #expect(try six.object("details").count == 6)
            }
            if let twelve = data["next_12_hours"] as? [String: Any] {
                let confidence = try twelve.object("summary").string("symbol_confidence")
                #expect(["certain", "somewhat certain", "uncertain"].contains(confidence))
                #expect(try twelve.object("details").count == 1)
            }
            if let one = data["next_1_hours"] as? [String: Any] {
                #expect(try one.object("details").count == 5)
            }
        }
        #expect(try series[at: series.count - 2].object("data").keys.sorted() == ["instant", "next_6_hours"])
        #expect(try series[at: series.count - 1].object("data").keys.sorted() == ["instant"])
    }

    @Test("a minified body in which every number of a details block has exactly one decimal")
    func numbers() throws {
        let text = try forecast().text
        #expect(!text.contains("\n") && !text.contains(": "))
        let numbers = try Regex(#"":(-?[0-9][0-9.eE+-]*)[,}]"#)
        var count = 0
        for match in text.matches(of: numbers) {
            let number = String(match.output[1].substring ?? "")
            #expect(number.wholeMatch(of: /-?[0-9]+\.[0-9]/) != nil, "\(number)")
            count += 1
        }
        #expect(count > 2000)
        #expect(text.contains(#""coordinates":[13.41,52.52,74]"#))
    }

    @Test("moved to the server's clock: the first step is its hour and keeps the fixture's first values")
    func movedToNow() throws {
        try setClock(to: Self.now + 3 * 86_400 + 5 * Self.hour)
        let answer = try forecast("lat=52.5243&lon=13.4105&altitude=74")
        let series = try answer.object().object("properties").objects("timeseries")
        let first = try isoSeconds(try series[at: 0].string("time"))
        #expect(first == (try answer.date("Date") / Self.hour).rounded(.down) * Self.hour)
        #expect(abs(first - Self.now - 3 * 86_400 - 5 * Self.hour) < Self.hour + 60)
        // Berlin's Open-Meteo fixture says the same: 10.9 °C, 81 %, 1016.3 hPa, wind 3.9 m/s from 232°.
        let details = try series[at: 0].object("data").object("instant").object("details")
        #expect(try details.number("air_temperature") == 10.9)
        #expect(try details.number("relative_humidity") == 81)
        #expect(try details.number("air_pressure_at_sea_level") == 1016.3)
        #expect(try details.number("wind_speed") == 3.9)
        #expect(try details.number("wind_from_direction") == 232)
        #expect(try details.number("wind_speed_of_gust") == 8.3)
    }

    @Test("MET's headers: Date, Expires about 30 minutes later, Last-Modified at the model run, gzip")
    func headers() throws {
        let answer = try forecast()
        let date = try answer.date("Date")
        #expect(date == Self.now.rounded(.down))
        #expect((1800..<1920).contains(try answer.date("Expires") - date))
        let lastModified = try answer.date("Last-Modified")
        #expect(lastModified <= date && date - lastModified < 6 * Self.hour)
        let updated = try isoSeconds(try answer.object().object("properties").object("meta").string("updated_at"))
        #expect(updated == lastModified - 392)
        #expect(answer.header("Content-Type") == "application/json")
        #expect(answer.header("Content-Encoding") == "gzip")
        #expect(answer.header("Content-Length") != nil && answer.header("Transfer-Encoding") == nil)
        #expect(answer.header("Vary") == "Accept, Accept-Encoding")
        #expect(answer.header("Access-Control-Allow-Origin") == "*")
        #expect(answer.header("Server")?.hasPrefix("nginx") == true)
        #expect(answer.header("Age") == "0")
        #expect(answer.header("Cache-Control") == nil && answer.header("ETag") == nil)
    }

    @Test("a new model run every hour in the Nordic area, every 6 hours elsewhere")
    func modelRuns() throws {
        let now = Self.now
        // Five minutes after a run published for the whole world (04:21:37 UTC and every 6 hours after).
        let phase = 4 * Self.hour + 21 * 60 + 37
        let published = ((now - phase) / (6 * Self.hour)).rounded(.down) * 6 * Self.hour + phase
        try setClock(to: published + 300)
        func lastModified(_ query: String) throws -> Double { try forecast(query).date("Last-Modified") }
        let berlin = "lat=52.52&lon=13.41"
        let bergen = "lat=60.3929&lon=5.3241"
        #expect(try lastModified(berlin) == published)
        #expect(try lastModified(bergen) == published)
        try setClock(to: published + 300 + Self.hour)
        #expect(try lastModified(berlin) == published)
        #expect(try lastModified(bergen) == published + Self.hour)
        try setClock(to: published + 300 + 6 * Self.hour)
        #expect(try lastModified(berlin) == published + 6 * Self.hour)
        #expect(try lastModified(bergen) == published + 6 * Self.hour)
    }

    @Test("If-Modified-Since with the current Last-Modified gets 304 without a body; an older date, the body")
    func conditional() throws {
        let first = try forecast()
        let stored = try #require(first.header("Last-Modified"))
        let again = try forecast(headers: [("If-Modified-Since", stored)])
        #expect(again.status == 304)
        #expect(again.response.body.isEmpty)
        #expect(again.header("Last-Modified") == stored)
        #expect(try again.date("Expires") > again.date("Date"))
        let older = try forecast(headers: [("If-Modified-Since", "Mon, 20 Jul 2020 11:44:31 GMT")])
        #expect(older.status == 200)
        #expect(older.response.body.count > 50_000)
        #expect(try server.requests(.met).map(\.status) == [200, 304, 200], "the log says how each was answered")
    }

    @Test(
        "a User-Agent must name an application and a contact, as MET's terms ask",
        arguments: [
            ("weather/0.1.0 (you@example.org)", true), ("acmeweathersite.com support@acmeweathersite.com", true),
            ("AcmeWeatherApp/0.9 github.com/acmeweatherapp", true), ("weather/0.1.0 (https://example.org/w)", true),
            ("weather/0.1.0", false), ("you@example.org", false), ("curl/8.5.0", false),
            ("Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0", false), (nil, false),
        ] as [(String?, Bool)])
    func userAgent(agent: String?, allowed: Bool) throws {
        let answer = try forecast(agent: agent)
        #expect(answer.status == (allowed ? 200 : 403))
        if !allowed {
            #expect(answer.header("Content-Type")?.hasPrefix("text/html") == true)
            #expect(answer.text.contains("User-Agent"))
        }
        #expect(try server.requests(.met).last?.header("User-Agent") == agent)
    }

    @Test(
        "coordinates and altitude are refused as MET refuses them",
        arguments: [
            ("lat=52.52437&lon=13.41", 403), ("lat=52.5243&lon=13.41053", 403), ("lat=91&lon=13", 400),
            ("lat=52&lon=-180.5", 400), ("lat=abc&lon=13", 400), ("lat=52.52", 400),
            ("lat=52&lon=13&altitude=12.5", 400),
            ("lat=-90&lon=180", 200), ("lat=52.5200&lon=13.4100&altitude=-3", 200),
        ])
    func coordinates(query: String, status: Int) throws {
        let answer = try forecast(query)
        #expect(answer.status == status)
        #expect((answer.header("Content-Type") == "application/json") == (status == 200))
    }

    @Test("the answer echoes the coordinates and altitude; an altitude moves air temperatures by 6.5 °C per km")
    func altitude() throws {
        func first(_ query: String) throws -> (coordinates: [Double], temperature: Double) {
            let document = try forecast(query).object()
            let coordinates = try document.object("geometry").numbers("coordinates")
            let series = try document.object("properties").objects("timeseries")
            let details = try series[at: 0].object("data").object("instant").object("details")
            return (coordinates, try details.number("air_temperature"))
        }
        #expect(try first("lat=52.5243&lon=13.4105") == ([13.4105, 52.5243, 74], 10.9))
        #expect(try first("lat=52.5243&lon=13.4105&altitude=74") == ([13.4105, 52.5243, 74], 10.9))
        #expect(try first("lat=52.5243&lon=13.4105&altitude=274") == ([13.4105, 52.5243, 274], 9.6))
        let whole = try first("lat=53&lon=13")
        #expect(whole.coordinates == [13, 53, 74])
        #expect(whole.temperature == 10.9)
    }

    /// The index of the first hourly step of a fixture whose hour symbol comes in day/night variants.
    func variantStep(_ place: String) throws -> Int {
        let fixture =
            try JSONSerialization.jsonObject(
                with: Data(try TestPaths.fixture("met-norway/locationforecast/\(place).json"))) as? [String: Any] ?? [:]
        let series = try fixture.object("properties").objects("timeseries")
        return try #require(
            series.prefix(48).firstIndex {
                let code = (try? $0.object("data").object("next_1_hours").object("summary").string("symbol_code")) ?? ""
                return code.hasSuffix("_day") || code.hasSuffix("_night") || code.hasSuffix("_polartwilight")
            })
    }

    /// The hour symbol of the step that begins at `moment`, with the server's clock moved so that `step`
    /// steps come before it.
    func symbol(_ query: String, at moment: Double, step: Int) throws -> String {
        try setClock(to: moment - Double(step) * Self.hour + 600)
        let series = try forecast(query).object().object("properties").objects("timeseries")
        #expect(try isoSeconds(try series[at: step].string("time")) == moment)
        return try series[at: step].object("data").object("next_1_hours").object("summary").string("symbol_code")
    }

    @Test("symbols take the variant of the sun at the place and hour: day, night, polar twilight")
    func variants() throws {
        let berlin = try variantStep("berlin")
        // 2026-10-09, 11:00 and 23:00 UTC in Berlin.
        #expect(try symbol("lat=52.52&lon=13.41", at: 1_791_543_600, step: berlin).hasSuffix("_day"))
        #expect(try symbol("lat=52.52&lon=13.41", at: 1_791_586_800, step: berlin).hasSuffix("_night"))
        // 2026-10-25, 15:00 UTC at Alert: the sun stays 4-5° below the horizon at noon.
        let alert = try variantStep("alert")
        #expect(try symbol("lat=82.5083&lon=-62.4", at: 1_792_940_400, step: alert).hasSuffix("_polartwilight"))
        // 2026-12-21, 15:00 UTC at Alert: polar night, 16° below.
        #expect(try symbol("lat=82.5083&lon=-62.4", at: 1_797_865_200, step: alert).hasSuffix("_night"))
    }

    @Test("scripted: 203 with the normal body moved to now; 429 and 5xx with MET's HTML pages")
    func scripted() throws {
        try server.script(
            .met,
            [
                .init(status: 203), .init(status: 429), .init(status: 500), .init(status: 502), .init(status: 503),
                .init(status: 504),
            ])
        let deprecated = try forecast()
        #expect(deprecated.status == 203)
        let first = try deprecated.object().object("properties").objects("timeseries")[at: 0].string("time")
        #expect(try isoSeconds(first) == (try deprecated.date("Date") / Self.hour).rounded(.down) * Self.hour)
        #expect(deprecated.header("Expires") != nil)
        for status in [429, 500, 502, 503, 504] {
            let answer = try forecast()
            #expect(answer.status == status)
            #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
            #expect(answer.text.contains("<h1>\(status) "))
        }
        #expect(try forecast().status == 200)
    }
}
