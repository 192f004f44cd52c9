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
/// the program starts and runs on with the real clock; `1791478800+1796000000` runs on from there as the
/// real clock runs on from its reading `1796000000`, the form a test gives each of its runs so that they
/// agree to the microsecond. Only the wall clock: budgets, timeouts and waits run on the monotonic clock,
/// which stays real. The real clock it runs on with is given (`real`): the run's context chooses both.
package struct SetClock: WallClock {
    /// The moment the clock shows when the real clock shows `startedAt` (or for good).
    package let moment: Timestamp
    /// The real clock's reading at `moment`, for a clock that runs on (the program's start, unless the
    /// variable gives it); `nil` for one that stands still.
    package let startedAt: Timestamp?
    /// The system's clock, which it runs on with and tells the system's times by.
    private let real: any WallClock

    /// The earliest and latest moments it takes: 1970 to the end of 2099, where every zone's rules are known.
    package static let range = 0.0...4_102_444_799

    /// The variable that sets it.
    package static let variable = "WEATHER_TEST_NOW"

    /// The clock `text` sets (`SECONDS`, `SECONDS+` or `SECONDS+REAL`), running on with `real`, or `nil`
    /// when it is none of them.
    package init?(_ text: String, real: any WallClock) {
        let halves = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        guard let seconds = Self.seconds(halves[0]) else { return nil }
        moment = Timestamp(secondsSince1970: seconds)
        self.real = real
        if halves.count == 1 {
            startedAt = nil
        } else if halves[1].isEmpty {
            startedAt = real.now()
        } else {
            guard let real = Self.seconds(halves[1]) else { return nil }
            startedAt = Timestamp(secondsSince1970: real)
        }
    }

    /// `text` as seconds since 1970 within `range`: plain decimal digits with at most one point, no sign,
    /// exponent, blank, "inf" or "nan".
    private static func seconds(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isNumber = { (part: Substring) in
            (1...12).contains(part.utf8.count) && part.utf8.allSatisfy { (0x30...0x39).contains($0) }
        }
        guard parts.allSatisfy(isNumber), let seconds = Double(text), range.contains(seconds) else { return nil }
        return seconds
    }

    package func now() -> Timestamp {
        guard let startedAt else { return moment }
        return moment + (real.now() - startedAt)
    }

    package func moment(atSystemTime systemTime: Timestamp) -> Timestamp {
        now() + (systemTime - real.now())
    }

    package func systemTime(at moment: Timestamp) -> Timestamp? {
        startedAt.map { $0 + (moment - self.moment) }
    }
}
