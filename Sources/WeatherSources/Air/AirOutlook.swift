package import WeatherModel
package import WeatherSystem

/// What `weather air` shows: the index hour by hour with the pollutant that drives it, and the pollen
/// of each plant hour by hour, for the days the models give (CAMS Europe 4, CAMS global 5). Asked when a
/// person asks, one request, never kept: the bar and `show` have the current air (`AirQuality`).
package struct AirOutlook: Sendable, Equatable {
    package var scale: AirScale
    /// The hours, in order, each with its index and the pollutant of its highest sub-index.
    package var hours: [Hour] = []
    /// The pollen, hour by hour, of each plant the service gave a number for (Europe, in season).
    package var pollen: [(plant: PollenPlant, hours: [(time: Timestamp, grains: Double)])] = []

    package struct Hour: Sendable, Equatable {
        package var time: Timestamp
        package var index: Double?
        package var dominant: String?
    }

    package init(scale: AirScale) {
        self.scale = scale
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.scale == b.scale && a.hours == b.hours
            && a.pollen.map(\.plant) == b.pollen.map(\.plant)
            && zip(a.pollen, b.pollen).allSatisfy {
                $0.hours.map(\.time) == $1.hours.map(\.time) && $0.hours.map(\.grains) == $1.hours.map(\.grains)
            }
    }

    /// Each day's peak of each plant at least low, the day counted by `day` (the place's calendar), in
    /// the order of the days, the highest plant first within a day.
    package func pollenPeaks(day: (Timestamp) -> Int) -> [(day: Int, plants: [(PollenPlant, PollenLevel, Double)])] {
        var peaks: [Int: [PollenPlant: Double]] = [:]
        for (plant, hours) in pollen {
            for (time, grains) in hours {
                let key = day(time)
                peaks[key, default: [:]][plant] = max(peaks[key]?[plant] ?? 0, grains)
            }
        }
        return peaks.keys.sorted().map { key in
            let plants = (peaks[key] ?? [:]).compactMap { plant, grains in
                plant.level(of: grains).map { (plant, $0, grains) }
            }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.rawValue < $1.0.rawValue }
            return (key, plants)
        }
    }
}

extension AirReading {
    /// The days asked for `weather air`: as many as CAMS Europe gives.
    static let outlookDays = 4

    /// The request for the outlook at `location` in `scale`: the index and its sub-indices hour by hour,
    /// and in Europe the pollen, for as many days as CAMS Europe gives.
    package static func outlookRequest(url: String, for location: Location, scale: AirScale) -> HTTPRequest {
        request(
            url: url, for: location, "hourly", variables(scale, concentrations: false, at: location),
            parameters: [("forecast_days", String(outlookDays))])
    }

    /// The outlook in an answer for `location`: refused as the current air is (`values`), and without
    /// times; each value checked alone, a bad one a gap.
    package static func decodeOutlook(
        _ body: [UInt8], headers: HTTPHeaders, for location: Location, scale: AirScale
    ) throws(ResponseProblem) -> AirOutlook {
        let (hourly, units) = try values(
            "hourly", in: body, headers: headers, for: location, missing: tr("it has no hourly values"))
        guard let times = try? hourly.field("time").array() else {
            throw ResponseProblem(tr("it has no hourly values"))
        }
        let count = min(times.count, 24 * 16)
        let moments: [Timestamp?] = (0..<count).map { index in
            guard let seconds = try? times[index].double(), (0...1e11).contains(seconds) else { return nil }
            return Timestamp(secondsSince1970: seconds)
        }
        /// The series `key` in `unit`, each value within `range` or nil; empty when its unit is another.
        func series(_ key: String, unit: String, _ range: ClosedRange<Double>) -> [Double?] {
            if let stated = (try? units?.optionalString(key)) ?? nil, stated != unit { return [] }
            guard let values = try? hourly.field(key).array() else { return [] }
            return (0..<min(count, values.count)).map { index in
                guard let number = try? values[index].double(), range.contains(number) else { return nil }
                return number
            }
        }
        var outlook = AirOutlook(scale: scale)
        let index = series(scale.variable, unit: scale.unit, indexRange)
        let subIndices = pollutants.map { ($0, series(scale.variable + "_" + $0, unit: scale.unit, indexRange)) }
        for position in 0..<count {
            guard let time = moments[position] else { continue }
            let dominant = subIndices.compactMap { pollutant, values in
                position < values.count ? values[position].map { (pollutant, $0) } : nil
            }.max { $0.1 < $1.1 }?.0
            outlook.hours.append(
                AirOutlook.Hour(time: time, index: position < index.count ? index[position] : nil, dominant: dominant))
        }
        for plant in PollenPlant.allCases {
            let values = series(plant.variable, unit: "grains/m³", pollenRange)
            let hours = values.indices.compactMap { position in
                moments[position].flatMap { time in values[position].map { (time: time, grains: $0) } }
            }
            if !hours.isEmpty { outlook.pollen.append((plant, hours)) }
        }
        return outlook
    }
}
