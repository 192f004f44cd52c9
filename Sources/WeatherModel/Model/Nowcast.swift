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
    /// Precipitation in each step, mm; `Self.missing` where the service gave none. (Not an array of
    /// optionals: `show` reads this at every start, and the runtime would set up that array's type first,
    /// 20,000 instructions.)
    package var amounts: [Double]
    /// The steps whose precipitation falls as snow (by the hour's weather), as bits: step 0 the lowest.
    package var snowBits: Int
    package var resolution: Resolution

    /// What `amounts` holds for a step the service gave no value for.
    package static let missing = -1.0

    /// How far ahead the sentence looks: two hours.
    package static let horizon = 7200.0
    /// The most steps a series keeps: two hours of 15-minute steps, and one more step for a series that
    /// starts before the hour.
    package static let maximumSteps = 9
    /// The rate from which a step counts as wet: 0.1 mm an hour, the least a gauge reports.
    package static let wetRate = 0.1

    package init(start: Timestamp, step: Double, amounts: [Double?], snow: [Bool] = [], resolution: Resolution) {
        var bits = 0
        for (index, snowy) in snow.prefix(Self.maximumSteps).enumerated() where snowy { bits |= 1 << index }
        self.init(
            start: start, step: step, amounts: amounts.prefix(Self.maximumSteps).map { $0 ?? Self.missing },
            snowBits: bits, resolution: resolution)
    }

    /// A series of `amounts` (`missing` for a gap) and `snowBits`, as a file keeps them.
    package init(start: Timestamp, step: Double, amounts: [Double], snowBits: Int, resolution: Resolution) {
        self.start = start
        self.step = step
        self.amounts = Array(amounts.prefix(Self.maximumSteps))
        self.snowBits = snowBits & ((1 << self.amounts.count) - 1)
        self.resolution = resolution
    }

    /// Whether step `index`'s precipitation falls as snow.
    package func isSnow(_ index: Int) -> Bool { snowBits & (1 << index) != 0 }

    /// Whether what falls in `condition`'s hour is snow, by its sky.
    package static func isSnow(_ condition: some WeatherCondition) -> Bool {
        condition.sky == .snow || condition.sky == .snowShowers
    }

    /// The end of the last step: what the series knows nothing beyond.
    package var end: Timestamp { start + step * Double(amounts.count) }

    /// Whether step `index` is wet.
    func isWet(_ index: Int) -> Bool {
        let amount = amounts[index]
        return amount >= 0 && amount * 3600 / step >= Self.wetRate
    }

    /// What the next two hours from `now` hold: a spell that starts, stops, or lasts as far as the series
    /// knows; `nil` when they are dry, or when the series knows nothing of `now` (a result too old).
    package func soon(at now: Timestamp) -> RainSoon? {
        guard step > 0, !amounts.isEmpty, now >= start, now < end else { return nil }
        let current = Int(((now - start) / step).rounded(.down))
        let limit = now + Self.horizon
        let last = amounts.indices.last { start + step * Double($0) < limit } ?? current
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
        let dry = wet < amounts.count - 1 ? (wet + 1..<amounts.count).first { !isWet($0) } : nil
        return RainSoon(
            kind: .starting, startsAt: start + step * Double(wet),
            endsAt: dry.map { start + step * Double($0) }, until: nil, snow: isSnow(wet))
    }

    /// The first wet step of the spell under way at `now`, as far back as the series knows.
    package func spellStart(at now: Timestamp) -> Timestamp {
        guard step > 0, now >= start else { return start }
        var index = min(Int(((now - start) / step).rounded(.down)), amounts.count - 1)
        while index > 0, isWet(index - 1) { index -= 1 }
        return start + step * Double(index)
    }

    /// The next moment after `now` at which `soon(at:)` may say something else, for a reader that shows
    /// it (`weather watch`): the next whole five minutes (the steps and the rounding of its count fall on
    /// them), while a wet step lies ahead; `nil` once the rest of the series is dry, which the clock alone
    /// cannot change.
    package func nextChange(after now: Timestamp) -> Timestamp? {
        guard !amounts.isEmpty, now < end else { return nil }
        if now < start { return start }
        let current = Int(((now - start) / step).rounded(.down))
        guard (current..<amounts.count).contains(where: isWet) else { return nil }
        return min(end, Timestamp(secondsSince1970: ((now.secondsSince1970 / 300).rounded(.down) + 1) * 300))
    }
}

extension Nowcast {
    /// Writes the series as the result file keeps it: `start`, `step`, `resolution`, the amounts as one
    /// text of hundredths (`"0,12,_,40"`, `_` for a missing one: a few bytes `show` reads without a
    /// value of jansson's each) and `snow`, the snowy steps as bits.
    package func write(into writer: inout JSONWriter) {
        writer.field("start", start.secondsSince1970)
        writer.field("step", step)
        writer.field("resolution", resolution.rawValue)
        var text = ""
        for (index, amount) in amounts.enumerated() {
            if index > 0 { text += "," }
            if amount >= 0, amount.isFinite {
                text += String(Int(saturating: (amount * 100).rounded()))
            } else {
                text += "_"
            }
        }
        writer.field("amounts", text)
        writer.field("snow", snowBits)
    }

    /// Reads what `write(into:)` wrote; `nil` for anything else (the result stands without it). The
    /// amounts are read byte by byte: `show` reads them at every start, and splitting the text into
    /// strings cost it 60,000 instructions.
    package init?(reading reader: JSONReader) {
        guard let start = try? reader.moment("start"), let step = try? reader.double("step", within: 60...3600),
            let name = try? reader.string("resolution"), let resolution = Resolution(rawValue: name),
            var text = try? reader.string("amounts")
        else { return nil }
        let amounts = text.withUTF8 { bytes -> [Double]? in
            guard bytes.count <= 128 else { return nil }
            var amounts: [Double] = []
            amounts.reserveCapacity(Self.maximumSteps)
            var value = 0
            var digits = 0
            var gap = false
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: ",")
                switch byte {
                case UInt8(ascii: ","):
                    guard gap ? digits == 0 : (1...7).contains(digits), amounts.count < Self.maximumSteps else {
                        return nil
                    }
                    amounts.append(gap ? Self.missing : Double(value) / 100)
                    (value, digits, gap) = (0, 0, false)
                case UInt8(ascii: "_") where digits == 0 && !gap:
                    gap = true
                case UInt8(ascii: "0")...UInt8(ascii: "9") where !gap:
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                default:
                    return nil
                }
            }
            return amounts
        }
        guard let amounts, !amounts.isEmpty, amounts.allSatisfy({ $0 <= 1000 }) else { return nil }
        let bits = (try? reader.optionalInt("snow", within: 0...1023)) ?? 0
        self.init(start: start, step: step, amounts: amounts, snowBits: bits, resolution: resolution)
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
