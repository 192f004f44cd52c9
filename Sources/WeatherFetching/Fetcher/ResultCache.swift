import Synchronization
package import WeatherModel
package import WeatherSystem

/// The saved place and its last result as this run read or wrote them: each file read at most once a
/// run, read again only when another run may have changed it (`rereadFiles`), and a result file in an
/// older format rewritten once in the current one.
package final class ResultCache: Sendable {
    private let store: WeatherStore
    private let lock: FetchLockHolder
    private let deadline: @Sendable () -> Deadline
    /// The files as this run last read or wrote them; `nil` until first needed.
    private let memory = Mutex(Memory())

    package init(store: WeatherStore, lock: FetchLockHolder, deadline: @escaping @Sendable () -> Deadline) {
        self.store = store
        self.lock = lock
        self.deadline = deadline
    }

    /// The saved place, or `nil` when there is none.
    ///
    /// `location.json` says whether a place is saved; the result file, when it holds a result, says which.
    /// `set` renames its result into place before the place, so the result is never for an older place
    /// than `location.json`: a `set` killed between the two renames has happened, consistently for every
    /// later run, and the next fetch writes `location.json` to match.
    package func savedLocation() throws(WeatherError) -> Location? {
        if case .read(let known) = memory.withLock({ $0.location }) { return known }
        let location: Location?
        if !FileIO.exists(store.paths.locationFile) {
            location = nil
        } else if let result = cachedResult().result {
            location = result.location
        } else {
            do {
                location = try store.loadLocation()
            } catch {
                throw .store(error)
            }
        }
        memory.withLock { $0.location = .read(location) }
        return location
    }

    /// The last result as stored, whatever place it is for. Read from disk once per run; a file in an
    /// older format is rewritten in the current one, once, under the fetch lock (its values kept as they
    /// are: an upgrade loses nothing).
    package func cachedResult() -> WeatherStore.CachedResult {
        if let known = memory.withLock({ $0.result }) { return known }
        // Read again (`rereadFiles`) a file no one has replaced or changed since: what was read stands.
        if let last = memory.withLock({ $0.lastRead }), FileIO.identity(of: store.paths.resultFile) == last.identity {
            memory.withLock { $0.result = last.result }
            return last.result
        }
        var identity: FileIO.Identity?
        var loaded = store.loadResult(identity: &identity)
        if case .outdated(let result) = loaded {
            try? lock.withLock(before: deadline()) { () throws(WeatherError) in
                guard case .outdated(let stillOutdated) = store.loadResult() else { return }
                do throws(StoreError) {
                    try store.saveResult(stillOutdated)
                } catch {
                    throw .store(error)
                }
            }
            loaded = .result(result)
        }
        memory.withLock { memory in
            memory.result = loaded
            // What the file held, as this run reads it (an older format rewritten has a new identity).
            memory.lastRead = identity.map { ResultRead(identity: $0, result: loaded) }
        }
        return loaded
    }

    /// The last result if it is for `location`.
    package func cachedResult(for location: Location) -> WeatherResult? {
        guard let result = cachedResult().result, result.location.isSamePlace(as: location) else { return nil }
        return result
    }

    /// The saved result and its place, with a warning when the cache was damaged: what `show` and
    /// `forecast` print first.
    ///
    /// One read of one file when all is well: the result holds its place, and every run that writes the
    /// result or the saved place does so under the fetch lock, result first. The saved place is only
    /// checked to exist then, and read when there is no usable result.
    package func loadFromCache() throws(WeatherError) -> (
        location: Location, result: WeatherResult?, warnings: [String]
    ) {
        switch cachedResult() {
        case .result(let result), .outdated(let result):
            guard FileIO.exists(store.paths.locationFile) else { throw .noLocation }
            return (result.location, result, [])
        case .empty:
            guard let location = try savedLocation() else { throw .noLocation }
            return (location, nil, [])
        case .corrupt(let problem):
            guard let location = try savedLocation() else { throw .noLocation }
            return (location, nil, [problem])
        }
    }

    /// The saved forecast when it is for `location`.
    package func savedForecast(for location: Location) -> SavedForecast? {
        guard let saved = store.loadForecast().forecast, saved.location.isSamePlace(as: location) else { return nil }
        return saved
    }

    /// Forgets what this run read, so that the next look reads the files as another run may have left them
    /// (a result file still the one read is not parsed again).
    package func rereadFiles() {
        memory.withLock { $0 = Memory(lastRead: $0.lastRead) }
    }

    /// Remembers `result` as what the result file now holds.
    func remember(_ result: WeatherResult) {
        memory.withLock { $0.result = .result(result) }
    }

    /// Remembers that `location` is now saved, with `result`; `nil` and no result after a logout.
    func remember(place location: Location?, result: WeatherResult?) {
        memory.withLock { $0 = Memory(location: .read(location), result: result.map { .result($0) } ?? .empty) }
    }

    /// Forgets what was read, the last reading too: a file put back by hand is read again.
    func forget() {
        memory.withLock { $0 = Memory() }
    }
}

/// The files as one run last read or wrote them, so that it reads each at most once.
private struct Memory {
    /// The saved place, or `nil` when none is saved; `notRead` until first needed.
    var location: RememberedLocation = .notRead
    /// What the result file held; `nil` until first needed.
    var result: WeatherStore.CachedResult?
    /// The result file as last read from disk, and what it held: kept when the rest is forgotten.
    var lastRead: ResultRead?
}

/// A result file as read, and what it held.
private struct ResultRead {
    var identity: FileIO.Identity
    var result: WeatherStore.CachedResult
}

/// The saved place as read from the files, or not read yet. (Not a generic `Remembered<Value>`: its
/// metadata would be built at run time, at every start of `weather show`.)
private enum RememberedLocation {
    case notRead
    case read(Location?)
}
