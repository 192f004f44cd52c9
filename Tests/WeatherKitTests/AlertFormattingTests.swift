import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Warnings where people look: the first line, the line under it, %A, %W, waybar and --json")
struct AlertFormattingTests {
    static let now = SavedAlertsTests.now
    /// Springfield at noon, CDT (UTC-5).
    static let result = WeatherResult(
        location: WarningsUpdaterTests.springfield,
        conditions: CurrentConditions(temperature: 24.5, isDay: true, weatherCode: 95),
        observedAt: now, utcOffsetSeconds: -18_000, updatedAt: now)
    static let formatter = WeatherFormatter(now: now)

    static let storm = SavedAlertsTests.alert("storm", .severe, onset: -780, expires: 2700, ends: 2700)
    static let flood = SavedAlertsTests.alert("flood", .severe, onset: 18_000, expires: 33_300, ends: 68_400)
    static let gusts = SavedAlertsTests.alert("gusts", .minor, onset: -600, expires: 3600)

    static func text(_ alerts: [WeatherAlert], failure: SavedAlerts.Failure? = nil) -> [Substring] {
        formatter.text(result, stale: false, alerts: SavedAlertsTests.saved(alerts, failure: failure))
            .split(separator: "\n")
    }

    @Test("the first line carries ⚠ for a moderate or graver warning in force, the line under it the gravest")
    func textLines() {
        let lines = Self.text([Self.storm, Self.flood])
        #expect(lines[0] == "Springfield, Missouri, United States: ⛈️ 24.5 °C, thunderstorm ⚠")
        #expect(lines[1] == "⚠ Event storm until 12:45; 1 announced")
        #expect(Self.text([Self.storm, Self.gusts])[1] == "⚠ Event storm until 12:45, and 1 more")
        // A minor warning is listed, not flagged.
        let minor = Self.text([Self.gusts])
        #expect(!minor[0].contains("⚠") && minor[1] == "⚠ Event gusts until 13:00")
        #expect(Self.text([Self.flood])[1] == "Announced: Event flood from 17:00")
        #expect(Self.text([]).count == 2, "no warnings, no line")
        #expect(Self.formatter.text(Self.result, stale: false).split(separator: "\n").count == 2)
    }

    @Test("the last line credits the warnings' source while warnings are shown, and only then")
    func credit() {
        #expect(Self.text([Self.storm]).last == "Updated just now · Data: Open-Meteo · Warnings: NWS")
        #expect(Self.text([Self.flood]).last?.hasSuffix(" · Warnings: NWS") == true, "announced ones are shown")
        #expect(Self.text([]).last == "Updated just now · Data: Open-Meteo")
        let over = WeatherFormatter(now: Self.now + 70_000)
        let text = over.text(Self.result, stale: false, alerts: SavedAlertsTests.saved([Self.storm, Self.flood]))
        #expect(text.hasSuffix("· Data: Open-Meteo"), "none shown, none credited: \(text)")
        var dwd = SavedAlertsTests.saved([Self.storm])
        dwd.source = .dwd
        #expect(
            Self.formatter.text(Self.result, stale: false, refreshing: true, alerts: dwd).hasSuffix(
                "Updated just now · Data: Open-Meteo · Warnings: DWD, refreshing…"))
    }

    @Test("the last known warnings say as of when, when the last update failed")
    func asOf() {
        let lines = Self.text([Self.storm], failure: .init(at: Self.now + 600, reason: "HTTP 503"))
        #expect(lines[1] == "⚠ Event storm until 12:45 (as of 12:00)")
    }

    @Test("by the clock alone: a warning over is gone from every form, one begun is in force")
    func byTheClock() {
        let saved = SavedAlertsTests.saved([Self.storm, Self.flood])
        let later = WeatherFormatter(now: Self.now + 2700)
        #expect(later.alertMark(saved).isEmpty && later.alertClasses(saved).isEmpty)
        #expect(later.alertLine(saved, at: Self.result) == "Announced: Event flood from 17:00")
        let evening = WeatherFormatter(now: Self.now + 18_000)
        #expect(evening.mostSevereAlert(saved, at: Self.result) == "Event flood until Fri 07:00")
        let json = WeatherFormatter(now: Self.now + 70_000).json(Self.result, stale: false, alerts: saved)
        #expect(json.contains(#""alerts":[],"alertsCheckedAt":"2026-10-08T17:00:00Z","#))
    }

    @Test("warnings saved in another language: the service's words for this reader where it gave them, else said")
    func anotherLanguage() throws {
        var gale = SavedAlertsTests.alert("gale", .moderate, onset: -600, expires: 3000)
        gale.event = "Gale-force gusts"
        gale.eventTranslation = .init(language: "de", text: "Sturmböen")
        var gusts = SavedAlertsTests.alert("gusts", .minor, onset: 3000, expires: 30_000)
        gusts.event = "Wind gusts"
        var dwd = SavedAlertsTests.saved([gale, gusts])
        dwd.source = .dwd
        let german = WeatherFormatter(now: Self.now, textLanguage: { "de" })
        #expect(german.mostSevereAlert(dwd, at: Self.result) == "Sturmböen until 12:50")
        #expect(
            german.alertTooltip(dwd, at: Self.result)
                == "⚠ Sturmböen (moderate) until 12:50\nAnnounced: Wind gusts (in another language) (minor) from 12:50")
        let full = german.alertsText(dwd, texts: AlertTexts(details: [:]), of: Self.result, columns: nil)
        #expect(full.contains("\n⚠ Sturmböen: moderate, in force"), "\(full)")
        // Its own language, or one the service answers the same (the NWS's English for a German reader).
        #expect(Self.formatter.mostSevereAlert(dwd, at: Self.result) == "Gale-force gusts until 12:50")
        let french = WeatherFormatter(now: Self.now, textLanguage: { "fr" })
        #expect(french.mostSevereAlert(dwd, at: Self.result) == "Gale-force gusts until 12:50")
        #expect(
            german.mostSevereAlert(SavedAlertsTests.saved([Self.storm]), at: Self.result) == "Event storm until 12:45")
        // MET Norway's one language an answer: English read by a Norwegian.
        var met = SavedAlertsTests.saved([gale])
        met.source = .metNorway
        let norwegian = WeatherFormatter(now: Self.now, textLanguage: { "nb" })
        #expect(norwegian.mostSevereAlert(met, at: Self.result) == "Gale-force gusts (in another language) until 12:50")
    }

    @Test("past its message's expiry a warning stays in every form until its hazard ends, update expected")
    func updateExpected() throws {
        let saved = SavedAlertsTests.saved([Self.storm, Self.flood])
        // The flood watch's message expires at 02:15 UTC, its hazard ends at 12:00 UTC (07:00 the next
        // morning in Springfield): 23:06 is between.
        let night = WeatherFormatter(now: Self.now + 40_000)
        #expect(night.alertMark(saved) == "⚠" && night.alertClasses(saved) == ["warning", "warning-severe"])
        #expect(night.alertLine(saved, at: Self.result) == "⚠ Event flood until Fri 07:00 (update expected)")
        #expect(night.mostSevereAlert(saved, at: Self.result) == "Event flood until Fri 07:00 (update expected)")
        #expect(
            night.alertTooltip(saved, at: Self.result) == "⚠ Event flood (severe) until Fri 07:00 (update expected)")
        let full = night.alertsText(saved, texts: AlertTexts(details: [:]), of: Self.result, columns: nil)
        #expect(
            full.contains("⚠ Event flood: severe, in force from 17:00 until Fri 07:00 (update expected)\n"), "\(full)")
        let json = night.json(Self.result, stale: false, alerts: saved)
        #expect(json.contains(#""expires":"2026-10-09T02:15:00Z","ends":"2026-10-09T12:00:00Z","inForce":true"#))
        // Before the expiry, nothing to say.
        let evening = WeatherFormatter(now: Self.now + 30_000)
        #expect(evening.alertLine(saved, at: Self.result) == "⚠ Event flood until Fri 07:00")
    }

    @Test("a warning without an end leaves every form a day after the last answer")
    func withoutEnd() {
        let saved = SavedAlertsTests.saved([SavedAlertsTests.alert("open", .severe, onset: -60)])
        let before = WeatherFormatter(now: Self.now + 86_399)
        #expect(before.alertMark(saved) == "⚠" && before.mostSevereAlert(saved, at: Self.result) == "Event open")
        #expect(before.alertClasses(saved) == ["warning", "warning-severe"])
        let after = WeatherFormatter(now: Self.now + 86_400)
        #expect(after.alertMark(saved).isEmpty && after.mostSevereAlert(saved, at: Self.result).isEmpty)
        #expect(after.alertClasses(saved).isEmpty && after.alertLine(saved, at: Self.result) == nil)
        #expect(after.json(Self.result, stale: false, alerts: saved).contains(#""alerts":[]"#))
    }

    @Test("an answer \"in the future\" is said as none: not updated, and no time in --json")
    func answerInTheFuture() {
        var saved = SavedAlertsTests.saved([Self.storm], failure: .init(at: Self.now, reason: "HTTP 503"))
        saved.checkedAt = Self.now + 86_400 * 365
        #expect(Self.formatter.alertLine(saved, at: Self.result) == "⚠ Event storm until 12:45 (not updated)")
        #expect(Self.formatter.alertTooltip(saved, at: Self.result)?.hasSuffix("\nWarnings (not updated)") == true)
        #expect(Self.formatter.json(Self.result, stale: false, alerts: saved).contains(#""alertsCheckedAt":null"#))
        let listed = Self.formatter.alertsText(saved, texts: AlertTexts(details: [:]), of: Self.result, columns: nil)
        #expect(!listed.contains("(as of") && listed.contains("The last update failed at 12:00 (HTTP 503)."))
    }

    @Test("%A and %W, and the short line that fits a tmux status of 40 columns")
    func formatCodes() throws {
        let saved = SavedAlertsTests.saved([Self.storm, Self.flood])
        let line = Self.formatter.line(try FormatString(parsing: "%A|%W"), Self.result, stale: false, alerts: saved)
        #expect(line == "Event storm until 12:45|⚠")
        #expect(Self.formatter.line(try FormatString(parsing: "%A|%W"), Self.result, stale: false) == "|")
        let short = Self.formatter.line(.shortLine, Self.result, stale: true, alerts: saved)
        #expect(short == "Springfield ⛈️ 25°C ⚠ (stale)" && short.terminalColumns <= 40)
        #expect(Self.formatter.line(.shortLine, Self.result, stale: false) == "Springfield ⛈️ 25°C")
    }

    @Test("waybar: warning and warning-<severity> classes, the warnings at the top of the tooltip")
    func waybar() throws {
        let saved = SavedAlertsTests.saved([Self.storm, Self.flood])
        let object = Self.formatter.waybar(Self.result, stale: false, format: .shortLine, alerts: saved)
        #expect(object.contains(#""class":["fresh","storm","warning","warning-severe"]"#), "\(object)")
        #expect(
            object.contains(
                #""tooltip":"⚠ Event storm (severe) until 12:45\nAnnounced: Event flood (severe) from 17:00\n\nSpringfield"#
            ),
            "\(object)")
    }

    @Test("waybar's tooltip lists the warnings in force before those announced, however grave")
    func tooltipOrder() {
        let saved = SavedAlertsTests.saved([Self.flood, Self.gusts])
        let tooltip = Self.formatter.alertTooltip(saved, at: Self.result)
        #expect(tooltip == "⚠ Event gusts (minor) until 13:00\nAnnounced: Event flood (severe) from 17:00")
    }

    @Test("--json: the warnings in force or announced, ISO 8601 UTC times, null where the service gave none")
    func json() {
        let saved = SavedAlertsTests.saved([Self.storm, SavedAlertsTests.alert("open", .unknown)])
        let json = Self.formatter.json(Self.result, stale: false, alerts: saved)
        let storm: String =
            #"{"id":"storm","source":"nws","event":"Event storm","severity":"severe","headline":"Headline storm","#
            + #""onset":"2026-10-08T16:47:00Z","expires":"2026-10-08T17:45:00Z","ends":"2026-10-08T17:45:00Z","#
            + #""inForce":true,"instruction":"Do storm"}"#
        let open: String =
            #"{"id":"open","source":"nws","event":"Event open","severity":"unknown","headline":"Headline open","#
            + #""onset":null,"expires":null,"ends":null,"inForce":true,"instruction":"Do open"}"#
        let expected =
            #""alerts":["# + storm + "," + open + #"],"alertsCheckedAt":"2026-10-08T17:00:00Z","air":null,"units""#
        #expect(json.contains(expected), "\(json)")
        #expect(Self.formatter.json(Self.result, stale: false).contains(#""alerts":[],"air":null,"units""#))
    }
}
