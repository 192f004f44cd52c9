import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Settings and folders")
struct SettingsTests {
    let folder: TemporaryFolder
    let paths: WeatherPaths

    init() throws {
        folder = try TemporaryFolder()
        let root = folder.path
        paths = WeatherPaths(
            configHome: root + "/config", cacheDirectory: root + "/cache/weather",
            stateDirectory: root + "/state/weather")
    }

    func writeConfig(_ text: String) throws {
        try FileIO.createDirectory(paths.configDirectory)
        try FileIO.writeAtomically(Array(text.utf8), to: paths.configFile)
    }

    @Test("without environment or file, the defaults")
    func defaults() throws {
        #expect(try Settings.load(environment: Environment([:]), paths: paths) == Settings.defaults)
        #expect(URLParts(Settings.defaults[source: .forecastURL])?.authority == "api.open-meteo.com")
        #expect(URLParts(Settings.defaults[source: .forecastURL])?.scheme == "https")
        #expect(Settings.defaults[source: .forecastURL].hasSuffix("/v1/forecast"))
        #expect(Settings.defaults.timeout == 30)
    }

    @Test("the file sets what the environment does not; the environment wins")
    func precedence() throws {
        try writeConfig(#"{"timeout": 12, "stale_after": "10m", "forecast_url": "http://127.0.0.1:1/f"}"#)
        let settings = try Settings.load(environment: Environment(["WEATHER_TIMEOUT": "5"]), paths: paths)
        #expect(settings.timeout == 5)
        #expect(settings.staleAfter == 600)
        #expect(settings[source: .forecastURL] == "http://127.0.0.1:1/f")
        #expect(settings[source: .geocodingURL] == Settings.defaults[source: .geocodingURL])
    }

    @Test(
        "a bad variable is named with what it must be",
        arguments: [
            ("WEATHER_TIMEOUT", "abc"), ("WEATHER_TIMEOUT", "0"), ("WEATHER_TIMEOUT", "2h"),
            ("WEATHER_STALE_AFTER", "-1"), ("WEATHER_FORECAST_URL", "ftp://x/y"),
            ("WEATHER_GEOCODING_URL", "api.open-meteo.com"),
            ("WEATHER_FORECAST_URL", "http://127.0.0.1/v1/forecast\nExecStart=/bin/sh"), ("WEATHER_TIMEOUT", "0.5"),
            ("WEATHER_UNITS", "kelvin"), ("WEATHER_UNITS", "Metrics"), ("WEATHER_WIND_UNIT", "knots"),
            ("WEATHER_TEMPERATURE_UNIT", "C"), ("WEATHER_PRECIPITATION_UNIT", "in"), ("WEATHER_ICONS", "emojis"),
            ("WEATHER_FORMAT", "%t %y"), ("WEATHER_FORMAT", "%t\n"), ("WEATHER_CONTACT", "ann @example.org"),
            ("WEATHER_CONTACT", "ann@exämple.org"), ("WEATHER_INTERACTIVE_TIMEOUT", "0"),
            ("WEATHER_TOOLTIP_HOURS", "49"), ("WEATHER_TOOLTIP_HOURS", "-1"), ("WEATHER_TOOLTIP_HOURS", "12h"),
            ("WEATHER_TOOLTIP_DAYS", "8"), ("WEATHER_TOOLTIP_DAYS", "2.5"), ("WEATHER_TOOLTIP_DAYS", "three"),
            ("WEATHER_PROVIDER", "yr"), ("WEATHER_PROVIDER", "met"), ("WEATHER_PROVIDER", "Y R"),
            ("WEATHER_MET_URL", "api.met.no"),
        ])
    func badVariable(name: String, value: String) {
        #expect {
            // As a run reads them: the provider's name checked against the sources' registry.
            _ = try Settings.load(environment: Environment([name: value]), paths: paths)
                .checkingProvider(environment: Environment([name: value]), configPath: paths.configFile)
        } throws: { error in
            guard case .invalidVariable(let variable, let bad, _) = error as? SettingsError else { return false }
            return variable == name && bad == value
                && (error as? SettingsError)!.description.hasPrefix("\(name)=\"\(value)\" is not valid")
        }
    }

    @Test("each setting is one descriptor: its key and variable its own, its default what the defaults hold")
    func descriptors() throws {
        #expect(Set(Setting.all.map(\.key)).count == Setting.all.count)
        #expect(Set(Setting.all.map(\.variable)).count == Setting.all.count)
        for setting in Setting.all {
            #expect(setting.variable.hasPrefix("WEATHER_"), "\(setting.key)")
            // The default, read as a value of the setting, is the defaults, and the example is a good value.
            if let value = setting.defaultValue {
                var settings = Settings.defaults
                #expect(setting.read(value, &settings) == nil, "\(setting.key)")
                #expect(settings == Settings.defaults, "\(setting.key)=\(value) is not the default")
            }
            var example = Settings.defaults
            let text =
                setting.example.hasPrefix("\"") ? String(setting.example.dropFirst().dropLast()) : setting.example
            #expect(setting.read(text, &example) == nil, "\(setting.key): \(setting.example)")
            // Each setting is read from its variable and from its key, through its descriptor alone.
            #expect(
                try Settings.load(environment: Environment([setting.variable: text]), config: [:], configPath: "c")
                    == example)
            #expect(
                try Settings.load(environment: Environment([:]), config: [setting.key: text], configPath: "c")
                    == example)
        }
    }

    @Test("a setting a source brings is read, checked, refused when unknown and passed on, by its descriptor alone")
    func sourcesHandTheirSettingsDown() throws {
        // A source of the test's own, unknown to the settings layer: the settings read what they are handed.
        let level = Setting.source(
            "test_level", "WEATHER_TEST_LEVEL", default: "low",
            read: { setting, value, settings in
                guard ["low", "high"].contains(value) else { return "low or high" }
                settings[source: setting] = value
                return nil
            }, words: { .init(help: "", about: "") })
        let handing: SettingsVisitor = { (body) throws(SettingsError) in try body(level) }
        let fromFile = try Settings.load(
            environment: Environment([:]), config: ["test_level": "high"], configPath: "c", adding: handing)
        #expect(fromFile[source: level] == "high" && Settings.defaults[source: level] == "low")
        #expect(fromFile.environment(adding: handing).contains { $0 == ("WEATHER_TEST_LEVEL", "high") })
        #expect(
            throws: SettingsError.invalidVariable("WEATHER_TEST_LEVEL", value: "mid", expected: "low or high")
        ) {
            try Settings.load(
                environment: Environment(["WEATHER_TEST_LEVEL": "mid"]), config: [:], configPath: "c", adding: handing)
        }
        // Not handed down, its key in config.json is unknown; handed down, it is named among the known.
        try writeConfig(#"{"test_levl": "high"}"#)
        #expect(throws: SettingsError.self) { try Settings.load(environment: Environment([:]), paths: paths) }
        do {
            _ = try Settings.load(environment: Environment([:]), paths: paths, adding: handing)
            Issue.record("a typo of a source's key was read")
        } catch {
            #expect(error.description.contains(#"did you mean "test_level"?"#), "\(error)")
        }
        // The registry hands down every source's endpoint, which no list in the settings layer names.
        var handed: [String] = []
        try SourceRegistry.visitSettings { handed.append($0.key) }
        #expect(SourceRegistry.all.allSatisfy { handed.contains($0.endpoint.key) } && handed.contains("forecast_url"))
        #expect(handed.contains("air") && handed.contains("pollen"), "a source's other settings too")
        #expect(!Setting.all(adding: { _ throws(SettingsError) in }).contains { $0.key == "forecast_url" })
    }

    @Test("README.md's settings table is as the descriptors write it (make docs)")
    func documentedTable() throws {
        let text = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        #expect(text.contains(SettingsDocs.tableStart), "README.md has no settings table")
        #expect(SettingsDocs.updated(text) == text, "README.md is not current: run make docs")
        for setting in Setting.all {
            #expect(SettingsDocs.table.contains("| `\(setting.variable)` | `\(setting.key)` |"))
        }
    }

    @Test(
        "a corrupt config file is reported by its path",
        arguments: [
            ("{\"timeout\": ", "not valid JSON"),
            ("[1]", "must hold one JSON object"),
            ("{\"timout\": 5}", "unknown setting \"timout\" (did you mean \"timeout\"?)"),
            ("{\"unit\": \"imperial\"}", "unknown setting \"unit\" (did you mean \"units\"?)"),
            ("{\"Units\": \"imperial\"}", "unknown setting \"Units\" (did you mean \"units\"?)"),
            ("{\"colour\": \"never\"}", "unknown setting \"colour\" (known: units, temperature_unit, "),
            ("{\"timeout\": \"soon\"}", "\"timeout\" must be"),
            ("{\"timeout\": [1]}", "\"timeout\" is an array"),
            ("{\"format\": 42}", "\"format\" is a number; it must be text in quotes"),
        ])
    func corruptConfig(text: String, reason: String) throws {
        try writeConfig(text)
        #expect {
            _ = try Settings.load(environment: Environment([:]), paths: paths)
        } throws: { error in
            let message = (error as? SettingsError)?.description ?? ""
            return message.hasPrefix(paths.configFile + ": ") && message.contains(reason)
                && message.hasSuffix("fix or remove the file")
        }
    }

    @Test("every enumerated choice is named in lower case, so that any letter case of it is read")
    func choicesInLowerCase() {
        let names =
            UnitSystem.allCases.map(\.rawValue) + TemperatureUnit.allCases.map(\.rawValue)
            + WindUnit.allCases.map(\.rawValue) + PrecipitationUnit.allCases.map(\.rawValue)
            + IconSet.allCases.map(\.rawValue) + TextStyle.Choice.allCases.map(\.rawValue)
        #expect(names.allSatisfy { $0 == $0.lowercased() }, "\(names)")
        #expect(UnitSystem(anyCase: "Imperial") == .imperial && UnitSystem(anyCase: "SI") == .si)
        #expect(UnitSystem(anyCase: "imperal") == nil)
    }

    @Test("XDG folders count only when absolute")
    func xdgFolders() throws {
        let absolute = try WeatherPaths(
            environment: Environment([
                "HOME": "/home/u", "XDG_CONFIG_HOME": "/x/config", "XDG_CACHE_HOME": "/x/cache",
                "XDG_STATE_HOME": "/x/state",
            ]))
        #expect(
            absolute
                == WeatherPaths(
                    configHome: "/x/config", cacheDirectory: "/x/cache/weather", stateDirectory: "/x/state/weather"))
        let relative = try WeatherPaths(
            environment: Environment([
                "HOME": "/home/u", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "", "XDG_STATE_HOME": "./state",
            ]))
        #expect(
            relative
                == WeatherPaths(
                    configHome: "/home/u/.config", cacheDirectory: "/home/u/.cache/weather",
                    stateDirectory: "/home/u/.local/state/weather"))
        #expect(relative.configFile == "/home/u/.config/weather/config.json")
        #expect(relative.locationFile == "/home/u/.local/state/weather/location.json")
        #expect(relative.resultFile == "/home/u/.cache/weather/current.json")
    }

    @Test("units: a system, with single quantities over it from either place; the rest of the display settings")
    func displaySettings() throws {
        try writeConfig(#"{"units": "imperial", "wind_unit": "kn", "icons": "nerd", "format": "%t %c"}"#)
        let fromFile = try Settings.load(environment: Environment([:]), paths: paths)
        #expect(
            fromFile.units
                == DisplayUnits(temperature: .fahrenheit, wind: .kn, precipitation: .inch, pressure: .inHg))
        #expect(fromFile.icons == .nerd)
        #expect(fromFile.format == (try FormatString(parsing: "%t %c")))
        let mixed = try Settings.load(
            environment: Environment([
                "WEATHER_UNITS": "metric", "WEATHER_WIND_UNIT": "mph", "WEATHER_ICONS": "none",
                "WEATHER_CONTACT": "ann@example.org", "WEATHER_INTERACTIVE_TIMEOUT": "10s",
            ]), paths: paths)
        // The UK's mix: °C with mph; the file's wind unit gives way to the variable.
        #expect(mixed.units == DisplayUnits(temperature: .celsius, wind: .mph, precipitation: .mm, pressure: .hPa))
        #expect(mixed.icons == .none)
        #expect(mixed.contact == "ann@example.org")
        #expect(mixed.interactiveTimeout == 10)
        #expect(Settings.defaults.units == UnitSystem.metric.units)
        #expect(Settings.defaults.icons == .emoji)
        #expect(Settings.defaults.interactiveTimeout == 5)
    }

    @Test("the tooltip's span: numbers or text in the file, the variable over it, 12 hours and 3 days unset")
    func tooltipSpan() throws {
        #expect(Settings.defaults.tooltipHours == 12 && Settings.defaults.tooltipDays == 3)
        try writeConfig(#"{"tooltip_hours": 24, "tooltip_days": "5"}"#)
        let fromFile = try Settings.load(environment: Environment([:]), paths: paths)
        #expect(fromFile.tooltipHours == 24 && fromFile.tooltipDays == 5)
        let mixed = try Settings.load(environment: Environment(["WEATHER_TOOLTIP_DAYS": "0"]), paths: paths)
        #expect(mixed.tooltipHours == 24 && mixed.tooltipDays == 0)
        try writeConfig(#"{"tooltip_days": 1.5}"#)
        #expect(throws: SettingsError.self) { try Settings.load(environment: Environment([:]), paths: paths) }
    }

    @Test("a format setting with an unknown code names it")
    func badFormat() {
        #expect(
            throws: SettingsError.invalidVariable(
                "WEATHER_FORMAT", value: "%t %y",
                expected:
                    "a format such as \"%l %c %t %o\" (weather show --help lists the codes): %y is not a format code (%% is a percent sign)"
            )
        ) {
            _ = try Settings.load(environment: Environment(["WEATHER_FORMAT": "%t %y"]), paths: paths)
        }
    }

    @Test("the settings travel to another process as the same variables")
    func asEnvironment() {
        var settings = Settings.defaults
        settings[source: .geocodingURL] = "http://a/s"
        settings[source: .forecastURL] = "http://a/f"
        settings.timeout = 45
        settings.staleAfter = 600
        settings.contact = "ann@example.org"
        settings.units = UnitSystem.imperial.units
        settings.provider = .metNorway
        settings[source: .metURL] = "http://a/m"
        settings.alerts = false
        settings[source: .nwsAlertsURL] = "http://a/n"
        settings[source: .dwdAlertsURL] = "http://a/d"
        settings[source: .metAlertsURL] = "http://a/w"
        (settings.air, settings.airScale, settings.airQualityURL, settings.pollen) = (
            false, .us, "http://a/q", ["birch"]
        )
        #expect(
            settings.asEnvironment.map { "\($0.name)=\($0.value)" } == [
                "WEATHER_PROVIDER=met-norway", "WEATHER_CONTACT=ann@example.org", "WEATHER_ALERTS=off",
                "WEATHER_TIMEOUT=45s", "WEATHER_STALE_AFTER=10m", "WEATHER_GEOCODING_URL=http://a/s",
                "WEATHER_FORECAST_URL=http://a/f", "WEATHER_MET_URL=http://a/m", "WEATHER_NWS_ALERTS_URL=http://a/n",
                "WEATHER_DWD_ALERTS_URL=http://a/d", "WEATHER_METALERTS_URL=http://a/w", "WEATHER_AIR=off",
                "WEATHER_AIR_SCALE=us", "WEATHER_POLLEN=birch", "WEATHER_AIR_QUALITY_URL=http://a/q",
            ], "what the service fetches and whom it names; display settings stay with the display")
    }

    @Test("notify: warnings unless all or off is chosen, in any case; the service gets any other choice")
    func notify() throws {
        #expect(Settings.defaults.notify == .warnings)
        #expect(!Settings.defaults.asEnvironment.contains { $0.name == "WEATHER_NOTIFY" }, "the default, unsaid")
        try writeConfig(#"{"notify": "off"}"#)
        let fromFile = try Settings.load(environment: Environment([:]), paths: paths)
        #expect(fromFile.notify == .off)
        #expect(fromFile.asEnvironment.contains { "\($0.name)=\($0.value)" == "WEATHER_NOTIFY=off" })
        let fromVariable = try Settings.load(environment: Environment(["WEATHER_NOTIFY": "ALL"]), paths: paths)
        #expect(fromVariable.notify == .all, "the variable wins over the file, in any letter case")
        #expect(
            throws: SettingsError.invalidVariable(
                "WEATHER_NOTIFY", value: "rain", expected: "one of warnings, all, off")
        ) {
            _ = try Settings.load(environment: Environment(["WEATHER_NOTIFY": "rain"]), paths: paths)
        }
        try writeConfig(#"{"notify": true}"#)
        #expect(throws: SettingsError.self) { try Settings.load(environment: Environment([:]), paths: paths) }
    }

    @Test("the provider is open-meteo unless met-norway is chosen, in any case, from either place")
    func provider() throws {
        #expect(Settings.defaults.provider == .openMeteo)
        #expect(Settings.defaults[source: .metURL] == "https://api.met.no/weatherapi/locationforecast/2.0/complete")
        try writeConfig(#"{"provider": "met-norway", "met_url": "http://127.0.0.1:1/met"}"#)
        let fromFile = try Settings.load(environment: Environment([:]), paths: paths)
        #expect(fromFile.provider == .metNorway)
        #expect(fromFile[source: .metURL] == "http://127.0.0.1:1/met")
        let fromVariable = try Settings.load(environment: Environment(["WEATHER_PROVIDER": "Open-Meteo"]), paths: paths)
        #expect(fromVariable.provider == .openMeteo, "the variable wins over the file, in any letter case")
        #expect(
            throws: SettingsError.invalidVariable(
                "WEATHER_PROVIDER", value: "yr", expected: "one of open-meteo, met-norway")
        ) {
            _ = try Settings.load(environment: Environment(["WEATHER_PROVIDER": "yr"]), paths: paths)
                .checkingProvider(environment: Environment(["WEATHER_PROVIDER": "yr"]), configPath: paths.configFile)
        }
    }
}
