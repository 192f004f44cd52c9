/// What background refresh remembers, as iOS does, to fetch when someone will look: every background run
/// (its time, its result, whether it sent a request, how long it took) for `keptDays`, in
/// `$XDG_STATE_HOME/weather/runs.json`; and when the user looked (a terminal `show` or `forecast`, or a
/// background run that found the session active), by quarter hour of the week only, for `keptWeeks`, in
/// `looks.json`. Both are bounded, 0600, and removed by
/// `logout`.
package struct RunHistory: Sendable, Equatable {
    /// One background run.
    package struct Run: Sendable, Equatable {
        package var at: Timestamp
        var result: BackgroundFetchResult
        /// Whether it sent a request.
        package var requested: Bool
        /// How long it took, in seconds.
        var duration: Double

        package init(at: Timestamp, result: String, requested: Bool, duration: Double) {
            self.at = at
            self.result = BackgroundFetchResult(rawValue: result) ?? .noData
            self.requested = requested
            self.duration = duration
        }

        init(at: Timestamp, result: BackgroundFetchResult, requested: Bool, duration: Double) {
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

    /// The runs file's contents.
    package var runsFileContents: [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", 1)
            writer.array("runs", runs) { writer, run in
                writer.field("at", run.at.secondsSince1970.rounded())
                writer.field("result", run.result.rawValue)
                writer.field("requested", run.requested)
                writer.field("duration", (run.duration * 1000).rounded() / 1000)
            }
        }
        return writer.bytes
    }

    /// The looks file's contents.
    package var looksFileContents: [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", 1)
            writer.array("looks", looks.map(String.init))
        }
        return writer.bytes
    }

    /// The runs a runs file holds; a damaged file, or a damaged entry, counts as none: it only decides when
    /// to fetch, and the next runs rebuild it.
    package static func runs(in reader: JSONReader) -> [Run] {
        guard let entries = try? reader.field("runs").array() else { return [] }
        let runs = entries.compactMap { entry -> Run? in
            guard let at = try? entry.double("at", within: 0...1e11),
                let result = (try? entry.string("result")).flatMap(BackgroundFetchResult.init(rawValue:)),
                let requested = try? entry.bool("requested"),
                let duration = try? entry.double("duration", within: 0...86_400)
            else { return nil }
            return Run(at: Timestamp(secondsSince1970: at), result: result, requested: requested, duration: duration)
        }
        return Array(runs.suffix(Int(keptDays) * 96 * 2))
    }

    /// The looks a looks file holds, at most `keptWeeks + 1` weeks of quarter hours.
    package static func looks(in reader: JSONReader) -> [Int] {
        guard let entries = try? reader.field("looks").stringsIfAll() else { return [] }
        let keys = entries.compactMap { Int($0) }.filter { $0 >= 0 }
        return Array(Set(keys)).sorted().suffix((keptWeeks + 1) * quartersPerWeek)
    }
}
