import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Saved warnings: in force, announced and over by the clock alone; the file reads back the same")
struct SavedAlertsTests {
    static let now = Timestamp(secondsSince1970: 1_791_478_800)

    static func alert(
        _ id: String, _ severity: AlertSeverity = .severe, onset: Double? = nil, expires: Double? = nil,
        ends: Double? = nil
    ) -> WeatherAlert {
        WeatherAlert(
            id: id, event: "Event " + id, severity: severity, headline: "Headline " + id, instruction: "Do " + id,
            onset: onset.map { now + $0 }, expires: expires.map { now + $0 }, ends: ends.map { now + $0 })
    }

    static func saved(_ alerts: [WeatherAlert], failure: SavedAlerts.Failure? = nil) -> SavedAlerts {
        SavedAlerts(
            source: .nws, latitude: 37.21533, longitude: -93.29824, language: "en", checkedAt: now,
            freshUntil: now + 30, cachingHeaders: CachingHeaders(lastModified: "Thu, 08 Oct 2026 16:59:00 GMT"),
            failure: failure, alerts: alerts)
    }

    @Test("a warning is in force from its onset until its hazard ends, past its message's expiry, update expected")
    func inForce() {
        let watch = Self.alert("w", onset: 600, expires: 3600, ends: 7200)
        #expect(watch.isAnnounced(at: Self.now) && !watch.isInForce(at: Self.now))
        #expect(watch.isInForce(at: Self.now + 600) && !watch.isAnnounced(at: Self.now + 600))
        #expect(watch.isInForce(at: Self.now + 3599) && !watch.awaitsUpdate(at: Self.now + 3599))
        #expect(watch.isInForce(at: Self.now + 3600) && watch.awaitsUpdate(at: Self.now + 3600))
        #expect(watch.isInForce(at: Self.now + 7199) && watch.isOver(at: Self.now + 7200))
        #expect(!watch.awaitsUpdate(at: Self.now + 7200))
        #expect(watch.until == Self.now + 7200, "people read the hazard's end")
        let ending = Self.alert("e", expires: 7200, ends: 1800)
        #expect(ending.isInForce(at: Self.now) && ending.isOver(at: Self.now + 1800))
        let expiring = Self.alert("x", expires: 1800)
        #expect(expiring.isOver(at: Self.now + 1800) && !expiring.awaitsUpdate(at: Self.now + 1800))
        let open = Self.alert("o")
        #expect(open.isInForce(at: Self.now + 1e9) && open.over == nil)
    }

    @Test("an update is due at the earliest expiry of a message whose hazard goes on; watch redraws then")
    func updateDue() {
        let saved = Self.saved([
            Self.alert("storm", expires: 2700, ends: 2700), Self.alert("watch", onset: 600, expires: 3600, ends: 7200),
            Self.alert("past", expires: -60, ends: 9000), Self.alert("dwd", expires: 1200),
        ])
        #expect(saved.nextUpdateDue(after: Self.now) == Self.now + 3600)
        #expect(saved.nextUpdateDue(after: Self.now + 3600) == nil)
        #expect(saved.nextChange(after: Self.now + 2700) == Self.now + 3600, "where it says update expected")
        #expect(saved.current(at: Self.now + 3600).map(\.id) == ["past", "watch"])
    }

    @Test("a warning without an end lasts until an answer leaves it out, and a day after the last answer at most")
    func withoutEnd() throws {
        let open = Self.alert("open", onset: -60)
        var saved = Self.saved([open, Self.alert("timed", .minor, expires: 7 * 86_400)])
        #expect(saved.current(at: Self.now + 86_399).map(\.id) == ["open", "timed"])
        #expect(saved.inForce(at: Self.now + 86_399).map(\.id) == ["open", "timed"])
        #expect(saved.current(at: Self.now + 86_400).map(\.id) == ["timed"], "a day after the last answer")
        #expect(saved.nextChange(after: Self.now + 60) == Self.now + 86_400, "watch redraws then")
        // A failed try is no answer: the day counts from the last one.
        saved.failure = .init(at: Self.now + 80_000, reason: "HTTP 503")
        #expect(saved.inForce(at: Self.now + 86_400).map(\.id) == ["timed"])
        // An answer that lists it again (a 304 among them) gives it another day.
        saved.checkedAt = Self.now + 80_000
        saved.failure = nil
        #expect(saved.inForce(at: Self.now + 86_400).map(\.id) == ["open", "timed"])
        let read = try #require(SavedAlerts(fileContents: saved.fileContents))
        #expect(read.current(at: Self.now + 80_000 + 86_400).map(\.id) == ["timed"], "the same from the file")
        // Never listed by an answer (no checked line): over already.
        saved.checkedAt = nil
        #expect(saved.current(at: Self.now).map(\.id) == ["timed"])
    }

    @Test("an answer further in the future than a clock's skew is none: warnings without an end are over")
    func answerInTheFuture() {
        var saved = Self.saved([Self.alert("open", onset: -60), Self.alert("timed", .minor, expires: 3600)])
        saved.checkedAt = Self.now + Timestamp.futureTolerance
        #expect(saved.lastAnswer(at: Self.now) == saved.checkedAt, "a clock set a little back")
        #expect(saved.current(at: Self.now).map(\.id) == ["open", "timed"])
        saved.checkedAt = Self.now + Timestamp.futureTolerance + 1
        #expect(saved.lastAnswer(at: Self.now) == nil)
        #expect(saved.current(at: Self.now).map(\.id) == ["timed"])
        #expect(saved.nextChange(after: Self.now) == Self.now + 3600)
    }

    @Test("the most severe first, then the earliest; the next change is the next onset or end")
    func order() {
        let saved = Self.saved([
            Self.alert("minor", .minor, onset: -60), Self.alert("late", .extreme, onset: 900, expires: 1800),
            Self.alert("early", .extreme, onset: -60, expires: 300),
        ])
        #expect(saved.alerts.map(\.id) == ["early", "late", "minor"])
        #expect(saved.inForce(at: Self.now).map(\.id) == ["early", "minor"])
        #expect(saved.current(at: Self.now + 600).map(\.id) == ["late", "minor"])
        #expect(saved.nextChange(after: Self.now) == Self.now + 300)
        #expect(saved.nextChange(after: Self.now + 300) == Self.now + 900)
        #expect(saved.nextChange(after: Self.now + 1800) == Self.now + 86_400, "the minor one, without an end")
        #expect(saved.nextChange(after: Self.now + 86_400) == nil)
        #expect(saved.isFor(Location(name: "x", latitude: 37.21533, longitude: -93.29824)))
        #expect(!saved.isFor(Location(name: "x", latitude: 37.3, longitude: -93.29824)))
    }

    @Test("the file reads back the same: warnings, validators, the failure; the texts beside it too")
    func roundTrip() throws {
        let saved = Self.saved(
            [Self.alert("a", onset: -60, expires: 600, ends: 900), Self.alert("b", .unknown)],
            failure: .init(at: Self.now + 60, reason: "the NWS alerts service at x is having trouble"))
        #expect(SavedAlerts(fileContents: saved.fileContents) == saved)
        // The event in another language, after its warning's line; in the brief reading too.
        var translated = saved
        translated.alerts[1].eventTranslation = .init(language: "de", text: "Sturmböen")
        #expect(SavedAlerts(fileContents: translated.fileContents) == translated)
        #expect(
            SavedAlerts(fileContents: translated.fileContents, brief: true)?.alerts[1].eventTranslation?.text
                == "Sturmböen")
        #expect(String(decoding: translated.fileContents, as: UTF8.self).hasSuffix("\nevent\tde\tSturmböen\n"))
        // One before any warning is a file another program wrote.
        let stray = String(decoding: saved.fileContents, as: UTF8.self).replacingOccurrences(
            of: "\nalert\t", with: "\nevent\tde\tSturmböen\nalert\t")
        #expect(stray.contains("event") && SavedAlerts(fileContents: Array(stray.utf8)) == nil)
        let texts = AlertTexts(details: [
            "a": AlertDetails(area: "Greene, MO", description: "One.\n\nTwo.", sender: "NWS Springfield MO")
        ])
        let readTexts = try AlertTexts(reading: JSONDocument(parsing: texts.fileContents(in: saved.alerts)).reader)
        #expect(readTexts == texts)
    }

    @Test(
        "a file weather did not write is refused: unknown words, missing fields, times out of range, too many",
        arguments: [
            ("source\tnws", "source\tMeteo Alarm"), ("\tsevere\t", "\tapocalyptic\t"), ("fresh\t", "fresh\tsoon"),
            ("weather alerts 1", "weather alerts 2"), ("place\t", "place\t91\t"),
            ("\tsevere\t", "\tsevere\t99999999999999\t"),
            ("alert\ta\t", "alert\t\t"),
        ])
    func refused(change: (String, String)) throws {
        let good = String(decoding: Self.saved([Self.alert("a", onset: 0)]).fileContents, as: UTF8.self)
        let bad = good.replacingOccurrences(of: change.0, with: change.1)
        #expect(bad != good)
        #expect(SavedAlerts(fileContents: Array(bad.utf8)) == nil, "\(bad)")
        #expect(SavedAlerts(fileContents: Array(good.utf8)) != nil)
        let many = Self.saved((0...SavedAlerts.mostAlerts).map { Self.alert(String($0)) })
        #expect(SavedAlerts(fileContents: many.fileContents) == nil)
    }

    @Test("control characters in a file another program wrote are made printable; over-long texts refused")
    func hostileFile() throws {
        let good = String(decoding: Self.saved([Self.alert("a", onset: 0)]).fileContents, as: UTF8.self)
        let escape = good.replacingOccurrences(of: "Event a", with: "Event \u{1B}[2Ja\u{202E}")
        #expect(SavedAlerts(fileContents: Array(escape.utf8))?.alerts.first?.event == "Event \u{FFFD}[2Ja")
        let long = good.replacingOccurrences(of: "Event a", with: String(repeating: "x", count: 201))
        #expect(SavedAlerts(fileContents: Array(long.utf8)) == nil)
    }

    @Test("a freshness more than a day after the last answer is cut to a day")
    func farFreshness() throws {
        var saved = Self.saved([])
        saved.freshUntil = Self.now + 1e8
        let read = try #require(SavedAlerts(fileContents: saved.fileContents))
        #expect(read.freshUntil == Self.now + 86_400)
    }

    @Test("texts from a service: one line, or paragraphs; blanks collapsed, control characters gone, cut with …")
    func serverText() {
        #expect("  Go\tinside \r\n now.  ".oneLine(maximumLength: 100) == "Go inside now.")
        #expect("a\u{202E}b\u{1B}c".oneLine(maximumLength: 100) == "ab\u{FFFD}c")
        #expect("abcdef".oneLine(maximumLength: 3) == "ab…" && "abc".oneLine(maximumLength: 3) == "abc")
        #expect(" \n\t".oneLine(maximumLength: 3) == nil)
        let text = "* WHAT...Flooding is\n  possible.\r\n\r\n* WHERE...Greene\nCounty.\n \n\n"
        let paragraphs = text.paragraphs(maximumLength: 1000)
        #expect(paragraphs == "* WHAT...Flooding is possible.\n\n* WHERE...Greene County.")
        #expect(paragraphs?.paragraphs(maximumLength: 1000) == paragraphs, "what it returns comes back unchanged")
    }

    @Test("the country of a place chooses the source; elsewhere none")
    func sources() {
        #expect(AlertSource(countryCode: "US") == .nws && AlertSource(countryCode: "pr") == .nws)
        #expect(AlertSource(countryCode: "DE") == .dwd)
        #expect(AlertSource(countryCode: "NO") == .metNorway && AlertSource(countryCode: "SJ") == .metNorway)
        #expect(AlertSource(countryCode: "FR") == nil && AlertSource(countryCode: nil) == nil)
    }

    @Test(
        "the NWS warns for the territories it forecasts for, MET Norway for Svalbard and Jan Mayen",
        arguments: [
            ("PR", AlertSource.nws), ("VI", .nws), ("GU", .nws), ("MP", .nws), ("AS", .nws), ("as", .nws),
            ("SJ", .metNorway), ("sj", .metNorway),
        ])
    func territories(code: String, source: AlertSource) {
        #expect(AlertSource(countryCode: code) == source)
    }

    @Test(
        "neighbours and other dependencies have no source: no request for them",
        arguments: ["CA", "MX", "UM", "AT", "CH", "SE", "FI", "DK", "GL", "FO", "BV", "IS", ""])
    func uncoveredNeighbours(code: String) {
        #expect(AlertSource(countryCode: code) == nil)
    }
}
