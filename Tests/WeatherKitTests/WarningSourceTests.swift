import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// The three warnings services as `WarningSource` reads them: their fixtures (written at the reference
/// moment, 2026-10-08 17:00 UTC), their updates and cancellations, and hostile answers.
@Suite("Warning sources: each service's answer read into warnings, cancellations applied")
struct WarningSourceTests {
    static let reference = Timestamp(secondsSince1970: 1_791_478_800)

    /// The warnings a source leaves standing in the fixture `name`.
    static func standing(_ source: some WarningSource, _ name: String, language: String = "en") throws
        -> [(alert: WeatherAlert, details: AlertDetails)]
    {
        AlertMessage.standing(
            try source.messages(in: TestPaths.fixture(name), headers: HTTPHeaders(), language: language))
    }

    /// `body` as an answer's bytes.
    static func messages(_ source: some WarningSource, _ body: String, language: String = "en") throws(ResponseProblem)
        -> [AlertMessage]
    {
        try source.messages(in: Array(body.utf8), headers: HTTPHeaders(), language: language)
    }

    static let nws = NWSAlerts(url: "http://127.0.0.1:9/alerts/active")
    static let brightSky = BrightSkyAlerts(url: "http://127.0.0.1:9/alerts")
    static let met = MetAlerts(url: "http://127.0.0.1:9/weatherapi/metalerts/2.0/current.json", contact: "a@b.org")

    @Test("the NWS: Springfield's Severe Thunderstorm Warning in force and a Flood Watch announced, times with offsets")
    func nwsSpringfield() throws {
        let standing = try Self.standing(Self.nws, "nws/springfield-missouri.json")
        #expect(standing.map(\.alert.event) == ["Severe Thunderstorm Warning", "Flood Watch"])
        let storm = try #require(standing.first)
        #expect(storm.alert.severity == .severe)
        // 11:47 to 12:45 CDT (-05:00): 16:47 to 17:45 UTC.
        #expect(storm.alert.onset == Self.reference - 13 * 60)
        #expect(storm.alert.expires == Self.reference + 45 * 60 && storm.alert.ends == storm.alert.expires)
        #expect(storm.alert.isInForce(at: Self.reference))
        #expect(storm.alert.instruction?.hasPrefix("Go inside a sturdy building now") == true)
        #expect(storm.details.area == "Greene, MO; Polk, MO")
        #expect(storm.details.sender == "NWS Springfield MO")
        // The hard line breaks within a paragraph are gone; the paragraphs stay apart.
        let description = try #require(storm.details.description)
        #expect(description.contains("9 miles northwest of Springfield, moving east at 25 mph."))
        #expect(description.contains("\n\nHAZARD...Wind gusts to 60 mph"))
        let flood = try #require(standing.last)
        #expect(flood.alert.isAnnounced(at: Self.reference))
        #expect(flood.alert.until == Self.reference + 1140 * 60, "the watch's hazard ends after its message expires")
        #expect(flood.alert.over == Self.reference + 1140 * 60, "shown until then, its update expected after 555")
        #expect(flood.alert.awaitsUpdate(at: Self.reference + 555 * 60))
    }

    @Test("the NWS: a cancelled warning is never shown, nor its cancellation; an update replaces what it references")
    func nwsCancelAndUpdate() throws {
        #expect(
            try Self.standing(Self.nws, "nws/variants/springfield-missouri-cancel.json").map(\.alert.event) == [
                "Flood Watch"
            ])
        let updated = try Self.standing(Self.nws, "nws/variants/springfield-missouri-update.json")
        #expect(updated.first?.alert.expires == Self.reference + 75 * 60)
        // The service may list a warning beside the message that cancels or replaces it: neither is shown.
        let original = try Self.messages(
            Self.nws, String(decoding: TestPaths.fixture("nws/springfield-missouri.json"), as: UTF8.self))
        let cancel = try Self.messages(
            Self.nws,
            String(decoding: TestPaths.fixture("nws/variants/springfield-missouri-cancel.json"), as: UTF8.self))
        #expect(AlertMessage.standing(original + cancel).map(\.alert.event) == ["Flood Watch"])
        let update = try Self.messages(
            Self.nws,
            String(decoding: TestPaths.fixture("nws/variants/springfield-missouri-update.json"), as: UTF8.self))
        #expect(AlertMessage.standing(original + update).map(\.alert.id) == updated.map(\.alert.id))
    }

    @Test("the NWS: tests, exercises and messages replaced by a later one are left out; expiredReferences retire")
    func nwsNotActual() throws {
        func feature(_ id: String, _ extra: String) -> String {
            #"{"properties":{"id":"\#(id)","event":"Wind Advisory","severity":"Moderate","status":"Actual",\#(extra)}}"#
        }
        let body =
            #"{"features":["#
            + [
                feature("a", #""messageType":"Alert""#).replacingOccurrences(of: "Actual", with: "Test"),
                feature("b", #""messageType":"Alert","replacedBy":"https://api.weather.gov/alerts/c""#),
                feature("c", #""messageType":"Alert""#),
                feature(
                    "d",
                    #""messageType":"Alert","parameters":{"expiredReferences":["w-nws.webmaster@noaa.gov,c,2026-10-08T11:00:00-05:00"]}"#
                ),
            ].joined(separator: ",") + "]}"
        #expect(AlertMessage.standing(try Self.messages(Self.nws, body)).map(\.alert.id) == ["d"])
    }

    @Test("the NWS request: the point's comma as written, 4 decimals, and GeoJSON asked for")
    func nwsRequest() {
        let request = Self.nws.request(for: TestContext.berlin, language: "en")
        #expect(request.url == "http://127.0.0.1:9/alerts/active?point=52.5244,13.4105")
        #expect(request.headers.contains { $0 == ("Accept", "application/geo+json") })
    }

    @Test("Bright Sky: Berlin's gale-force gusts then wind gusts, in English or German, event names as names")
    func brightSkyBerlin() throws {
        let english = try Self.standing(Self.brightSky, "brightsky/berlin.json")
        #expect(english.map(\.alert.event) == ["Gale-force gusts", "Wind gusts"])
        #expect(english.map(\.alert.severity) == [.moderate, .minor])
        #expect(english.first?.alert.id == "2.49.0.0.276.0.DWD.PVW.1791469320000.5e3f1c2a-8d4b-4f6e-9a7c-1b2d3e4f5a6b")
        #expect(english.first?.alert.expires == Self.reference + 50 * 60)
        #expect(english.first?.details.area == "Berlin")
        #expect(english.last?.alert.instruction == nil)
        let german = try Self.standing(Self.brightSky, "brightsky/berlin.json", language: "de")
        #expect(german.map(\.alert.event) == ["Sturmböen", "Windböen"])
        #expect(german.first?.alert.headline == "Amtliche WARNUNG vor STURMBÖEN")
        // The event in the other language too, for a reader of it until the warnings are asked again.
        #expect(
            english.map(\.alert.eventTranslation) == [
                .init(language: "de", text: "Sturmböen"), .init(language: "de", text: "Windböen"),
            ])
        #expect(german.first?.alert.eventTranslation == .init(language: "en", text: "Gale-force gusts"))
        #expect(try Self.standing(Self.brightSky, "brightsky/variants/berlin-none.json").isEmpty)
    }

    @Test(
        "Bright Sky: DWD's German events in capitals are cased as German writes them, nouns with their capitals",
        arguments: [
            ("STARKE HITZE", "Starke Hitze"), ("STURMBÖEN", "Sturmböen"), ("ORKANARTIGE BÖEN", "Orkanartige Böen"),
            ("EXTREM ERGIEBIGER DAUERREGEN", "Extrem ergiebiger Dauerregen"), ("STRENGER FROST", "Strenger Frost"),
            (
                "SCHWERES GEWITTER mit ORKANBÖEN, HEFTIGEM STARKREGEN und HAGEL",
                "Schweres Gewitter mit Orkanböen, heftigem Starkregen und Hagel"
            ),
            ("UV-INDEX", "UV-Index"), ("Starke Hitze", "Starke Hitze"), ("glätte", "Glätte"),
        ])
    func germanEvents(event: String, name: String) throws {
        let body =
            #"{"alerts":[{"id":7,"alert_id":"x","status":"actual","event_code":247,"event_en":"strong heat","#
            + #""event_de":"\#(event)","severity":"moderate","onset":"2026-10-08T17:00:00+00:00"}]}"#
        let german = AlertMessage.standing(try Self.messages(Self.brightSky, body, language: "de"))
        #expect(german.first?.alert.event == name)
        let english = AlertMessage.standing(try Self.messages(Self.brightSky, body))
        #expect(english.first?.alert.event == "Strong heat")
        #expect(english.first?.alert.eventTranslation?.text == name, "the German beside it, cased the same")
    }

    @Test(
        "Bright Sky: its 404 outside Germany means no warnings; any other refusal does not; tests and all-clears are left out"
    )
    func brightSkyRefusals() throws {
        #expect(
            Self.brightSky.meansNone(
                status: 404, body: Array(#"{"detail":"Requested position is not covered by the DWD"}"#.utf8)))
        #expect(!Self.brightSky.meansNone(status: 404, body: Array("Not Found".utf8)))
        #expect(!Self.brightSky.meansNone(status: 500, body: Array(#"{"detail":"not covered"}"#.utf8)))
        let body =
            #"{"alerts":[{"id":1,"alert_id":"x","status":"test","event_en":"frost","severity":"minor"},"#
            + #"{"id":2,"alert_id":"y","status":"actual","response_type":"allclear","event_en":"frost","severity":"minor"},"#
            + #"{"id":3,"status":"actual","event_en":"FROST","severity":"MINOR","onset":"2026-10-08T17:00:00+00:00"}]}"#
        let standing = AlertMessage.standing(try Self.messages(Self.brightSky, body))
        #expect(standing.map(\.alert.id) == ["3"], "the serial number stands in for a missing CAP identifier")
        #expect(standing.first?.alert.event == "Frost" && standing.first?.alert.severity == .minor)
    }

    @Test("MetAlerts: Bergen's yellow wind warning in force and rain announced; an update with MET's quirks")
    func metBergen() throws {
        let english = try Self.standing(Self.met, "metalerts/bergen.en.json")
        #expect(english.map(\.alert.event) == ["Strong wind gusts", "Heavy rain"])
        let wind = try #require(english.first)
        #expect(wind.alert.severity == .moderate)
        #expect(wind.alert.onset == Self.reference - 2 * 3600)
        #expect(wind.alert.expires == Self.reference + 13 * 3600)
        #expect(wind.details.area == "Coast and fjords of Vestland")
        #expect(wind.details.description?.contains("\n\nLoose objects may be blown around.") == true)
        #expect(wind.alert.instruction == "Secure loose objects. Be prepared for delays in traffic.")
        // MET's title without what the warning gives elsewhere: the area, and the interval's times, raw.
        #expect(wind.alert.headline == "Strong wind gusts, yellow level")
        let norwegian = try #require(try Self.standing(Self.met, "metalerts/bergen.json").first)
        #expect(norwegian.alert.event == "Kraftige vindkast")
        #expect(norwegian.alert.headline?.contains("2026-") == false && norwegian.alert.headline?.isEmpty == false)
        let updated = try Self.standing(Self.met, "metalerts/variants/bergen-update.en.json")
        #expect(updated.count == 3 && updated.allSatisfy { $0.alert.severity == .moderate })
        #expect(try Self.standing(Self.met, "metalerts/variants/bergen-none.en.json").isEmpty)
    }

    @Test("MetAlerts' title: the event and its level kept, the area and the times said elsewhere left out")
    func metHeadline() {
        let area = "Fjordane and Nordhordland, coast"
        #expect(
            MetAlerts.headline(
                "Gale, yellow level, \(area), 2026-10-08T16:00:00+00:00, 2026-10-09T08:00:00+00:00", area: area)
                == "Gale, yellow level")
        #expect(MetAlerts.headline("Gale, yellow level, Vestland", area: nil) == "Gale, yellow level, Vestland")
        #expect(MetAlerts.headline("Vestland", area: "Vestland") == "Vestland", "never nothing but what it repeats")
        #expect(MetAlerts.headline("2026-10-08T16:00:00+00:00", area: nil) == nil)
        #expect(MetAlerts.headline(nil, area: area) == nil)
    }

    @Test("MetAlerts' fields as the real service also sends them: the event's name, the level's severity, the end")
    func metOlderFields() throws {
        let body =
            #"{"features":[{"properties":{"id":"m","event":"wind","awareness_level":"3; orange; Severe","#
            + #""eventEndingTime":"2026-10-09T06:00:00+00:00","status":"Actual","type":"Alert"}}]}"#
        let warning = try #require(AlertMessage.standing(try Self.messages(Self.met, body)).first)
        #expect(warning.alert.event == "Wind")
        #expect(warning.alert.severity == .severe)
        #expect(warning.alert.ends == Self.reference + 13 * 3600)
        // Bright Sky's `instruction_en: null`, as for Berlin's wind gusts: no instruction, the rest read.
        let gusts = try #require(try Self.standing(Self.brightSky, "brightsky/berlin.json").last)
        #expect(gusts.alert.event == "Wind gusts" && gusts.alert.instruction == nil && gusts.alert.headline != nil)
    }

    @Test("MetAlerts asks in English unless the reader is Norwegian, and not at all without a contact")
    func metRequest() {
        #expect(
            Self.met.request(for: TestContext.berlin, language: "de").url.hasSuffix("?lat=52.5244&lon=13.4105&lang=en"))
        #expect(Self.met.request(for: TestContext.berlin, language: "nb").url.hasSuffix("&lang=no"))
        #expect(Self.met.refusal == nil)
        #expect(MetAlerts(url: Self.met.url, contact: nil).refusal?.contains("WEATHER_CONTACT") == true)
    }

    @Test("a time that contradicts the others is unknown: an end before the onset, an expiry before it takes effect")
    func contradictingTimes() throws {
        func nws(_ times: String) throws -> WeatherAlert {
            let body = #"{"features":[{"properties":{"id":"a","event":"Wind Advisory","status":"Actual",\#(times)}}]}"#
            return try #require(try Self.messages(Self.nws, body).first).alert
        }
        let at = { (hour: Int) in Self.reference + Double(hour - 17) * 3600 }
        let ending = try nws(
            #""effective":"2026-10-08T16:00:00Z","onset":"2026-10-08T18:00:00Z","expires":"2026-10-08T20:00:00Z","#
                + #""ends":"2026-10-08T17:00:00Z""#)
        #expect(ending.onset == at(18) && ending.ends == nil && ending.expires == at(20))
        let expiring = try nws(#""effective":"2026-10-08T18:00:00Z","expires":"2026-10-08T17:00:00Z""#)
        #expect(expiring.onset == at(18) && expiring.expires == nil && expiring.over == nil)
        // A watch whose message expires before its hazard begins is as the NWS issues them: kept whole.
        let watch = try nws(
            #""effective":"2026-10-08T16:00:00Z","onset":"2026-10-09T06:00:00Z","expires":"2026-10-08T22:00:00Z","#
                + #""ends":"2026-10-09T18:00:00Z""#)
        #expect(watch.expires == at(22) && watch.ends == at(17 + 25) && watch.isAnnounced(at: Self.reference))

        let dwd = try #require(
            try Self.messages(
                Self.brightSky,
                #"{"alerts":[{"id":1,"alert_id":"b","status":"actual","event_en":"frost","severity":"minor","#
                    + #""effective":"2026-10-08T16:00:00+00:00","onset":"2026-10-08T18:00:00+00:00","#
                    + #""expires":"2026-10-08T17:00:00+00:00"}]}"#
            ).first)
        #expect(dwd.alert.onset == at(18) && dwd.alert.expires == nil && dwd.alert.ends == nil)
        let met = try #require(
            try Self.messages(
                Self.met,
                #"{"features":[{"properties":{"id":"m","event":"wind","severity":"Moderate","status":"Actual"},"#
                    + #""when":{"interval":["2026-10-08T18:00:00+00:00","2026-10-08T17:00:00+00:00"]}}]}"#
            ).first)
        #expect(met.alert.onset == at(18) && met.alert.expires == nil && met.alert.ends == nil)
        #expect(met.alert.isInForce(at: at(19)), "in force from its onset, as long as MetAlerts lists it")
    }

    static let long = String(repeating: "word ", count: 5000)
    /// A GeoJSON answer (the NWS's, MetAlerts') of one warning with every field hostile.
    static let hostileGeoJSON =
        #"{"features":[{"properties":{"id":"x\u001b[2J","event":"Storm\u202e\u0007 warning","#
        + #""eventAwarenessName":"Storm\u202e\u0007 warning","severity":"Apocalyptic","status":"Actual","#
        + #""onset":"2026-13-45T99:00:00Z","expires":"not a time","description":"\#(long)","areaDesc":"\#(long)","#
        + #""area":"\#(long)","headline":"\#(long)","title":"\#(long)"}}]}"#
    /// Bright Sky's answer of the same warning, its area the warn cell's name.
    static let hostileBrightSky =
        #"{"alerts":[{"id":1,"alert_id":"x\u001b[2J","status":"actual","event_en":"Storm\u202e\u0007 warning","#
        + #""severity":"Apocalyptic","onset":"2026-13-45T99:00:00Z","expires":"not a time","#
        + #""description_en":"\#(long)","headline_en":"\#(long)"}],"location":{"name":"\#(long)"}}"#

    @Test(
        "hostile answers: control and bidi characters gone, long texts cut, bad times dropped, broken shapes refused",
        arguments: [
            (WarningSourceTests.nws as any WarningSource, WarningSourceTests.hostileGeoJSON),
            (WarningSourceTests.met, WarningSourceTests.hostileGeoJSON),
            (WarningSourceTests.brightSky, WarningSourceTests.hostileBrightSky),
        ])
    func hostile(source: any WarningSource, body: String) throws {
        let standing = AlertMessage.standing(
            try source.messages(in: Array(body.utf8), headers: HTTPHeaders(), language: "en"))
        let warning = try #require(standing.first)
        #expect(warning.alert.event == "Storm\u{FFFD} warning")
        #expect(!warning.alert.id.containsControlCharacters)
        #expect(warning.alert.severity == .unknown)
        #expect(warning.alert.onset == nil && warning.alert.expires == nil)
        #expect(try #require(warning.alert.headline).count <= WeatherAlert.longestHeadline + 1)
        #expect(try #require(warning.details.area).count <= AlertTexts.longestArea + 1)
        #expect(try #require(warning.details.description).count <= AlertTexts.longestDescription + 1)
        for broken in [
            "<html>Service Unavailable</html>", #"{"features":{}}"#, #"{"alerts":{}}"#, "[]", "",
            #"{"features":[1,"x",null]}"#, #"{"alerts":[1,"x",null]}"#, #"{"alerts":[{"id":"#,
        ] {
            let messages = try? source.messages(in: Array(broken.utf8), headers: HTTPHeaders(), language: "en")
            #expect(messages == nil || messages == [], "\(broken)")
        }
    }

    @Test(
        "a thousand warnings: the 30 gravest stand",
        arguments: [WarningSourceTests.nws as any WarningSource, WarningSourceTests.met, WarningSourceTests.brightSky])
    func thousand(source: any WarningSource) throws {
        let severities = ["Minor", "Moderate", "Severe", "Extreme"]
        let items = (0..<1000).map { index in
            let severity = severities[index % 4]
            return source.source == .dwd
                ? #"{"id":\#(index),"alert_id":"a\#(index)","status":"actual","event_en":"e","severity":"\#(severity)"}"#
                : #"{"properties":{"id":"a\#(index)","event":"e","severity":"\#(severity)","status":"Actual"}}"#
        }
        let body =
            source.source == .dwd
            ? #"{"alerts":["# + items.joined(separator: ",") + "]}"
            : #"{"features":["# + items.joined(separator: ",") + "]}"
        let standing = AlertMessage.standing(
            try source.messages(in: Array(body.utf8), headers: HTTPHeaders(), language: "en"))
        #expect(standing.count == SavedAlerts.mostAlerts)
        #expect(standing.allSatisfy { $0.alert.severity == .extreme })
    }
}
