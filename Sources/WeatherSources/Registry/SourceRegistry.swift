package import WeatherModel
package import WeatherSystem

/// Every source weather asks, one line each: a new one is its own folder and a line here. What a source
/// is (its name and credit, endpoint setting and default, coverage, request and decoder, terms) is its
/// descriptor, in its folder; the rest of weather reads the descriptors, never a list of names.
package enum SourceRegistry {
    /// Every source, one line each, handed to `body` until it returns true: the first forecast provider
    /// is the default. A chain of calls rather than an array, whose element type the runtime would set up
    /// at every `show` (about 13,000 instructions each).
    @discardableResult
    package static func each<Failure: Error>(_ body: (SourceDescriptor) throws(Failure) -> Bool) throws(Failure)
        -> Bool
    {
        if try body(.geocoder(OpenMeteo.geocoder)) { return true }
        if try body(.forecast(OpenMeteo.descriptor)) { return true }
        if try body(.forecast(METNorway.descriptor)) { return true }
        if try body(.warnings(NWSAlerts.descriptor)) { return true }
        if try body(.warnings(BrightSkyAlerts.descriptor)) { return true }
        if try body(.warnings(MetAlerts.descriptor)) { return true }
        return try body(.supplement(AirReading.descriptor))
    }

    /// Every source, in the registry's order.
    package static var all: [SourceDescriptor] {
        var all: [SourceDescriptor] = []
        each {
            all.append($0)
            return false
        }
        return all
    }

    /// The forecast providers, the `provider` setting's choices; the first is the default.
    package static var providers: [ForecastSourceDescriptor] {
        all.compactMap { if case .forecast(let source) = $0 { source } else { nil } }
    }

    /// The geocoder, which finds places for every provider.
    package static var geocoder: GeocoderDescriptor {
        var found: GeocoderDescriptor?
        each {
            if case .geocoder(let source) = $0 { found = source }
            return found != nil
        }
        guard let found else { fatalError("the registry has no geocoder") }
        return found
    }

    /// The services of official warnings, each for its countries.
    package static var warningServices: [WarningServiceDescriptor] {
        all.compactMap { if case .warnings(let source) = $0 { source } else { nil } }
    }

    /// Calls `body` with each setting the sources bring (their options and endpoints), in the registry's
    /// order: handed down to the settings, which lie below the sources (`SettingsVisitor`).
    package static func visitSettings(_ body: (Setting) throws(SettingsError) -> Void) throws(SettingsError) {
        try each { (source) throws(SettingsError) in
            if case .supplement(let supplement) = source { try supplement.options(body) }
            try body(source.endpoint)
            return false
        }
    }

    /// The sources of what else is known of a place (the air), each its file.
    package static var supplements: [SupplementDescriptor] {
        all.compactMap { if case .supplement(let source) = $0 { source } else { nil } }
    }

    /// The supplement named `name`, if weather has it.
    package static func supplement(named name: String) -> SupplementDescriptor? {
        var found: SupplementDescriptor?
        each {
            if case .supplement(let source) = $0, source.name == name { found = source }
            return found != nil
        }
        return found
    }

    /// The provider named `id`, if weather has it.
    package static func provider(_ id: ProviderID) -> ForecastSourceDescriptor? {
        var found: ForecastSourceDescriptor?
        each {
            if case .forecast(let source) = $0, source.id == id { found = source }
            return found != nil
        }
        return found
    }

    /// The warnings service named `source`, if weather has it.
    package static func warningService(_ source: AlertSource) -> WarningServiceDescriptor? {
        var found: WarningServiceDescriptor?
        each {
            if case .warnings(let service) = $0, service.source == source { found = service }
            return found != nil
        }
        return found
    }
}

/// One source of the registry, of its kind.
package enum SourceDescriptor: Sendable {
    case forecast(ForecastSourceDescriptor)
    case geocoder(GeocoderDescriptor)
    case warnings(WarningServiceDescriptor)
    case supplement(SupplementDescriptor)

    /// Its endpoint setting.
    package var endpoint: Setting {
        switch self {
        case .forecast(let source): source.endpoint
        case .geocoder(let source): source.endpoint
        case .warnings(let source): source.endpoint
        case .supplement(let source): source.endpoint
        }
    }
}

extension Setting {
    /// Every setting, weather's own and the sources', in the order a person meets them: for the tools and
    /// the docs.
    package static var all: [Setting] { all(adding: SourceRegistry.visitSettings) }
}

extension ProviderID {
    /// The name the text credits, "Data: Open-Meteo": the provider's credit, or for a name weather does
    /// not know (a result file of another version), the name itself.
    package var attribution: String { forecastSource(\.credit) ?? rawValue }

    /// Whether its answer gives today only from the hour it was made (`ForecastSourceDescriptor`).
    package var givesTodayFromNow: Bool { forecastSource(\.givesTodayFromNow) ?? false }

    /// `property` of its descriptor, `nil` for a name weather does not know. Read in place: an optional
    /// descriptor would be a start's first of its type (its metadata about 9,000 instructions).
    private func forecastSource<Value>(_ property: (ForecastSourceDescriptor) -> Value) -> Value? {
        var value: Value?
        SourceRegistry.each {
            guard case .forecast(let source) = $0, source.id == self else { return false }
            value = property(source)
            return true
        }
        return value
    }
}

extension AlertSource {
    /// Its descriptor; `nil` for a name weather does not know (a file of another version).
    package var descriptor: WarningServiceDescriptor? { SourceRegistry.warningService(self) }

    /// The source as the text's last line credits it ("Warnings: DWD").
    package var credit: String { service(\.credit) ?? name }

    /// Who issues the warnings, for people, in their language.
    package var issuer: String { service { $0.issuer() } ?? name }

    /// The language (ISO 639) of the texts the service gives a reader of `language`; English for a
    /// service weather does not know.
    package func textLanguage(for language: @autoclosure () -> String) -> String {
        service { $0.textLanguage(language) } ?? "en"
    }

    /// `property` of its descriptor, `nil` for a name weather does not know; read in place, as
    /// `ProviderID.forecastSource`.
    private func service<Value>(_ property: (WarningServiceDescriptor) -> Value) -> Value? {
        var value: Value?
        SourceRegistry.each {
            guard case .warnings(let service) = $0, service.source == self else { return false }
            value = property(service)
            return true
        }
        return value
    }

    /// The source for a place in the country `countryCode` (ISO 3166-1 alpha-2), by the services'
    /// countries; `nil` where none covers it: no request at all.
    package init?(countryCode: String?) {
        guard let code = countryCode?.uppercased() else { return nil }
        var found: AlertSource?
        SourceRegistry.each {
            guard case .warnings(let service) = $0, service.covers(code) else { return false }
            found = service.source
            return true
        }
        guard let found else { return nil }
        self = found
    }

    /// The source for `location`: by its country where the geocoder named one (`init(countryCode:)`: exact,
    /// small islands included), else, for a place given by its coordinates, by where the point lies
    /// (`WarningCoverage`). `nil` where none covers it: no request at all.
    package init?(for location: Location) {
        if let code = location.countryCode, !code.isEmpty {
            self.init(countryCode: code)
        } else if let source = WarningCoverage.source(latitude: location.latitude, longitude: location.longitude) {
            self = source
        } else {
            return nil
        }
    }
}

extension Settings {
    /// The settings from `environment` and the config file at `paths.configFile`: weather's own and the
    /// sources'.
    package static func load(environment: Environment, paths: WeatherPaths) throws(SettingsError) -> Settings {
        try load(environment: environment, paths: paths, adding: SourceRegistry.visitSettings)
    }

    /// The settings from `environment` and `config`, the values of the config file at `configPath`.
    package static func load(environment: Environment, config: [String: String], configPath: String)
        throws(SettingsError) -> Settings
    {
        try load(environment: environment, config: config, configPath: configPath, adding: SourceRegistry.visitSettings)
    }

    /// The variables that give the timer's service these settings (`environment(adding:)`), the sources'
    /// too.
    package var asEnvironment: [(name: String, value: String)] { environment(adding: SourceRegistry.visitSettings) }

    /// These settings, when the provider they name is one of the registry's: the settings take any name
    /// (they lie below the sources), and this says which there are, in the words a bad setting has.
    package func checkingProvider(environment: Environment, configPath: String) throws(SettingsError) -> Settings {
        guard SourceRegistry.provider(provider) == nil else { return self }
        let expected = tr("one of %s", SourceRegistry.providers.map(\.id.rawValue).joinedText(", "))
        if let value = environment.nonEmpty(Setting.provider.variable) {
            throw .invalidVariable(Setting.provider.variable, value: value, expected: expected)
        }
        throw .invalidConfig(path: configPath, reason: tr("\"%1$s\" must be %2$s", Setting.provider.key, expected))
    }
}
