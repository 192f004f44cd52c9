import WeatherModel

/// How the official warnings appear in `show`'s forms: a mark on the first line and the short line, a
/// line under the first, `%A`, waybar's classes and tooltip, and `--json`'s `alerts`. Every form shows
/// them by the clock of the moment it prints: a warning over by then is gone, one begun is in force.
extension WeatherFormatter {
    /// "⚠" when a warning of severity moderate or higher is in force, else "": what the first line and the
    /// short line (`%W`) carry, so that `head -n1` and a bar see it.
    func alertMark(_ alerts: SavedAlerts?) -> String {
        guard let alerts, alerts.alerts.contains(where: { $0.severity.marksTheWeather && $0.isInForce(at: now) })
        else { return "" }
        return "⚠"
    }

    /// "Severe Thunderstorm Warning until 12:45": the most severe warning in force and when it ends on
    /// the place's clock (`%A`); "" when none is.
    func mostSevereAlert(_ alerts: SavedAlerts?, at result: WeatherResult) -> String {
        guard let alert = alerts?.alerts.first(where: { $0.isInForce(at: now) }) else { return "" }
        return alert.event + (alert.until.map { " until " + when($0, at: result) } ?? "")
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
            if inForce.count > 1 { line += ", and \(inForce.count - 1) more" }
            if announced > 0 { line += "; \(announced) announced" }
        } else if let first = current.first {
            line = "Announced: " + first.event + (first.onset.map { " from " + when($0, at: result) } ?? "")
            if announced > 1 { line += ", and \(announced - 1) more" }
        } else {
            return nil
        }
        if alerts.failure != nil { line += " " + asOf(alerts, at: result) }
        return line
    }

    /// "(as of 11:40)": when the service last answered, said when the warnings are the last known ones.
    func asOf(_ alerts: SavedAlerts, at result: WeatherResult) -> String {
        guard let checked = alerts.checkedAt else { return "(not updated)" }
        return "(as of " + when(checked, at: result) + ")"
    }

    /// `moment` on the place's clock as a warning's time reads: "12:45" on the place's day of `now`,
    /// "Fri 07:00" within a week of it, "Thu 15 Oct 07:00" further away.
    func when(_ moment: Timestamp, at result: WeatherResult) -> String {
        let clock = Self.clock(moment, at: result)
        let day = result.clock.day(of: moment)
        let days = day - result.clock.day(of: now)
        if days == 0 { return clock }
        if (-6...6).contains(days) { return DayForecast(day: day).weekday + " " + clock }
        return Self.dayHeading(day) + " " + clock
    }

    // MARK: waybar

    /// waybar's classes for the warnings: `warning` and `warning-<severity>` of the most severe in force,
    /// for a style that colours the module; none when nothing is in force.
    func alertClasses(_ alerts: SavedAlerts?) -> [String] {
        guard let alert = alerts?.alerts.first(where: { $0.isInForce(at: now) }) else { return [] }
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
            var line = alert.isInForce(at: now) ? "⚠ " : "Announced: "
            line += alert.event + " (" + alert.severity.name + ")"
            if alert.isInForce(at: now) {
                if let until = alert.until { line += " until " + when(until, at: result) }
            } else if let onset = alert.onset {
                line += " from " + when(onset, at: result)
            }
            lines.append(line)
        }
        if alerts.failure != nil { lines.append("Warnings " + asOf(alerts, at: result)) }
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
        writer.nullableField("alertsCheckedAt", alerts.checkedAt?.iso8601())
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
