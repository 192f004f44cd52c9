import Glibc

/// Moments in the user's own time zone, for the few places that print a clock time.
public enum LocalTime {
    /// "07:17" within a day of `now`, otherwise "2026-11-22 07:17".
    public static func describe(_ moment: Timestamp, now: Timestamp) -> String {
        var seconds = time_t(moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        var fields = tm()
        localtime_r(&seconds, &fields)
        let clock = "\(String(Int(fields.tm_hour)).leftPadded(to: 2)):\(String(Int(fields.tm_min)).leftPadded(to: 2))"
        guard abs(moment - now) >= 86_400 else { return clock }
        let date = "\(Int(fields.tm_year) + 1900)-\(String(Int(fields.tm_mon) + 1).leftPadded(to: 2))-\(String(Int(fields.tm_mday)).leftPadded(to: 2))"
        return date + " " + clock
    }
}
