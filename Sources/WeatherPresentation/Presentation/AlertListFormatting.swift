import WeatherFetching
package import WeatherModel
import WeatherSources
import WeatherSystem

/// `weather alerts`: every warning in force or announced, in full, for a person or a script.
extension WeatherFormatter {
    /// `weather alerts` for a person: a heading that says how many warnings, from whom and as of when,
    /// then each warning in force or announced with its severity, its times on the place's clock, its
    /// area, headline, description and instruction, wrapped to `columns` when the terminal says its width.
    ///
    ///     Springfield, Missouri, United States: 1 warning in force and 1 announced, from the National
    ///     Weather Service (as of 12:00)
    ///
    ///     ⚠ Severe Thunderstorm Warning: severe, in force from 11:47 until 12:45
    ///       Greene, MO; Polk, MO
    ///       The National Weather Service in Springfield has issued a ...
    ///       What to do: Go inside a sturdy building now ...
    package func alertsText(_ alerts: SavedAlerts?, texts: AlertTexts, of result: WeatherResult, columns: Int?)
        -> String
    {
        let place = result.location.displayName
        guard let alerts else {
            return tr("%s: no warnings fetched yet; they come with the next refresh of its weather.", place)
        }
        let current = alerts.current(at: now)
        let inForce = current.filter { $0.isInForce(at: now) }.count
        let count: String =
            switch (inForce, current.count - inForce) {
            case (0, 0): tr("no warnings in force or announced")
            case (let count, 0): trn("%d warning in force", "%d warnings in force", count, String(count))
            case (0, let count): trn("%d warning announced", "%d warnings announced", count, String(count))
            case (let count, let announced):
                // Each count a message of its own, for its plural form.
                tr(
                    "%1$s and %2$s", trn("%d warning in force", "%d warnings in force", count, String(count)),
                    trn("%d announced", "%d announced", announced, String(announced)))
            }
        var heading = tr("%1$s: %2$s, from %3$s", style.bold(place), count, alerts.source.issuer)
        let checked = alerts.lastAnswer(at: now)
        if let checked { heading += " " + when(checked, at: result).asOf }
        var lines = wrap(heading, columns: columns, indent: "")
        if let failure = alerts.failure {
            // The reason is the file's, in English: any run may have written it, in any language.
            let failed = when(failure.at, at: result).lastUpdateFailed(failure.reason, gaveLast: checked != nil)
            lines += wrap(failed, columns: columns, indent: "")
        }
        for alert in current {
            let details = texts.details[alert.id] ?? AlertDetails()
            lines.append("")
            // One message with the event, so that a language writes its own colon (French " : ").
            var title =
                alert.isInForce(at: now)
                ? "⚠ " + tr("%1$s: %2$s, in force", eventWords(alert, of: alerts), alert.severity.words)
                : tr("%1$s: %2$s, announced", eventWords(alert, of: alerts), alert.severity.words)
            let span = span(from: alert.onset, until: alert.until, at: result)
            if !span.isEmpty { title += " " + span }
            title += updateNote(alert)
            lines += wrap(
                alert.isInForce(at: now) ? style.warning(title) : style.bold(title), columns: columns, indent: "")
            for paragraph in [details.area, alert.headline].compactMap({ $0 }) {
                lines += wrap(paragraph, columns: columns, indent: "  ")
            }
            // Paragraphs with a blank line between, each on one line (`String.paragraphs`).
            for paragraph in (details.description ?? "").split(separator: "\n") {
                lines += wrap(String(paragraph), columns: columns, indent: "  ")
            }
            if let instruction = alert.instruction {
                lines += wrap(tr("What to do: %s", instruction), columns: columns, indent: "  ")
            }
        }
        return lines.joinedText("\n")
    }

    /// `text` after `indent`, in lines of at most `columns` terminal columns; one line without `columns`.
    private func wrap(_ text: String, columns: Int?, indent: String) -> [String] {
        guard let columns else { return [indent + text] }
        return text.wrapped(toColumns: max(20, columns - indent.count)).map { indent + $0 }
    }

    /// `weather alerts --json`: `location` (as `show --json` writes it), `source`, and `alerts`, each
    /// as `show --json` writes it with its `area`, `description` and `sender`.
    package func alertsJSON(_ alerts: SavedAlerts?, texts: AlertTexts, of result: WeatherResult) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.object("location") { place(of: result, into: &$0) }
            writer.nullableField("source", alerts?.source.name)
            writer.array("alerts", alerts?.current(at: now) ?? []) { writer, alert in
                writeAlert(alert, source: alerts?.source ?? .nws, into: &writer)
                let details = texts.details[alert.id] ?? AlertDetails()
                writer.nullableField("area", details.area)
                writer.nullableField("description", details.description)
                writer.nullableField("sender", details.sender)
            }
            guard let alerts else { return }
            writer.nullableField("alertsCheckedAt", alerts.lastAnswer(at: now)?.iso8601())
            if let failure = alerts.failure { writer.field("alertsProblem", failure.reason) }
        }
        return writer.text
    }
}
