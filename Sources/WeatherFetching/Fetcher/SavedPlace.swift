import WeatherModel
import WeatherSources
import WeatherSystem

/// The saved place on disk with its result and forecast: replaced all or nothing by `set`, removed by
/// `logout`, and `location.json` kept saying what the result file already says.
struct SavedPlace: Sendable {
    package let store: WeatherStore

    /// Saves `forecast` (when there is one), `result` and `location`, in that order, restoring the
    /// previous forecast and result byte for byte when any step fails: either all of it is saved, or
    /// what was saved before stays. The forecast first: it names its place, so until the result's rename
    /// no run reads it for the saved place. The commit: once the result is renamed into place, the new
    /// place is saved (see `ResultCache.savedLocation`). Holding the lock.
    package func replace(with location: Location, result: WeatherResult, forecast: SavedForecast?) throws(WeatherError)
    {
        let previousResult = PreviousFile(store.paths.resultFile, in: store)
        let previousForecast = PreviousFile(store.paths.forecastFile, in: store)
        do throws(StoreError) {
            if let forecast { try store.saveForecast(forecast) }
            try store.saveResult(result)
            try store.saveLocation(location)
        } catch {
            previousResult.restore(to: store.paths.resultFile, in: store)
            previousForecast.restore(to: store.paths.forecastFile, in: store)
            throw .store(error)
        }
    }

    /// Removes the saved place, its results and the run history.
    package func remove() throws(WeatherError) {
        do {
            try store.removeAll()
            try SupplementsUpdater.removeFiles(in: store)
        } catch {
            throw .store(error)
        }
    }

    /// The files of the saved place that are there but damaged (`location.json`, the result, its forecast
    /// and warnings, the back-offs): what `set` replaces, or removes, once it has the new place. A damaged
    /// file holds nothing to keep; until `set` succeeds it stays as it is. Holding the lock.
    func damagedFiles() -> [String] {
        let paths = store.paths
        let decoders: [(String, ([UInt8]) -> Bool)] = [
            (paths.locationFile, { (try? WeatherStore.decodeLocation($0, path: paths.locationFile)) != nil }),
            (
                paths.resultFile,
                { if case .corrupt = WeatherStore.decodeResult($0, path: paths.resultFile) { false } else { true } }
            ),
            (paths.forecastFile, { (try? WeatherStore.decodeForecast($0, path: paths.forecastFile)) != nil }),
            (paths.alertsFile, { WeatherStore.decodeAlerts($0) != nil }),
            (
                paths.alertTextsFile,
                { (try? JSONDocument(parsing: $0)).flatMap { try? AlertTexts(reading: $0.reader) } != nil }
            ),
            (paths.backoffFile, { (try? JSONDocument(parsing: $0).reader.members()) != nil }),
        ]
        return decoders.compactMap { path, decodes in isDamaged(path, decodes: decodes) ? path : nil }
    }

    /// Removes those of `damaged` (`damagedFiles()`) that are damaged still, which it returns: `set` wrote
    /// the others anew. Holding the lock.
    func removeDamaged(_ damaged: [String]) -> Set<String> {
        let left = Set(damagedFiles()).intersection(damaged)
        for path in left { try? store.remove(path) }
        return left
    }

    /// Whether the file at `path` is there but damaged: a link, a FIFO or a folder in its place, larger
    /// than any weather writes, or what `decodes` cannot read.
    private func isDamaged(_ path: String, decodes: ([UInt8]) -> Bool) -> Bool {
        do throws(StoreError) {
            guard let bytes = try store.read(path) else { return false }
            return !decodes(bytes)
        } catch {
            if case .corrupt = error { return true }
            return false
        }
    }

    /// Writes `location.json` again when it names another place than the saved result (a `set` killed
    /// between its two renames), so that the file says what every run already reads. Holding the lock.
    func matchLocationFile(to location: Location) {
        guard (try? store.loadLocation())??.isSamePlace(as: location) != true else { return }
        try? store.saveLocation(location)
    }
}

/// A file as it was before a change that may have to be undone.
private enum PreviousFile {
    case contents([UInt8])
    case absent
    /// It could not be read, so it cannot be put back.
    case unreadable

    init(_ path: String, in store: WeatherStore) {
        do {
            self = try store.read(path).map(PreviousFile.contents) ?? .absent
        } catch {
            self = .unreadable
        }
    }

    /// Puts the file back at `path`, byte for byte, as it was.
    func restore(to path: String, in store: WeatherStore) {
        switch self {
        case .contents(let bytes): try? store.restore(path, bytes: bytes)
        case .absent: try? store.remove(path)
        case .unreadable: break
        }
    }
}
