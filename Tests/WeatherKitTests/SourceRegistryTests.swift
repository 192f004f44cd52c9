import Testing

@testable import WeatherModel
@testable import WeatherSources
@testable import WeatherSystem

/// The sources' registry: each source one descriptor, read by the rest of weather instead of a switch
/// over names.
@Suite("The sources' registry")
struct SourceRegistryTests {
    @Test("each source's endpoint setting is a setting weather reads, with an https default")
    func endpointsAreSettings() {
        let keys = Setting.all.map(\.key)
        for endpoint in SourceRegistry.all.map(\.endpoint) {
            #expect(keys.contains(endpoint.key), "\(endpoint.variable)")
            #expect(URLParts(endpoint.defaultValue ?? "")?.scheme == "https")
        }
        #expect(
            Set(SourceRegistry.all.map(\.endpoint).map(\.variable)).count == SourceRegistry.all.map(\.endpoint).count)
    }

    @Test("names are unique and valid, countries belong to one warnings service each")
    func namesAndCountries() {
        let providers = SourceRegistry.providers.map(\.id.rawValue)
        let services = SourceRegistry.warningServices.map(\.source.name)
        #expect(Set(providers).count == providers.count && Set(services).count == services.count)
        #expect((providers + services).allSatisfy(SourceName.isValid))
        var seen = Set<String>()
        for service in SourceRegistry.warningServices {
            #expect(seen.isDisjoint(with: service.countryList))
            seen.formUnion(service.countryList)
            for country in service.countryList {
                #expect(AlertSource(countryCode: country.lowercased()) == service.source)
            }
        }
        #expect(AlertSource(countryCode: "FR") == nil && AlertSource(countryCode: nil) == nil)
    }

    @Test("the provider setting takes the registry's names, in any case, and lists them when wrong")
    func providerSetting() throws {
        var settings = Settings.defaults
        #expect(Setting.provider.read("MET-Norway", &settings) == nil)
        #expect(settings.provider == .metNorway)
        #expect(chosenProvider(by: settings, http: NoHTTP(), zones: .system).id == .metNorway)
        let environment = Environment(["WEATHER_PROVIDER": "dwd"])
        let named = try Settings.load(environment: environment, config: [:], configPath: "/c/config.json")
        #expect(
            throws: SettingsError.invalidVariable(
                "WEATHER_PROVIDER", value: "dwd", expected: "one of open-meteo, met-norway")
        ) { try named.checkingProvider(environment: environment, configPath: "/c/config.json") }
        let inFile = try Settings.load(
            environment: Environment([:]), config: ["provider": "yr"], configPath: "/c/config.json")
        #expect(
            throws: SettingsError.invalidConfig(
                path: "/c/config.json", reason: "\"provider\" must be one of open-meteo, met-norway")
        ) { try inFile.checkingProvider(environment: Environment([:]), configPath: "/c/config.json") }
        #expect(Setting.provider.read("Y R", &settings) != nil)
    }

    @Test("a result of a provider weather does not know is credited by its name; a name that is no name is refused")
    func unknownProvider() {
        #expect(ProviderID(rawValue: "open-meteo") == .openMeteo)
        #expect(ProviderID(rawValue: "future-provider")?.attribution == "future-provider")
        #expect(ProviderID(rawValue: "met-norway")?.attribution == "MET Norway")
        #expect(ProviderID(rawValue: "Open Meteo") == nil && ProviderID(rawValue: "") == nil)
        #expect(ProviderID(rawValue: String(repeating: "a", count: 33)) == nil)
        #expect(AlertSource(name: "nws\u{1B}[31m") == nil)
    }

    @Test("warnings services are told apart in messages by the registry's words")
    func serviceNames() {
        for service in SourceRegistry.warningServices {
            let described = "\(NWSAlerts.service(service, at: "https://example.org/alerts"))"
            #expect(described == service.serviceName("example.org"))
            #expect(service.make(.defaults).source == service.source)
        }
    }
}

/// A transport that sends nothing.
private struct NoHTTP: HTTPTransport {
    func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse {
        throw .timedOut(host: "nowhere", budget: 0)
    }
}

@Suite("Files of sources the registry does not have")
struct UnknownSourceFileTests {
    @Test("a warnings file of a service this weather does not have is read and credited by its name")
    func unknownWarningsService() throws {
        let saved = SavedAlerts(
            source: .dwd, latitude: 52.52, longitude: 13.41, language: "en", checkedAt: nil,
            freshUntil: Timestamp(secondsSince1970: 0), alerts: [])
        let text = String(decoding: saved.fileContents, as: UTF8.self)
        let other = text.replacing("source\tdwd", with: "source\tmeteoalarm")
        #expect(other != text)
        let read = try #require(WeatherStore.decodeAlerts(Array(other.utf8)))
        #expect(read.source.credit == "meteoalarm" && read.source.issuer == "meteoalarm")
        #expect(read.source.textLanguage(for: "de") == "en")
        #expect(WeatherStore.decodeAlerts(Array(text.utf8))?.source.credit == "DWD")
    }
}
