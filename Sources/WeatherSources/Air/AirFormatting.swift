package import WeatherModel
package import WeatherSystem

/// What the presenters show of the air, through `SupplementData`: a line in the text, `%q` and `%Q`,
/// `air` in `show --json`, waybar's `air-poor`.
extension AirQuality: SupplementData {
    package func isOf(latitude: Double, longitude: Double) -> Bool { isFor(latitude: latitude, longitude: longitude) }

    package func answers(_ location: Location, settings: Settings) -> Bool {
        isFor(latitude: location.latitude, longitude: location.longitude)
            && scale == .of(latitude: location.latitude, longitude: location.longitude, in: settings)
    }

    /// The level and the plants at least low with theirs: what the line says, without the numbers.
    package var notable: String {
        var text = level.map { "\($0.band)" } ?? "-"
        eachPollenLevel { plant, level, _ in text += " " + plant.rawValue + "\(level.rawValue)" }
        return text
    }

    /// "Air: fair (European AQI 32); pollen: birch high, grass low", or `nil` when the index is unknown.
    /// Pollen only for the plants at least low, highest first: nothing of it out of season or outside
    /// Europe, where the service gives none.
    package var line: String? {
        guard var line = sentence else { return nil }
        var plants = ""
        eachPollenLevel { plant, level, _ in
            if !plants.isEmpty { plants += ", " }
            plants += plant.words + " " + level.words
        }
        if !plants.isEmpty {
            line += "; "
            line += tr("pollen: %s", plants)
        }
        return line
    }

    /// "Air: fair (European AQI 32)"; `nil` when the index is unknown.
    var sentence: String? {
        guard let index, let level else { return nil }
        let number = String(Int(saturating: index.rounded()))
        switch scale {
        case .european: return tr("Air: %1$s (European AQI %2$s)", level.words, number)
        case .us: return tr("Air: %1$s (US AQI %2$s)", level.words, number)
        }
    }

    /// `%q`: "fair 32", the level and the index; `%Q`: "birch high", the highest pollen; "" when unknown.
    package func code(_ code: Character) -> String? {
        switch code {
        case "q":
            guard let index, let level else { return "" }
            return level.words + " " + String(Int(saturating: index.rounded()))
        case "Q":
            guard let top = highestPollen else { return "" }
            return top.plant.words + " " + top.level.words
        default: return nil
        }
    }

    /// With `notify all`: the air turning poor or worse, once an episode (until it is better again), and
    /// each plant of the `pollen` setting (all without one) at high or very high, once a day.
    package func notices(settings: Settings, day: Int) -> [SupplementNotice] {
        var notices: [SupplementNotice] = []
        if let level, level.isPoorOrWorse, let sentence {
            notices.append(
                SupplementNotice(key: "air-poor", once: 0, episode: true, summary: sentence, icon: "dialog-warning"))
        }
        eachPollenLevel { plant, level, _ in
            guard level >= .high, settings.pollen.isEmpty || settings.pollen.contains(plant.rawValue) else { return }
            notices.append(
                SupplementNotice(
                    key: "pollen-" + plant.rawValue, once: UInt64(max(0, day)), episode: false,
                    summary: tr("Pollen: %1$s %2$s", plant.words, level.words), icon: "dialog-information"))
        }
        return notices
    }

    /// `air-poor` while the level is poor or worse (European 60 and up, US 151 and up).
    package var barClasses: [String] { level?.isPoorOrWorse == true ? ["air-poor"] : [] }

    /// `air` in `--json`: the values in SI units (μg/m³, grains/m³).
    package func writeJSON(into writer: inout JSONWriter) { Self.writeJSON(self, into: &writer) }

    /// `air` in `--json`: null when unknown or off; the values in SI units (μg/m³, grains/m³).
    static func writeJSON(_ air: AirQuality?, into writer: inout JSONWriter) {
        guard let air, let index = air.index, let level = air.level else {
            writer.nullableField("air", nil as String?)
            return
        }
        writer.object("air") { writer in
            writer.field("scale", air.scale.rawValue)
            writer.field("index", (index * 10).rounded() / 10)
            writer.field("level", level.name)
            writer.nullableField("dominant", air.dominant)
            writer.nullableField("pm2_5", air.pm25)
            writer.nullableField("pm10", air.pm10)
            writer.nullableField("ozone", air.ozone)
            writer.nullableField("nitrogenDioxide", air.nitrogenDioxide)
            // The plants by their places: an array of Int, whose type the runtime has set up already.
            var ranked: [Int] = []
            air.eachPollenLevel { plant, _, _ in ranked.append(plant.position) }
            writer.array("pollen", ranked) { writer, position in
                guard let plant = PollenPlant(position: position), let grains = air.pollen[plant],
                    let level = plant.level(of: grains)
                else { return }
                writer.field("plant", plant.rawValue)
                writer.field("grainsPerCubicMetre", grains)
                writer.field("level", level.name)
            }
            writer.field("updatedAt", air.updatedAt.iso8601())
        }
    }
}
