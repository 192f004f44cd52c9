import WeatherFetching
import WeatherModel
import WeatherSources
import WeatherSystem

/// How the official warnings appear in `show`'s forms: a mark on the first line and the short line, a
/// line under the first, `%A`, waybar's classes and tooltip, and `--json`'s `alerts`. Every form shows
/// them by the clock of the moment it prints: a warning over by then is gone, one begun is in force.
extension WeatherFormatter {
    /// "⚠" when a warning of severity moderate or higher is in force, else "": what the first line and the
    /// short line (`%W`) carry, so that `head -n1` and a bar see it.
    func alertMark(_ alerts: SavedAlerts?) -> String {
        guard let alerts,
            alerts.alerts.contains(where: { $0.severity.marksTheWeather && alerts.isInForce($0, at: now) })
        else { return "" }
        return "⚠"
    }

    /// "Severe Thunderstorm Warning until 12:45": the most severe warning in force and when it ends on
    /// the place's clock (`%A`), and "(update expected)" past its message's expiry; "" when none is. The
    /// event is the service's words, in the language it was asked in.
    func mostSevereAlert(_ alerts: SavedAlerts?, at result: WeatherResult) -> String {
        guard let alerts, let alert = alerts.alerts.first(where: { alerts.isInForce($0, at: now) }) else { return "" }
        return eventWords(alert, of: alerts) + (alert.until.map { " " + when($0, at: result).until } ?? "")
            + updateNote(alert)
    }

    /// `alert`'s event for this run's reader: as saved when the service gave the warnings in the language
    /// it gives this reader; else in that language where the service gave it too (Bright Sky's
    /// `event_de` beside `event_en`); else as saved, "(in another language)" after it. The next run that
    /// fetches asks again in this reader's language (`WarningsUpdater`).
    func eventWords(_ alert: WeatherAlert, of alerts: SavedAlerts) -> String {
        let wanted = alerts.source.textLanguage(for: textLanguage())
        if alerts.language == wanted { return alert.event }
        if let translation = alert.eventTranslation, translation.language == wanted { return translation.text }
        return alert.event + " " + tr("(in another language)")
    }

    /// " (update expected)" when `alert`'s message has expired while its hazard goes on
    /// (`WeatherAlert.awaitsUpdate`), else "": said after its times wherever it is shown.
    func updateNote(_ alert: WeatherAlert) -> String {
        alert.awaitsUpdate(at: now) ? " " + tr("(update expected)") : ""
    }

    /// The line under the first: "⚠ Severe Thunderstorm Warning until 12:45, and 1 more; 1 announced",
    /// or, with none in force, "Announced: Flood Watch from 17:00"; "(as of 11:40)" after it when the last
    /// try to update them failed. `nil` when there is nothing in force or announced.
    func alertLine(_ alerts: SavedAlerts?, at result: WeatherResult) -> String? {
        guard let alerts else { return nil }
        let current = alerts.current(at: now)
        let inForce = current.filter { $0.isInForce(at: now) }
        let announced = current.count - inForce.count
        var line: String
        if !inForce.isEmpty {
            line = "⚠ " + mostSevereAlert(alerts, at: result)
            if inForce.count > 1 { line += Self.andMore(inForce.count - 1) }
            if announced > 0 { line += trn("; %d announced", "; %d announced", announced, String(announced)) }
        } else if let first = current.first {
            line = tr(
                "Announced: %s",
                eventWords(first, of: alerts) + (first.onset.map { " " + when($0, at: result).from } ?? "")
                    + updateNote(first))
            if announced > 1 { line += Self.andMore(announced - 1) }
        } else {
            return nil
        }
        if alerts.failure != nil { line += " " + asOf(alerts, at: result) }
        return line
    }

    /// ", and 2 more": the warnings after the first of a line.
    static func andMore(_ count: Int) -> String {
        trn(", and %d more", ", and %d more", count, String(count))
    }

    /// "(as of 11:40)": when the service last answered, said when the warnings are the last known ones.
    func asOf(_ alerts: SavedAlerts, at result: WeatherResult) -> String {
        guard let checked = alerts.lastAnswer(at: now) else { return tr("(not updated)") }
        return when(checked, at: result).asOf
    }

    /// `moment` on the place's clock as a warning's time reads: "12:45" on the place's day of `now`, with
    /// "Fri" within a week of it, "Thu 15 Oct" further away; the clock and the date as the user's locale
    /// writes them, the weekday as the language writes one in a sentence (`weekdayInSentence`).
    func when(_ moment: Timestamp, at result: WeatherResult) -> WarningTime {
        let clock = Self.clock(moment, at: result)
        let day = result.clock.day(of: moment)
        let days = day - result.clock.day(of: now)
        if days == 0 { return WarningTime(day: nil, clock: clock) }
        if (-6...6).contains(days) { return WarningTime(day: Self.weekdayInSentence(day), clock: clock) }
        return WarningTime(day: Self.dayHeading(day), clock: clock)
    }

    /// "Fri", the weekday of `day` (counted in days since 1970-01-01) in a sentence ("until Fri 07:00"):
    /// the catalogue's word, which each language writes as its sentences need it (Polish "niedz.", where
    /// glibc's "nie" reads "not"; Italian "domenica"), else the locale's abbreviation.
    static func weekdayInSentence(_ day: Int) -> String {
        guard Catalogue.isTranslating else { return weekday(day) }
        // 1970-01-01 was a Thursday.
        return switch (day % 7 + 7) % 7 {
        case 0: tr(context: "a weekday in a sentence: until Fri 07:00", "Thu")
        case 1: tr(context: "a weekday in a sentence: until Fri 07:00", "Fri")
        case 2: tr(context: "a weekday in a sentence: until Fri 07:00", "Sat")
        case 3: tr(context: "a weekday in a sentence: until Fri 07:00", "Sun")
        case 4: tr(context: "a weekday in a sentence: until Fri 07:00", "Mon")
        case 5: tr(context: "a weekday in a sentence: until Fri 07:00", "Tue")
        default: tr(context: "a weekday in a sentence: until Fri 07:00", "Wed")
        }
    }

    /// "From 17:00 until 19:50", "from 17:00", "until 19:50" or "": when a warning begins and ends, each
    /// with its day when that is not today ("from 17:00 until Fri 04:00"), as one sentence of the catalogue.
    func span(from onset: Timestamp?, until end: Timestamp?, at result: WeatherResult) -> String {
        switch (onset.map { when($0, at: result) }, end.map { when($0, at: result) }) {
        case (let onset?, let end?):
            switch (onset.day, end.day) {
            case (nil, nil): tr("from %1$s until %2$s", onset.clock, end.clock)
            case (nil, let endDay?): tr("from %1$s until %2$s %3$s", onset.clock, endDay, end.clock)
            case (let onsetDay?, nil): tr("from %1$s %2$s until %3$s", onsetDay, onset.clock, end.clock)
            case (let onsetDay?, let endDay?):
                tr("from %1$s %2$s until %3$s %4$s", onsetDay, onset.clock, endDay, end.clock)
            }
        case (let onset?, nil): onset.from
        case (nil, let end?): end.until
        case (nil, nil): ""
        }
    }

    // MARK: waybar

    /// waybar's classes for the warnings: `warning` and `warning-<severity>` of the most severe in force,
    /// for a style that colours the module; none when nothing is in force.
    func alertClasses(_ alerts: SavedAlerts?) -> [String] {
        guard let alerts, let alert = alerts.alerts.first(where: { alerts.isInForce($0, at: now) }) else { return [] }
        return ["warning", "warning-" + alert.severity.name]
    }

    /// The warnings at the top of waybar's tooltip, one a line: those in force ("⚠ Severe Thunderstorm
    /// Warning (severe) until 12:45"), then those announced ("Flood Watch (severe) from 17:00").
    func alertTooltip(_ alerts: SavedAlerts?, at result: WeatherResult) -> String? {
        guard let alerts else { return nil }
        let current = alerts.current(at: now)
        guard !current.isEmpty else { return nil }
        var lines: [String] = []
        // Those in force first, each group the gravest first.
        for alert in current.filter({ $0.isInForce(at: now) }) + current.filter({ !$0.isInForce(at: now) }) {
            var line = eventWords(alert, of: alerts) + " (" + alert.severity.words + ")"
            if alert.isInForce(at: now) {
                if let until = alert.until { line += " " + when(until, at: result).until }
                lines.append("⚠ " + line + updateNote(alert))
            } else {
                if let onset = alert.onset { line += " " + when(onset, at: result).from }
                lines.append(tr("Announced: %s", line + updateNote(alert)))
            }
        }
        if alerts.failure != nil {
            lines.append(
                alerts.lastAnswer(at: now).map { when($0, at: result).warningsAsOf }
                    ?? tr("Warnings (not updated)")
            )
        }
        return lines.joinedText("\n")
    }

    // MARK: JSON

    /// `--json`'s `alerts`: the warnings in force or announced, the most severe first; an empty array
    /// when there are none (or no source covers the place). `alertsCheckedAt` says when the service last
    /// answered, and `alertsProblem` why the last try failed, when it did.
    func writeAlerts(_ alerts: SavedAlerts?, into writer: inout JSONWriter) {
        let current = alerts?.current(at: now) ?? []
        writer.array("alerts", current) { writer, alert in
            writeAlert(alert, source: alerts?.source ?? .nws, into: &writer)
        }
        guard let alerts else { return }
        writer.nullableField("alertsCheckedAt", alerts.lastAnswer(at: now)?.iso8601())
        if let failure = alerts.failure { writer.field("alertsProblem", failure.reason) }
    }

    /// One warning as `--json` writes it: times in ISO 8601 UTC, `null` when the service gave none.
    func writeAlert(_ alert: WeatherAlert, source: AlertSource, into writer: inout JSONWriter) {
        writer.field("id", alert.id)
        writer.field("source", source.name)
        writer.field("event", alert.event)
        writer.field("severity", alert.severity.name)
        writer.nullableField("headline", alert.headline)
        writer.nullableField("onset", alert.onset?.iso8601())
        writer.nullableField("expires", alert.expires?.iso8601())
        writer.nullableField("ends", alert.ends?.iso8601())
        writer.field("inForce", alert.isInForce(at: now))
        writer.nullableField("instruction", alert.instruction)
    }
}

/// When a warning begins, ends or was last fetched, on the place's clock: its time, and its day (a weekday
/// as a sentence writes it, or a date) when that is not the place's day. Each phrase it is said in is one
/// message with the day and one without, so that a language puts the day where its sentences do ("fino a
/// domenica alle 00:15", not "fino alle dom 00:15").
struct WarningTime {
    /// "Fri" or "Thu 15 Oct"; `nil` on the place's day of the moment shown.
    var day: String?
    /// "07:00", as the locale reads a clock.
    var clock: String

    /// "until 07:00", "until Fri 07:00".
    var until: String {
        guard let day else { return tr("until %s", clock) }
        return tr("until %1$s %2$s", day, clock)
    }

    /// "from 07:00", "from Fri 07:00".
    var from: String {
        guard let day else { return tr("from %s", clock) }
        return tr("from %1$s %2$s", day, clock)
    }

    /// "(as of 07:00)", "(as of Fri 07:00)": when the warnings shown were last fetched.
    var asOf: String {
        guard let day else { return tr("(as of %s)", clock) }
        return tr("(as of %1$s %2$s)", day, clock)
    }

    /// "Warnings (as of 07:00)", waybar's tooltip's last line.
    var warningsAsOf: String {
        guard let day else { return tr("Warnings (as of %s)", clock) }
        return tr("Warnings (as of %1$s %2$s)", day, clock)
    }

    /// "The last update failed at 07:00 (reason)." and, with `gaveLast`, "...; these are the warnings it
    /// gave last."
    func lastUpdateFailed(_ reason: String, gaveLast: Bool) -> String {
        switch (day, gaveLast) {
        case (nil, false): tr("The last update failed at %1$s (%2$s).", clock, reason)
        case (nil, true):
            tr("The last update failed at %1$s (%2$s); these are the warnings it gave last.", clock, reason)
        case (let day?, false): tr("The last update failed at %1$s %2$s (%3$s).", day, clock, reason)
        case (let day?, true):
            tr("The last update failed at %1$s %2$s (%3$s); these are the warnings it gave last.", day, clock, reason)
        }
    }
}

extension AlertSeverity {
    /// The severity for people, in their language (the warning level a national service names it by,
    /// such as DWD's "Unwetterwarnung"); `name` is `--json`'s and waybar's English word.
    var words: String {
        switch self {
        case .unknown: tr(context: "warning level", "unknown")
        case .minor: tr(context: "warning level", "minor")
        case .moderate: tr(context: "warning level", "moderate")
        case .severe: tr(context: "warning level", "severe")
        case .extreme: tr(context: "warning level", "extreme")
        }
    }
}
