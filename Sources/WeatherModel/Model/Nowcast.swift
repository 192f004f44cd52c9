/// Precipitation over the next two hours, step by step, as a fetch brought it: what "rain in 20 min" is
/// worked out from, again at every moment it is shown, so that it ages by the clock with no fetch.
///
/// Open-Meteo's `minutely_15` series gives 8 steps of 15 minutes (native where its 15-minute models
/// cover the place, interpolated from its hourly values elsewhere); MET Norway's `next_1_hours` amounts
/// give hourly steps.
package struct Nowcast: Sendable, Equatable {
    /// How finely the series resolves the next two hours, as `--json` names it.
    package enum Resolution: String, Sendable, Equatable {
        /// 15-minute steps of a model that makes them: NOAA's HRRR over North America, DWD's ICON-D2 and
        /// Météo-France's AROME over Central Europe (Open-Meteo's `minutely_15` there).
        case quarterHour = "15-minute"
        /// 15-minute steps interpolated from hourly values (Open-Meteo's `minutely_15` elsewhere).
        case interpolated = "15-minute-interpolated"
        /// Hourly steps (MET Norway's `next_1_hours`).
        case hourly = "hourly"

        /// The synthesized initializer, written out: `show` reads one from every result file.
        package init?(rawValue: String) {
            switch rawValue {
            case "15-minute": self = .quarterHour
            case "15-minute-interpolated": self = .interpolated
            case "hourly": self = .hourly
            default: return nil
            }
        }
    }

    /// The start of the first step.
    package var start: Timestamp
    /// The length of each step, in seconds: 900 or 3600.
    package var step: Double
    /// How many steps there are.
    package var count: Int
    /// The wet steps (`wetRate` or more), as bits, step 0 the lowest: all a sentence needs of the
    /// amounts. (Not an array: `show` reads this at every start, and the runtime would set up an array's
    /// type first, 10,000 instructions and more.)
    package var wetBits: Int
    /// The steps whose precipitation falls as snow (by the hour's weather), as bits.
    package var snowBits: Int
    package var resolution: Resolution

    /// How far ahead the sentence looks: two hours.
    package static let horizon = 7200.0
    /// The most steps a series keeps: two hours of 15-minute steps, and one more step for a series that
    /// starts before the hour.
    package static let maximumSteps = 9
    /// The rate from which a step counts as wet: 0.1 mm an hour, the least a gauge reports.
    package static let wetRate = 0.1

    /// The series of `amounts` (mm a step, `nil` where the service gave none: a gap is dry) and the steps
    /// that are `snow`.
    package init(start: Timestamp, step: Double, amounts: [Double?], snow: [Bool] = [], resolution: Resolution) {
        var wet = 0
        var snowy = 0
        let count = min(amounts.count, Self.maximumSteps)
        for index in 0..<count {
            if let amount = amounts[index], step > 0, amount * 3600 / step >= Self.wetRate { wet |= 1 << index }
            if index < snow.count, snow[index] { snowy |= 1 << index }
        }
        self.init(start: start, step: step, count: count, wetBits: wet, snowBits: snowy, resolution: resolution)
    }

    /// A series as a file keeps it.
    package init(start: Timestamp, step: Double, count: Int, wetBits: Int, snowBits: Int, resolution: Resolution) {
        self.start = start
        self.step = step
        self.count = min(max(0, count), Self.maximumSteps)
        let mask = (1 << self.count) - 1
        self.wetBits = wetBits & mask
        self.snowBits = snowBits & mask
        self.resolution = resolution
    }

    /// Whether step `index`'s precipitation falls as snow.
    package func isSnow(_ index: Int) -> Bool { snowBits & (1 << index) != 0 }

    /// Whether what falls in `condition`'s hour is snow, by its sky.
    package static func isSnow(_ condition: some WeatherCondition) -> Bool {
        condition.sky == .snow || condition.sky == .snowShowers
    }

    /// The end of the last step: what the series knows nothing beyond.
    package var end: Timestamp { start + step * Double(count) }

    /// Whether step `index` is wet.
    func isWet(_ index: Int) -> Bool { wetBits & (1 << index) != 0 }

    /// What the next two hours from `now` hold: a spell that starts, stops, or lasts as far as the series
    /// knows; `nil` when they are dry, or when the series knows nothing of `now` (a result too old).
    package func soon(at now: Timestamp) -> RainSoon? {
        guard step > 0, count > 0, now >= start, now < end else { return nil }
        let current = Int(((now - start) / step).rounded(.down))
        let limit = now + Self.horizon
        let last = (0..<count).last { start + step * Double($0) < limit } ?? current
        if isWet(current) {
            let dry = (current...last).first { !isWet($0) }
            let snowing = isSnow(current)
            guard let dry else {
                return RainSoon(kind: .lasting, startsAt: nil, endsAt: nil, until: min(end, limit), snow: snowing)
            }
            return RainSoon(
                kind: .stopping, startsAt: nil, endsAt: start + step * Double(dry), until: nil, snow: snowing)
        }
        guard current < last, let wet = (current + 1...last).first(where: isWet) else { return nil }
        let dry = wet < count - 1 ? (wet + 1..<count).first { !isWet($0) } : nil
        return RainSoon(
            kind: .starting, startsAt: start + step * Double(wet),
            endsAt: dry.map { start + step * Double($0) }, until: nil, snow: isSnow(wet))
    }

    /// The first wet step of the spell under way at `now`, as far back as the series knows.
    package func spellStart(at now: Timestamp) -> Timestamp {
        guard step > 0, now >= start else { return start }
        var index = min(Int(((now - start) / step).rounded(.down)), count - 1)
        while index > 0, isWet(index - 1) { index -= 1 }
        return start + step * Double(index)
    }

    /// The next moment after `now` at which `soon(at:)` may say something else, for a reader that shows
    /// it (`weather watch`): the next whole five minutes (the steps and the rounding of its count fall on
    /// them), while a wet step lies ahead; `nil` once the rest of the series is dry, which the clock alone
    /// cannot change.
    package func nextChange(after now: Timestamp) -> Timestamp? {
        guard count > 0, now < end else { return nil }
        if now < start { return start }
        let current = Int(((now - start) / step).rounded(.down))
        guard (current..<count).contains(where: isWet) else { return nil }
        return min(end, Timestamp(secondsSince1970: ((now.secondsSince1970 / 300).rounded(.down) + 1) * 300))
    }
}

extension Nowcast {
    /// The series as the result file keeps it: one text, `"1795832100 900 8 12 0 15-minute"`, the first
    /// step's start and the step in seconds, the number of steps, the wet and the snowy steps as bits, and
    /// the resolution: one member for jansson to read at every `show`, where an object of six cost more.
    package var packed: String {
        String(Int64(start.secondsSince1970.rounded(.down))) + " " + String(Int(step)) + " " + String(count) + " "
            + String(wetBits) + " " + String(snowBits) + " " + resolution.rawValue
    }

    /// Reads `packed` text, each number in its range; `nil` for anything else (the result stands without it).
    package init?(packed text: String) {
        var text = text
        guard
            let read = text.withUTF8({ bytes -> Nowcast? in
                guard bytes.count <= 80 else { return nil }
                var numbers: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
                var index = 0
                for field in 0..<5 {
                    guard let space = bytes[index...].firstIndex(of: 0x20),
                        let value = bytes[index..<space].decimalField
                    else { return nil }
                    index = space + 1
                    switch field {
                    case 0: numbers.0 = value
                    case 1: numbers.1 = value
                    case 2: numbers.2 = value
                    case 3: numbers.3 = value
                    default: numbers.4 = value
                    }
                }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[index...]), as: UTF8.self)
                guard Timestamp.validRange.contains(Double(numbers.0)), (60...3600).contains(numbers.1),
                    (1...Int64(Self.maximumSteps)).contains(numbers.2), (0...1023).contains(numbers.3),
                    (0...1023).contains(numbers.4), let resolution = Resolution(rawValue: name)
                else { return nil }
                return Nowcast(
                    start: Timestamp(secondsSince1970: Double(numbers.0)), step: Double(numbers.1),
                    count: Int(numbers.2), wetBits: Int(numbers.3), snowBits: Int(numbers.4), resolution: resolution)
            })
        else { return nil }
        self = read
    }
}

/// A spell of precipitation within the next two hours, as a sentence says it.
package struct RainSoon: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// Dry now; it starts at `startsAt`.
        case starting
        /// Wet now; it stops at `endsAt`.
        case stopping
        /// Wet now, as far as the series knows: until `until`.
        case lasting
    }

    package var kind: Kind
    /// When it starts; `nil` when it already has.
    package var startsAt: Timestamp?
    /// When it stops, when the series knows.
    package var endsAt: Timestamp?
    /// For `lasting`: the end of what is known.
    package var until: Timestamp?
    /// Snow rather than rain.
    package var snow: Bool

    /// Seconds from `now` to `moment`, rounded up to whole 5 minutes (at least 5): "rain in 20 min" for a
    /// start 16 to 20 minutes away, so that the sentence changes every 5 minutes, not every minute.
    package static func roundedUp(_ moment: Timestamp, from now: Timestamp) -> Double {
        max(300, ((moment - now) / 300).rounded(.up) * 300)
    }

    /// The duration its sentence says at `now`, in whole 5 minutes: to the start (`starting`) or the end
    /// (`stopping`) rounded up, so that "rain in 20 min" is said for a start 16 to 20 minutes away and the
    /// sentence changes every 5 minutes, not every minute; for `lasting`, what is known rounded down.
    package func shownDuration(at now: Timestamp) -> Double {
        switch kind {
        case .starting: Self.roundedUp(startsAt ?? now, from: now)
        case .stopping: Self.roundedUp(endsAt ?? now, from: now)
        case .lasting: max(300, (((until ?? now) - now) / 300).rounded(.down) * 300)
        }
    }
}
