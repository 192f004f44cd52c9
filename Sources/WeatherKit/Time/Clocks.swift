import Glibc
public import WeatherModel

/// Tells the time of day. Injected, so that tests can say when "now" is.
public protocol WallClock: Sendable {
    /// The current moment.
    func now() -> Timestamp

    /// The moment this clock shows when the system's real-time clock shows `systemTime`: how a time that
    /// systemd or the file system reports (they keep the real clock) reads on this one.
    func moment(atSystemTime systemTime: Timestamp) -> Timestamp

    /// What the system's real-time clock shows when this clock shows `moment`, for a timer the kernel
    /// keeps; `nil` when this clock never gets there (it stands still).
    func systemTime(at moment: Timestamp) -> Timestamp?
}

extension WallClock {
    /// The real clock's reading: the same moment.
    public func moment(atSystemTime systemTime: Timestamp) -> Timestamp { systemTime }
    /// The real clock's reading: the same moment.
    public func systemTime(at moment: Timestamp) -> Timestamp? { moment }
}

/// The system's real-time clock.
package struct SystemClock: WallClock {
    package init() {}

    /// `CLOCK_REALTIME`, now.
    public func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSince1970: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9)
    }
}

/// The wall clock a test sets with `WEATHER_TEST_NOW`, as git's tests set `GIT_TEST_DATE_NOW`: `1791478800`
/// stands still at that moment (seconds since 1970, a fraction allowed); `1791478800+` starts there when
/// the program starts and runs on with the real clock. Only the wall clock: budgets, timeouts and waits
/// run on the monotonic clock, which stays real.
package struct SetClock: WallClock {
    /// The moment the clock shows (when the program started, for one that runs on).
    let moment: Timestamp
    /// The real clock's reading then, for a clock that runs on; `nil` for one that stands still.
    let startedAt: Timestamp?

    /// The earliest and latest moments it takes: 1970 to the end of 2099, where every zone's rules are known.
    static let range = 0.0...4_102_444_799

    /// The variable that sets it.
    package static let variable = "WEATHER_TEST_NOW"

    /// The clock `text` sets (`SECONDS` or `SECONDS+`), or `nil` when it is neither.
    package init?(_ text: String) {
        var digits = Substring(text)
        let runs = digits.last == "+"
        if runs { digits = digits.dropLast() }
        // Plain decimal digits with at most one point: no sign, exponent, blank, "inf" or "nan".
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isNumber = { (part: Substring) in
            (1...12).contains(part.utf8.count) && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
        }
        guard parts.allSatisfy(isNumber), let seconds = Double(digits), Self.range.contains(seconds) else {
            return nil
        }
        moment = Timestamp(secondsSince1970: seconds)
        startedAt = runs ? SystemClock().now() : nil
    }

    package func now() -> Timestamp {
        guard let startedAt else { return moment }
        return moment + (SystemClock().now() - startedAt)
    }

    package func moment(atSystemTime systemTime: Timestamp) -> Timestamp {
        now() + (systemTime - SystemClock().now())
    }

    package func systemTime(at moment: Timestamp) -> Timestamp? {
        startedAt.map { $0 + (moment - self.moment) }
    }
}
