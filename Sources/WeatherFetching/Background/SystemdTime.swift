import WeatherModel
import WeatherSystem

/// Times as `systemctl show` prints them, with `TZ=UTC` in its environment (see `SystemdTimer`), so that
/// reading them needs no time-zone database.
enum SystemdTime {
    /// "Sat 2026-11-21 07:02:07 UTC": a wall-clock time in UTC; `nil` for "" or "n/a".
    package static func wallClock(_ text: String) -> Timestamp? {
        let parts = text.split(separator: " ")
        guard parts.count >= 3, let date = parts.first(where: { $0.contains("-") }),
            let time = parts.first(where: { $0.contains(":") })
        else { return nil }
        let day = date.split(separator: "-").compactMap { Int($0) }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, clock.count == 3, (1...9999).contains(day[0]), (1...12).contains(day[1]),
            (1...CivilTime.daysIn(month: day[1], year: day[0])).contains(day[2]),
            (0..<24).contains(clock[0]), (0..<60).contains(clock[1]), (0..<61).contains(clock[2])
        else { return nil }
        let days = CivilTime.daysSince1970(year: day[0], month: day[1], day: day[2])
        return Timestamp(secondsSince1970: Double(days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]))
    }

    /// "1d 2h 3min 4.5s": a span since boot on the monotonic clock, in seconds; `nil` for "" or "0".
    static func sinceBoot(_ text: String) -> Double? {
        let units: [(String, Double)] = [
            ("month", 2_629_800), ("min", 60), ("ms", 0.001), ("us", 0.000_001), ("y", 31_557_600), ("w", 604_800),
            ("d", 86_400), ("h", 3600), ("s", 1),
        ]
        var total = 0.0
        for part in text.split(separator: " ") {
            guard let unit = units.first(where: { part.hasSuffix($0.0) }),
                let value = Double(part.dropLast(unit.0.count)), value.isFinite
            else { return nil }
            total += value * unit.1
        }
        return total > 0 && total.isFinite ? total : nil
    }
}
