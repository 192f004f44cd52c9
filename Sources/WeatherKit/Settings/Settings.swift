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

    package init(geocodingURL: String, forecastURL: String, timeout: Double, staleAfter: Double?) {
        self.geocodingURL = geocodingURL
        self.forecastURL = forecastURL
        self.timeout = timeout
        self.staleAfter = staleAfter
    }

    /// The defaults: Open-Meteo's public endpoints, 30 seconds, staleness from the data.
    package static let defaults = Settings(
        geocodingURL: "https://geocoding-api.open-meteo.com/v1/search",
        forecastURL: "https://api.open-meteo.com/v1/forecast",
        timeout: 30,
        staleAfter: nil
    )

    /// The longest `WEATHER_STALE_AFTER`: a result older than a week is not the current weather.
    static let longestStaleAfter = 7 * 86_400.0

    /// One setting: its variable, its key in `config.json`, and how it reads a value.
    struct Key: Sendable {
        let variable: String
        let configKey: String
        let apply: @Sendable (inout Settings, String) -> Bool
        let expected: String
    }

    /// Every setting, in the order the README lists them.
    static let keys: [Key] = [
        endpoint("WEATHER_GEOCODING_URL", "geocoding_url") { $0.geocodingURL = $1 },
        endpoint("WEATHER_FORECAST_URL", "forecast_url") { $0.forecastURL = $1 },
        Key(
            variable: "WEATHER_TIMEOUT", configKey: "timeout",
            apply: { settings, value in
                guard let seconds = DurationText.parse(value), seconds >= 1, seconds <= 3600 else { return false }
                settings.timeout = seconds
                return true
            },
            expected: "a time from 1 second to 1 hour, such as 30 or 45s"),
        Key(
            variable: "WEATHER_STALE_AFTER", configKey: "stale_after",
            apply: { settings, value in
                guard let seconds = DurationText.parse(value), seconds <= longestStaleAfter else { return false }
                settings.staleAfter = seconds
                return true
            },
            expected: "a time from 0 seconds to 7 days, such as 900 or 15m"),
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
                    return false
                }
                store(&settings, value)
                return true
            },
            expected: "an http:// or https:// URL")
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
                guard environment.isUTF8(key.variable), key.apply(&settings, value) else {
                    throw .invalidVariable(key.variable, value: value, expected: key.expected)
                }
            } else if let value = config[key.configKey] {
                guard key.apply(&settings, value) else {
                    throw .invalidConfig(path: configPath, reason: "\"\(key.configKey)\" must be \(key.expected)")
                }
            }
        }
        return settings
    }

    /// The variables that give another process (the timer's service) these same settings.
    var asEnvironment: [(name: String, value: String)] {
        var variables = [
            ("WEATHER_GEOCODING_URL", geocodingURL),
            ("WEATHER_FORECAST_URL", forecastURL),
            ("WEATHER_TIMEOUT", DurationText.compact(timeout)),
        ]
        if let staleAfter { variables.append(("WEATHER_STALE_AFTER", DurationText.compact(staleAfter))) }
        return variables
    }
}
