import Glibc

/// A moment in UTC, as seconds since 1970.
///
/// WeatherKit does not link Foundation: starting the Foundation runtime costs more than everything
/// `weather show` does (see README, "Fast path"), so dates are this small value type.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double

    /// The moment `secondsSince1970` seconds after the Unix epoch.
    public init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The moments weather reads from outside: years 1 to 9999, the range ISO 8601's four-digit years
    /// and HTTP dates can name.
    public static let validRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// The moment `seconds` after the Unix epoch when it lies in `validRange`; `nil` otherwise (and for
    /// NaN or infinity). Every time read from a server or a file goes through here.
    public init?(checkingSecondsSince1970 seconds: Double) {
        guard Self.validRange.contains(seconds) else { return nil }
        self.init(secondsSince1970: seconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }
    public static func + (lhs: Timestamp, seconds: Double) -> Timestamp {
        Timestamp(secondsSince1970: lhs.secondsSince1970 + seconds)
    }
    public static func - (lhs: Timestamp, seconds: Double) -> Timestamp {
        Timestamp(secondsSince1970: lhs.secondsSince1970 - seconds)
    }
    /// The seconds from `rhs` to `lhs`.
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Double { lhs.secondsSince1970 - rhs.secondsSince1970 }
}

// MARK: - ISO 8601

extension Timestamp {
    /// `2026-10-08T17:04:12Z`, with `fractionDigits` digits of the second when asked (at most 6).
    public func iso8601(fractionDigits: Int = 0) -> String {
        let digits = max(0, min(fractionDigits, 6))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        // Clamped, so that a moment computed from outside values still prints (as year 1 or 9999).
        let total = (secondsSince1970.clamped(to: Self.validRange) * scale).rounded(.down)
        let whole = Int64((total / scale).rounded(.down))
        let civil = CivilTime(secondsSince1970: whole, utcOffset: 0)
        var text = civil.isoDateTime(withSeconds: true)
        if digits > 0 {
            let fraction = Int64(total - Double(whole) * scale)
            text += "." + String(fraction).leftPadded(to: digits)
        }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or `±HH:MM`; `nil` for anything else.
    /// Without a zone, `assumingUTCOffset` applies (Open-Meteo's `current.time` is local time without one).
    public init?(iso8601 text: String, assumingUTCOffset: Int? = nil) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2), scanner.skip("T"),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2)
        else { return nil }
        var second = 0.0
        if scanner.skip(":") {
            guard let whole = scanner.number(digits: 2) else { return nil }
            second = Double(whole)
            if scanner.skip(".") {
                var scale = 0.1
                var sawDigit = false
                while let digit = scanner.digit() {
                    second += Double(digit) * scale
                    scale /= 10
                    sawDigit = true
                }
                guard sawDigit else { return nil }
            }
        }
        var offset: Int
        if scanner.skip("Z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(digits: 2), scanner.skip(":"), let minutes = scanner.number(digits: 2)
            else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else if let assumingUTCOffset {
            offset = assumingUTCOffset
        } else {
            return nil
        }
        guard scanner.atEnd, (1...12).contains(month), (1...CivilTime.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilTime.daysSince1970(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3600 + minute * 60) + second
        self.init(checkingSecondsSince1970: local - Double(offset))
    }
}

/// A calendar date and wall-clock time at some UTC offset, computed without a time-zone database.
struct CivilTime {
    var year, month, day, hour, minute, second: Int

    init(secondsSince1970: Int64, utcOffset: Int) {
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
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `2026-10-08T17:04` or `2026-10-08T17:04:12`.
    func isoDateTime(withSeconds: Bool) -> String {
        var text = "\(String(year).leftPadded(to: 4))-\(String(month).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))"
        text += "T" + clock
        if withSeconds { text += ":" + String(second).leftPadded(to: 2) }
        return text
    }

    /// `17:04`.
    var clock: String { "\(String(hour).leftPadded(to: 2)):\(String(minute).leftPadded(to: 2))" }
}

/// Reads fixed-width decimal fields from ASCII text.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func digit() -> Int? {
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - UInt8(ascii: "0"))
    }

    mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
