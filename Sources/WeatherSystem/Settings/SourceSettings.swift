import WeatherModel

// The settings the sources contribute: where each service is. Each belongs with its source's descriptor
// (issue 40's source registry), which lists it in `Setting.visitSourceSettings`; the value lives in
// `Settings.endpoints`, read by `settings[endpoint: setting]`.
extension Setting {
    /// Calls `body` with each setting of the forecast providers, the geocoder and the warning services (see
    /// `visitAll`).
    static func visitSourceSettings<Failure: Error>(_ body: (Setting) throws(Failure) -> Void) throws(Failure) {
        try body(.geocodingURL)
        try body(.forecastURL)
        try body(.metURL)
        try body(.nwsAlertsURL)
        try body(.dwdAlertsURL)
        try body(.metAlertsURL)
    }

    package static let geocodingURL = Setting.endpoint(
        "geocoding_url", "WEATHER_GEOCODING_URL", default: "https://geocoding-api.open-meteo.com/v1/search"
    ) {
        Words(
            help: english("Open-Meteo geocoding API, or a stand-in"),
            about:
                "Open-Meteo's geocoding API, which finds places for every forecast source, or anything that speaks it."
        )
    }

    package static let forecastURL = Setting.endpoint(
        "forecast_url", "WEATHER_FORECAST_URL", default: "https://api.open-meteo.com/v1/forecast"
    ) {
        Words(
            help: english("Open-Meteo forecast API, or a stand-in"),
            about:
                "Open-Meteo's forecast API, or anything that speaks it: a commercial subscription's endpoint, your own instance."
        )
    }

    package static let metURL = Setting.endpoint(
        "met_url", "WEATHER_MET_URL", default: "https://api.met.no/weatherapi/locationforecast/2.0/complete"
    ) {
        Words(
            help: english("MET Norway's Locationforecast, or a stand-in"),
            about: "MET Norway's Locationforecast 2.0 (complete), or anything that speaks it.")
    }

    package static let nwsAlertsURL = Setting.endpoint(
        "nws_alerts_url", "WEATHER_NWS_ALERTS_URL", default: "https://api.weather.gov/alerts/active"
    ) {
        Words(
            help: english("National Weather Service warnings, or a stand-in"),
            about: "The National Weather Service's active alerts, for places in the United States.")
    }

    package static let dwdAlertsURL = Setting.endpoint(
        "dwd_alerts_url", "WEATHER_DWD_ALERTS_URL", default: "https://api.brightsky.dev/alerts"
    ) {
        Words(
            help: english("DWD's warnings through Bright Sky, or a stand-in"),
            about: "The Deutscher Wetterdienst's warnings through Bright Sky, for places in Germany.")
    }

    package static let metAlertsURL = Setting.endpoint(
        "metalerts_url", "WEATHER_METALERTS_URL",
        default: "https://api.met.no/weatherapi/metalerts/2.0/current.json"
    ) {
        Words(
            help: english("MET Norway's MetAlerts, or a stand-in"),
            about: "MET Norway's MetAlerts 2.0, for places in Norway; asked only with WEATHER_CONTACT set.")
    }
}
