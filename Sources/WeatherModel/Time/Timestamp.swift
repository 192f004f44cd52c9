import Glibc

/// A moment in UTC, as seconds since 1970.
///
/// weather's layers do not link Foundation: starting the Foundation runtime costs more than everything
/// `weather show` does (see docs/performance.md, "Fast path"), so dates are this small value type.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var secondsSince1970: Double

    /// The moment `secondsSince1970` seconds after the Unix epoch.
    package init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The moments weather reads from outside: years 1 to 9999, the range ISO 8601's four-digit years
    /// and HTTP dates can name.
    package static let validRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    /// The moment `seconds` after the Unix epoch when it lies in `validRange`; `nil` otherwise (and for
    /// NaN or infinity). Every time read from a server or a file goes through here.
    package init?(checkingSecondsSince1970 seconds: Double) {
        guard Self.validRange.contains(seconds) else { return nil }
        self.init(secondsSince1970: seconds)
    }

    /// How far after now a time that weather itself wrote into a state file may lie (clocks are set a
    /// little back now and then). A later one was not written by weather, or by a clock since set right:
    /// it is dropped rather than obeyed or kept for ever.
    package static let futureTolerance = 300.0

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }
    package static func + (lhs: Timestamp, seconds: Double) -> Timestamp {
        Timestamp(secondsSince1970: lhs.secondsSince1970 + seconds)
    }
    package static func - (lhs: Timestamp, seconds: Double) -> Timestamp {
        Timestamp(secondsSince1970: lhs.secondsSince1970 - seconds)
    }
    /// The seconds from `rhs` to `lhs`.
    package static func - (lhs: Timestamp, rhs: Timestamp) -> Double { lhs.secondsSince1970 - rhs.secondsSince1970 }
}

// MARK: - ISO 8601

extension Timestamp {
    /// `2026-10-08T17:04:12Z`, with `fractionDigits` digits of the second when asked (at most 6).
    package func iso8601(fractionDigits: Int = 0) -> String {
        let digits = max(0, min(fractionDigits, 6))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        // Clamped, so that a moment computed from outside values still prints (as year 1 or 9999).
        let total = (secondsSince1970.clamped(to: Self.validRange) * scale).rounded(.down)
        let whole = Int64((total / scale).rounded(.down))
        let civil = CivilTime(secondsSince1970: whole, utcOffset: 0)
        return CivilTime.text { bytes in
            civil.appendDateTime(withSeconds: true, to: &bytes)
            if digits > 0 {
                bytes.append(UInt8(ascii: "."))
                CivilTime.append(Int(total - Double(whole) * scale), width: digits, to: &bytes)
            }
            bytes.append(UInt8(ascii: "Z"))
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z` or `±HH:MM`; `nil` for anything else.
    /// Without a zone, `assumingUTCOffset` applies (Open-Meteo's `current.time` is local time without one).
    package init?(iso8601 text: String, assumingUTCOffset: Int? = nil) {
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

/// Reads fixed-width decimal fields from ASCII text.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package var atEnd: Bool { index == bytes.count }

    package mutating func digit() -> Int? {
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - UInt8(ascii: "0"))
    }

    package mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    package mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    package mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
