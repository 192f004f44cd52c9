package import WeatherModel
package import WeatherSystem

/// A forecast service: what the fetcher asks for a place's weather, and all it knows of the service. The
/// `provider` setting chooses one (`chosen(by:http:)`): `OpenMeteo` or `METNorway`. Each reads its own
/// answer into the same `ForecastResponse`, so that freshness, the files and every output are the same
/// for both. Places are found by Open-Meteo's geocoder whichever provider forecasts.
package protocol WeatherProvider: Sendable {
    /// Which service, as the files and `--json` name it.
    var id: ProviderID { get }
    /// The service's endpoint, for messages and back-offs (`ServiceBackoffs` keys them by host).
    var forecastService: ProviderError.Service { get }
    /// Why no request may be sent at all (MET Norway's terms without a contact); checked before any
    /// request of a run that would ask this provider, geocoding included.
    var refusalBeforeAnyRequest: SettingsError? { get }

    /// The weather at `location`: the current values, the hours and the days. With `cachingHeaders` of a
    /// stored result, asked conditionally (`If-None-Match`, `If-Modified-Since`: the stored text).
    func currentWeather(at location: Location, cachingHeaders: CachingHeaders?, before deadline: Deadline)
        throws(ProviderError) -> ForecastFetch
}

/// What a forecast request brought.
package enum ForecastFetch: Sendable, Equatable {
    /// New values.
    case modified(ForecastResponse)
    /// `304 Not Modified`: the stored values stand; these are the response's caching headers.
    case notModified(CachingHeaders)
}

/// The provider the `provider` setting chooses, with its endpoint from the settings, reading places' zones
/// from `zones`.
package func chosenProvider(by settings: Settings, http: any HTTPTransport, zones: ZoneDatabase) -> any WeatherProvider
{
    (SourceRegistry.provider(settings.provider) ?? SourceRegistry.providers[0]).make(settings, http, zones)
}

/// What a provider's data interval allows for of the runs that follow it, said here so that the schedule,
/// above, follows the providers and not the other way round.
package enum ScheduledRuns {
    /// How much later than its moment a scheduled run may start (the timer's `AccuracySec=`): a data
    /// interval outlasts the data's lifetime by this much, so that a late run still finds it expired.
    package static let lateness = 30.0
}
