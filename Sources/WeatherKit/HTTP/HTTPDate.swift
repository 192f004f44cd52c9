/// HTTP dates (RFC 9110, section 5.6.7): IMF-fixdate, which is what servers should send, and the two
/// obsolete forms, which recipients must still read.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`;
    /// `nil` for anything else (an `Expires: 0`, say).
    public static func parse(_ text: String) -> Timestamp? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        let day: Int, month: Int, year: Int, clock: String
        if words.count == 6, words[5] == "GMT" {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard let d = Int(words[1]), let m = monthNumber(words[2]), let y = Int(words[3]), words[3].count == 4
            else { return nil }
            (day, month, year, clock) = (d, m, y, words[4])
        } else if words.count == 4, words[3] == "GMT" {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT (two-digit years within 50 years of now: 19xx/20xx)
            let parts = words[1].split(separator: "-").map(String.init)
            guard parts.count == 3, let d = Int(parts[0]), let m = monthNumber(parts[1]), let y = Int(parts[2]), parts[2].count == 2
            else { return nil }
            (day, month, year, clock) = (d, m, y < 70 ? 2000 + y : 1900 + y, words[2])
        } else if words.count == 5 {
            // asctime: Sun Nov  6 08:49:37 1994
            guard let m = monthNumber(words[1]), let d = Int(words[2]), let y = Int(words[4]) else { return nil }
            (day, month, year, clock) = (d, m, y, words[3])
        } else {
            return nil
        }
        let time = clock.split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (1...CivilTime.daysIn(month: month, year: year)).contains(day),
              time[0] < 24, time[1] < 60, time[2] < 61
        else { return nil }
        let days = CivilTime.daysSince1970(year: year, month: month, day: day)
        return Timestamp(secondsSince1970: Double(days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]))
    }

    /// The IMF-fixdate form: `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ moment: Timestamp) -> String {
        let seconds = Int64(moment.secondsSince1970.rounded(.down))
        let civil = CivilTime(secondsSince1970: seconds, utcOffset: 0)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let weekday = weekdays[((days % 7) + 7) % 7]
        let month = months[civil.month - 1].capitalizedFirst
        return "\(weekday), \(String(civil.day).leftPadded(to: 2)) \(month) \(civil.year) \(civil.clock):\(String(civil.second).leftPadded(to: 2)) GMT"
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }
}
