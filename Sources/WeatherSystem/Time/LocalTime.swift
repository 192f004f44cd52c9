import Glibc
package import WeatherModel

/// How moments read on the user's clock: the system's time zone (`TZ`, `/etc/localtime`), or a fixed
/// offset from UTC (for a test, which must not change the process's `TZ` while others run).
public enum LocalTimeZone: Sendable, Equatable {
    case system
    case fixed(offsetSeconds: Int)

    /// The offset from UTC at `moment`, in seconds.
    package func offset(at moment: Timestamp) -> Int {
        switch self {
        case .fixed(let offset):
            return offset
        case .system:
            var seconds = time_t(moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
            var fields = tm()
            localtime_r(&seconds, &fields)
            return Int(fields.tm_gmtoff)
        }
    }
}

/// Moments in the user's own time zone, for the few places that print a clock time.
package enum LocalTime {
    /// "07:17" within a day of `now`, otherwise "2026-11-22 07:17"; the time as the locale writes it
    /// ("7:17 AM"), the date as ISO 8601 does, which every reader reads alike.
    package static func describe(_ moment: Timestamp, now: Timestamp, in zone: LocalTimeZone) -> String {
        let seconds = Int64(moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        let civil = CivilTime(secondsSince1970: seconds, utcOffset: zone.offset(at: moment))
        let clock = Conventions.current.clock(civil)
        guard abs(moment - now) >= 86_400 else { return clock }
        return civil.date + " " + clock
    }
}
