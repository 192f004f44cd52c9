package import WeatherModel
import WeatherSystem

extension ForecastResponse {
    /// The units a response states for its variables (`current_units`, `hourly_units`, `daily_units`),
    /// each variable its own, and how its values become ours.
    package struct Units {
        package let reader: JSONReader?

        package init(_ reader: JSONReader?) { self.reader = reader }

        /// How `key`'s values become °C, from °C or °F.
        package func temperature(_ key: String) throws(JSONShapeError) -> Conversion {
            try conversion(key, .temperature)
        }

        /// How `key`'s values become m/s, from the speeds the service writes (its mph is `mp/h`).
        package func speed(_ key: String) throws(JSONShapeError) -> Conversion { try conversion(key, .speed) }

        /// How `key`'s values become mm, from mm or inches.
        package func precipitation(_ key: String) throws(JSONShapeError) -> Conversion {
            try conversion(key, .precipitation)
        }

        /// What a variable measures, which says the units it may be in.
        private enum Quantity { case temperature, speed, precipitation }

        /// How `key`'s values, a `quantity`, become ours from its stated unit; none stated is ours.
        /// "undefined", the unit of a variable the model lacks, is allowed: its values are null, gaps like
        /// any other.
        private func conversion(_ key: String, _ quantity: Quantity) throws(JSONShapeError) -> Conversion {
            guard let unit = try reader?.optionalString(key) else { return .identity }
            switch (quantity, unit) {
            case (.temperature, "°C"), (.speed, "m/s"), (.precipitation, "mm"): return .identity
            case (.temperature, "°F"): return .fahrenheit
            case (.speed, "km/h"): return .kilometresPerHour
            case (.speed, "mp/h"), (.speed, "mph"): return .milesPerHour
            case (.speed, "kn"): return .knots
            case (.precipitation, "inch"): return .inches
            case (_, "undefined"): return .undefined
            default:
                throw .invalid(
                    path: "\(reader?.path ?? "").\(key)",
                    reason: Message("is \"%s\", a unit weather does not know", String(unit.prefix(20)).printable))
            }
        }
    }

    /// A conversion of a value into SI units.
    package enum Conversion: Sendable {
        /// Already ours.
        case identity
        case fahrenheit
        case kilometresPerHour
        case milesPerHour
        case knots
        case inches
        /// The variable has no unit ("undefined": the model lacks it) and should hold only nulls; a
        /// number under it is of no known unit: not a plausible value (NaN), counted as such.
        case undefined

        func callAsFunction(_ value: Double) -> Double {
            switch self {
            case .identity: value
            case .fahrenheit: (value - 32) * 5 / 9
            case .kilometresPerHour: value / 3.6
            case .milesPerHour: value * 0.44704
            case .knots: value * 1852 / 3600
            case .inches: value * 25.4
            case .undefined: .nan
            }
        }
    }
}
