package import WeatherModel
package import WeatherSystem

/// MET Norway's Locationforecast 2.0 `complete` (api.met.no), or anything that speaks it: the second
/// forecast provider, under every rule of MET's terms of service (docs.api.met.no/doc/TermsOfService):
///
/// - Every request names the application and a contact in its User-Agent (`weather/0.1.0 (you@...)`, the
///   `contact` setting); without a contact none is sent (`refusalBeforeAnyRequest`), and MET's 403 says
///   what to set.
/// - No request before the stored `Expires` (freshness by the server's word, `Freshness`); after it,
///   `If-Modified-Since` with the stored `Last-Modified`, byte for byte; a `304` renews the stored result.
/// - Coordinates with at most 4 decimals, and the altitude in whole metres where the geocoder knows it.
/// - gzip and redirects (the transport's), a `429` backs off for every run (`ServiceBackoffs`), a `203`
///   (a deprecated version) is said once on standard error; the timer spread over each user's own
///   moment and never on the hour (`RefreshUnits`), at most as often as `Expires` allows and the fleet's
///   share of MET's 20 requests a second does (`dataInterval(lifetime:)`).
package struct METNorway: WeatherProvider {
    /// The provider, for the registry.
    static let descriptor = ForecastSourceDescriptor(
        id: .metNorway, credit: "MET Norway",
        endpoint: .metURL,
        terms: SourceTerms(needsContact: true, shortestInterval: shortestInterval), givesTodayFromNow: true,
        make: { settings, http, zones in
            METNorway(url: settings[source: .metURL], contact: settings.contact, http: http, zones: zones)
        }
    )

    /// The `complete` endpoint.
    package let url: String
    /// The user's contact, which the transport's User-Agent carries: MET's terms require one.
    package let contact: String?
    package let http: any HTTPTransport
    /// Where the place's zone is read, for its days.
    package var zones = ZoneDatabase.system

    package var id: ProviderID { .metNorway }

    package var forecastService: ProviderError.Service {
        .init(role: .forecast, host: URLParts(url)?.authority ?? url, setting: Self.descriptor.endpoint.variable)
    }

    /// Without a contact, MET Norway refuses the request (403) and may block the address: nothing is sent.
    package var refusalBeforeAnyRequest: SettingsError? {
        contact == nil ? .contactRequired(provider: "MET Norway") : nil
    }

    /// The request for `location`: `lat` and `lon` rounded to 4 decimals, written in their shortest form
    /// (MET refuses more with a 403, and fewer distinct points let its cache answer), `altitude` the
    /// geocoder's elevation in whole metres when it gave one (MET then corrects its temperatures for
    /// the height of the place rather than of its model's terrain); conditional with the stored
    /// `Last-Modified` (and an `ETag`, should MET ever send one).
    func forecastRequest(for location: Location, cachingHeaders: CachingHeaders? = nil) -> HTTPRequest {
        var parameters = [
            ("lat", Self.coordinate(location.latitude)),
            ("lon", Self.coordinate(location.longitude)),
        ]
        if let altitude = location.elevation.flatMap({ Int(exactly: $0.rounded()) }) {
            parameters.append(("altitude", String(altitude)))
        }
        var headers: [(name: String, value: String)] = []
        if let etag = cachingHeaders?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = cachingHeaders?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return HTTPRequest(url: URLQuery.append(parameters, to: url), headers: headers)
    }

    /// `value` rounded to 4 decimals, without trailing zeros: "52.5244", "13.41", "60".
    static func coordinate(_ value: Double) -> String {
        var text = Array(value.fixed(decimals: 4).utf8)
        if text.contains(UInt8(ascii: ".")) {
            while text.last == UInt8(ascii: "0") { text.removeLast() }
            if text.last == UInt8(ascii: ".") { text.removeLast() }
        }
        if text == Array("-0".utf8) { text = [UInt8(ascii: "0")] }
        return String(decoding: text, as: UTF8.self)
    }

    package func currentWeather(at location: Location, cachingHeaders: CachingHeaders?, before deadline: Deadline)
        throws(ProviderError) -> ForecastFetch
    {
        let request = forecastRequest(for: location, cachingHeaders: cachingHeaders)
        let response: HTTPResponse
        do {
            response = try http.send(request, before: deadline)
        } catch {
            throw .transport(error)
        }
        switch response.status {
        case 304 where !request.headers.isEmpty:
            return .notModified(CachingHeaders(response.headers))
        case 200, 203:
            var decoded: ForecastResponse
            do {
                decoded = try Self.decode(response.body, headers: response.headers, for: location, zones: zones)
            } catch {
                throw .unreadable(forecastService, error)
            }
            if response.status == 203 {
                decoded.notice = tr(
                    "%s answered 203 Non-Authoritative Information: MET Norway has deprecated this version of Locationforecast and will end it; update weather",
                    "\(forecastService)")
            }
            return .modified(decoded)
        case 403:
            throw .contactRefused(forecastService, provider: "MET Norway")
        default:
            // MET's error pages are HTML: there is no reason to read out of them.
            throw .status(
                forecastService, code: response.status, reason: nil, retryAfter: response.headers["Retry-After"])
        }
    }

    /// The data interval of a result (`WeatherResult.interval`, what `weather schedule minimum` runs the
    /// timer at): the shortest step of the timer's clock (one that divides an hour or a day) that
    /// outlasts the lifetime MET gave (`Expires` less `Date`, about 30 minutes) and the timer's
    /// `AccuracySec=` (`ScheduledRuns.lateness`), so that every run of the timer finds the result it fetched the run before expired:
    /// the timer follows `Expires`. But never shorter than `shortestInterval`: what a whole fleet of
    /// users may ask of MET (`make bench-fleet`).
    package static func dataInterval(lifetime: Double?) -> Double {
        let steps: [Double] = [3600, 7200, 10_800, 14_400, 21_600, 28_800, 43_200, 86_400]
        let outlasting = steps.first { $0 >= (lifetime ?? 0) + ScheduledRuns.lateness } ?? 86_400
        return max(outlasting, shortestInterval)
    }

    /// The timer's interval under `minimum` at the least: 2 hours, at each user's own moment within them.
    /// MET's model has new values hourly at best (in the Nordic area; 4 times a day elsewhere), and MET
    /// asks for at most 20 requests a second from an application's users together: with runs every hour,
    /// 10,000 users' busiest second brings 12 requests (`make bench-fleet`), every 2 hours 8. Someone
    /// looking in a terminal still gets values as new as MET's `Expires` allows.
    package static let shortestInterval = 7200.0
}

extension ProviderID {
    /// MET Norway's Locationforecast.
    package static let metNorway = ProviderID(known: "met-norway")
}

extension Setting {
    package static let metURL = endpoint(
        "met_url", "WEATHER_MET_URL", default: "https://api.met.no/weatherapi/locationforecast/2.0/complete"
    ) {
        Words(
            help: english("MET Norway's Locationforecast, or a stand-in"),
            about: "MET Norway's Locationforecast 2.0 (complete), or anything that speaks it.")
    }
}
