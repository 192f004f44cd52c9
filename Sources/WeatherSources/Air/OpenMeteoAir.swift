import WeatherModel
import WeatherSystem

/// Open-Meteo's Air Quality API, `GET .../v1/air-quality?latitude=&longitude=&current=...`: the
/// Copernicus Atmosphere Monitoring Service's forecasts (CAMS Europe at 0.1°, CAMS global at 0.4°), hourly
/// values, `current` with its own `interval`. The same terms as the forecast (non-commercial, 10,000 calls a
/// day, CC BY 4.0), a request weighing more the more variables it asks: weather asks for the current values
/// it shows, once an hour at most.
package enum AirReading {
    /// The service, for the registry: CAMS's licence (CC BY 4.0) asks for the credit, which names it
    /// as Open-Meteo's page does; not translated.
    package static let descriptor = SupplementDescriptor(
        name: "air",
        fileName: "air.txt",
        fileHolds: { tr("the air quality and pollen last fetched for the saved place") },
        credit: { tr("Air quality: %s", "Copernicus Atmosphere Monitoring Service, via Open-Meteo (CC BY 4.0)") },
        endpoint: .airQualityURL,
        options: { (body) throws(SettingsError) in
            try body(.air)
            try body(.airScale)
            try body(.pollen)
        },
        terms: SourceTerms(shortestInterval: 3600),
        serviceName: { tr("the air quality service at %s", $0) },
        url: { $0.air ? $0.airQualityURL : nil },
        request: { url, location, settings in
            request(
                url: url, for: location,
                scale: .of(latitude: location.latitude, longitude: location.longitude, in: settings))
        },
        decode: { response, location, settings, now throws(ResponseProblem) in
            try decode(
                response.body, headers: response.headers, for: location,
                scale: .of(latitude: location.latitude, longitude: location.longitude, in: settings), at: now)
        },
        read: { AirQuality(fileContents: $0) },
        writeUnknown: { AirQuality.writeJSON(nil, into: &$0) },
        example: { updatedAt in
            // Fair air, and birch pollen high, as in a Berlin April.
            var air = AirQuality(scale: .european, latitude: 52.52, longitude: 13.41, updatedAt: updatedAt)
            (air.index, air.pollen) = (32, [.birch: 120, .grass: 12])
            return air
        }
    )

    /// The pollutants whose sub-index may drive the index, as `dominant` names them.
    static let pollutants = ["pm2_5", "pm10", "nitrogen_dioxide", "ozone"]
    /// What an index can be (the EAQI runs past 100; the EPA's AQI stops at 500).
    static let indexRange = 0.0...1000
    /// What a concentration in μg/m³ can be.
    static let concentrationRange = 0.0...100_000
    /// What a pollen count in grains/m³ can be.
    static let pollenRange = 0.0...1_000_000

    /// The variables asked in `scale`: the index, its sub-index of each pollutant, the pollutants when
    /// `concentrations`, and in Europe the pollen. Nothing else: a request weighs by its variables.
    static func variables(_ scale: AirScale, concentrations: Bool, at location: Location) -> [String] {
        let inEurope = AirQuality.inEurope(latitude: location.latitude, longitude: location.longitude)
        return [scale.variable] + pollutants.map { scale.variable + "_" + $0 } + (concentrations ? pollutants : [])
            + (inEurope ? PollenPlant.allCases.map(\.variable) : [])
    }

    /// The request for `variables` at `location`, as `series` (`current`, `hourly`), with the times in
    /// seconds since 1970 and any other `parameters`.
    static func request(
        url: String, for location: Location, _ series: String, _ variables: [String],
        parameters: [(String, String)] = []
    ) -> HTTPRequest {
        HTTPRequest(
            url: URLQuery.append(
                [
                    ("latitude", location.latitude.fixed(decimals: 4)),
                    ("longitude", location.longitude.fixed(decimals: 4)),
                    (series, variables.joined(separator: ",")),
                ] + parameters + [("timeformat", "unixtime"), ("timezone", "GMT")], to: url))
    }

    /// The request for the current air at `location` in `scale`.
    static func request(url: String, for location: Location, scale: AirScale) -> HTTPRequest {
        request(url: url, for: location, "current", variables(scale, concentrations: true, at: location))
    }

    /// The object `series` (`current`, `hourly`) of an answer for `location`, and its units when it gives
    /// them (`<series>_units`). Refused with `missing` when it is not JSON or has no such object, and
    /// when it is for another place (more than 0.5° from the one asked: the global model's grid is 0.4°).
    static func values(
        _ series: String, in body: [UInt8], headers: HTTPHeaders, for location: Location,
        missing: @autoclosure () -> String
    ) throws(ResponseProblem) -> (values: JSONReader, units: JSONReader?) {
        let root = try ResponseBody.json(body, headers: headers)
        guard root.kind == .object, let values = try? root.field(series), values.kind == .object else {
            throw ResponseProblem(missing())
        }
        if let latitude = (try? root.optionalDouble("latitude")) ?? nil,
            let longitude = (try? root.optionalDouble("longitude")) ?? nil,
            abs(latitude - location.latitude) > 0.5 || abs(longitude - location.longitude) > 0.5
        {
            throw ResponseProblem(
                tr("it is for another place (%1$s, %2$s)", latitude.fixed(decimals: 2), longitude.fixed(decimals: 2)))
        }
        return (values, try? root.optionalField(series + "_units"))
    }

    /// The air in an answer for `location`, fetched at `now`. Refused as `values` refuses. Each value is
    /// checked alone: a null is unknown, and one out of range, not a number, or in another unit than asked
    /// (`μg/m³`, `grains/m³`, `EAQI`/`USAQI`) is a gap, never the whole answer.
    static func decode(
        _ body: [UInt8], headers: HTTPHeaders, for location: Location, scale: AirScale, at now: Timestamp
    ) throws(ResponseProblem) -> AirQuality {
        let (current, units) = try values(
            "current", in: body, headers: headers, for: location, missing: tr("it has no current values"))
        func value(_ key: String, unit: String, _ range: ClosedRange<Double>) -> Double? {
            if let stated = (try? units?.optionalString(key)) ?? nil, stated != unit { return nil }
            guard let number = (try? current.optionalDouble(key)) ?? nil, range.contains(number) else { return nil }
            return number
        }
        var air = AirQuality(
            scale: scale, latitude: location.latitude, longitude: location.longitude, updatedAt: now)
        air.observedAt = ((try? current.optionalDouble("time")) ?? nil).map(Timestamp.init(secondsSince1970:))
        air.interval = ((try? current.optionalDouble("interval", within: 900...86_400)) ?? nil) ?? 3600
        air.index = value(scale.variable, unit: scale.unit, indexRange)
        air.dominant =
            pollutants.compactMap { pollutant in
                value(scale.variable + "_" + pollutant, unit: scale.unit, indexRange).map { (pollutant, $0) }
            }.max { $0.1 < $1.1 }?.0
        let micrograms = "μg/m³"
        air.pm25 = value("pm2_5", unit: micrograms, concentrationRange)
        air.pm10 = value("pm10", unit: micrograms, concentrationRange)
        air.ozone = value("ozone", unit: micrograms, concentrationRange)
        air.nitrogenDioxide = value("nitrogen_dioxide", unit: micrograms, concentrationRange)
        for plant in PollenPlant.allCases {
            if let grains = value(plant.variable, unit: "grains/m³", pollenRange) { air.pollen[plant] = grains }
        }
        return air
    }
}
