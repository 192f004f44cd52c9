// The forecast as the files keep it (`Forecast.packed`), and its reading, field by field.

extension Forecast {
    /// The forecast as the files keep it: one JSON string of whole numbers. `show` reads the result
    /// file's outlook at every start: as JSON numbers it cost `show` a third more instructions (jansson
    /// makes a value of each, and reads each with strtod), as this text, read byte by byte, a few percent;
    /// and writing the whole forecast as JSON numbers cost `refresh` 2% of its instructions. Hours then
    /// days, `;` between them, `,` between entries, a space between fields, `_` for a missing value;
    /// times in whole seconds, temperatures, amounts and speeds in hundredths; MET Norway's symbol
    /// (`METSymbol.packed`) and a day's highest UV index (`u` and its hundredths) last, each only where
    /// there is one, so that files written before either read as before:
    ///
    ///     time temperature chance precipitation code wind isDay [symbol] , ... ; day code max min chance sum sunrise sunset [symbol] [uUV] , ...
    package var packed: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hours.count * 40 + days.count * 60)
        func field(_ value: Int?, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: " ")) }
            guard let value else { return bytes.append(UInt8(ascii: "_")) }
            CivilTime.append(value, width: 0, to: &bytes)
        }
        for (index, hour) in hours.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            field(Self.seconds(hour.time), first: true)
            field(Self.hundredths(hour.temperature))
            field(Self.hundredths(hour.precipitationProbability))
            field(Self.hundredths(hour.precipitation))
            field(hour.weatherCode)
            field(Self.hundredths(hour.windSpeed))
            field(hour.isDay.map { $0 ? 1 : 0 })
            if let symbol = hour.symbol { field(symbol.packed) }
        }
        bytes.append(UInt8(ascii: ";"))
        for (index, day) in days.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            field(day.day, first: true)
            field(day.weatherCode)
            field(Self.hundredths(day.temperatureMax))
            field(Self.hundredths(day.temperatureMin))
            field(Self.hundredths(day.precipitationProbabilityMax))
            field(Self.hundredths(day.precipitationSum))
            field(day.sunrise.map(Self.seconds))
            field(day.sunset.map(Self.seconds))
            if let symbol = day.symbol { field(symbol.packed) }
            if let uv = Self.hundredths(day.uvIndexMax) {
                bytes.append(contentsOf: [0x20, UInt8(ascii: "u")])
                CivilTime.append(uv, width: 0, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The forecast with its values as `packed` keeps them (whole seconds, hundredths), so that what is
    /// saved reads back equal.
    package var packable: Forecast {
        func rounded(_ value: Double?) -> Double? { Self.hundredths(value).map { Double($0) / 100 } }
        func second(_ moment: Timestamp) -> Timestamp { Timestamp(secondsSince1970: Double(Self.seconds(moment))) }
        return Forecast(
            hours: hours.map {
                HourForecast(
                    time: second($0.time), temperature: rounded($0.temperature),
                    precipitationProbability: rounded($0.precipitationProbability),
                    precipitation: rounded($0.precipitation), weatherCode: $0.weatherCode,
                    windSpeed: rounded($0.windSpeed), isDay: $0.isDay, symbol: $0.symbol)
            },
            days: days.map {
                DayForecast(
                    day: $0.day, weatherCode: $0.weatherCode, temperatureMax: rounded($0.temperatureMax),
                    temperatureMin: rounded($0.temperatureMin),
                    precipitationProbabilityMax: rounded($0.precipitationProbabilityMax),
                    precipitationSum: rounded($0.precipitationSum), sunrise: $0.sunrise.map(second),
                    sunset: $0.sunset.map(second), symbol: $0.symbol, uvIndexMax: rounded($0.uvIndexMax))
            })
    }

    private static func hundredths(_ value: Double?) -> Int? {
        guard let value, value.isFinite else { return nil }
        return Int(saturating: (value * 100).rounded())
    }

    private static func seconds(_ moment: Timestamp) -> Int {
        Int(saturating: moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
    }

    /// Reads `packed` text, every value in its plausible range, at most `hourCount` hours and `dayCount`
    /// days, each after the one before; `nil` for anything else.
    package init?(packed text: String) {
        var text = text
        guard
            let forecast = text.withUTF8({ bytes -> Forecast? in
                var scanner = PackedScanner(bytes)
                var forecast = Forecast()
                while !scanner.at(UInt8(ascii: ";")) {
                    guard forecast.hours.count < Self.hourCount,
                        forecast.hours.isEmpty || scanner.skip(UInt8(ascii: ",")),
                        let hour = scanner.hour(), forecast.hours.last.map({ $0.time < hour.time }) ?? true
                    else { return nil }
                    forecast.hours.append(hour)
                }
                guard scanner.skip(UInt8(ascii: ";")) else { return nil }
                while !scanner.atEnd {
                    guard forecast.days.count < Self.dayCount, forecast.days.isEmpty || scanner.skip(UInt8(ascii: ",")),
                        let day = scanner.day(), forecast.days.last.map({ $0.day < day.day }) ?? true
                    else { return nil }
                    forecast.days.append(day)
                }
                return forecast
            })
        else { return nil }
        self = forecast
    }

    /// Calls `hour` for each hour and `day` for each day of `packed` text, in order, without building a
    /// forecast: the waybar tooltip's way. Stops at anything malformed.
    package static func forEach(
        inPacked text: String, hour: (HourForecast) -> Void, day: (DayForecast) -> Void
    ) {
        var text = text
        text.withUTF8 { bytes in
            var scanner = PackedScanner(bytes)
            var first = true
            while !scanner.at(UInt8(ascii: ";")) {
                guard first || scanner.skip(UInt8(ascii: ",")), let next = scanner.hour() else { return }
                hour(next)
                first = false
            }
            guard scanner.skip(UInt8(ascii: ";")) else { return }
            first = true
            while !scanner.atEnd {
                guard first || scanner.skip(UInt8(ascii: ",")), let next = scanner.day() else { return }
                day(next)
                first = false
            }
        }
    }

    /// The day `number` of `packed` text, read without the rest: what `show` needs of the outlook.
    package static func day(_ number: Int, inPacked text: String) -> DayForecast? {
        var text = text
        return text.withUTF8 { bytes -> DayForecast? in
            var scanner = PackedScanner(bytes)
            guard scanner.skip(past: UInt8(ascii: ";")) else { return nil }
            while !scanner.atEnd {
                guard let day = scanner.day() else { return nil }
                if day.day == number { return day }
                guard scanner.skip(UInt8(ascii: ",")) else { return nil }
            }
            return nil
        }
    }
}

/// Reads the fields of `Forecast.packed`, checking each against its plausible range.
private struct PackedScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package var atEnd: Bool { index >= bytes.count }

    package func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    package mutating func skip(_ byte: UInt8) -> Bool {
        guard at(byte) else { return false }
        index += 1
        return true
    }

    package mutating func skip(past byte: UInt8) -> Bool {
        while index < bytes.count {
            index += 1
            if bytes[index - 1] == byte { return true }
        }
        return false
    }

    /// The next field within `range`, `.some(nil)` for `_`; `nil` for anything malformed. Fields after the
    /// first of an entry come after a space.
    package mutating func field(_ range: ClosedRange<Int>, first: Bool = false) -> Int?? {
        guard first || skip(0x20), index < bytes.count else { return nil }
        if skip(UInt8(ascii: "_")) { return .some(nil) }
        let negative = skip(UInt8(ascii: "-"))
        var value = 0
        let start = index
        while index < bytes.count, index - start < 15 {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value * 10 + Int(digit)
            index += 1
        }
        guard index > start else { return nil }
        if negative { value = -value }
        return range.contains(value) ? .some(value) : nil
    }

    package mutating func hundredths(_ range: ClosedRange<Double>) -> Double?? {
        guard let value = field(Int(range.lowerBound * 100)...Int(range.upperBound * 100)) else { return nil }
        return .some(value.map { Double($0) / 100 })
    }

    package mutating func moment(first: Bool = false) -> Timestamp?? {
        let range = Int(Timestamp.validRange.lowerBound)...Int(Timestamp.validRange.upperBound)
        guard let value = field(range, first: first) else { return nil }
        return .some(value.map { Timestamp(secondsSince1970: Double($0)) })
    }

    package mutating func hour() -> HourForecast? {
        let plausible = CurrentConditions.Plausible.self
        guard let time = moment(first: true), let time, let temperature = hundredths(plausible.temperature),
            let chance = hundredths(plausible.percentage), let amount = hundredths(plausible.precipitation),
            let code = field(plausible.weatherCode), let wind = hundredths(plausible.windSpeed),
            let isDay = field(0...1)
        else { return nil }
        guard let symbol = symbol() else { return nil }
        return HourForecast(
            time: time, temperature: temperature, precipitationProbability: chance, precipitation: amount,
            weatherCode: code, windSpeed: wind, isDay: isDay.map { $0 == 1 }, symbol: symbol)
    }

    /// The last field of an entry, MET Norway's symbol, when there is one: `.some(nil)` at the end of an
    /// entry without one, `nil` for anything malformed.
    package mutating func symbol() -> METSymbol?? {
        guard at(0x20), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "u") else { return .some(nil) }
        guard let value = field(METSymbol.packedRange) else { return nil }
        guard let value else { return .some(nil) }
        guard let symbol = METSymbol(packed: value) else { return nil }
        return .some(symbol)
    }

    package mutating func day() -> DayForecast? {
        let plausible = CurrentConditions.Plausible.self
        guard let day = field(-719_162...2_932_896, first: true), let day, let code = field(plausible.weatherCode),
            let high = hundredths(plausible.temperature), let low = hundredths(plausible.temperature),
            let chance = hundredths(plausible.percentage), let sum = hundredths(plausible.precipitation),
            let sunrise = moment(), let sunset = moment()
        else { return nil }
        guard let symbol = symbol(), let uv = uvIndex() else { return nil }
        return DayForecast(
            day: day, weatherCode: code, temperatureMax: high, temperatureMin: low, precipitationProbabilityMax: chance,
            precipitationSum: sum, sunrise: sunrise, sunset: sunset, symbol: symbol, uvIndexMax: uv)
    }

    /// A day's last field, its highest UV index (`u` and hundredths), when there is one: `.some(nil)` at the
    /// end of an entry without one, `nil` for anything malformed.
    package mutating func uvIndex() -> Double?? {
        guard at(0x20), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return .some(nil) }
        index += 2
        let range = CurrentConditions.Plausible.uvIndex
        guard let value = field(Int(range.lowerBound * 100)...Int(range.upperBound * 100), first: true), let value
        else { return nil }
        return .some(Double(value) / 100)
    }
}
