import Glibc
package import WeatherModel

/// The settings of a run: each from its `WEATHER_*` variable, else from `config.json`, else the default.
package struct Settings: Sendable, Equatable {
    /// Open-Meteo's geocoding API, or anything that speaks it.
    package var geocodingURL: String
    /// Open-Meteo's forecast API, or anything that speaks it.
    package var forecastURL: String
    /// The forecast service (`WeatherProvider`); geocoding is Open-Meteo's whichever it is.
    package var provider: ProviderID = .openMeteo
    /// MET Norway's Locationforecast 2.0 `complete`, or anything that speaks it.
    package var metURL = "https://api.met.no/weatherapi/locationforecast/2.0/complete"
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
    /// The language of every word people read and of place names (ISO 639, such as `de`, or with a
    /// country, `pt_BR`), and of its numbers and times; `nil` takes it from the locale (`LanguageChoice`).
    package var language: String?
    /// How far ahead waybar's tooltip shows the hours (at 3-hour steps), and how many days it lists.
    package var tooltipHours = 12
    package var tooltipDays = 3
    /// Whether official warnings are fetched and shown (`alerts`: `on` or `off`).
    package var alerts = true
    /// The warning services (`WarningSource`), or anything that speaks them.
    package var nwsAlertsURL = "https://api.weather.gov/alerts/active"
    package var dwdAlertsURL = "https://api.brightsky.dev/alerts"
    package var metAlertsURL = "https://api.met.no/weatherapi/metalerts/2.0/current.json"
    /// Which desktop notifications the runs that fetch send (`notify`).
    package var notify: NotifySetting = .warnings

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

    /// What `tooltip_hours` and `tooltip_days` may ask: the hours of two days, the days of a forecast.
    static let tooltipHourRange = 0...48
    static let tooltipDayRange = 0...7

    /// The longest `WEATHER_STALE_AFTER`: a result older than a week is not the current weather.
    static let longestStaleAfter = 7 * 86_400.0

    /// One setting: its variable, its key in `config.json`, and how a value of it is read. Every case
    /// is a switch, not a table of closures, as `weather show` reads the settings at every start.
    package enum Key: Int, CaseIterable {
        case geocodingURL, forecastURL, timeout, staleAfter, interactiveTimeout
        case units, temperatureUnit, windUnit, precipitationUnit, icons, format, contact, language
        case tooltipHours, tooltipDays
        case provider, metURL
        case alerts, nwsAlertsURL, dwdAlertsURL, metAlertsURL
        case notify

        /// The variable, such as `WEATHER_TIMEOUT`.
        package var variable: String {
            switch self {
            case .geocodingURL: "WEATHER_GEOCODING_URL"
            case .forecastURL: "WEATHER_FORECAST_URL"
            case .timeout: "WEATHER_TIMEOUT"
            case .staleAfter: "WEATHER_STALE_AFTER"
            case .interactiveTimeout: "WEATHER_INTERACTIVE_TIMEOUT"
            case .units: "WEATHER_UNITS"
            case .temperatureUnit: "WEATHER_TEMPERATURE_UNIT"
            case .windUnit: "WEATHER_WIND_UNIT"
            case .precipitationUnit: "WEATHER_PRECIPITATION_UNIT"
            case .icons: "WEATHER_ICONS"
            case .format: "WEATHER_FORMAT"
            case .contact: "WEATHER_CONTACT"
            case .language: "WEATHER_LANGUAGE"
            case .tooltipHours: "WEATHER_TOOLTIP_HOURS"
            case .tooltipDays: "WEATHER_TOOLTIP_DAYS"
            case .provider: "WEATHER_PROVIDER"
            case .metURL: "WEATHER_MET_URL"
            case .alerts: "WEATHER_ALERTS"
            case .nwsAlertsURL: "WEATHER_NWS_ALERTS_URL"
            case .dwdAlertsURL: "WEATHER_DWD_ALERTS_URL"
            case .metAlertsURL: "WEATHER_METALERTS_URL"
            case .notify: "WEATHER_NOTIFY"
            }
        }

        /// The key in `config.json`, such as `timeout`.
        package var configKey: String {
            switch self {
            case .geocodingURL: "geocoding_url"
            case .forecastURL: "forecast_url"
            case .timeout: "timeout"
            case .staleAfter: "stale_after"
            case .interactiveTimeout: "interactive_timeout"
            case .units: "units"
            case .temperatureUnit: "temperature_unit"
            case .windUnit: "wind_unit"
            case .precipitationUnit: "precipitation_unit"
            case .icons: "icons"
            case .format: "format"
            case .contact: "contact"
            case .language: "language"
            case .tooltipHours: "tooltip_hours"
            case .tooltipDays: "tooltip_days"
            case .provider: "provider"
            case .metURL: "met_url"
            case .alerts: "alerts"
            case .nwsAlertsURL: "nws_alerts_url"
            case .dwdAlertsURL: "dwd_alerts_url"
            case .metAlertsURL: "metalerts_url"
            case .notify: "notify"
            }
        }

        /// The setting whose key in `config.json` is `configKey`.
        package init?(configKey: String) {
            var index = 0
            while let key = Key(rawValue: index) {
                if key.configKey == configKey {
                    self = key
                    return
                }
                index += 1
            }
            return nil
        }

        /// Whether `config.json` may give the value as a JSON number (a time in seconds), not only as text.
        var takesNumber: Bool {
            self == .timeout || self == .staleAfter || self == .interactiveTimeout || self == .tooltipHours
                || self == .tooltipDays
        }

        /// A good value as `config.json` writes it, for messages.
        package var example: String {
            switch self {
            case .geocodingURL: "\"https://geocoding-api.open-meteo.com/v1/search\""
            case .forecastURL: "\"https://api.open-meteo.com/v1/forecast\""
            case .timeout: "30"
            case .staleAfter: "\"15m\""
            case .interactiveTimeout: "5"
            case .units: "\"metric\""
            case .temperatureUnit: "\"celsius\""
            case .windUnit: "\"kmh\""
            case .precipitationUnit: "\"mm\""
            case .icons: "\"emoji\""
            case .format: "\"%l %c %t %o\""
            case .contact: "\"you@example.org\""
            case .language: "\"de\""
            case .tooltipHours: "24"
            case .tooltipDays: "5"
            case .provider: "\"met-norway\""
            case .metURL: "\"https://api.met.no/weatherapi/locationforecast/2.0/complete\""
            case .alerts: "\"off\""
            case .nwsAlertsURL: "\"https://api.weather.gov/alerts/active\""
            case .dwdAlertsURL: "\"https://api.brightsky.dev/alerts\""
            case .metAlertsURL: "\"https://api.met.no/weatherapi/metalerts/2.0/current.json\""
            case .notify: "\"off\""
            }
        }

        /// Stores `value` in `settings`, or returns what the value must be.
        func apply(_ value: String, to settings: inout Settings) -> String? {
            switch self {
            case .geocodingURL, .forecastURL, .metURL, .nwsAlertsURL, .dwdAlertsURL, .metAlertsURL:
                guard URLParts(value) != nil, !value.containsControlCharacters, !value.containsWhitespace else {
                    return tr("an http:// or https:// URL")
                }
                switch self {
                case .geocodingURL: settings.geocodingURL = value
                case .forecastURL: settings.forecastURL = value
                case .metURL: settings.metURL = value
                case .nwsAlertsURL: settings.nwsAlertsURL = value
                case .dwdAlertsURL: settings.dwdAlertsURL = value
                default: settings.metAlertsURL = value
                }
            case .provider:
                guard let provider = ProviderID(anyCase: value) else { return Self.oneOf(ProviderID.self) }
                settings.provider = provider
            case .timeout:
                guard let seconds = Self.seconds(value, within: 1...3600) else {
                    return tr("a time from 1 second to 1 hour, such as 30 or 45s")
                }
                settings.timeout = seconds
            case .staleAfter:
                guard let seconds = Self.seconds(value, within: 0...Settings.longestStaleAfter) else {
                    return tr("a time from 0 seconds to 7 days, such as 900 or 15m")
                }
                settings.staleAfter = seconds
            case .interactiveTimeout:
                guard let seconds = Self.seconds(value, within: 1...3600) else {
                    return tr("a time from 1 second to 1 hour, such as 5 or 10s")
                }
                settings.interactiveTimeout = seconds
            case .units:
                guard let system = UnitSystem(anyCase: value) else { return Self.oneOf(UnitSystem.self) }
                settings.units = system.units
            case .temperatureUnit:
                guard let unit = TemperatureUnit(anyCase: value) else { return Self.oneOf(TemperatureUnit.self) }
                settings.units.temperature = unit
            case .windUnit:
                guard let unit = WindUnit(anyCase: value) else { return Self.oneOf(WindUnit.self) }
                settings.units.wind = unit
            case .precipitationUnit:
                guard let unit = PrecipitationUnit(anyCase: value) else { return Self.oneOf(PrecipitationUnit.self) }
                settings.units.precipitation = unit
            case .icons:
                guard let icons = IconSet(anyCase: value) else { return Self.oneOf(IconSet.self) }
                settings.icons = icons
            case .format:
                do throws(FormatError) {
                    settings.format = try FormatString(parsing: value)
                } catch .blank {
                    return tr(
                        "a format such as \"%%l %%c %%t %%o\" (weather show --help lists the codes), not blanks that print nothing; empty or unset, it is that default"
                    )
                } catch {
                    return tr(
                        "a format such as \"%%l %%c %%t %%o\" (weather show --help lists the codes): %s", "\(error)")
                }
            case .contact:
                guard !value.isEmpty, value.count <= 200, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
                else { return tr("an email address or a URL of visible ASCII characters, such as you@example.org") }
                settings.contact = value
            case .language:
                guard let language = Self.language(value) else {
                    return tr(
                        "a language code of two or three letters, such as de or fr, or with a country, such as pt_BR")
                }
                settings.language = language
            case .tooltipHours:
                guard let hours = Int(value), Settings.tooltipHourRange.contains(hours) else {
                    return tr("a whole number of hours from 0 to 48, such as 24")
                }
                settings.tooltipHours = hours
            case .tooltipDays:
                guard let days = Int(value), Settings.tooltipDayRange.contains(days) else {
                    return tr("a whole number of days from 0 to 7, such as 5")
                }
                settings.tooltipDays = days
            case .alerts:
                switch value.lowercased() {
                case "on": settings.alerts = true
                case "off": settings.alerts = false
                default: return tr("%1$s or %2$s", "on", "off")
                }
            case .notify:
                guard let notify = NotifySetting(anyCase: value) else { return Self.oneOf(NotifySetting.self) }
                settings.notify = notify
            }
            return nil
        }

        /// `value` as a language, `ll` or `ll_CC` (`de`, `pt_BR`), if it is one: an ISO 639 code, and an
        /// ISO 3166 country's when given, in any letter case.
        package static func language(_ value: String) -> String? {
            let parts = value.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
            guard let code = languageCode(String(parts[0])) else { return nil }
            guard parts.count == 2 else { return code }
            let country = parts[1].uppercased()
            guard country.utf8.count == 2, country.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
            return code + "_" + country
        }

        /// `value` as the lower-case ISO 639 code the geocoding service takes, if it is one.
        static func languageCode(_ value: String) -> String? {
            let code = value.lowercased()
            guard (2...3).contains(code.utf8.count), code.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) else {
                return nil
            }
            return code
        }

        private static func seconds(_ value: String, within range: ClosedRange<Double>) -> Double? {
            guard let seconds = DurationText.parse(value), range.contains(seconds) else { return nil }
            return seconds
        }

        private static func oneOf<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String
        where Choice.RawValue == String {
            tr("one of %s", Choice.allCases.map(\.rawValue).joinedText(", "))
        }
    }

    /// The settings from `environment` and the config file at `paths.configFile`.
    package static func load(environment: Environment, paths: WeatherPaths) throws(SettingsError) -> Settings {
        try load(environment: environment, config: try ConfigFile.load(paths.configFile), configPath: paths.configFile)
    }

    /// The settings from `environment` and `config`, the values of the config file at `configPath`; an
    /// empty value counts as none. The environment is read once for its `WEATHER_*` variables: most runs have none, nor a config file,
    /// and then the defaults are all there is.
    package static func load(environment: Environment, config: [String: String], configPath: String)
        throws(SettingsError) -> Settings
    {
        var settings = defaults
        let variables = environment.variables(prefixed: "WEATHER_")
        guard !variables.isEmpty || !config.isEmpty else { return settings }
        // By raw value rather than `allCases`, whose array would be this run's first of its type.
        var index = 0
        while let key = Key(rawValue: index) {
            index += 1
            // An empty variable, or an empty text in the file, is unset, as `NO_COLOR=` is: a shell's
            // `WEATHER_ICONS= weather` or a unit's `Environment=WEATHER_ICONS=` clears a setting.
            if let value = Self.value(of: key.variable, in: variables), !value.isEmpty {
                guard environment.isUTF8(key.variable) else {
                    throw .invalidVariable(key.variable, value: value, expected: tr("UTF-8 text"))
                }
                if let expected = key.apply(value, to: &settings) {
                    throw .invalidVariable(key.variable, value: value, expected: expected)
                }
            } else if let value = config[key.configKey], !value.isEmpty {
                if let expected = key.apply(value, to: &settings) {
                    throw .invalidConfig(path: configPath, reason: tr("\"%1$s\" must be %2$s", key.configKey, expected))
                }
            }
        }
        return settings
    }

    /// The value of `name` among `NAME=value` entries, compared as bytes: no string is built but the value.
    private static func value(of name: String, in entries: [String]) -> String? {
        var name = name
        return name.withUTF8 { name in
            for var entry in entries {
                let value = entry.withUTF8 { entry -> String? in
                    guard entry.count > name.count, entry[name.count] == UInt8(ascii: "="),
                        memcmp(entry.baseAddress!, name.baseAddress!, name.count) == 0
                    else { return nil }
                    return String(decoding: UnsafeBufferPointer(rebasing: entry[(name.count + 1)...]), as: UTF8.self)
                }
                if let value { return value }
            }
            return nil
        }
    }

    /// The language services are asked for their texts in (place names, the official warnings' texts), as
    /// an ISO 639 code (`de` of `de_DE.UTF-8`): the one weather's words are chosen by (`LanguageChoice`: the
    /// `language` setting, else `LANGUAGE`'s list in a locale other than C or POSIX, then `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`), whether or not weather has a catalogue for it; English for C, POSIX and
    /// English.
    package func textLanguage(environment: Environment) -> String {
        guard let first = LanguageChoice(setting: language, environment: environment).wanted.first else { return "en" }
        let name = LocaleName(first)
        guard !name.speaksEnglish, let code = Key.languageCode(name.language) else { return "en" }
        return code
    }

    /// The variables that give another process (the timer's service) the settings that change what it
    /// fetches and whom it names in its requests.
    package var asEnvironment: [(name: String, value: String)] {
        var variables = [
            ("WEATHER_GEOCODING_URL", geocodingURL),
            ("WEATHER_FORECAST_URL", forecastURL),
            ("WEATHER_PROVIDER", provider.rawValue),
            ("WEATHER_MET_URL", metURL),
            ("WEATHER_TIMEOUT", DurationText.compact(timeout)),
        ]
        if let staleAfter { variables.append(("WEATHER_STALE_AFTER", DurationText.compact(staleAfter))) }
        if let contact { variables.append(("WEATHER_CONTACT", contact)) }
        variables += [
            ("WEATHER_ALERTS", alerts ? "on" : "off"), ("WEATHER_NWS_ALERTS_URL", nwsAlertsURL),
            ("WEATHER_DWD_ALERTS_URL", dwdAlertsURL), ("WEATHER_METALERTS_URL", metAlertsURL),
        ]
        // The service sends the notifications: a choice other than the default goes with it.
        if notify != .warnings { variables.append(("WEATHER_NOTIFY", notify.rawValue)) }
        return variables
    }
}
