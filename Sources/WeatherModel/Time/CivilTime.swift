/// A calendar date and wall-clock time at some UTC offset, computed without a time-zone database.
package struct CivilTime {
    package var year, month, day, hour, minute, second: Int

    package init(secondsSince1970: Int64, utcOffset: Int) {
        let local = secondsSince1970 + Int64(utcOffset)
        let days = Int((Double(local) / 86_400).rounded(.down))
        let secondsOfDay = Int(local - Int64(days) * 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondsOfDay / 3600
        minute = secondsOfDay % 3600 / 60
        second = secondsOfDay % 60
    }

    /// Howard Hinnant's days_from_civil.
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week, 0 for Sunday to 6 for Saturday (as `struct tm` counts them).
    package var weekday: Int {
        // 1970-01-01 was a Thursday.
        ((Self.daysSince1970(year: year, month: month, day: day) + 4) % 7 + 7) % 7
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `2026-10-08T17:04` or `2026-10-08T17:04:12`.
    package func isoDateTime(withSeconds: Bool) -> String {
        Self.text { appendDateTime(withSeconds: withSeconds, to: &$0) }
    }

    package func appendDateTime(withSeconds: Bool, to bytes: inout [UInt8]) {
        appendDate(to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendClock(to: &bytes)
        if withSeconds {
            bytes.append(UInt8(ascii: ":"))
            Self.append(second, width: 2, to: &bytes)
        }
    }

    /// `2026-10-08`.
    package var date: String { Self.text(appendDate) }

    /// `17:04`.
    package var clock: String { Self.text(appendClock) }

    // Built as bytes: string interpolation and padding cost five times more, and `show --json` prints four
    // times.

    package static func text(_ build: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        build(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func appendDate(to bytes: inout [UInt8]) {
        Self.append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        Self.append(day, width: 2, to: &bytes)
    }

    package func appendClock(to bytes: inout [UInt8]) {
        Self.append(hour, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.append(minute, width: 2, to: &bytes)
    }

    /// `value` in decimal, zero-padded to `width` digits (more if it has more; a minus sign first).
    package static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        var count = 1
        while magnitude / divisor >= 10 {
            divisor *= 10
            count += 1
        }
        for _ in count..<max(count, width) { bytes.append(UInt8(ascii: "0")) }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        }
    }
}
