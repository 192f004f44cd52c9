import Glibc

/// Times as `systemctl show` prints them.
enum SystemdTime {
    /// "Sat 2026-11-21 07:02:07 UTC": a wall-clock time in the local zone; `nil` for "" or "n/a".
    static func wallClock(_ text: String) -> Timestamp? {
        let parts = text.split(separator: " ")
        guard parts.count >= 3, let date = parts.first(where: { $0.contains("-") }),
              let time = parts.first(where: { $0.contains(":") })
        else { return nil }
        let day = date.split(separator: "-").compactMap { Int($0) }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, clock.count == 3 else { return nil }
        var fields = tm()
        fields.tm_year = Int32(day[0] - 1900)
        fields.tm_mon = Int32(day[1] - 1)
        fields.tm_mday = Int32(day[2])
        fields.tm_hour = Int32(clock[0])
        fields.tm_min = Int32(clock[1])
        fields.tm_sec = Int32(clock[2])
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        return seconds == -1 ? nil : Timestamp(secondsSince1970: Double(seconds))
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
                  let value = Double(part.dropLast(unit.0.count))
            else { return nil }
            total += value * unit.1
        }
        return total > 0 ? total : nil
    }
}
