package import WeatherModel
package import WeatherSystem

/// Open-Meteo's geocoding and forecast APIs (or anything that speaks them, such as the test server): the
/// geocoder of every provider, and the default forecast provider.
package struct OpenMeteo: WeatherProvider {
    /// The `current` variables we ask for: every value `CurrentConditions` holds.
    static let currentVariables = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation",
        "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
        "uv_index",
    ]

    /// The `hourly` variables we ask for: every value `HourForecast` holds.
    static let hourlyVariables = [
        "temperature_2m", "precipitation_probability", "precipitation", "weather_code", "wind_speed_10m", "is_day",
    ]

    /// The `daily` variables we ask for: every value `DayForecast` holds.
    static let dailyVariables = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max",
        "precipitation_sum", "sunrise", "sunset", "uv_index_max",
    ]

    /// The `minutely_15` variables we ask for, and how many steps: the next two hours' precipitation
    /// (`Nowcast`), in the same request.
    static let minutelyVariables = ["precipitation"]
    static let minutelySteps = 8

    /// Whether Open-Meteo's 15-minute steps at a place come from a model that makes them, or are
    /// interpolated from hourly values: its documentation names NOAA's HRRR for North America and DWD's
    /// ICON-D2 and Météo-France's AROME for Central Europe. Their domains, as boxes of latitude and
    /// longitude a little inside each model's grid (Fixtures/README.md says where each came from).
    static func minutelyResolution(latitude: Double, longitude: Double) -> Nowcast.Resolution {
        let domains: [(latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>)] = [
            (21.2...52.5, -134.0...(-61.0)),  // HRRR, the contiguous United States and around
            (43.2...58.0, -3.9...20.3),  // ICON-D2, Germany and its neighbours
            (37.6...55.3, -11.9...16.0),  // AROME, France and around
        ]
        let native = domains.contains { $0.latitudes.contains(latitude) && $0.longitudes.contains(longitude) }
        return native ? .quarterHour : .interpolated
    }

    /// How many matches every name lookup asks for: the most the service gives. It ranks by how well the
    /// name matches and by kind of place as much as by population, so that the most populous match can be
    /// far down its list; and every lookup of a name (`set`, a one-off place, `search`, with qualifiers or
    /// without) then chooses among the same matches.
    static let searchCount = 100

    /// The provider, for the registry: Open-Meteo's terms ask for the credit (CC BY 4.0) and allow
    /// 10,000 requests a day; its values change every 15 minutes.
    package static let descriptor = ForecastSourceDescriptor(
        id: .openMeteo, credit: "Open-Meteo",
        endpoint: .forecastURL,
        terms: SourceTerms(shortestInterval: 900), givesTodayFromNow: false,
        make: { settings, http, zones in
            OpenMeteo(
                geocodingURL: settings[source: .geocodingURL], forecastURL: settings[source: .forecastURL], http: http,
                zones: zones)
        }
    )

    /// The geocoder, for the registry: every provider's.
    package static let geocoder = GeocoderDescriptor(
        name: "Open-Meteo",
        endpoint: .geocodingURL,
        terms: SourceTerms()
    )

    package let geocodingURL: String
    package let forecastURL: String
    package let http: any HTTPTransport
    /// Where the place's zone is read, for its days.
    package let zones: ZoneDatabase

    package init(geocodingURL: String, forecastURL: String, http: any HTTPTransport, zones: ZoneDatabase = .system) {
        self.geocodingURL = geocodingURL
        self.forecastURL = forecastURL
        self.http = http
        self.zones = zones
    }

    package var geocodingService: ProviderError.Service {
        .init(
            role: .geocoding, host: URLParts(geocodingURL)?.authority ?? geocodingURL,
            setting: Self.geocoder.endpoint.variable
        )
    }

    package var id: ProviderID { .openMeteo }

    /// Open-Meteo asks nothing of its callers.
    package var refusalBeforeAnyRequest: SettingsError? { nil }

    package var forecastService: ProviderError.Service {
        .init(
            role: .forecast, host: URLParts(forecastURL)?.authority ?? forecastURL,
            setting: Self.descriptor.endpoint.variable)
    }

    // MARK: Geocoding

    /// The request that looks `query` up, with names in `language` (ISO 639): the service's 100 best
    /// matches for the name, which qualifiers narrow here. The service cuts its list to `count` before its
    /// `countryCode` filters what is left (its controller's TODO), so that filter could only drop matches
    /// we would drop ourselves: it is never sent. A state's or province's abbreviation asks for English
    /// names, which the abbreviations are matched against.
    func geocodingRequest(for query: PlaceQuery, language: String = "en") -> HTTPRequest {
        let parameters = [
            ("name", query.name),
            ("count", String(Self.searchCount)),
            ("language", query.languageAsked(preferring: language)),
            ("format", "json"),
        ]
        return HTTPRequest(url: URLQuery.append(parameters, to: geocodingURL))
    }

    /// The places the geocoding service knows by `query.name`, in its order.
    package func searchPlaces(_ query: PlaceQuery, language: String, before deadline: Deadline) throws(ProviderError)
        -> [PlaceCandidate]
    {
        let request = geocodingRequest(for: query, language: language)
        let response = try send(request, to: geocodingService, before: deadline)
        do {
            return try GeocodingResponse.decode(response.body, headers: response.headers)
        } catch {
            throw .unreadable(geocodingService, error)
        }
    }

    // MARK: Forecast

    /// The one request for everything `weather` shows of `location`: the current weather, the next 48
    /// hours and 7 days (from today), coordinates rounded to 4 decimals (about 10 m), values in SI units,
    /// times as seconds since 1970 (the service writes local times with one offset, today's, even after a
    /// daylight-saving change; `PlaceClock` reads instants right), days in the place's own zone; conditional when `cachingHeaders` has an `ETag` (`If-None-Match`) or
    /// a `Last-Modified` (`If-Modified-Since`, the exact stored text).
    func forecastRequest(for location: Location, cachingHeaders: CachingHeaders? = nil) -> HTTPRequest {
        let parameters = [
            ("latitude", location.latitude.fixed(decimals: 4)),
            ("longitude", location.longitude.fixed(decimals: 4)),
            ("current", Self.currentVariables.joined(separator: ",")),
            ("hourly", Self.hourlyVariables.joined(separator: ",")),
            ("daily", Self.dailyVariables.joined(separator: ",")),
            ("minutely_15", Self.minutelyVariables.joined(separator: ",")),
            ("forecast_minutely_15", String(Self.minutelySteps)),
            ("forecast_hours", String(Forecast.hourCount)),
            ("forecast_days", String(Forecast.dayCount)),
            ("timezone", "auto"),
            ("timeformat", "unixtime"),
            ("temperature_unit", "celsius"),
            ("wind_speed_unit", "ms"),
            ("precipitation_unit", "mm"),
        ]
        var headers: [(name: String, value: String)] = []
        if let etag = cachingHeaders?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = cachingHeaders?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return HTTPRequest(url: URLQuery.append(parameters, to: forecastURL), headers: headers)
    }

    /// The current weather at `location`; with `cachingHeaders` of a stored result, asked conditionally.
    package func currentWeather(
        at location: Location, cachingHeaders: CachingHeaders?, before deadline: Deadline
    ) throws(ProviderError) -> ForecastFetch {
        let request = forecastRequest(for: location, cachingHeaders: cachingHeaders)
        let response = try send(request, to: forecastService, before: deadline, conditional: !request.headers.isEmpty)
        if response.status == 304 { return .notModified(CachingHeaders(response.headers)) }
        do {
            return .modified(try ForecastResponse.decode(response.body, headers: response.headers, zones: zones))
        } catch {
            throw .unreadable(forecastService, error)
        }
    }

    // MARK: Sending

    /// Sends `request`; any status but 2xx (and 304 for a conditional request) becomes an error carrying
    /// the service's `reason` and `Retry-After`.
    private func send(
        _ request: HTTPRequest, to service: ProviderError.Service, before deadline: Deadline, conditional: Bool = false
    ) throws(ProviderError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try http.send(request, before: deadline)
        } catch {
            throw .transport(error)
        }
        guard (200...299).contains(response.status) || (conditional && response.status == 304) else {
            throw .status(
                service, code: response.status, reason: ResponseBody.errorReason(response.body),
                retryAfter: response.headers["Retry-After"]
            )
        }
        return response
    }
}

extension Setting {
    package static let forecastURL = endpoint(
        "forecast_url", "WEATHER_FORECAST_URL", default: "https://api.open-meteo.com/v1/forecast"
    ) {
        Words(
            help: english("Open-Meteo forecast API, or a stand-in"),
            about:
                "Open-Meteo's forecast API, or anything that speaks it: a commercial subscription's endpoint, your own instance."
        )
    }

    package static let geocodingURL = endpoint(
        "geocoding_url", "WEATHER_GEOCODING_URL", default: "https://geocoding-api.open-meteo.com/v1/search"
    ) {
        Words(
            help: english("Open-Meteo geocoding API, or a stand-in"),
            about:
                "Open-Meteo's geocoding API, which finds places for every forecast source, or anything that speaks it."
        )
    }
}
