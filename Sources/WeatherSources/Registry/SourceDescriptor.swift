package import WeatherModel
package import WeatherSystem

/// What a service's terms ask of every client, as weather keeps them.
package struct SourceTerms: Sendable {
    /// Whether every request must name a contact (the `contact` setting) in its User-Agent: without
    /// one, weather sends the service nothing.
    package var needsContact = false
    /// The shortest time, in seconds, between two requests for one place that the terms or the service's
    /// answers allow; `nil` where the answers' own freshness is all there is.
    package var shortestInterval: Double? = nil
}

/// A forecast provider: the `provider` setting's choice, with all weather knows of it.
package struct ForecastSourceDescriptor: Sendable {
    /// The name the setting, the files and `--json` use.
    package let id: ProviderID
    /// The name the text credits ("Data: Open-Meteo"), as its licence asks: a name, not translated.
    package let credit: String
    /// Where it is.
    package let endpoint: Setting
    package let terms: SourceTerms
    /// Whether its answer gives today only from the hour it was made (MET Norway's series starts at the
    /// current hour), so that today's high and low are of the hours left.
    package let givesTodayFromNow: Bool
    /// The provider at the endpoint `settings` give, asking through `http`: its requests and decoder.
    package let make:
        @Sendable (_ settings: Settings, _ http: any HTTPTransport, _ zones: ZoneDatabase) -> any WeatherProvider
}

/// A geocoder: what finds places by name for every provider.
package struct GeocoderDescriptor: Sendable {
    package let name: String
    package let endpoint: Setting
    package let terms: SourceTerms
}

/// A service of official warnings, for the places of the countries it covers.
package struct WarningServiceDescriptor: Sendable {
    /// The name the warnings file and `--json` use.
    package let source: AlertSource
    /// The name the text's last line credits ("Warnings: DWD"): not translated. DWD's terms ask for the
    /// credit, MET Norway's licence too; the NWS's warnings are public domain, credited alike.
    package let credit: String
    /// Who issues the warnings, for people, in their language: "the National Weather Service".
    package let issuer: @Sendable () -> String
    /// The service in a message, by its host: "the NWS alerts service at api.weather.gov".
    package let serviceName: @Sendable (_ host: String) -> String
    /// Where it is.
    package let endpoint: Setting
    package let terms: SourceTerms
    /// The countries it warns for (ISO 3166-1 alpha-2, upper case); a place given by its coordinates
    /// goes by `WarningCoverage`'s outlines of the same land.
    /// Written as one text, "US PR VI", not an array, which every start would make.
    package let countries: StaticString
    /// Where it warns, for people, in their language, as "places ..." ends: "in the United States and
    /// its territories".
    package let coverage: @Sendable () -> String
    /// The language (ISO 639) of the texts the service gives a reader of `language`, which is worked
    /// out only for a service with more than one (`show` pays nothing for the NWS's warnings).
    package let textLanguage: @Sendable (_ language: () -> String) -> String
    /// The service at the endpoint `settings` give: its request and decoder.
    package let make: @Sendable (_ settings: Settings) -> any WarningSource
}

extension WarningServiceDescriptor {
    /// Whether it warns for the country `code` (upper case), compared byte by byte with `countries`.
    package func covers(_ code: String) -> Bool {
        var code = code
        return code.withUTF8 { code in
            countries.withUTF8Buffer { list in
                guard code.count == 2 else { return false }
                var index = 0
                while index + 1 < list.count {
                    if list[index] == code[0], list[index + 1] == code[1] { return true }
                    index += 3
                }
                return false
            }
        }
    }

    /// `countries` as a list.
    package var countryList: [String] { countries.description.split(separator: " ").map(String.init) }
}
