/// The settings of a run: each from its `WEATHER_*` variable, else from `config.json`, else the default.
package struct Settings: Sendable, Equatable {
    /// Open-Meteo's geocoding API, or anything that speaks it.
    var geocodingURL: String
    /// Open-Meteo's forecast API, or anything that speaks it.
    var forecastURL: String
    /// The whole run's network time in seconds, all requests and waits together.
    package var timeout: Double
    /// Seconds after `updatedAt` when a result is stale; `nil` leaves it to the data's own interval.
    package var staleAfter: Double?
    /// The network time of a refresh a person waits for in a terminal, with the saved result already
    /// on the screen.
    package var interactiveTimeout: Double = 5
    /// The units people read; `metric` with any per-quantity choices on top.
    package var units: DisplayUnits = UnitSystem.metric.units
    /// The icons of `%c`, the short line and the text.
    package var icons: IconSet = .emoji
    /// The line `show --format` prints when no `--format` is given, and `--waybar`'s text.
    package var format: FormatString?
    /// How the operators of a weather service can reach the user (an email address or a URL), sent in
    /// the `User-Agent` header.
    package var contact: String?

    package init(geocodingURL: String, forecastURL: String, timeout: Double, staleAfter: Double?) {
        self.geocodingURL = geocodingURL
        self.forecastURL = forecastURL
        self.timeout = timeout
        self.staleAfter = staleAfter
    }

    /// The defaults: Open-Meteo's public endpoints, 30 seconds, staleness from the data, metric units,
    /// emoji.
    package static let defaults = Settings(
        geocodingURL: "https://geocoding-api.open-meteo.com/v1/search",
        forecastURL: "https://api.open-meteo.com/v1/forecast",
        timeout: 30,
        staleAfter: nil
    )

    /// The longest `WEATHER_STALE_AFTER`: a result older than a week is not the current weather.
    static let longestStaleAfter = 7 * 86_400.0

    /// One setting: its variable, its key in `config.json`, and how it reads a value: `apply` stores
    /// it, or returns what the value must be.
    struct Key: Sendable {
        let variable: String
        let configKey: String
        let apply: @Sendable (inout Settings, String) -> String?
    }

    /// Every setting, in the order the README lists them. The unit system comes before the units of
    /// single quantities, which change it.
    static let keys: [Key] = [
        endpoint("WEATHER_GEOCODING_URL", "geocoding_url") { $0.geocodingURL = $1 },
        endpoint("WEATHER_FORECAST_URL", "forecast_url") { $0.forecastURL = $1 },
        duration("WEATHER_TIMEOUT", "timeout", 1...3600, "a time from 1 second to 1 hour, such as 30 or 45s") {
            $0.timeout = $1
        },
        duration(
            "WEATHER_STALE_AFTER", "stale_after", 0...longestStaleAfter,
            "a time from 0 seconds to 7 days, such as 900 or 15m"
        ) { $0.staleAfter = $1 },
        duration(
            "WEATHER_INTERACTIVE_TIMEOUT", "interactive_timeout", 1...3600,
            "a time from 1 second to 1 hour, such as 5 or 10s"
        ) { $0.interactiveTimeout = $1 },
        choice("WEATHER_UNITS", "units", UnitSystem.self) { $0.units = $1.units },
        choice("WEATHER_TEMPERATURE_UNIT", "temperature_unit", TemperatureUnit.self) { $0.units.temperature = $1 },
        choice("WEATHER_WIND_UNIT", "wind_unit", WindUnit.self) { $0.units.wind = $1 },
        choice("WEATHER_PRECIPITATION_UNIT", "precipitation_unit", PrecipitationUnit.self) {
            $0.units.precipitation = $1
        },
        choice("WEATHER_ICONS", "icons", IconSet.self) { $0.icons = $1 },
        Key(
            variable: "WEATHER_FORMAT", configKey: "format",
            apply: { settings, value in
                do throws(FormatError) {
                    settings.format = try FormatString(parsing: value)
                    return nil
                } catch {
                    return "a format such as \"%l %c %t\" (weather show --help lists the codes): \(error)"
                }
            }),
        Key(
            variable: "WEATHER_CONTACT", configKey: "contact",
            apply: { settings, value in
                guard !value.isEmpty, value.count <= 200, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
                else { return "an email address or a URL of visible ASCII characters, such as you@example.org" }
                settings.contact = value
                return nil
            }),
    ]

    /// An endpoint setting: an `http` or `https` URL without blanks or control characters, which would
    /// not survive the trip into the timer's unit file.
    private static func endpoint(
        _ variable: String, _ configKey: String, _ store: @escaping @Sendable (inout Settings, String) -> Void
    ) -> Key {
        Key(
            variable: variable, configKey: configKey,
            apply: { settings, value in
                guard URLParts(value) != nil, !value.containsControlCharacters, !value.containsWhitespace else {
                    return "an http:// or https:// URL"
                }
                store(&settings, value)
                return nil
            })
    }

    /// A duration setting within `range` seconds.
    private static func duration(
        _ variable: String, _ configKey: String, _ range: ClosedRange<Double>, _ expected: String,
        _ store: @escaping @Sendable (inout Settings, Double) -> Void
    ) -> Key {
        Key(
            variable: variable, configKey: configKey,
            apply: { settings, value in
                guard let seconds = DurationText.parse(value), range.contains(seconds) else { return expected }
                store(&settings, seconds)
                return nil
            })
    }

    /// A setting that names one of `Choice`'s cases.
    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ variable: String, _ configKey: String, _ type: Choice.Type,
        _ store: @escaping @Sendable (inout Settings, Choice) -> Void
    ) -> Key where Choice.RawValue == String {
        Key(
            variable: variable, configKey: configKey,
            apply: { settings, value in
                guard let chosen = Choice(rawValue: value) else {
                    return "one of " + Choice.allCases.map(\.rawValue).joinedText(", ")
                }
                store(&settings, chosen)
                return nil
            })
    }

    /// The settings from `environment` and the config file at `paths.configFile`.
    static func load(environment: Environment, paths: WeatherPaths) throws(SettingsError) -> Settings {
        try load(environment: environment, config: try ConfigFile.load(paths.configFile), configPath: paths.configFile)
    }

    /// The settings from `environment` and `config`, the values of the config file at `configPath`.
    package static func load(environment: Environment, config: [String: String], configPath: String)
        throws(SettingsError) -> Settings
    {
        var settings = defaults
        for key in keys {
            if let value = environment[key.variable] {
                guard environment.isUTF8(key.variable) else {
                    throw .invalidVariable(key.variable, value: value, expected: "UTF-8 text")
                }
                if let expected = key.apply(&settings, value) {
                    throw .invalidVariable(key.variable, value: value, expected: expected)
                }
            } else if let value = config[key.configKey] {
                if let expected = key.apply(&settings, value) {
                    throw .invalidConfig(path: configPath, reason: "\"\(key.configKey)\" must be \(expected)")
                }
            }
        }
        return settings
    }

    /// The variables that give another process (the timer's service) the settings that change what it
    /// fetches and whom it names in its requests.
    var asEnvironment: [(name: String, value: String)] {
        var variables = [
            ("WEATHER_GEOCODING_URL", geocodingURL),
            ("WEATHER_FORECAST_URL", forecastURL),
            ("WEATHER_TIMEOUT", DurationText.compact(timeout)),
        ]
        if let staleAfter { variables.append(("WEATHER_STALE_AFTER", DurationText.compact(staleAfter))) }
        if let contact { variables.append(("WEATHER_CONTACT", contact)) }
        return variables
    }
}
