import Glibc

/// The feels-like temperature of MET Norway's results, which MET does not send: the Australian Bureau of
/// Meteorology's apparent temperature (R. G. Steadman, "Norms of apparent temperature in Australia",
/// Australian Meteorological Magazine 43, 1994), the form without solar radiation that the Bureau
/// publishes with its observations ("Thermal Comfort observations", bom.gov.au/info/thermal_stress):
///
///     AT = Ta + 0.33 × e − 0.70 × ws − 4.00
///     e  = rh / 100 × 6.105 × exp(17.27 × Ta / (237.7 + Ta))
///
/// Ta the air temperature (°C), e the water vapour pressure (hPa), rh the relative humidity (%), ws the
/// wind speed at 10 m (m/s). Open-Meteo's `apparent_temperature` is the same formula, so that the two
/// providers' feels-like temperatures mean the same thing. Unlike wind chill and the heat index, which
/// each hold only in their own range of temperatures, it covers every weather with one formula.
package enum ApparentTemperature {
    /// The apparent temperature in °C; `nil` when a value is missing or not finite.
    package static func of(temperature: Double, relativeHumidity: Double?, windSpeed: Double?) -> Double? {
        guard let relativeHumidity, let windSpeed, temperature.isFinite, relativeHumidity.isFinite,
            windSpeed.isFinite, temperature > -237
        else { return nil }
        let vapourPressure = relativeHumidity / 100 * 6.105 * exp(17.27 * temperature / (237.7 + temperature))
        let apparent = temperature + 0.33 * vapourPressure - 0.70 * windSpeed - 4.00
        return apparent.isFinite ? apparent : nil
    }
}
