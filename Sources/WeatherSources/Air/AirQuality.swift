package import WeatherModel
package import WeatherSystem

extension AirScale {
    /// The scale of the place at `latitude`, `longitude` in `settings`: the setting's, else the European
    /// index in Europe (`AirQuality.inEurope`), the US one elsewhere.
    package static func of(latitude: Double, longitude: Double, in settings: Settings) -> AirScale {
        settings.airScale ?? (AirQuality.inEurope(latitude: latitude, longitude: longitude) ? .european : .us)
    }

    // A scale is told by `switch`, not `==`: that is RawRepresentable's, which compares the names through a
    // witness table the runtime sets up first (800 instructions of every `show`).

    /// The variable of Open-Meteo's air quality API that holds the index.
    var variable: String {
        switch self {
        case .european: "european_aqi"
        case .us: "us_aqi"
        }
    }
    /// The unit Open-Meteo states for it.
    var unit: String {
        switch self {
        case .european: "EAQI"
        case .us: "USAQI"
        }
    }

    /// The band of `index`: the EEA's 0-20 good, 20-40 fair, 40-60 moderate, 60-80 poor, 80-100 very poor,
    /// above extremely poor; the EPA's 0-50 good, 51-100 moderate, 101-150 unhealthy for sensitive groups,
    /// 151-200 unhealthy, 201-300 very unhealthy, above hazardous (whole numbers: 50.5 is of 51-100).
    package func level(of index: Double) -> AirLevel {
        // Compared one by one, not through an array of bounds: `show` works this out at every start.
        let band: Int
        switch self {
        case .european:
            band = index < 20 ? 0 : index < 40 ? 1 : index < 60 ? 2 : index < 80 ? 3 : index <= 100 ? 4 : 5
        case .us:
            let whole = index.rounded()
            band = whole <= 50 ? 0 : whole <= 100 ? 1 : whole <= 150 ? 2 : whole <= 200 ? 3 : whole <= 300 ? 4 : 5
        }
        return AirLevel(scale: self, band: band)
    }
}

/// One of the six bands of a scale, 0 (good) to 5.
package struct AirLevel: Sendable, Equatable {
    package let scale: AirScale
    package let band: Int

    /// Poor or worse: the EEA's poor (60 and up), the EPA's unhealthy (151 and up). Waybar's `air-poor`.
    package var isPoorOrWorse: Bool { band >= 3 }

    /// The word of the band, in English, for `--json` and scripts.
    package var name: String {
        switch (scale, band) {
        case (.european, 0), (.us, 0): "good"
        case (.european, 1): "fair"
        case (.european, 2), (.us, 1): "moderate"
        case (.european, 3): "poor"
        case (.european, 4): "very poor"
        case (.european, _): "extremely poor"
        case (.us, 2): "unhealthy for sensitive groups"
        case (.us, 3): "unhealthy"
        case (.us, 4): "very unhealthy"
        case (.us, _): "hazardous"
        }
    }

    /// The word of the band for people, in their language, as the index's owner names it.
    package var words: String {
        switch (scale, band) {
        case (.european, 0): tr(context: "European AQI", "good")
        case (.european, 1): tr(context: "European AQI", "fair")
        case (.european, 2): tr(context: "European AQI", "moderate")
        case (.european, 3): tr(context: "European AQI", "poor")
        case (.european, 4): tr(context: "European AQI", "very poor")
        case (.european, _): tr(context: "European AQI", "extremely poor")
        case (.us, 0): tr(context: "US AQI", "good")
        case (.us, 1): tr(context: "US AQI", "moderate")
        case (.us, 2): tr(context: "US AQI", "unhealthy for sensitive groups")
        case (.us, 3): tr(context: "US AQI", "unhealthy")
        case (.us, 4): tr(context: "US AQI", "very unhealthy")
        case (.us, _): tr(context: "US AQI", "hazardous")
        }
    }
}

/// A plant whose pollen CAMS Europe forecasts, in grains per cubic metre.
package enum PollenPlant: String, Sendable, CaseIterable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// The variable of Open-Meteo's air quality API.
    var variable: String { rawValue + "_pollen" }

    /// Its place in `allCases`, 0 to 5, and the plant at a place: how `show` walks the plants, without the
    /// array `allCases` makes.
    var position: Int {
        switch self {
        case .alder: 0
        case .birch: 1
        case .grass: 2
        case .mugwort: 3
        case .olive: 4
        case .ragweed: 5
        }
    }

    init?(position: Int) {
        switch position {
        case 0: self = .alder
        case 1: self = .birch
        case 2: self = .grass
        case 3: self = .mugwort
        case 4: self = .olive
        case 5: self = .ragweed
        default: return nil
        }
    }

    /// Where its moderate, high and very high loads begin, in grains/m³; under 1 grain, none; below
    /// `moderate`, low. Each class begins at its number, as its owner draws it: birch, alder and grasses by
    /// MeteoSwiss's load classes (weak, medium, strong, very strong: birch 1-9, 10-69, 70-299, 300 and
    /// up), mugwort, ragweed and olive by the Finnish Meteorological Institute's SILAM pollen scale, its
    /// thresholds 10, 50 and 500.
    var bounds: (moderate: Double, high: Double, veryHigh: Double) {
        switch self {
        case .birch: (10, 70, 300)
        case .alder: (10, 70, 250)
        case .grass: (20, 50, 150)
        case .mugwort, .ragweed, .olive: (10, 50, 500)
        }
    }

    /// The load of `grains` per cubic metre; `nil` for none (under 1).
    package func level(of grains: Double) -> PollenLevel? {
        let bounds = bounds
        if grains < 1 { return nil }
        if grains < bounds.moderate { return .low }
        if grains < bounds.high { return .moderate }
        if grains < bounds.veryHigh { return .high }
        return .veryHigh
    }

    /// The plant for people, in their language.
    package var words: String {
        switch self {
        case .alder: tr(context: "pollen", "alder")
        case .birch: tr(context: "pollen", "birch")
        case .grass: tr(context: "pollen", "grass")
        case .mugwort: tr(context: "pollen", "mugwort")
        case .olive: tr(context: "pollen", "olive")
        case .ragweed: tr(context: "pollen", "ragweed")
        }
    }
}

/// Grains/m³ by plant: six stored values, not a dictionary or an array, whose generic types the runtime
/// would set up (and check `Hashable` for) at every `show`.
package struct PollenCounts: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    private var alder, birch, grass, mugwort, olive, ragweed: Double?

    package init() {}

    package init(dictionaryLiteral elements: (PollenPlant, Double)...) {
        for (plant, grains) in elements { self[plant] = grains }
    }

    package subscript(plant: PollenPlant) -> Double? {
        get {
            switch plant {
            case .alder: alder
            case .birch: birch
            case .grass: grass
            case .mugwort: mugwort
            case .olive: olive
            case .ragweed: ragweed
            }
        }
        set {
            switch plant {
            case .alder: alder = newValue
            case .birch: birch = newValue
            case .grass: grass = newValue
            case .mugwort: mugwort = newValue
            case .olive: olive = newValue
            case .ragweed: ragweed = newValue
            }
        }
    }

    /// Whether the service gave no number for any plant.
    package var isEmpty: Bool {
        alder == nil && birch == nil && grass == nil && mugwort == nil && olive == nil && ragweed == nil
    }
}

/// A pollen load, from low to very high.
package enum PollenLevel: Int, Sendable, Comparable {
    case low, moderate, high, veryHigh

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The word in English, for `--json`.
    package var name: String {
        switch self {
        case .low: "low"
        case .moderate: "moderate"
        case .high: "high"
        case .veryHigh: "very high"
        }
    }

    /// The word for people, in their language.
    package var words: String {
        switch self {
        case .low: tr(context: "pollen", "low")
        case .moderate: tr(context: "pollen", "moderate")
        case .high: tr(context: "pollen", "high")
        case .veryHigh: tr(context: "pollen", "very high")
        }
    }
}

/// The air at the saved place, as the last answer of the air quality service gave it: the index in one
/// scale with the pollutant that drives it, the main pollutants in μg/m³, and the pollen in grains/m³
/// where there is any (Europe, in season). Kept in the cache folder as `air.txt` (`SupplementData`), apart from the
/// weather's result: its own pace (hourly at most), its own failures.
package struct AirQuality: Sendable, Equatable {
    package var scale: AirScale
    package var latitude: Double
    package var longitude: Double
    /// When it was fetched, and the moment of its values.
    package var updatedAt: Timestamp
    package var observedAt: Timestamp?
    /// The service's interval between values (`current.interval`), in seconds.
    package var interval: Double = 3600
    package var index: Double?
    /// The pollutant of the highest sub-index: `pm2_5`, `pm10`, `ozone`, `nitrogen_dioxide`.
    package var dominant: String?
    package var pm25: Double?
    package var pm10: Double?
    package var ozone: Double?
    package var nitrogenDioxide: Double?
    /// Grains/m³ by plant, the plants the service gave a number for.
    package var pollen = PollenCounts()
    /// Why the last request for it failed (in English), and when; `nil` after an answer.
    package var failure: String?

    /// Whether a place is in CAMS Europe's domain (25°W to 45°E, 30°N to 72°N): the European index by
    /// default, and pollen in season.
    package static func inEurope(latitude: Double, longitude: Double) -> Bool {
        (30...72).contains(latitude) && (-25...45).contains(longitude)
    }

    /// The level of the index, when known.
    package var level: AirLevel? { index.map { scale.level(of: $0) } }

    /// Each plant at least low with its load and grains/m³, highest first (by grains among equal loads, by
    /// name among equal grains). No array: one of the air's own types, which `show` would build at every
    /// start in season, costs it 20,000 instructions, the runtime setting up its type on first use.
    package func eachPollenLevel(_ body: (_ plant: PollenPlant, _ level: PollenLevel, _ grains: Double) -> Void) {
        var told = 0
        while let next = highestPollen(besides: told) {
            told |= 1 << next.plant.position
            body(next.plant, next.level, next.grains)
        }
    }

    /// The highest pollen, the first `eachPollenLevel` tells; `nil` when no plant is at least low.
    package var highestPollen: (plant: PollenPlant, level: PollenLevel, grains: Double)? {
        highestPollen(besides: 0)
    }

    /// The highest pollen of the plants whose bit in `told` (`1 << position`) is clear.
    private func highestPollen(besides told: Int) -> (plant: PollenPlant, level: PollenLevel, grains: Double)? {
        guard !pollen.isEmpty else { return nil }
        var best: (plant: PollenPlant, level: PollenLevel, grains: Double)?
        var position = 0
        while let plant = PollenPlant(position: position) {
            position += 1
            guard told & 1 << plant.position == 0, let grains = pollen[plant], let level = plant.level(of: grains)
            else { continue }
            // Loads compared by their numbers: Comparable's operators would go through a witness table.
            if let best, (level.rawValue, grains) <= (best.level.rawValue, best.grains) { continue }
            best = (plant, level, grains)
        }
        return best
    }

    /// Whether it is of the place at `latitude`, `longitude` (4 decimals, as asked).
    package func isFor(latitude: Double, longitude: Double) -> Bool {
        abs(self.latitude - latitude) < 0.0001 && abs(self.longitude - longitude) < 0.0001
    }

    /// When it is stale: an interval after it was fetched, never sooner than an hour.
    package var staleAt: Timestamp { updatedAt + max(interval, 3600) }

    // MARK: The file

    /// The first line of `air.txt`.
    static let fileHeader: StaticString = "weather air 1"

    /// `air.txt`: a line of tab-separated fields for each value, its name first, as the warnings file is
    /// written: `show` reads it at every start, in one pass over the bytes (a JSON parse costs it ten times
    /// as much). Texts never hold a tab or a line break.
    package var fileContents: [UInt8] {
        var lines = [Self.fileHeader.description, "scale\t" + scale.rawValue, "place\t\(latitude)\t\(longitude)"]
        lines.append("updated\t\(updatedAt.secondsSince1970)")
        if let observedAt { lines.append("observed\t\(observedAt.secondsSince1970)") }
        lines.append("interval\t\(interval)")
        if let index { lines.append("index\t\(index)") }
        if let dominant { lines.append("dominant\t" + dominant) }
        for (name, value) in [
            ("pm2_5", pm25), ("pm10", pm10), ("ozone", ozone), ("nitrogen_dioxide", nitrogenDioxide),
        ] {
            if let value { lines.append(name + "\t\(value)") }
        }
        for plant in PollenPlant.allCases {
            if let grains = pollen[plant] { lines.append("pollen\t" + plant.rawValue + "\t\(grains)") }
        }
        if let failure, let text = failure.oneLine(maximumLength: 400) {
            lines.append("failure\t" + text.filter { $0 != "\t" })
        }
        return Array((lines.joinedText("\n") + "\n").utf8)
    }

    /// The air a file holds; `nil` for anything weather did not write (it counts as none): an unknown
    /// line, a number out of range, a place or scale missing. `show` reads it at every start: in one pass
    /// over the bytes (`AirFileReader`), no String made but a failure's.
    package init?(fileContents bytes: [UInt8]) {
        let air = bytes.withUnsafeBufferPointer { bytes in
            var reader = AirFileReader(bytes: bytes)
            return reader.air()
        }
        guard let air else { return nil }
        self = air
    }

    /// `digits` as a plain decimal ("-13.41053", "1795945770.555699"), read byte by byte: Double(String)
    /// costs `show` a String and strtod for each of the file's numbers; `nil` for anything else (an
    /// exponent, more digits than a Double holds exactly), which Double(String) reads.
    static func decimal(_ digits: UnsafeBufferPointer<UInt8>) -> Double? {
        // The digits as one whole number, divided once by the power of ten of the decimals: both exact
        // (below 2^53, and 10^22), their quotient is rounded once, as strtod rounds.
        guard digits.count <= 18 else { return nil }
        let negative = digits.first == UInt8(ascii: "-")
        var offset = negative ? 1 : 0
        var mantissa: Int64 = 0
        var digitCount = 0
        var point: Int?
        while offset < digits.count {
            let digit = digits[offset] &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ Int64(digit)
                digitCount += 1
            } else if digits[offset] == UInt8(ascii: "."), point == nil {
                point = digitCount
            } else {
                return nil
            }
            offset += 1
        }
        guard digitCount > 0, mantissa <= 1 << 53 else { return nil }
        var power = 1.0
        for _ in 0..<(digitCount - (point ?? digitCount)) { power *= 10 }
        let value = Double(mantissa) / power
        return negative ? -value : value
    }

    package init(scale: AirScale, latitude: Double, longitude: Double, updatedAt: Timestamp) {
        self.scale = scale
        self.latitude = latitude
        self.longitude = longitude
        self.updatedAt = updatedAt
    }
}

/// Reads `air.txt` (`AirQuality.fileContents`) a field at a time, by index into its bytes: each key and
/// name compared byte by byte with the words the file is written with, each number read by
/// `AirQuality.decimal`.
private struct AirFileReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// The keys that begin the file's lines.
    enum Key {
        case scale, place, updated, observed, interval, index, dominant, pm25, pm10, ozone, nitrogenDioxide
        case pollen, failure
    }

    /// The air the bytes hold; `nil` for anything weather did not write.
    mutating func air() -> AirQuality? {
        var scale: AirScale?
        var place: (Double, Double)?
        var updated: Double?
        var air = AirQuality(scale: .european, latitude: 0, longitude: 0, updatedAt: Timestamp(secondsSince1970: 0))
        guard let header = field(last: true), Self.equals(header, AirQuality.fileHeader) else { return nil }
        let concentrations = AirReading.concentrationRange
        while index < bytes.count {
            guard let key = field(last: false).flatMap(Self.key) else { return nil }
            switch key {
            case .scale:
                guard let name = field(last: true) else { return nil }
                scale = Self.equals(name, "european") ? .european : Self.equals(name, "us") ? .us : nil
                guard scale != nil else { return nil }
            case .place:
                guard let latitude = number(-90...90, last: false), let longitude = number(-180...180) else {
                    return nil
                }
                place = (latitude, longitude)
            case .updated: updated = number(0...1e11)
            case .observed: air.observedAt = number(0...1e11).map(Timestamp.init(secondsSince1970:))
            case .interval: air.interval = number(60...86_400) ?? 3600
            case .index: air.index = number(AirReading.indexRange)
            case .dominant:
                guard let name = field(last: true) else { return nil }
                air.dominant = Self.pollutant(name)
            case .pm25: air.pm25 = number(concentrations)
            case .pm10: air.pm10 = number(concentrations)
            case .ozone: air.ozone = number(concentrations)
            case .nitrogenDioxide: air.nitrogenDioxide = number(concentrations)
            case .pollen:
                guard let name = field(last: false), let plant = Self.plant(name) else { return nil }
                air.pollen[plant] = number(AirReading.pollenRange)
            case .failure:
                guard let text = field(last: true) else { return nil }
                air.failure = String(decoding: text, as: UTF8.self).oneLine(maximumLength: 400)
            }
        }
        guard let scale, let place, let updated else { return nil }
        (air.scale, air.latitude, air.longitude) = (scale, place.0, place.1)
        air.updatedAt = Timestamp(secondsSince1970: updated)
        return air
    }

    /// The next field, up to a tab (`last`: up to the line's end), and past it; `nil` when it ends
    /// otherwise.
    mutating func field(last: Bool) -> UnsafeBufferPointer<UInt8>? {
        var end = index
        // Tab and line feed are 9 and 10: one comparison passes over any other byte.
        while end < bytes.count, bytes[end] > UInt8(ascii: "\n") || bytes[end] < UInt8(ascii: "\t") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: last ? "\n" : "\t") else { return nil }
        defer { index = end + 1 }
        return UnsafeBufferPointer(rebasing: bytes[index..<end])
    }

    /// The next field as a number within `range`; `nil` when it is none, or out of range.
    mutating func number(_ range: ClosedRange<Double>, last: Bool = true) -> Double? {
        guard let field = field(last: last) else { return nil }
        guard let value = AirQuality.decimal(field) ?? Double(String(decoding: field, as: UTF8.self)),
            range.contains(value)
        else { return nil }
        return value
    }

    /// The key `field` is, told by its length and first letter, then compared whole.
    static func key(_ field: UnsafeBufferPointer<UInt8>) -> Key? {
        func key(_ key: Key, _ word: StaticString) -> Key? { equals(field, word) ? key : nil }
        switch (field.count, field.first ?? 0) {
        case (4, _): return key(.pm10, "pm10")
        case (5, UInt8(ascii: "s")): return key(.scale, "scale")
        case (5, UInt8(ascii: "i")): return key(.index, "index")
        case (5, UInt8(ascii: "o")): return key(.ozone, "ozone")
        case (5, _): return key(.place, "place") ?? key(.pm25, "pm2_5")
        case (6, _): return key(.pollen, "pollen")
        case (7, UInt8(ascii: "u")): return key(.updated, "updated")
        case (7, _): return key(.failure, "failure")
        case (8, UInt8(ascii: "o")): return key(.observed, "observed")
        case (8, UInt8(ascii: "i")): return key(.interval, "interval")
        case (8, _): return key(.dominant, "dominant")
        case (16, _): return key(.nitrogenDioxide, "nitrogen_dioxide")
        default: return nil
        }
    }

    /// The pollutant `field` names, as `AirReading.pollutants` names it; `nil` for any other.
    static func pollutant(_ field: UnsafeBufferPointer<UInt8>) -> String? {
        if equals(field, "pm2_5") { return "pm2_5" }
        if equals(field, "pm10") { return "pm10" }
        if equals(field, "nitrogen_dioxide") { return "nitrogen_dioxide" }
        if equals(field, "ozone") { return "ozone" }
        return nil
    }

    /// The plant `field` names (`PollenPlant.rawValue`).
    static func plant(_ field: UnsafeBufferPointer<UInt8>) -> PollenPlant? {
        switch field.first ?? 0 {
        case UInt8(ascii: "a"): equals(field, "alder") ? .alder : nil
        case UInt8(ascii: "b"): equals(field, "birch") ? .birch : nil
        case UInt8(ascii: "g"): equals(field, "grass") ? .grass : nil
        case UInt8(ascii: "m"): equals(field, "mugwort") ? .mugwort : nil
        case UInt8(ascii: "o"): equals(field, "olive") ? .olive : nil
        case UInt8(ascii: "r"): equals(field, "ragweed") ? .ragweed : nil
        default: nil
        }
    }

    /// Whether `field` holds `word`'s bytes.
    static func equals(_ field: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard field.count == word.utf8CodeUnitCount else { return false }
        let start = word.utf8Start
        for offset in 0..<field.count where start[offset] != field[offset] { return false }
        return true
    }
}
