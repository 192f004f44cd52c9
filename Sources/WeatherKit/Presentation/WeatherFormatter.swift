import Glibc

/// Turns a result into what people and scripts read. Values are stored in SI units and converted here.
public struct WeatherFormatter: Sendable {
    /// The moment ages are counted to.
    var now: Timestamp
    var style: TextStyle

    /// A formatter that counts ages to `now` and decorates with `style`.
    public init(now: Timestamp, style: TextStyle = .plain) {
        self.now = now
        self.style = style
    }

    /// "10.9 °C, partly cloudy": the one-line summary of `refresh` and status bars.
    static func summary(of conditions: CurrentConditions) -> String {
        var text = temperature(conditions.temperature)
        if let summary = conditions.summary { text += ", " + summary }
        return text
    }

    /// The result for a person, the first line whole on its own, as a status bar shows only that:
    ///
    ///     Berlin, Land Berlin, Germany: 10.9 °C, partly cloudy
    ///     Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
    ///     Updated 4 min ago
    public func text(_ result: WeatherResult, stale: Bool) -> String {
        let values = result.conditions
        var lines = [style.bold(result.location.displayName) + ": " + Self.summary(of: values)]

        var details: [String] = []
        if let feels = values.apparentTemperature { details.append("feels like " + Self.temperature(feels)) }
        if let humidity = values.relativeHumidity { details.append("humidity \(Int(saturating: humidity.rounded()))%") }
        if let speed = values.windSpeed {
            var wind = "wind \(Self.kilometresPerHour(speed))"
            if let direction = values.windDirection, speed > 0 { wind += " from " + Self.compassPoint(direction) }
            details.append(wind)
        }
        if let gusts = values.windGusts { details.append("gusts \(Self.kilometresPerHour(gusts))") }
        if !details.isEmpty { lines.append(details.joinedText(", ").capitalizedFirst) }

        var updated = style.dim("Updated \(RelativeTime.ago(now - result.updatedAt))")
        if stale { updated += " " + style.warning("(stale)") }
        lines.append(updated)
        return lines.joinedText("\n")
    }

    /// The result for a script, one JSON object: `location`, the values in SI units, `observedAt`,
    /// `updatedAt`, `stale`, and `units` naming the unit of each value.
    package func json(_ result: WeatherResult, stale: Bool) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.object("location") { result.location.write(into: &$0) }
            result.conditions.write(into: &writer)
            writer.field("observedAt", result.observedAt.iso8601())
            writer.field("updatedAt", result.updatedAt.iso8601())
            writer.field("stale", stale)
            writer.object("units") { CurrentConditions.writeUnits(into: &$0) }
        }
        return writer.text
    }

    // MARK: Units

    /// "10.9 °C", one decimal as the service gives it.
    static func temperature(_ celsius: Double) -> String {
        celsius.fixed(decimals: 1) + " °C"
    }

    /// "14 km/h" from metres per second.
    static func kilometresPerHour(_ metresPerSecond: Double) -> String {
        "\(Int(saturating: (metresPerSecond * 3.6).rounded())) km/h"
    }

    /// "SW": the 16-point compass direction of `degrees`.
    static func compassPoint(_ degrees: Double) -> String {
        let points = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return points[Int(saturating: (normalized / 22.5).rounded()) & 15]
    }
}
