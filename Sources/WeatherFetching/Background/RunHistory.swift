package import WeatherModel
import WeatherSystem

/// What background refresh remembers, as iOS does, to fetch when someone will look: every background run
/// (its time, its result, whether it sent a request, how long it took) for `keptDays`, in
/// `$XDG_STATE_HOME/weather/runs.txt`; and when the user looked (a terminal `show` or `forecast`, or a
/// background run that found the session active), by quarter hour of the week only, for `keptWeeks`, in
/// `looks.json`. Both are bounded, 0600, and removed by
/// `logout`.
package struct RunHistory: Sendable, Equatable {
    /// One background run.
    package struct Run: Sendable, Equatable {
        package var at: Timestamp
        package var result: BackgroundFetchResult
        /// Whether it sent a request.
        package var requested: Bool
        /// How long it took, in seconds.
        package var duration: Double

        package init(at: Timestamp, result: String, requested: Bool, duration: Double) {
            self.at = at
            self.result = BackgroundFetchResult(rawValue: result) ?? .noData
            self.requested = requested
            self.duration = duration
        }

        package init(at: Timestamp, result: BackgroundFetchResult, requested: Bool, duration: Double) {
            self.at = at
            self.result = result
            self.requested = requested
            self.duration = duration
        }

        /// Whether it fetched new values.
        package var isNewData: Bool { result == .newData }
    }

    /// How long runs are kept.
    static let keptDays = 28.0
    /// How many weeks of looks are kept: what the schedule learns from.
    static let keptWeeks = 3
    /// Quarter hours in a week.
    static let quartersPerWeek = 672

    /// The runs, oldest first.
    package var runs: [Run] = []
    /// The quarter hours of the week someone looked in, as `week * 672 + quarter` (weeks counted from
    /// the first Monday after 1970-01-01 on the user's clock), ascending, without repeats.
    package var looks: [Int] = []

    package init(runs: [Run] = [], looks: [Int] = []) {
        self.runs = runs
        self.looks = looks
    }

    /// The week and the quarter hour of the week of `moment` on a clock `utcOffset` seconds from UTC,
    /// as the key `looks` keeps. Weeks start on Monday at 00:00.
    package static func lookKey(_ moment: Timestamp, utcOffset: Int) -> Int {
        // 1970-01-01 was a Thursday: Monday 1969-12-29 starts week 0.
        let local = moment.secondsSince1970 + Double(utcOffset) + 3 * 86_400
        return Int((local / 900).rounded(.down))
    }

    /// Records a run, dropping what is older than `keptDays`. A run that found the user's session active
    /// (logind) counts as a look too: someone was at the machine then, which is what the schedule learns.
    package mutating func record(_ run: Run, sessionActive: Bool = false, utcOffset: Int = 0) {
        runs.append(run)
        runs.removeAll { run.at - $0.at > Self.keptDays * 86_400 }
        if sessionActive { recordLook(at: run.at, utcOffset: utcOffset) }
    }

    /// Records a look at `moment`, dropping looks older than `keptWeeks` weeks.
    package mutating func recordLook(at moment: Timestamp, utcOffset: Int) {
        let key = Self.lookKey(moment, utcOffset: utcOffset)
        let oldest = (key / Self.quartersPerWeek - Self.keptWeeks) * Self.quartersPerWeek
        looks.removeAll { $0 < oldest }
        if !looks.contains(key) {
            looks.append(key)
            looks.sort()
        }
    }

    // MARK: Files

    /// The first line of the runs file, which says what it is.
    static let runsHeader = "weather runs 1"

    /// The runs file's contents: after `runsHeader`, a line per run (`line(for:)`). Plain text, read in
    /// one pass over its bytes, and added to a line at a time (`WeatherStore.appendRun`).
    package var runsFileContents: [UInt8] {
        var bytes = Array((Self.runsHeader + "\n").utf8)
        bytes.reserveCapacity(runs.count * 20 + 16)
        for run in runs { bytes += Self.line(for: run) }
        return bytes
    }

    /// A run's line: `seconds result requested milliseconds` (`1795349602 n 1 212`; `n` new data, `d` no
    /// data, `f` failed), and a line feed.
    package static func line(for run: Run) -> [UInt8] {
        var bytes = Array(String(Int64(run.at.secondsSince1970.rounded())).utf8)
        bytes += [UInt8(ascii: " "), letter(run.result), UInt8(ascii: " "), UInt8(ascii: run.requested ? "1" : "0")]
        bytes.append(UInt8(ascii: " "))
        bytes += String(Int64((run.duration * 1000).rounded())).utf8
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// The largest runs file kept by appending: a file 4 weeks of runs every 4 minutes would fill.
    package static let maximumFileBytes = 262_144

    /// The first run of a runs file that begins with `prefix` (its first 64 bytes or more); `nil` when
    /// the file is damaged or has no run. (Not checked against the clock: see `WeatherStore.appendRun`.)
    package static func firstRun(in prefix: [UInt8]) -> Run? {
        let header = Array((runsHeader + "\n").utf8)
        guard prefix.starts(with: header), let end = prefix[header.count...].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        return run(in: prefix, header.count..<end)
    }

    /// The runs in a runs file's `bytes`; a damaged file, or a damaged line, counts as none: it only
    /// decides when to fetch, and the next runs rebuild it. So does a run later than `now` (give or take
    /// `Timestamp.futureTolerance`), which no run of weather's wrote.
    package static func runs(in bytes: [UInt8], now: Timestamp) -> [Run] {
        let header = Array((runsHeader + "\n").utf8)
        guard bytes.starts(with: header) else { return [] }
        var runs: [Run] = []
        var start = header.count
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            if let run = run(in: bytes, start..<end), run.at - now <= Timestamp.futureTolerance { runs.append(run) }
            start = end + 1
        }
        // Lines are appended: the file may hold up to a day more than is kept, until it is rewritten.
        guard let last = runs.last else { return [] }
        return Array(runs.drop { last.at - $0.at > keptDays * 86_400 }.suffix(Int(keptDays) * 96 * 2))
    }

    /// The run on one line, `seconds result requested milliseconds`, or `nil` when the line is not one.
    private static func run(in bytes: [UInt8], _ line: Range<Int>) -> Run? {
        var index = line.lowerBound
        func number(upTo limit: Int64) -> Int64? {
            var value: Int64 = 0
            let first = index
            while index < line.upperBound, index - first < 12,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            {
                value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > first && value <= limit ? value : nil
        }
        func space() -> Bool {
            guard index < line.upperBound, bytes[index] == UInt8(ascii: " ") else { return false }
            index += 1
            return true
        }
        guard let seconds = number(upTo: 100_000_000_000), space(), index < line.upperBound,
            let result = result(bytes[index])
        else { return nil }
        index += 1
        guard space(), let requested = number(upTo: 1), space(), let milliseconds = number(upTo: 86_400_000),
            index == line.upperBound
        else { return nil }
        return Run(
            at: Timestamp(secondsSince1970: Double(seconds)), result: result, requested: requested == 1,
            duration: Double(milliseconds) / 1000)
    }

    private static func result(_ letter: UInt8) -> BackgroundFetchResult? {
        switch letter {
        case UInt8(ascii: "n"): .newData
        case UInt8(ascii: "d"): .noData
        case UInt8(ascii: "f"): .failed
        default: nil
        }
    }

    /// The looks file's contents: the keys, comma-separated in one string.
    package var looksFileContents: [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", 1)
            writer.field("looks", looks.map(String.init).joined(separator: ","))
        }
        return writer.bytes
    }

    private static func letter(_ result: BackgroundFetchResult) -> UInt8 {
        switch result {
        case .newData: UInt8(ascii: "n")
        case .noData: UInt8(ascii: "d")
        case .failed: UInt8(ascii: "f")
        }
    }

    /// The looks a looks file holds, at most `keptWeeks + 1` weeks of quarter hours, none later than
    /// `now` (give or take `Timestamp.futureTolerance`) on a clock `utcOffset` seconds from UTC: a look
    /// from the future would push out the real ones.
    package static func looks(in reader: JSONReader, now: Timestamp, utcOffset: Int) -> [Int] {
        guard let packed = try? reader.field("looks").string() else { return [] }
        let latest = Int64(lookKey(now + Timestamp.futureTolerance, utcOffset: utcOffset))
        let keys = Array(packed.utf8).split(separator: UInt8(ascii: ",")).compactMap(\.decimalField)
            .filter { $0 <= latest }.map { Int($0) }
        return Array(Array(Set(keys)).sorted().suffix((keptWeeks + 1) * quartersPerWeek))
    }
}
