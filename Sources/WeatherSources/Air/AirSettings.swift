import WeatherModel
package import WeatherSystem

/// The index the air is told in (`air_scale`): the European Environment Agency's European Air Quality
/// Index or the US EPA's Air Quality Index; without the setting, by where the place lies.
package enum AirScale: String, Sendable, CaseIterable {
    case european, us

    /// The synthesized initializer, written out: that one searches an array of the names, whose type the
    /// runtime sets up on first use, and `show` reads a scale from every air file.
    package init?(rawValue: String) {
        switch rawValue {
        case "european": self = .european
        case "us": self = .us
        default: return nil
        }
    }
}

/// The air's settings, which it brings to the settings' registry (`OpenMeteoAir.descriptor`): each kept as
/// text among the sources' values (`Setting.source`) and read here.
extension Setting {
    package static let airQualityURL = endpoint(
        "air_quality_url", "WEATHER_AIR_QUALITY_URL", default: "https://air-quality-api.open-meteo.com/v1/air-quality"
    ) {
        Words(
            help: english("Open-Meteo air quality API, or a stand-in"),
            about: "Open-Meteo's air quality API (CAMS), or anything that speaks it.")
    }

    package static let air = source(
        "air", "WEATHER_AIR", default: "on",
        read: { setting, value, settings in
            let choice = value.lowercased()
            guard choice == "on" || choice == "off" else { return tr("%1$s or %2$s", "on", "off") }
            settings[source: setting] = choice
            return nil
        },
        words: {
            Words(
                help: english("on (default) or off: air quality and pollen"),
                about:
                    "on or off: the air's quality, and pollen in Europe in season, from the Copernicus Atmosphere Monitoring Service through Open-Meteo, fetched at most once an hour with the weather. Off, no request is made for it. With notify set to all, the air turning poor is told once an episode.",
                example: "\"off\"")
        })

    package static let airScale = source(
        "air_scale", "WEATHER_AIR_SCALE", default: nil,
        read: { setting, value, settings in
            guard let scale = AirScale(anyCase: value) else { return oneOf(AirScale.self) }
            settings[source: setting] = scale.rawValue
            return nil
        },
        words: {
            Words(
                help: english("european or us (default: by the place)"),
                about:
                    "The index the air is told in: european (the European Environment Agency's) or us (the US EPA's). Without it, the European one for places in Europe, the US one elsewhere.",
                defaultText: "by the place", example: "\"us\"")
        })

    package static let pollen = source(
        "pollen", "WEATHER_POLLEN", default: nil,
        read: { setting, value, settings in
            // Plant names as the air's source writes them; which there are, it says (`PollenPlant`).
            let plants = value.lowercased().split(separator: ",").map { String($0).trimmingWhitespace() }
            guard plants.allSatisfy({ SourceName.isValid($0) }) else {
                return tr("a list of plants such as birch,grass")
            }
            settings[source: setting] = plants.joinedText(",")
            return nil
        },
        words: {
            Words(
                help: english("plants whose high pollen notify all tells, such as birch,grass (default: all)"),
                about:
                    "The plants whose high pollen notify all tells once a day, as a list such as birch,grass (alder, birch, grass, mugwort, olive, ragweed); empty, all of them.",
                defaultText: "all plants", example: "\"birch,grass\"")
        })
}

extension Settings {
    /// Whether the air's quality and pollen are fetched and shown (`air`: `on` or `off`).
    package var air: Bool {
        get { self[source: .air] != "off" }
        set { self[source: .air] = newValue ? "on" : "off" }
    }

    /// The index the air is told in (`air_scale`); `nil`: by where the place lies.
    package var airScale: AirScale? {
        get { AirScale(rawValue: self[source: .airScale]) }
        set { self[source: .airScale] = newValue?.rawValue ?? "" }
    }

    /// The plants whose high pollen `notify all` tells (`pollen`); empty: all.
    package var pollen: [String] {
        get { self[source: .pollen].split(separator: ",").map(String.init) }
        set { self[source: .pollen] = newValue.joinedText(",") }
    }

    /// Open-Meteo's air quality API, or anything that speaks it.
    package var airQualityURL: String {
        get { self[source: .airQualityURL] }
        set { self[source: .airQualityURL] = newValue }
    }
}
