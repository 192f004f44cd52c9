import Glibc
package import WeatherModel

/// The settings of a run: each from its `WEATHER_*` variable, else from `config.json`, else the default.
package struct Settings: Sendable, Equatable {
    /// The values of the settings the sources bring (`Setting.source`, such as their endpoints), where they
    /// differ from the defaults: the settings lie below the sources, which hand theirs down
    /// (`SettingsVisitor`).
    package var sourceValues = SourceValues()
    /// The forecast service (`WeatherProvider`); geocoding is Open-Meteo's whichever it is.
    package var provider: ProviderID = .openMeteo
    /// The whole run's network time in seconds, all requests and waits together.
    package var timeout: Double = 30
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
    /// Which desktop notifications the runs that fetch send (`notify`).
    package var notify: NotifySetting = .warnings

    /// The defaults: Open-Meteo's public endpoints, 30 seconds, staleness from the data, metric units,
    /// emoji.
    package static let defaults = Settings()

    /// The value of a setting a source brings (`Setting.source`): the one chosen, else its default, else
    /// empty.
    package subscript(source setting: Setting) -> String {
        get { sourceValues[setting.key] ?? setting.defaultValue ?? "" }
        set { sourceValues[setting.key] = newValue == setting.defaultValue ? nil : newValue }
    }

    /// What `tooltip_hours` and `tooltip_days` may ask: the hours of two days, the days of a forecast.
    static let tooltipHourRange = 0...48
    static let tooltipDayRange = 0...7

    /// The longest `WEATHER_STALE_AFTER`: a result older than a week is not the current weather.
    static let longestStaleAfter = 7 * 86_400.0

    /// `value` as a language, `ll` or `ll_CC` (`de`, `pt_BR`), if it is one: an ISO 639 code, and an
    /// ISO 3166 country's when given, in any letter case.
    static func language(_ value: String) -> String? {
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

    /// The settings from `environment` and the config file at `paths.configFile`, with the ones `sources`
    /// bring.
    package static func load(environment: Environment, paths: WeatherPaths, adding sources: SettingsVisitor)
        throws(SettingsError) -> Settings
    {
        try load(
            environment: environment, config: try ConfigFile.load(paths.configFile, adding: sources),
            configPath: paths.configFile, adding: sources)
    }

    /// The settings from `environment` and `config`, the values of the config file at `configPath`; an
    /// empty value counts as none. The environment is read once for its `WEATHER_*` variables: most runs have none, nor a config file,
    /// and then the defaults are all there is.
    package static func load(
        environment: Environment, config: [String: String], configPath: String, adding sources: SettingsVisitor
    ) throws(SettingsError) -> Settings {
        var settings = defaults
        let variables = Variables(environment, prefixed: "WEATHER_")
        guard !variables.isEmpty || !config.isEmpty else { return settings }
        try Setting.visitAll(adding: sources) { (setting) throws(SettingsError) in
            // An empty variable, or an empty text in the file, is unset, as `NO_COLOR=` is: a shell's
            // `WEATHER_ICONS= weather` or a unit's `Environment=WEATHER_ICONS=` clears a setting.
            if let value = variables.value(of: setting.variable), !value.isEmpty {
                // Read as UTF-8 with any bad bytes replaced by U+FFFD: a value without one was valid, and
                // is not looked up again (600 instructions a variable).
                guard !value.mayHaveBeenRepaired || environment.isUTF8(setting.variable) else {
                    throw .invalidVariable(setting.variable, value: value, expected: tr("UTF-8 text"))
                }
                if let expected = setting.read(value, &settings) {
                    throw .invalidVariable(setting.variable, value: value, expected: expected)
                }
            } else if let value = config[setting.key], !value.isEmpty {
                if let expected = setting.read(value, &settings) {
                    throw .invalidConfig(path: configPath, reason: tr("\"%1$s\" must be %2$s", setting.key, expected))
                }
            }
        }
        return settings
    }

    /// The language services are asked for their texts in (place names, the official warnings' texts), as
    /// an ISO 639 code (`de` of `de_DE.UTF-8`): the one weather's words are chosen by (`LanguageChoice`: the
    /// `language` setting, else `LANGUAGE`'s list in a locale other than C or POSIX, then `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`), whether or not weather has a catalogue for it; English for C, POSIX and
    /// English.
    package func textLanguage(environment: Environment) -> String {
        guard let first = LanguageChoice(setting: language, environment: environment).wanted.first else { return "en" }
        let name = LocaleName(first)
        guard !name.speaksEnglish, let code = Self.languageCode(name.language) else { return "en" }
        return code
    }

    /// The variables that give another process (the timer's service) the settings that change what it
    /// fetches and whom it names in its requests, as each setting exports itself (`Setting.export`).
    package func environment(adding sources: SettingsVisitor) -> [(name: String, value: String)] {
        var variables: [(name: String, value: String)] = []
        try? Setting.visitAll(adding: sources) { setting in  // (Nothing fails but reading.)
            if let value = setting.export(self) { variables.append((setting.variable, value)) }
        }
        return variables
    }
}

extension String {
    /// Whether the text may hold U+FFFD, which reading bytes that are not UTF-8 puts in their place: whether
    /// it holds the byte its UTF-8 begins with (0xEF).
    fileprivate var mayHaveBeenRepaired: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0xEF, bytes.count) != nil } ?? false }
    }
}

/// `NAME=value` entries, each looked up by name for every setting (two dozen settings, a handful of
/// variables): their bytes in one array, each entry after its length (four bytes, little-endian), so that
/// a look-up passes over an entry by its length and looks at its bytes only where its name may match.
/// Looking in each string cost a retain, a release and a call an entry (15,000 instructions in a `show` of
/// eight variables).
private struct Variables {
    private var bytes: [UInt8] = []

    /// The variables of `environment` whose names start with `prefix`.
    init(_ environment: Environment, prefixed prefix: String) {
        environment.forEachVariable(prefixed: prefix) { entry in
            // Room for a dozen variables from the first, rather than growing the array at each of them.
            if bytes.isEmpty { bytes.reserveCapacity(960) }
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: entry.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: entry)
        }
    }

    /// Whether there are none.
    var isEmpty: Bool { bytes.isEmpty }

    /// The value of the entry named `name`, compared as bytes: no string is built but the value.
    func value(of name: String) -> String? {
        var name = name
        return name.withUTF8 { name in
            bytes.withUnsafeBufferPointer { bytes -> String? in
                var next = 0
                while next + 4 <= bytes.count {
                    let count =
                        Int(bytes[next]) | Int(bytes[next + 1]) << 8 | Int(bytes[next + 2]) << 16
                        | Int(bytes[next + 3]) << 24
                    let start = next + 4
                    next = start + count
                    guard count > name.count, bytes[start + name.count] == UInt8(ascii: "="),
                        memcmp(bytes.baseAddress! + start, name.baseAddress!, name.count) == 0
                    else { continue }
                    return String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[(start + name.count + 1)..<next]), as: UTF8.self)
                }
                return nil
            }
        }
    }
}
