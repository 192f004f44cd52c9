import WeatherModel
import WeatherSources
import WeatherSystem

/// The `--format` codes as `weather show --help` lists them, each with what it shows for an example
/// place, worked out by the formatter itself so that the help never says what the code does not do.
public enum FormatHelp {
    /// "  %l  place  Berlin", one code a line.
    public static var codes: String {
        let entries = entries
        let width = max(36, entries.map(\.meaning.count).max() ?? 0)
        var lines = entries.map { entry in
            "  %" + String(entry.letter) + "  " + entry.meaning.padded(to: width)
                + (entry.example.isEmpty ? "" : "  " + entry.example)
        }
        lines.append("  %%  " + tr("a percent sign"))
        return lines.joinedText("\n")
    }

    /// Each code, what it shows, and what it shows for the example place (Berlin, with a warning in force
    /// and rain 20 minutes away), in the order `--help` and the man page list them.
    package static var entries: [(letter: Character, meaning: String, example: String)] {
        var example = WeatherResult(
            location: Location(
                name: "Berlin", region: "Land Berlin", country: "Germany", latitude: 52.52, longitude: 13.41),
            conditions: CurrentConditions(
                temperature: 10.9, apparentTemperature: 8.2, relativeHumidity: 81, isDay: true, precipitation: 0.2,
                weatherCode: 2, pressure: 1016.3, windSpeed: 3.9, windDirection: 232, windGusts: 8.3, uvIndex: 6),
            observedAt: Timestamp(secondsSince1970: 1_791_478_800), utcOffsetSeconds: 7200,
            sunrise: Timestamp(secondsSince1970: 1_791_436_620), sunset: Timestamp(secondsSince1970: 1_791_476_940),
            outlook: Forecast(days: [
                DayForecast(
                    day: 20_734, weatherCode: 61, temperatureMax: 14.2, temperatureMin: 6.1,
                    precipitationProbabilityMax: 40, precipitationSum: 2.1)
            ]),
            updatedAt: Timestamp(secondsSince1970: 1_791_478_800))
        // Rain from 20 minutes after the moment shown, for `%r`.
        example.nowcast = Nowcast(
            start: example.observedAt - 360, step: 900, amounts: [0, 0, 0.4, 0.6, 0.3, 0, 0, 0],
            resolution: .quarterHour)
        // DWD's warning of gale-force gusts, in force until 19:50 Berlin time.
        let gusts = WeatherAlert(
            id: "2.49.0.0.276.0.DWD.PVW.1791469320000.5e3f1c2a", event: tr("Gale-force gusts"), severity: .moderate,
            onset: example.updatedAt - 10_800, expires: example.updatedAt + 3000, ends: example.updatedAt + 3000)
        let alerts = SavedAlerts(
            source: .dwd, latitude: 52.52, longitude: 13.41, language: "en", checkedAt: example.updatedAt,
            freshUntil: example.updatedAt + 300, alerts: [gusts])
        // The example's event is in the reader's words already, as saved in English.
        var formatter = WeatherFormatter(now: example.updatedAt + 240, textLanguage: { "en" })
        // What each supplement (the air) knows of the example place, for its codes.
        let known = SourceRegistry.supplements.map { ($0, $0.example(example.updatedAt)) }
        formatter.supplements = { _, _, body in known.forEach(body) }
        return FormatCode.allCases.map { code in
            (code.rawValue, code.meaning, formatter.value(of: code, example, stale: true, alerts: alerts))
        }
            + SupplementCode.letters.map { letter in
                (letter, SupplementCode.meaning(of: letter) ?? "", formatter.told(letter, example))
            }
    }
}
