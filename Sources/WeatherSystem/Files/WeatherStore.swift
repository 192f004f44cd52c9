import Glibc
package import WeatherModel

/// The files `weather` keeps: the last result (cache), and the saved place, the interval the user chose
/// and the services' back-offs (state).
///
/// Folders are created 0700 and files written 0600, atomically: the saved place is personal, and a
/// `kill -9` at any instant leaves the previous file or the new one.
package struct WeatherStore: Sendable {
    /// Where the files are.
    package let paths: WeatherPaths

    package init(paths: WeatherPaths) {
        self.paths = paths
    }

    /// What the cache file held.
    package enum CachedResult: Sendable, Equatable {
        /// No result saved.
        case empty
        /// The saved result.
        case result(WeatherResult)
        /// The saved result, in a file format older than the one weather writes: to be rewritten.
        case outdated(WeatherResult)
        /// The file exists but cannot be read as a result; `problem` says why, in one line.
        case corrupt(problem: String)

        /// The result, when there is one.
        package var result: WeatherResult? {
            switch self {
            case .result(let result), .outdated(let result): result
            case .empty, .corrupt: nil
            }
        }
    }

    // MARK: The saved place

    /// The saved place, or `nil` when none is saved.
    package func loadLocation() throws(StoreError) -> Location? {
        guard let bytes = try read(paths.locationFile, remedy: .savePlace) else { return nil }
        return try Self.decodeLocation(bytes, path: paths.locationFile)
    }

    /// The saved place in `bytes`, the contents of the file at `path`.
    package static func decodeLocation(_ bytes: [UInt8], path: String) throws(StoreError) -> Location {
        try decode(bytes, path: path, remedy: .savePlace) { reader throws(JSONShapeError) in
            let format = try reader.int("format")
            guard format == 1 else {
                throw .invalid(path: "format", reason: Message("is %d, expected 1", String(format)))
            }
            return try Location(reading: reader.field("location"))
        }
    }

    /// Saves `location` as the place to fetch for.
    package func saveLocation(_ location: Location) throws(StoreError) {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", 1)
            writer.object("location") { location.write(into: &$0) }
        }
        try write(writer.bytes, to: paths.locationFile)
    }

    // MARK: The last result

    /// The last result; a damaged file is reported as `.corrupt` so that callers treat it as empty.
    package func loadResult() -> CachedResult {
        var identity: FileIO.Identity?
        return loadResult(identity: &identity)
    }

    /// `loadResult()`, and the identity of the file it read (`nil` when it read none).
    package func loadResult(identity: inout FileIO.Identity?) -> CachedResult {
        do throws(FileError) {
            guard let bytes = try FileIO.read(paths.resultFile, below: paths.cacheRoot, identity: &identity) else {
                return .empty
            }
            return Self.decodeResult(bytes, path: paths.resultFile)
        } catch {
            return .corrupt(problem: StoreError(error, remedy: .nextFetch).description)
        }
    }

    /// The result in `bytes`, the contents of the file at `path`.
    package static func decodeResult(_ bytes: [UInt8], path: String) -> CachedResult {
        do throws(StoreError) {
            return try decode(bytes, path: path, remedy: .nextFetch) { reader throws(JSONShapeError) in
                let result = try WeatherResult(reading: reader)
                return WeatherResult.isOutdated(reader) ? .outdated(result) : .result(result)
            }
        } catch {
            return .corrupt(problem: error.description)
        }
    }

    /// Saves `result` as the last result.
    package func saveResult(_ result: WeatherResult) throws(StoreError) {
        try write(result.fileContents, to: paths.resultFile)
    }

    // MARK: The forecast

    /// The saved forecast, `nil` when there is none; a damaged file is reported as the problem, in one line,
    /// so that callers treat it as none.
    package func loadForecast() -> (forecast: SavedForecast?, problem: String?) {
        do throws(StoreError) {
            guard let bytes = try read(paths.forecastFile, remedy: .nextForecast) else { return (nil, nil) }
            return (try Self.decodeForecast(bytes, path: paths.forecastFile), nil)
        } catch {
            return (nil, error.description)
        }
    }

    /// The forecast in `bytes`, the contents of the file at `path`.
    package static func decodeForecast(_ bytes: [UInt8], path: String) throws(StoreError) -> SavedForecast {
        try decode(bytes, path: path, remedy: .nextForecast) { reader throws(JSONShapeError) in
            try SavedForecast(reading: reader)
        }
    }

    /// Saves `forecast`, written before the result it comes with: the result's rename is the commit.
    package func saveForecast(_ forecast: SavedForecast) throws(StoreError) {
        try write(forecast.fileContents, to: paths.forecastFile)
    }

    // MARK: The warnings

    /// The saved warnings, `nil` when there are none; a damaged file counts as none (the next fetch
    /// replaces it), as an absent one: neither ever costs the weather. `brief`: without what only
    /// `--json`, `weather alerts` and the next request use (`SavedAlerts.init(fileContents:brief:)`).
    package func loadAlerts(brief: Bool = false) -> SavedAlerts? {
        guard let bytes = (try? read(paths.alertsFile)) ?? nil else { return nil }
        return Self.decodeAlerts(bytes, brief: brief)
    }

    /// The warnings in `bytes`, the contents of a warnings file; `nil` when they cannot be read.
    package static func decodeAlerts(_ bytes: [UInt8], brief: Bool = false) -> SavedAlerts? {
        SavedAlerts(fileContents: bytes, brief: brief)
    }

    /// The long texts of the saved warnings; none when the file is missing or damaged.
    package func loadAlertTexts() -> AlertTexts {
        guard let bytes = (try? read(paths.alertTextsFile)) ?? nil, let document = try? JSONDocument(parsing: bytes),
            let texts = try? AlertTexts(reading: document.reader)
        else { return AlertTexts(details: [:]) }
        return texts
    }

    /// Saves `alerts`, with `texts` first when given (a new answer; a renewal or a failure keeps the texts
    /// there are): the warnings file's rename is the commit.
    package func saveAlerts(_ alerts: SavedAlerts, texts: AlertTexts?) throws(StoreError) {
        if let texts { try write(texts.fileContents(in: alerts.alerts), to: paths.alertTextsFile) }
        try write(alerts.fileContents, to: paths.alertsFile, lineFeed: false)
    }

    /// Removes the saved warnings: the place has none to fetch (another country, `alerts` off).
    package func removeAlerts() throws(StoreError) {
        try remove(paths.alertsFile)
        try remove(paths.alertTextsFile)
    }

    // MARK: Forgetting

    /// Removes the saved place, the last result, its forecast and warnings, the history of runs and looks,
    /// and the warnings told of: nothing personal outlives `logout`. Nothing saved is fine.
    package func removeAll() throws(StoreError) {
        for path in [
            paths.resultFile, paths.forecastFile, paths.alertsFile, paths.alertTextsFile, paths.locationFile,
            paths.runsFile, paths.looksFile, paths.notifiedFile,
        ] {
            try remove(path)
        }
    }

    // MARK: Leftovers

    /// Removes the temporary files killed runs left beside weather's files, folder by folder, by
    /// descriptor (`OwnFolder`). For the holder of the fetch lock, under which they are written; the
    /// looks are written without it, so their temporary files go only when a minute old by `clock`.
    /// `unitNames`: the files written among the units (`unitDirectory`), named by the schedule that writes them.
    package func removeTemporaryFiles(amongUnits unitNames: [String], clock: any WallClock) {
        let cache = try? OwnFolder.opened(paths.cacheDirectory, below: paths.cacheRoot, creating: false)
        cache?.removeTemporaryFiles(of: WeatherPaths.writtenInCache)
        let state = try? OwnFolder.opened(paths.stateDirectory, below: paths.stateDirectory, creating: false)
        state?.removeTemporaryFiles(of: WeatherPaths.writtenInState)
        state?.removeTemporaryFiles(of: ["looks.json"], sparing: (60, clock))
        let units = try? OwnFolder.opened(paths.unitDirectory, below: paths.unitDirectory, creating: false)
        units?.removeTemporaryFiles(of: unitNames)
    }

    // MARK: Helpers

    /// What the user can do about a damaged file, said when one is: words are looked up only then. Each
    /// command named here mends the file it is said of (`AdviceTests`).
    package enum Remedy {
        case savePlace, nextFetch, nextForecast, chooseInterval, none

        package var text: String {
            switch self {
            case .savePlace: tr("run weather set <city> to save a place again")
            case .nextFetch: tr("run weather refresh to fetch it again now, or leave it to the next fetch")
            case .nextForecast:
                tr("run weather forecast --refresh to fetch it again now, or leave it to the next fetch")
            case .chooseInterval: tr("run weather schedule minimum (or another interval) to choose again")
            case .none: ""
            }
        }
    }

    /// The file at `path`, one of weather's own, or `nil` when there is none: opened from weather's own
    /// folder down without following a link (`FileIO.read(_:below:limit:)`). A link, a FIFO or a folder in
    /// its place, or a file over the limit, is damaged, and said so with `remedy`.
    package func read(_ path: String, limit: Int = FileIO.maximumFileSize, remedy: Remedy = .none) throws(StoreError)
        -> [UInt8]?
    {
        do {
            return try FileIO.read(path, below: paths.ownRoot(of: path), limit: limit)
        } catch {
            throw StoreError(error, remedy: remedy)
        }
    }

    package static func parse(_ bytes: [UInt8], path: String, remedy: Remedy) throws(StoreError) -> JSONReader {
        do {
            return try JSONDocument(parsing: bytes).reader
        } catch {
            throw .corrupt(path: path, reason: tr("not valid JSON (%s)", "\(error)"), remedy: remedy.text)
        }
    }

    /// What `read` makes of the JSON in `bytes`, the contents of the file at `path`: a file that is not JSON,
    /// or not in the shape `read` expects, is damaged, and said so with `remedy`.
    package static func decode<Value>(
        _ bytes: [UInt8], path: String, remedy: Remedy, _ read: (JSONReader) throws(JSONShapeError) -> Value
    ) throws(StoreError) -> Value {
        let reader = try parse(bytes, path: path, remedy: remedy)
        do throws(JSONShapeError) {
            return try read(reader)
        } catch {
            throw .corrupt(path: path, reason: error.translated, remedy: remedy.text)
        }
    }

    /// Replaces the file at `path` atomically, its folder opened from weather's own folder down without
    /// following a link (`OwnFolder.opened(_:below:creating:)`): nothing planted below it leads a write out.
    package func write(_ contents: [UInt8], to path: String, lineFeed: Bool = true) throws(StoreError) {
        do {
            try Self.replace(
                path, with: lineFeed ? contents + [UInt8(ascii: "\n")] : contents, below: paths.ownRoot(of: path))
        } catch {
            throw .file(error)
        }
    }

    /// `write`'s way, for a file that is put back as it was (`SavedPlace`).
    package func restore(_ path: String, bytes: [UInt8]) throws(StoreError) {
        do {
            try Self.replace(path, with: bytes, below: paths.ownRoot(of: path))
        } catch {
            throw .file(error)
        }
    }

    private static func replace(_ path: String, with bytes: [UInt8], below root: String) throws(FileError) {
        guard let folder = try OwnFolder.opened(FileIO.parentDirectory(of: path), below: root, creating: true) else {
            throw FileError(path: path, operation: .write, code: ENOTDIR)
        }
        try folder.writeAtomically(bytes, to: FileIO.baseName(of: path), path: path)
    }

    /// Removes the file at `path` (a link as a link) by name in its folder, opened from weather's own folder
    /// down without following a link: a link planted below it leads nowhere, and the file is already gone.
    package func remove(_ path: String) throws(StoreError) {
        do {
            try OwnFolder.opened(FileIO.parentDirectory(of: path), below: paths.ownRoot(of: path), creating: false)?
                .removeFile(FileIO.baseName(of: path), path: path)
        } catch {
            throw .file(error)
        }
    }
}
