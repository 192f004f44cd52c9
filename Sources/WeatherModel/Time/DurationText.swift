/// Durations as people write and read them: `900`, `30s`, `15m`, `2h`, `1d`; "15 min", "2 h 5 min".
package enum DurationText {
    /// Seconds for `900`, `90s`, `30m`, `2h`, `1d` or a combination such as `1h30m`; `nil` for anything else.
    /// A plain number is seconds and may have a fraction (`0.5`); negative values are refused.
    package static func parse(_ text: String) -> Double? {
        let text = text.trimmingWhitespace().lowercased()
        guard !text.isEmpty else { return nil }
        if let plain = Double(text) {
            return plain.isFinite && plain >= 0 ? plain : nil
        }
        // Byte by byte: a refresh reads the chosen interval from its file, and characters' properties cost
        // it tens of thousands of instructions a reading. Digits and units are ASCII; anything else is not
        // a duration.
        var total = 0.0
        var digits: [UInt8] = []
        var sawUnit = false
        for byte in text.utf8 {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") {
                digits.append(byte)
                continue
            }
            let unit: Double
            switch byte {
            case UInt8(ascii: "s"): unit = 1
            case UInt8(ascii: "m"): unit = 60
            case UInt8(ascii: "h"): unit = 3600
            case UInt8(ascii: "d"): unit = 86_400
            default: return nil
            }
            guard let value = Double(String(decoding: digits, as: UTF8.self)), value.isFinite else { return nil }
            total += value * unit
            guard total.isFinite else { return nil }
            digits.removeAll(keepingCapacity: true)
            sawUnit = true
        }
        guard sawUnit, digits.isEmpty else { return nil }
        return total
    }

    /// "45 s", "15 min", "2 h", "2 h 5 min", "3 days": whole units, rounded to the nearest second.
    package static func format(_ seconds: Double) -> Message {
        let total = wholeSeconds(seconds)
        if total < 60 { return Message("%d s", String(total)) }
        if total < 3600 {
            let seconds = total % 60
            return seconds == 0 || total >= 600
                ? Message("%d min", String((total + 30) / 60))
                : Message("%1$d min %2$d s", String(total / 60), String(seconds))
        }
        if total < 86_400 * 2 {
            let minutes = (total + 30) / 60
            return minutes % 60 == 0
                ? Message("%d h", String(minutes / 60))
                : Message("%1$d h %2$d min", String(minutes / 60), String(minutes % 60))
        }
        let days = (total + 43_200) / 86_400
        return Message(one: "%d day", other: "%d days", count: days, String(days))
    }

    /// `seconds` rounded, within 0 and a million years: durations computed from outside values print
    /// without overflowing.
    package static func wholeSeconds(_ seconds: Double) -> Int {
        Int(saturating: seconds.rounded().clamped(to: 0...3.2e13))
    }

    /// The compact form `weather schedule` accepts back: `45s`, `15m`, `2h`, `1h30m`, `2d`.
    package static func compact(_ seconds: Double) -> String {
        var rest = wholeSeconds(seconds)
        guard rest > 0 else { return "0s" }
        var text = ""
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }
}

extension DurationText {
    /// How long a run took: "212 ms", "1.4 s".
    package static func elapsed(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int(saturating: (seconds * 1000).rounded())) ms" : "\(seconds.fixed(decimals: 1)) s"
    }
}
