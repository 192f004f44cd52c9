import WeatherModel

/// One setting, described once: its key in `config.json`, its `WEATHER_*` variable, its default, how a
/// value of it is read and written for the timer's unit, and what `--help`, the man page and the docs say of
/// it (`words`). `Settings` reads, checks, suggests and exports by these (`Setting.visitAll`), weather's own
/// and the ones each source brings in its own folder (`Setting.source`); `--help`'s list, the man page's
/// ENVIRONMENT and README.md's table are written from them (`SettingsDocs`, `make docs`).
///
/// Every start reads the settings, so a setting costs it nothing to describe: a value of text literals and
/// functions that capture nothing, which the compiler writes into the binary (`static let units`: nothing is
/// made, allocated or released at run time); the words people read are a function, run only by `--help`,
/// the man page and the docs.
package struct Setting: Sendable {
    /// The key in `config.json`, such as `timeout`.
    package let key: String
    /// The variable, such as `WEATHER_TIMEOUT`.
    package let variable: String
    /// The default as a value of the setting reads, such as `30`; `nil` where it is none, or is found at run time.
    package let defaultValue: String?
    /// Whether `config.json` may give the value as a JSON number (a time in seconds), not only as text.
    package let takesNumber: Bool
    /// Stores a value of this setting in the settings, or returns what a value must be. Given the setting, so
    /// that no function captures anything.
    private let reader: @Sendable (Setting, String, inout Settings) -> String?
    /// The value the timer's service is given (`Settings.asEnvironment`), or `nil` when it is not passed on;
    /// no function for a setting that never is.
    private let exporter: (@Sendable (Setting, Settings) -> String?)?
    /// What people read of it, made when asked.
    private let describe: @Sendable () -> Words

    /// What people read of a setting, in English: `--help` translates `help` where it prints it.
    package struct Words: Sendable {
        /// `--help`'s line and README.md's, marked by `english(...)` for the catalogues.
        package var help: String
        /// What the man page says of it.
        package var about: String
        /// The default as people read it (the man page and the docs), such as `30 (seconds)`; `nil` says the
        /// value (`defaultValue`), else "none".
        package var defaultText: String?
        /// A good value as `config.json` writes it, for messages: `30`, `"metric"`; `nil` for the default.
        package var example: String?

        package init(help: String, about: String, defaultText: String? = nil, example: String? = nil) {
            self.help = help
            self.about = about
            self.defaultText = defaultText
            self.example = example
        }
    }

    init(
        _ key: String, _ variable: String, default defaultValue: String?, takesNumber: Bool = false,
        read: @escaping @Sendable (Setting, String, inout Settings) -> String?,
        export: (@Sendable (Setting, Settings) -> String?)? = nil,
        words: @escaping @Sendable () -> Words
    ) {
        self.key = key
        self.variable = variable
        self.defaultValue = defaultValue
        self.takesNumber = takesNumber
        self.reader = read
        self.exporter = export
        self.describe = words
    }

    /// What people read of it: `--help`'s line, the man page's text, its default and an example.
    package var words: Words { describe() }

    /// The default as people read it (English: the man page and the docs), such as `30 (seconds)`.
    package var defaultText: String { words.defaultText ?? defaultValue ?? "none" }

    /// A good value as `config.json` writes it, for messages: `30`, `"metric"`; an endpoint's is its default.
    package var example: String { words.example ?? "\"" + (defaultValue ?? "") + "\"" }

    /// Stores `value` in `settings`, or returns what a value must be.
    func read(_ value: String, _ settings: inout Settings) -> String? { reader(self, value, &settings) }

    /// The value the timer's service is given (`Settings.asEnvironment`), or `nil` when it is not passed on.
    func export(_ settings: Settings) -> String? { exporter?(self, settings) }

    /// A setting a source brings (`SourceRegistry.visitSettings`): `read` keeps a value as text in
    /// `Settings.sourceValues` (`settings[source: setting] = ...`), or returns what a value must be; the
    /// source reads it there. Passed on to the timer's service.
    package static func source(
        _ key: String, _ variable: String, default defaultValue: String?,
        read: @escaping @Sendable (Setting, String, inout Settings) -> String?, words: @escaping @Sendable () -> Words
    ) -> Setting {
        Setting(
            key, variable, default: defaultValue, read: read,
            export: { setting, settings in settings.sourceValues[setting.key] ?? setting.defaultValue }, words: words)
    }

    /// Where a source's service is (`WEATHER_FORECAST_URL`): an http:// or https:// URL, a setting the source
    /// brings (`source`).
    package static func endpoint(
        _ key: String, _ variable: String, default url: String, words: @escaping @Sendable () -> Words
    ) -> Setting {
        source(
            key, variable, default: url,
            read: { setting, value, settings in
                guard URLParts.isEndpoint(value) else {
                    return tr("an http:// or https:// URL")
                }
                settings[source: setting] = value
                return nil
            }, words: words)
    }

    /// `property` of the setting whose key in `config.json` is `key`, `nil` when there is none.
    static func named<Value>(_ key: String, adding sources: SettingsVisitor, _ property: (Setting) -> Value)
        -> Value?
    {
        var value: Value?
        // (Nothing fails but reading.)
        try? visitAll(adding: sources) { setting in if value == nil, setting.key == key { value = property(setting) } }
        return value
    }
}

/// The values of the settings the sources bring that differ from their defaults, by key: most runs have
/// none. Key and value follow each other in one array of text, a type every run has already made.
package struct SourceValues: Sendable, Equatable {
    private var keysAndValues: [String] = []

    package subscript(key: String) -> String? {
        get {
            var index = 0
            while index < keysAndValues.count {
                if Self.same(keysAndValues[index], key) { return keysAndValues[index + 1] }
                index += 2
            }
            return nil
        }
        set {
            var index = 0
            while index < keysAndValues.count, !Self.same(keysAndValues[index], key) { index += 2 }
            switch (index < keysAndValues.count, newValue) {
            case (true, let value?): keysAndValues[index + 1] = value
            case (true, nil): keysAndValues.removeSubrange(index...(index + 1))
            case (false, let value?):
                // Room for every source's setting at once, rather than growing the array four times.
                if keysAndValues.isEmpty { keysAndValues.reserveCapacity(16) }
                keysAndValues.append(key)
                keysAndValues.append(value)
            case (false, nil): break
            }
        }
    }

    /// Whether two keys are the same: their lengths first, in which most keys differ, as comparing two texts
    /// that differ costs ten times more.
    private static func same(_ one: String, _ other: String) -> Bool {
        one.utf8.count == other.utf8.count && one == other
    }

    package static func == (lhs: SourceValues, rhs: SourceValues) -> Bool {
        guard lhs.keysAndValues.count == rhs.keysAndValues.count else { return false }
        var index = 0
        while index < lhs.keysAndValues.count {
            if rhs[lhs.keysAndValues[index]] != lhs.keysAndValues[index + 1] { return false }
            index += 2
        }
        return true
    }
}
