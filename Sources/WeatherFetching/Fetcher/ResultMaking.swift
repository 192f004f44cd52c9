package import WeatherModel
package import WeatherSources
import WeatherSystem

/// A service's answer made into what is saved: the result, with its outlook and its gaps counted, and
/// the whole forecast beside it.
extension WeatherFetcher {
    /// The result of `response` for `location`, fetched now from this run's provider.
    func makeResult(_ response: ForecastResponse, for location: Location) -> WeatherResult {
        var result = WeatherResult(
            location: location, conditions: response.conditions, observedAt: response.observedAt,
            clock: response.clock, interval: response.interval, sunrise: response.sunrise,
            sunset: response.sunset, outlook: outlook(of: response),
            updatedAt: context.clock.now(), cachingHeaders: response.cachingHeaders
        )
        result.provider = provider.id
        result.nowcast = response.nowcast
        result.implausibleValues = response.implausible.count
        result.gaps = response.implausible.count + response.missingValues
        return result
    }

    /// The part of `response`'s forecast the result keeps: what the tooltip settings ask, and never less
    /// than 12 hours and 3 days, which `show` needs for today's values whatever the tooltip shows (a
    /// smaller setting takes effect at once, a larger one with the next new result).
    package func outlook(of response: ForecastResponse) -> Forecast {
        let settings = context.settings
        return response.forecast.outlook(
            after: response.observedAt, hourCount: max(12, settings.tooltipHours),
            dayCount: max(3, settings.tooltipDays))
    }

    /// The forecast of `response` as it is saved, before its result (see `WeatherStore.saveForecast`); `nil`
    /// for a response without one (a service that sends no hourly or daily block): the file stays as it was.
    package func savedForecast(of response: ForecastResponse, for location: Location) -> SavedForecast? {
        guard !response.forecast.isEmpty else { return nil }
        return SavedForecast(
            location: location, utcOffsetSeconds: response.utcOffsetSeconds, forecast: response.forecast,
            fetchedAt: context.clock.now())
    }
}

extension ForecastResponse {
    /// How many of the values weather shows the response lacks (`null`, or a variable left out): the
    /// current values, and each hour's and day's.
    package var missingValues: Int {
        let current: [Any?] = [
            conditions.apparentTemperature, conditions.relativeHumidity, conditions.isDay, conditions.precipitation,
            conditions.weatherCode, conditions.cloudCover, conditions.pressure, conditions.windSpeed,
            conditions.windDirection, conditions.windGusts,
        ]
        var count = current.filter { $0 == nil }.count
        for hour in forecast.hours {
            let values = [hour.temperature, hour.precipitationProbability, hour.precipitation, hour.windSpeed]
            count += values.filter { $0 == nil }.count + (hour.weatherCode == nil ? 1 : 0)
        }
        for day in forecast.days {
            let values = [
                day.temperatureMax, day.temperatureMin, day.precipitationProbabilityMax, day.precipitationSum,
            ]
            count += values.filter { $0 == nil }.count + (day.weatherCode == nil ? 1 : 0)
        }
        return count
    }
}
