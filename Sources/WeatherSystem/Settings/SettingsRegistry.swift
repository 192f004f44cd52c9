import WeatherModel

/// Calls its argument with each setting the layers above bring: the sources' (their endpoints and
/// options, `SourceRegistry.visitSettings`), which the settings, lying below the sources, cannot name.
/// Only reading them can fail.
package typealias SettingsVisitor = (_ body: (Setting) throws(SettingsError) -> Void) throws(SettingsError) -> Void

extension Setting {
    /// Every setting, in the order a person meets them (`visitAll`): for the tools and the docs.
    package static func all(adding sources: SettingsVisitor) -> [Setting] {
        var settings: [Setting] = []
        try? visitAll(adding: sources) { settings.append($0) }  // (Nothing fails but reading.)
        return settings
    }

    /// Calls `body` with each setting: weather's own, in the order a person meets them (how things look,
    /// whom weather asks and how, how long it waits), then the ones the sources bring (`sources`). Settings
    /// are read in this order (`units` before the units over it). Calls, not an array nor an optional for
    /// each index: every start reads the settings, and an array of them, or an optional one, would be the
    /// first of its type, whose metadata costs 9,000 to 12,000 instructions to build.
    package static func visitAll(adding sources: SettingsVisitor, _ body: (Setting) throws(SettingsError) -> Void)
        throws(SettingsError)
    {
        try body(.units)
        try body(.temperatureUnit)
        try body(.windUnit)
        try body(.precipitationUnit)
        try body(.icons)
        try body(.format)
        try body(.tooltipHours)
        try body(.tooltipDays)
        try body(.language)
        try body(.provider)
        try body(.contact)
        try body(.alerts)
        try body(.notify)
        try body(.timeout)
        try body(.interactiveTimeout)
        try body(.staleAfter)
        // (A function may not be handed to another one as it is: `body` could call back into `sources`.)
        try withoutActuallyEscaping(body) { (body) throws(SettingsError) in try sources(body) }
    }

    package static let units = Setting(
        "units", "WEATHER_UNITS", default: "metric",
        read: { _, value, settings in
            guard let system = UnitSystem(anyCase: value) else { return oneOf(UnitSystem.self) }
            settings.units = system.units
            return nil
        },
        words: {
            Words(
                help: english("metric (default), imperial or si"),
                about:
                    "How values are printed: metric (°C, km/h, mm, hPa), imperial (°F, mph, in, inHg) or si (°C, m/s, mm, hPa). --units on a command replaces every units setting. JSON values are always in SI units."
            )
        })

    package static let temperatureUnit = Setting(
        "temperature_unit", "WEATHER_TEMPERATURE_UNIT", default: nil,
        read: { _, value, settings in
            guard let unit = TemperatureUnit(anyCase: value) else { return oneOf(TemperatureUnit.self) }
            settings.units.temperature = unit
            return nil
        },
        words: {
            Words(
                help: english("celsius or fahrenheit, over the units"),
                about: "The temperature's unit over the units: celsius or fahrenheit.", defaultText: "the units'",
                example: "\"celsius\"")
        })

    package static let windUnit = Setting(
        "wind_unit", "WEATHER_WIND_UNIT", default: nil,
        read: { _, value, settings in
            guard let unit = WindUnit(anyCase: value) else { return oneOf(WindUnit.self) }
            settings.units.wind = unit
            return nil
        },
        words: {
            Words(
                help: english("kmh, ms, mph or kn, over the units"),
                about: "The wind's unit over the units: kmh, ms, mph or kn.", defaultText: "the units'",
                example: "\"kmh\"")
        })

    package static let precipitationUnit = Setting(
        "precipitation_unit", "WEATHER_PRECIPITATION_UNIT", default: nil,
        read: { _, value, settings in
            guard let unit = PrecipitationUnit(anyCase: value) else { return oneOf(PrecipitationUnit.self) }
            settings.units.precipitation = unit
            return nil
        },
        words: {
            Words(
                help: english("mm or inch, over the units"),
                about: "The precipitation's unit over the units: mm or inch.", defaultText: "the units'",
                example: "\"mm\"")
        })

    package static let icons = Setting(
        "icons", "WEATHER_ICONS", default: "emoji",
        read: { _, value, settings in
            guard let icons = IconSet(anyCase: value) else { return oneOf(IconSet.self) }
            settings.icons = icons
            return nil
        },
        words: {
            Words(
                help: english("emoji (default), nerd, ascii or none"),
                about:
                    "The icons of the text, the short line and %c: emoji, nerd (Nerd Font glyphs), ascii (wttr.in's plain-text symbols) or none; --icons overrides it."
            )
        })

    package static let format = Setting(
        "format", "WEATHER_FORMAT", default: nil,
        read: { _, value, settings in
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
            return nil
        },
        words: {
            Words(
                help: english("the short line (default \"%l %c %t %W %o\")"),
                about: "The short line: what show --short prints, and --waybar's text (see FORMAT CODES).",
                defaultText: "\"" + FormatString.shortLine.source + "\"", example: "\"%l %c %t %o\"")
        })

    package static let tooltipHours = Setting(
        "tooltip_hours", "WEATHER_TOOLTIP_HOURS", default: "12", takesNumber: true,
        read: { _, value, settings in
            guard let hours = Int(value), Settings.tooltipHourRange.contains(hours) else {
                return tr("a whole number of hours from 0 to 48, such as 24")
            }
            settings.tooltipHours = hours
            return nil
        },
        words: {
            Words(
                help: english("hours ahead in waybar's tooltip (default 12)"),
                about: "How far ahead --waybar's tooltip shows the hours, from 0 to 48, at 3-hour steps.",
                example: "24")
        })

    package static let tooltipDays = Setting(
        "tooltip_days", "WEATHER_TOOLTIP_DAYS", default: "3", takesNumber: true,
        read: { _, value, settings in
            guard let days = Int(value), Settings.tooltipDayRange.contains(days) else {
                return tr("a whole number of days from 0 to 7, such as 5")
            }
            settings.tooltipDays = days
            return nil
        },
        words: {
            Words(
                help: english("days in waybar's tooltip (default 3)"),
                about: "How many days --waybar's tooltip lists, from 0 to 7.", example: "5")
        })

    package static let language = Setting(
        "language", "WEATHER_LANGUAGE", default: nil,
        read: { _, value, settings in
            guard let language = Settings.language(value) else {
                return tr(
                    "a language code of two or three letters, such as de or fr, or with a country, such as pt_BR"
                )
            }
            settings.language = language
            return nil
        },
        words: {
            Words(
                help: english(
                    "the language of weather's words and of place names (default: the first language of LANGUAGE, a list such as nb:sv, that weather speaks, else that of LC_ALL, LC_MESSAGES or LANG, the first set; else en)"
                ),
                about:
                    "The language of every word weather prints (not JSON keys or values, nor waybar's classes), and the one it asks place names and warnings in: an ISO 639 code such as de or fr, or with a country, pt_BR. Numbers, times and dates follow that language's usual locale. Without it, weather reads the environment as gettext does: LANGUAGE, a list such as nb:sv, whose first language weather speaks is spoken and whose first is asked for place names, unless the locale is C or POSIX; else the locale of LC_ALL, LC_MESSAGES or LANG, the first that is set. C, POSIX and English print English.",
                defaultText: "the environment's, else en", example: "\"de\"")
        })

    package static let provider = Setting(
        "provider", "WEATHER_PROVIDER", default: "open-meteo",
        read: { _, value, settings in
            // Any name here; whether weather has that provider, the sources' registry says above
            // (`Settings.checkingProvider`).
            guard let provider = ProviderID(rawValue: value.lowercased()) else {
                return tr("the name of a forecast service, such as open-meteo")
            }
            settings.provider = provider
            return nil
        },
        export: { $1.provider.rawValue },
        words: {
            Words(
                help: english("the forecast: open-meteo (default) or met-norway (MET Norway; needs a contact)"),
                about:
                    "The forecast: open-meteo, or met-norway (MET Norway's, which requires WEATHER_CONTACT). Places are found by Open-Meteo's geocoding for both.",
                example: "\"met-norway\"")
        })

    package static let contact = Setting(
        "contact", "WEATHER_CONTACT", default: nil,
        read: { _, value, settings in
            guard !value.isEmpty, value.count <= 200, value.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
            else { return tr("an email address or a URL of visible ASCII characters, such as you@example.org") }
            settings.contact = value
            return nil
        },
        export: { $1.contact },
        words: {
            Words(
                help: english(
                    "your email or URL, sent to the weather service so that its operators can reach you"),
                about:
                    "Your email address or a URL, added to every request's User-Agent so that a service's operators can reach you rather than block you. MET Norway requires one: without it weather sends MET nothing (its forecast fails with exit status 78, and no warnings come for Norway).",
                example: "\"you@example.org\"")
        })

    package static let alerts = Setting(
        "alerts", "WEATHER_ALERTS", default: "on",
        read: { _, value, settings in
            switch value.lowercased() {
            case "on": settings.alerts = true
            case "off": settings.alerts = false
            default: return tr("%1$s or %2$s", "on", "off")
            }
            return nil
        },
        export: { $1.alerts ? "on" : "off" },
        words: {
            Words(
                help: english("on (default) or off: official warnings for places in the US, Germany, Norway"),
                about:
                    "on or off: official warnings for places in the United States, Germany and Norway. Off, no request is made for them.",
                example: "\"off\"")
        })

    package static let notify = Setting(
        "notify", "WEATHER_NOTIFY", default: "warnings",
        read: { _, value, settings in
            guard let notify = NotifySetting(anyCase: value) else { return oneOf(NotifySetting.self) }
            settings.notify = notify
            return nil
        },
        // The service sends the notifications: a choice other than the default goes with it.
        export: { $1.notify == .warnings ? nil : $1.notify.rawValue },
        words: {
            Words(
                help: english("desktop notifications of new warnings: warnings (default), all or off"),
                about:
                    "The desktop notifications the runs that fetch send: warnings (a new official warning of moderate or higher severity), all (and rain starting within 30 minutes, and what the other sources tell of: see their settings) or off.",
                example: "\"off\"")
        })

    package static let timeout = Setting(
        "timeout", "WEATHER_TIMEOUT", default: "30", takesNumber: true,
        read: { _, value, settings in
            guard let seconds = seconds(value, within: 1...3600) else {
                return tr("a time from 1 second to 1 hour, such as 30 or 45s")
            }
            settings.timeout = seconds
            return nil
        },
        export: { DurationText.compact($1.timeout) },
        words: {
            Words(
                help: english("network time of a whole run (default 30s)"),
                about:
                    "The network time of a whole run, all requests together, from 1 second to 1 hour: 30, 45s or 2m. The timer's runs keep the value that set or schedule wrote into their unit.",
                defaultText: "30 (seconds)", example: "30")
        })

    package static let interactiveTimeout = Setting(
        "interactive_timeout", "WEATHER_INTERACTIVE_TIMEOUT", default: "5", takesNumber: true,
        read: { _, value, settings in
            guard let seconds = seconds(value, within: 1...3600) else {
                return tr("a time from 1 second to 1 hour, such as 5 or 10s")
            }
            settings.interactiveTimeout = seconds
            return nil
        },
        words: {
            Words(
                help: english("network time of a refresh in a terminal, the saved result on screen (default 5s)"),
                about:
                    "The network time of a refresh in a terminal, with the saved result already on the screen, from 1 second to 1 hour.",
                defaultText: "5 (seconds)", example: "5")
        })

    package static let staleAfter = Setting(
        "stale_after", "WEATHER_STALE_AFTER", default: nil, takesNumber: true,
        read: { _, value, settings in
            guard let seconds = seconds(value, within: 0...Settings.longestStaleAfter) else {
                return tr("a time from 0 seconds to 7 days, such as 900 or 15m")
            }
            settings.staleAfter = seconds
            return nil
        },
        export: { $1.staleAfter.map(DurationText.compact) },
        words: {
            Words(
                help: english("seconds until a result is stale (default: the data's own interval, 15 min)"),
                about:
                    "How long after it was fetched a result is shown as stale, from 0 seconds to 7 days: 900 or 15m. It replaces the data's own interval, never a server's explicit freshness (Cache-Control: max-age, Expires).",
                defaultText: "the data's own interval (15 minutes for Open-Meteo)", example: "\"15m\"")
        })
}

/// `value`, a time such as `30` or `45s`, in seconds, if it is one within `range`.
private func seconds(_ value: String, within range: ClosedRange<Double>) -> Double? {
    guard let seconds = DurationText.parse(value), range.contains(seconds) else { return nil }
    return seconds
}

/// What a value of a setting of choices must be: "one of metric, imperial, si".
package func oneOf<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> String where Choice.RawValue == String {
    tr("one of %s", Choice.allCases.map(\.rawValue).joinedText(", "))
}
