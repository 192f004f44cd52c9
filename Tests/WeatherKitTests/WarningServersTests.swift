import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The fixture server must not drift from the three warning services: their shapes, headers and refusals
/// as Fixtures/README.md documents them, and warnings moved to the server's clock (fixtureserver/timeline.py)
/// so that one in force is in force whenever a test runs, and ends when the clock passes its end.
enum WarningServersTests {
    /// When the servers' clocks stand: a winter morning months after the moment the fixtures were written
    /// at, so that every warning moves (and Springfield's clock reads CST, not the fixtures' CDT).
    static let moment = TestMoment("2027-01-15T15:41:07Z", "2027-01-15T15:41:07Z, 09:41 in Springfield")
    /// Seconds since 1970 then.
    static let now = moment.seconds

    /// A time as the clock of `zone` shows it, in `format` (English names).
    static func local(_ seconds: Double, _ zone: String, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    @Suite("The fixture server answers as the National Weather Service's active alerts")
    struct NWS {
        let server: FixtureServer
        init() throws { server = try FixtureServer(at: WarningServersTests.moment) }

        func alerts(
            _ query: String = "point=37.2153,-93.2982", agent: String? = ServiceExchange.agent,
            headers: [(name: String, value: String)] = []
        ) throws -> ServiceExchange {
            try ServiceExchange(server.nwsAlertsURL + "?" + query, agent: agent, headers: headers)
        }

        func features(_ answer: ServiceExchange) throws -> [[String: Any]] {
            try answer.object().objects("features").map { try $0.object("properties") }
        }

        @Test(
            "Springfield's Severe Thunderstorm Warning is in force for 45 more minutes, in the office's local time",
            arguments: [WarningServersTests.moment] + TestMoment.hardInSpringfield)
        func inForce(moment: TestMoment) throws {
            let server = try FixtureServer(at: moment)
            let now = moment.seconds
            let answer = try ServiceExchange(
                server.nwsAlertsURL + "?point=37.2153,-93.2982", agent: ServiceExchange.agent, headers: [])
            #expect(answer.status == 200)
            let warnings = try features(answer)
            #expect(try warnings.map { try $0.string("event") } == ["Severe Thunderstorm Warning", "Flood Watch"])
            let storm = try warnings[at: 0]
            let expires = try isoSeconds(try storm.string("expires"))
            #expect(try isoSeconds(try storm.string("onset")) <= now)
            #expect((44 * 60...46 * 60).contains(expires - now))
            #expect(try storm.string("messageType") == "Alert")
            #expect(try storm.string("severity") == "Severe")
            // Offsets and texts in Springfield's zone, CDT or CST as the date has it.
            let zone = "America/Chicago"
            #expect(try storm.string("expires").hasSuffix(WarningServersTests.local(expires, zone, "xxx")))
            let until = WarningServersTests.local(expires, zone, "MMMM d 'at' h:mma zzz")
            #expect(try storm.string("headline").hasSuffix("until \(until) by NWS Springfield MO"))
            #expect(
                try storm.string("description").contains(
                    "* Until \(WarningServersTests.local(expires, zone, "hmm a zzz"))."))
            let vtec = try #require((storm["parameters"] as? [String: [String]])?["VTEC"]?.first)
            #expect(vtec.hasSuffix("-\(WarningServersTests.local(expires, "UTC", "yyMMdd'T'HHmm"))Z/"))
            let flood = try warnings[at: 1]
            #expect(try isoSeconds(try flood.string("onset")) > now + 4 * 3600)
            // A storm-based warning has its polygon; a zone-based watch none.
            let geometries = try answer.object().objects("features").map { $0["geometry"] }
            #expect(try geometries[at: 0] is [String: Any] && geometries[at: 1] is NSNull)
        }

        @Test("GeoJSON with the point in the title, and api.weather.gov's headers")
        func shapeAndHeaders() throws {
            let answer = try alerts()
            let document = try answer.object()
            #expect(try document.string("type") == "FeatureCollection")
            #expect(
                try document.string("title") == "current watches, warnings, and advisories for 37.2153 N, 93.2982 W")
            #expect(document["@context"] is [Any])
            #expect(try answer.date("Last-Modified") == isoSeconds(try document.string("updated")))
            #expect(try document.string("updated").hasSuffix("+00:00"))
            #expect(answer.header("Content-Type") == "application/geo+json")
            #expect(answer.header("Cache-Control") == "public, max-age=30, s-maxage=30")
            #expect(try answer.date("Expires") - answer.date("Date") == 30)
            #expect(answer.header("ETag") == nil)
            #expect(answer.header("X-Correlation-ID") != nil && answer.header("Access-Control-Allow-Origin") == "*")
            #expect(answer.text.hasPrefix("{\n    \"@context\": ["))
            let feature = try document.objects("features")[at: 0]
            #expect(
                try feature.string("id") == "https://api.weather.gov/alerts/"
                    + feature.object("properties").string("id"))
        }

        @Test("If-Modified-Since not before Last-Modified gets 304; an earlier date, the alerts")
        func conditional() throws {
            let stored = try #require(try alerts().header("Last-Modified"))
            let again = try alerts(headers: [("If-Modified-Since", stored)])
            #expect(again.status == 304 && again.response.body.isEmpty)
            #expect(try alerts(headers: [("If-Modified-Since", "Thu, 01 Jan 2026 00:00:00 GMT")]).status == 200)
        }

        @Test("once the clock passes its end, the warning leaves the answer and Last-Modified says when")
        func expiry() throws {
            let expires = try isoSeconds(try features(try alerts())[at: 0].string("expires"))
            try server.setClock(to: WarningServersTests.now + 50 * 60)
            let later = try alerts()
            #expect(try features(later).map { try $0.string("event") } == ["Flood Watch"])
            #expect(try later.date("Last-Modified") == expires)
        }

        @Test("an Update and a Cancel reference the warning they replace, which is no longer listed")
        func updateAndCancel() throws {
            let original = try features(try alerts())[at: 0]
            try server.script(
                .nws,
                [
                    .init(fixture: "nws/variants/springfield-missouri-update.json"),
                    .init(fixture: "nws/variants/springfield-missouri-cancel.json"),
                ])
            for (kind, severity) in [("Update", "Severe"), ("Cancel", "Minor")] {
                let answer = try alerts()
                let warning = try features(answer)[at: 0]
                #expect(try warning.string("messageType") == kind)
                #expect(try warning.string("severity") == severity)
                #expect(try warning.string("id") != original.string("id"))
                let references = try warning.objects("references")
                #expect(try references.map { try $0.string("identifier") } == [try original.string("id")])
                #expect(try references[at: 0].string("sent") == original.string("sent"))
                #expect(try features(answer).count == 2)
            }
        }

        @Test("a place in the country with nothing in force: no features")
        func nothing() throws {
            let answer = try alerts("point=40.7142,-74.0059")
            #expect(answer.status == 200)
            #expect(try answer.object().objects("features").isEmpty)
        }

        @Test(
            "refusals: 403 from the CDN without a User-Agent; 400 problems for the point and unknown parameters",
            arguments: [
                ("point=37.2153,-93.2982", nil, 403, "text/html"),
                ("point=51.5,-0.1", ServiceExchange.agent, 400, "application/problem+json"),
                ("point=82.5083,-62.4", ServiceExchange.agent, 400, "application/problem+json"),
                ("point=37.2,", ServiceExchange.agent, 400, "application/problem+json"),
                ("point=37.2153,-93.2982&limit=5", ServiceExchange.agent, 400, "application/problem+json"),
            ] as [(String, String?, Int, String)])
        func refusals(query: String, agent: String?, status: Int, type: String) throws {
            let answer = try alerts(query, agent: agent)
            #expect(answer.status == status)
            #expect(answer.header("Content-Type") == type)
            if type == "application/problem+json" {
                let problem = try answer.object()
                #expect(try problem.number("status") == Double(status))
                #expect(try problem.string("type").hasPrefix("https://api.weather.gov/problems/"))
                #expect(problem["correlationId"] != nil && problem["instance"] != nil)
            } else {
                #expect(answer.text.contains("Access Denied"))
            }
        }

        @Test("scripted failures: 500 as a problem, 502, 503 and 504 as the CDN's pages")
        func failures() throws {
            try server.script(.nws, [.init(status: 500), .init(status: 502), .init(status: 503), .init(status: 504)])
            #expect(try alerts().header("Content-Type") == "application/problem+json")
            for status in [502, 503, 504] {
                let answer = try alerts()
                #expect(answer.status == status && answer.header("Content-Type") == "text/html")
            }
            #expect(try alerts().status == 200)
        }
    }

    @Suite("The fixture server answers as Bright Sky's DWD warnings")
    struct BrightSky {
        let server: FixtureServer
        init() throws { server = try FixtureServer(at: WarningServersTests.moment) }

        func alerts(
            _ query: String = "lat=52.5244&lon=13.4105", agent: String? = ServiceExchange.agent,
            headers: [(name: String, value: String)] = []
        ) throws -> ServiceExchange {
            try ServiceExchange(server.dwdAlertsURL + "?" + query, agent: agent, headers: headers)
        }

        @Test("Berlin's gale warning is in force for 50 more minutes, then wind gusts; German and English texts")
        func inForce() throws {
            let document = try alerts().object()
            #expect(try document.object("location").number("warn_cell_id") == 111_000_000)
            #expect(try document.object("location").string("state_short") == "BE")
            let alerts = try document.objects("alerts")
            #expect(try alerts.map { try $0.string("severity") } == ["moderate", "minor"])
            let gale = try alerts[at: 0]
            #expect(try gale.string("event_de") == "STURMBÖEN" && gale.string("event_en") == "gale-force gusts")
            #expect(try gale.string("headline_de").hasPrefix("Amtliche WARNUNG"))
            let expires = try isoSeconds(try gale.string("expires"))
            #expect((49 * 60...51 * 60).contains(expires - WarningServersTests.now))
            #expect(try isoSeconds(try gale.string("onset")) < WarningServersTests.now)
            #expect(try gale.string("expires").hasSuffix("+00:00"))
            #expect(try isoSeconds(try alerts[at: 1].string("onset")) == expires)
            #expect(try gale["id"] is NSNumber && alerts[at: 1]["instruction_en"] is NSNull)
            // The CAP identifier holds its issue time, in milliseconds: moved with the rest.
            let issued = try #require(Double(try gale.string("alert_id").split(separator: ".")[at: 8]))
            #expect(issued / 1000 == (try isoSeconds(try gale.string("effective"))))
        }

        @Test("tz writes the times in that zone")
        func zone() throws {
            let utc = try alerts().object().objects("alerts")[at: 0].string("expires")
            let berlin = try alerts("lat=52.5244&lon=13.4105&tz=Europe/Berlin").object().objects("alerts")[at: 0]
                .string("expires")
            #expect(try isoSeconds(berlin) == isoSeconds(utc))
            #expect(berlin.hasSuffix(WarningServersTests.local(try isoSeconds(utc), "Europe/Berlin", "xxx")))
        }

        @Test("no caching headers at all: a conditional request gets the whole answer; no User-Agent needed")
        func noValidators() throws {
            let answer = try alerts(agent: nil)
            #expect(answer.status == 200)
            for name in ["Cache-Control", "Expires", "Last-Modified", "ETag"] { #expect(answer.header(name) == nil) }
            #expect(answer.header("Server") == "uvicorn" && answer.header("Content-Type") == "application/json")
            #expect(answer.header("Content-Encoding") == "gzip")
            let again = try alerts(headers: [("If-Modified-Since", answer.header("Date") ?? "")])
            #expect(again.status == 200 && again.text == answer.text)
            #expect(
                try alerts(headers: [("Origin", "https://example.org")]).header("Access-Control-Allow-Origin") == "*")
        }

        @Test(
            "refusals: 404 outside Germany or for an unknown cell, 422 as FastAPI words it",
            arguments: [
                ("lat=48.8566&lon=2.3522", 404, "not covered by the DWD"),
                ("warn_cell_id=803159016", 404, "Unknown warn_cell_id"),
                ("lat=52.52", 422, "Supply both lat and lon"), ("lat=91&lon=13", 422, "less than or equal to 90"),
                ("lat=abc&lon=13", 422, "valid number"), ("lat=52.52&lon=13.41&tz=Mars/Base", 422, "Unknown timezone"),
            ])
        func refusals(query: String, status: Int, words: String) throws {
            let answer = try alerts(query)
            #expect(answer.status == status)
            #expect(answer.text.contains(words))
            #expect(try answer.object()["detail"] != nil)
        }

        @Test("an updated warning comes under a new id and the old one is gone; a cell with nothing in force")
        func variants() throws {
            let before = try alerts().object().objects("alerts")[at: 0]
            try server.script(
                .brightsky,
                [
                    .init(fixture: "brightsky/variants/berlin-update.json"),
                    .init(fixture: "brightsky/variants/berlin-none.json"),
                ])
            let updated = try alerts().object().objects("alerts")
            #expect(try updated[at: 0].string("alert_id") != before.string("alert_id"))
            #expect(try isoSeconds(try updated[at: 0].string("expires")) > isoSeconds(try before.string("expires")))
            let none = try alerts().object()
            #expect(try none.objects("alerts").isEmpty && none.object("location").string("name") == "Berlin")
        }

        @Test("once the clock passes its end, the gale warning leaves the answer")
        func expiry() throws {
            _ = try alerts()
            try server.setClock(to: WarningServersTests.now + 55 * 60)
            #expect(try alerts().object().objects("alerts").map { try $0.number("event_code") } == [51])
        }

        @Test("scripted failures come as the proxy's plain text")
        func failures() throws {
            try server.script(.brightsky, [.init(status: 502), .init(status: 503)])
            let gateway = try alerts()
            #expect(gateway.status == 502 && gateway.text == "Bad Gateway")
            #expect(try alerts().text == "Service Unavailable")
        }
    }

    @Suite("The fixture server answers as MET Norway's MetAlerts")
    struct MetAlerts {
        let server: FixtureServer
        init() throws { server = try FixtureServer(at: WarningServersTests.moment) }

        func alerts(
            _ query: String = "lat=60.3929&lon=5.3241", agent: String? = ServiceExchange.agent,
            headers: [(name: String, value: String)] = []
        ) throws -> ServiceExchange {
            try ServiceExchange(server.metAlertsURL + "?" + query, agent: agent, headers: headers)
        }

        func features(_ answer: ServiceExchange) throws -> [[String: Any]] {
            try answer.object().objects("features")
        }

        @Test("Bergen's yellow wind warning is in force, in Norwegian, and in English with lang=en")
        func inForce() throws {
            let norwegian = try alerts()
            #expect(try norwegian.object().string("lang") == "no")
            let wind = try features(norwegian)[at: 0]
            let properties = try wind.object("properties")
            #expect(try properties.string("awareness_level") == "2; yellow; Moderate")
            #expect(try properties.string("eventAwarenessName") == "Kraftige vindkast")
            let interval = try #require(try wind.object("when")["interval"] as? [String])
            #expect(
                try isoSeconds(interval[at: 0]) < WarningServersTests.now
                    && isoSeconds(interval[at: 1]) > WarningServersTests.now)
            #expect(try properties.string("title").hasSuffix("\(interval[at: 0]), \(interval[at: 1])"))
            #expect(try properties.string("eventEndingTime") == interval[at: 1])
            // The CAP identifier holds its issue time, moved with the rest, before now.
            let stamp = try properties.string("id").split(separator: ".")[at: 6]
            #expect(String(stamp) <= WarningServersTests.local(WarningServersTests.now, "UTC", "yyyyMMddHHmmss"))
            let english = try alerts("lat=60.3929&lon=5.3241&lang=en")
            #expect(try english.object().string("lang") == "en")
            #expect(
                try features(english)[at: 0].object("properties").string("eventAwarenessName") == "Strong wind gusts")
            #expect(try features(english)[at: 0].object("properties").string("id") == properties.string("id"))
            let rain = try features(norwegian)[at: 1].object("when")["interval"] as? [String] ?? []
            #expect(try isoSeconds(rain.first ?? "") > WarningServersTests.now)
        }

        @Test("compact, slashes escaped; MET's Expires and Last-Modified at lastChange; 304 to the same date")
        func formAndHeaders() throws {
            let answer = try alerts()
            #expect(answer.text.contains(#""uri":"https:\/\/api.met.no\/weatherapi\/metalerts\/2.0\/current?cap="#))
            #expect(!answer.text.contains("\n"))
            #expect(try answer.date("Last-Modified") == isoSeconds(try answer.object().string("lastChange")))
            #expect((600..<660).contains(try answer.date("Expires") - answer.date("Date")))
            #expect(answer.header("Content-Type") == "application/json" && answer.header("Content-Encoding") == "gzip")
            let again = try alerts(headers: [("If-Modified-Since", answer.header("Last-Modified") ?? "")])
            #expect(again.status == 304 && again.response.body.isEmpty)
        }

        @Test(
            "outside Norway nothing; MET's refusals for the User-Agent and the coordinates",
            arguments: [
                ("lat=59.3293&lon=18.0686", ServiceExchange.agent, 200),
                ("lat=60.3929&lon=5.3241", "weather/0.1.0", 403),
                ("lat=60.39299&lon=5.3241", ServiceExchange.agent, 403),
                ("lat=north&lon=5", ServiceExchange.agent, 400),
            ] as [(String, String?, Int)])
        func refusals(query: String, agent: String?, status: Int) throws {
            let answer = try alerts(query, agent: agent)
            #expect(answer.status == status)
            if status == 200 {
                #expect(try features(answer).isEmpty && answer.object()["lastChange"] != nil)
            } else {
                #expect(answer.header("Content-Type") == "text/html; charset=utf-8")
            }
        }

        @Test("an Update under a new id with MET's quirks, a marine warning without a county; then nothing")
        func variants() throws {
            let before = try features(try alerts())[at: 0].object("properties").string("id")
            try server.script(
                .metalerts,
                [
                    .init(fixture: "metalerts/variants/bergen-update.json"),
                    .init(fixture: "metalerts/variants/bergen-none.json"),
                ])
            let updated = try features(try alerts()).map { try $0.object("properties") }
            #expect(try updated[at: 0].string("type") == "Update" && updated[at: 0].string("id") != before)
            #expect(try updated[at: 0]["altitude_above_sea_level"] as? String == "0")
            #expect(
                try updated[at: 2].string("geographicDomain") == "marine"
                    && (updated[at: 2]["county"] as? [String]) == [])
            #expect(try features(try alerts()).isEmpty)
        }

        @Test("once the clock passes the end of its interval, the wind warning leaves and lastChange says when")
        func expiry() throws {
            let interval = try features(try alerts())[at: 0].object("when")["interval"] as? [String] ?? []
            try server.setClock(to: try isoSeconds(interval.last ?? "") + 60)
            let later = try alerts()
            #expect(try features(later).map { try $0.object("properties").string("event") } == ["rain"])
            #expect(try later.object().string("lastChange") == interval.last)
        }
    }
}
