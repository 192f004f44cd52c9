import WeatherModel
import WeatherSystem

/// The files of the adaptive schedule (the runs, the looks): state the runs keep about themselves, beside
/// the saved place's.
extension WeatherStore {
    /// The background runs and the looks until `now` on a clock `utcOffset` seconds from UTC; damaged or
    /// missing files count as none, and times later than now are dropped (`RunHistory`).
    func loadHistory(now: Timestamp, utcOffset: Int) -> RunHistory {
        RunHistory(runs: loadRuns(now: now), looks: loadLooks(now: now, utcOffset: utcOffset))
    }

    /// The background runs until `now`; a damaged or missing file counts as none.
    func loadRuns(now: Timestamp) -> [RunHistory.Run] {
        guard let bytes = (try? read(paths.runsFile)) ?? nil else { return [] }
        return RunHistory.runs(in: bytes, now: now)
    }

    /// The looks until `now` on a clock `utcOffset` seconds from UTC; a damaged or missing file counts as
    /// none.
    func loadLooks(now: Timestamp, utcOffset: Int) -> [Int] {
        guard let bytes = (try? read(paths.looksFile)) ?? nil,
            let reader = try? Self.parse(bytes, path: paths.looksFile, remedy: .none)
        else { return [] }
        return RunHistory.looks(in: reader, now: now, utcOffset: utcOffset)
    }

    /// Saves the background runs (under the fetch lock).
    func saveRuns(of history: RunHistory) throws(StoreError) {
        try write(history.runsFileContents, to: paths.runsFile, lineFeed: false)
    }

    /// Adds `run` to the runs file (under the fetch lock): one line appended, while the file's first run
    /// is at most a day older than `RunHistory.keptDays` before `run`; otherwise, or when the file is
    /// missing or damaged, the file is rewritten with the runs of the last `keptDays`. A background run
    /// reads no history it does not need (a few thousand lines, 2 million instructions to read and write).
    func appendRun(_ run: RunHistory.Run) throws(StoreError) {
        let appended: Bool
        do {
            appended = try FileIO.append(
                RunHistory.line(for: run), to: paths.runsFile, prefixLength: 64, limit: RunHistory.maximumFileBytes
            ) { prefix in
                // A first run later than this one was not written by weather: the file is rewritten
                // without it (and without any other run from the future).
                guard let first = RunHistory.firstRun(in: prefix), first.at - run.at <= Timestamp.futureTolerance
                else { return false }
                return run.at - first.at <= (RunHistory.keptDays + 1) * 86_400
            }
        } catch {
            throw .file(error)
        }
        guard !appended else { return }
        var history = RunHistory(runs: loadRuns(now: run.at))
        history.record(run)
        try saveRuns(of: history)
    }

    /// Saves the looks (by a terminal run, which may not wait for the lock: two at once lose at most a look).
    func saveLooks(of history: RunHistory) throws(StoreError) {
        try write(history.looksFileContents, to: paths.looksFile)
    }
}
