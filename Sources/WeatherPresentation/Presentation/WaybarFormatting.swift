import WeatherFetching
package import WeatherModel
import WeatherSources
package import WeatherSystem

/// `--waybar`: one line of JSON for waybar's `return-type: json`, the forms of `show` and `watch` a waybar
/// module reads.
extension WeatherFormatter {
    /// One line of JSON for waybar's `return-type: json`: `text` (the line in `format`, such as
    /// "Berlin ⛅ 11°C"), `tooltip` (when rain comes or stops, the warnings, then the full text), `class` (`fresh` or `stale`, the
    /// sky's word such as `cloudy`, `night` after dark, `warning` with `warning-<severity>` while one is
    /// in force, and the supplements', such as `air-poor`) and `alt` (the sky's name, for `format-icons`). Text and tooltip are Pango markup, which
    /// waybar reads, so their `&`, `<` and `>` are escaped.
    package func waybar(_ result: WeatherResult, stale: Bool, format: FormatString, alerts: SavedAlerts? = nil)
        -> String
    {
        let values = result.conditions
        var classes = [stale ? "stale" : "fresh"]
        var alt: String?
        if let sky = values.sky {
            classes.append(sky.styleClass)
            alt = sky.rawValue
        }
        if values.isDay == false {
            classes.append("night")
            alt = alt.map { $0 + "-night" }
        }
        classes += alertClasses(alerts)
        // The supplements' files read once, for their classes, and then shown again as read by the text
        // and the line (each read costs about 12,000 instructions).
        var replay: @Sendable (_ body: (SupplementDescriptor, any SupplementData) -> Void) -> Void = { _ in }
        supplements(result.location.latitude, result.location.longitude) { supplement, data in
            classes += data.barClasses
            let earlier = replay
            replay = { body in
                earlier(body)
                body(supplement, data)
            }
        }
        var formatter = self
        formatter.supplements = { [replay] _, _, body in replay(body) }
        var plain = formatter
        plain.style = .plain
        // When rain comes or stops first, then the warnings, then the full text without that line.
        var tooltip = plain.rainSoon(result).map { $0.capitalizedFirst + "\n\n" } ?? ""
        tooltip += plain.alertTooltip(alerts, at: result).map { $0 + "\n\n" } ?? ""
        tooltip += plain.text(result, stale: stale, alerts: alerts, rainLine: false)
        let outlook = plain.outlook(result)
        if !outlook.isEmpty {
            tooltip += "\n\n"
            tooltip += outlook
        }
        return Self.waybar(
            text: formatter.line(format, result, stale: stale, alerts: alerts), tooltip: tooltip, classes: classes,
            alt: alt)
    }

    /// waybar's object with no place saved: no text (waybar hides the module) and `class` `none`.
    package static var waybarWithoutPlace: String {
        waybar(text: "", tooltip: tr("No place saved: run weather set <city>"), classes: ["none"], alt: nil)
    }

    /// waybar's object for a run that failed: a warning sign, the message in the tooltip, `class` `error`.
    package static func waybar(error message: String) -> String {
        waybar(text: "⚠", tooltip: "weather: " + message.printable, classes: ["error"], alt: nil)
    }

    private static func waybar(text: String, tooltip: String, classes: [String], alt: String?) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("text", text.markupEscaped)
            writer.field("tooltip", tooltip.markupEscaped)
            writer.array("class", classes)
            writer.field("alt", alt)
        }
        return writer.text
    }
}
