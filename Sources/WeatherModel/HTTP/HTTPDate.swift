/// HTTP dates (RFC 9110, section 5.6.7): IMF-fixdate, which is what servers should send, and the two
/// obsolete forms, which recipients must still read.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`;
    /// `nil` for anything else (an `Expires: 0`, say), including numbers out of their ranges: every field
    /// is unsigned decimal digits of a fixed or bounded width, and the year lies from 1 to 9999.
    package static func parse(_ text: String) -> Timestamp? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        let day: Int
        let month: Int
        let year: Int
        let clock: Substring
        if words.count == 6, words[5] == "GMT" {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard let d = digits(words[1], count: 2), let m = monthNumber(words[2]), let y = digits(words[3], count: 4)
            else { return nil }
            (day, month, year, clock) = (d, m, y, words[4])
        } else if words.count == 4, words[3] == "GMT" {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT. RFC 9110 asks that a two-digit year more than 50
            // years in the future be read as the most recent past year with those digits; for the dates
            // a weather service sends, that is 20xx for 00-69 and 19xx for 70-99.
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, let d = digits(parts[0], count: 2), let m = monthNumber(parts[1]),
                let y = digits(parts[2], count: 2)
            else { return nil }
            (day, month, year, clock) = (d, m, y < 70 ? 2000 + y : 1900 + y, words[2])
        } else if words.count == 5 {
            // asctime: Sun Nov  6 08:49:37 1994
            guard let m = monthNumber(words[1]), let d = digits(words[2], count: 1...2),
                let y = digits(words[4], count: 4)
            else { return nil }
            (day, month, year, clock) = (d, m, y, words[3])
        } else {
            return nil
        }
        let time = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard year >= 1, time.count == 3, let hour = digits(time[0], count: 2), let minute = digits(time[1], count: 2),
            let second = digits(time[2], count: 2), (1...CivilTime.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let days = CivilTime.daysSince1970(year: year, month: month, day: day)
        return Timestamp(checkingSecondsSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The number written with exactly `count` ASCII digits (no sign, no spaces); `nil` otherwise.
    private static func digits(_ text: Substring, count: Int) -> Int? {
        digits(text, count: count...count)
    }

    private static func digits(_ text: Substring, count: ClosedRange<Int>) -> Int? {
        guard count.contains(text.utf8.count) else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func monthNumber(_ name: Substring) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }
}
