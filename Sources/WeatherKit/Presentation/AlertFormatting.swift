import WeatherModel

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
        return eventWords(alert, of: alerts) + (alert.until.map { " " + tr("until %s", when($0, at: result)) } ?? "")
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
                eventWords(first, of: alerts) + (first.onset.map { " " + tr("from %s", when($0, at: result)) } ?? "")
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
        return tr("(as of %s)", when(checked, at: result))
    }

    /// `moment` on the place's clock as a warning's time reads: "12:45" on the place's day of `now`,
    /// "Fri 07:00" within a week of it, "Thu 15 Oct 07:00" further away; the weekday, the date and the
    /// clock as the user's locale writes them.
    func when(_ moment: Timestamp, at result: WeatherResult) -> String {
        let clock = Self.clock(moment, at: result)
        let day = result.clock.day(of: moment)
        let days = day - result.clock.day(of: now)
        if days == 0 { return clock }
        if (-6...6).contains(days) { return Self.weekday(day) + " " + clock }
        return Self.dayHeading(day) + " " + clock
    }

    /// "From 17:00 until 19:50", "from 17:00", "until 19:50" or "": when a warning begins and ends.
    func span(from onset: Timestamp?, until end: Timestamp?, at result: WeatherResult) -> String {
        switch (onset.map { when($0, at: result) }, end.map { when($0, at: result) }) {
        case (let onset?, let end?): tr("from %1$s until %2$s", onset, end)
        case (let onset?, nil): tr("from %s", onset)
        case (nil, let end?): tr("until %s", end)
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
                if let until = alert.until { line += " " + tr("until %s", when(until, at: result)) }
                lines.append("⚠ " + line + updateNote(alert))
            } else {
                if let onset = alert.onset { line += " " + tr("from %s", when(onset, at: result)) }
                lines.append(tr("Announced: %s", line + updateNote(alert)))
            }
        }
        if alerts.failure != nil {
            lines.append(
                alerts.lastAnswer(at: now).map { tr("Warnings (as of %s)", when($0, at: result)) }
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

extension AlertSeverity {
    /// The severity for people, in their language (the warning level a national service names it by,
    /// such as DWD's "Unwetterwarnung"); `name` is `--json`'s and waybar's English word.
    var words: String {
        switch self {
        case .unknown: tr("unknown")
        case .minor: tr("minor")
        case .moderate: tr("moderate")
        case .severe: tr("severe")
        case .extreme: tr("extreme")
        }
    }
}

extension AlertSource {
    /// The source as the text's last line credits it ("Warnings: DWD"): a name, not translated. DWD's
    /// terms ask for the credit ("Datenbasis: Deutscher Wetterdienst"), MET Norway's licence too; the
    /// NWS's warnings are public domain, credited alike.
    var credit: String {
        switch self {
        case .nws: "NWS"
        case .dwd: "DWD"
        case .metNorway: "MET Norway"
        }
    }

    /// Who issues the warnings, for people, in their language: "the National Weather Service".
    var issuer: String {
        switch self {
        case .nws: tr("the National Weather Service")
        case .dwd: tr("DWD (Deutscher Wetterdienst), through Bright Sky")
        case .metNorway: tr("MET Norway")
        }
    }
}
