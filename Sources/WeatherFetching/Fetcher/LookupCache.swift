import Glibc
import WeatherModel
import WeatherSources
import WeatherSystem

/// The results of one-off lookups (`weather Paris`, `weather forecast 52.52,13.41`), kept apart from the
/// saved place's so that a lookup never disturbs it.
///
/// `$XDG_CACHE_HOME/weather/places/` holds a folder per place, named by its coordinates to 4 decimals
/// (`48.8534,2.3488`), with the same `current.json` and `forecast.json` as the saved place's; and
/// `names.json`, the names already looked up, each with the place it chose, so that a second lookup of
/// a name asks the geocoding service nothing. At most `maximumPlaces` places are kept: a folder's
/// modification time is its last use, and the least recently used go first.
struct LookupCache: Sendable {
    /// How many places are kept.
    static let maximumPlaces = 8
    /// How many looked-up names are kept, the most recent first.
    static let maximumNames = 64

    /// The files of weather's own, for the stores of the places.
    package let paths: WeatherPaths

    package init(paths: WeatherPaths) {
        self.paths = paths
    }

    /// `$XDG_CACHE_HOME/weather/places`.
    package var directory: String { paths.cacheDirectory + "/places" }

    /// The file of the names already looked up.
    var namesFile: String { directory + "/names.json" }

    /// The folder of `location`'s files: its coordinates, as the forecast request rounds them.
    package func folder(for location: Location) -> String {
        directory + "/" + location.latitude.fixed(decimals: 4) + "," + location.longitude.fixed(decimals: 4)
    }

    /// The store of `location`'s result and forecast.
    package func store(for location: Location) -> WeatherStore {
        WeatherStore(
            paths: WeatherPaths(
                configHome: paths.configHome, cacheDirectory: folder(for: location),
                stateDirectory: paths.stateDirectory, cacheRoot: paths.cacheRoot))
    }

    // MARK: Names

    /// The place a lookup of `query` in `language` chose before, if it is remembered.
    func rememberedChoice(for query: PlaceQuery, language: String) -> PlaceChoice? {
        remembered().first { $0.query == query.key && $0.language == language }?.choice
    }

    /// Remembers that `query` in `language` chose `choice`, first in the list, which keeps the most recent
    /// `maximumNames`.
    func remember(_ choice: PlaceChoice, for query: PlaceQuery, language: String) throws(StoreError) {
        var names = remembered().filter { !($0.query == query.key && $0.language == language) }
        names.insert(RememberedName(query: query.key, language: language, choice: choice), at: 0)
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", 1)
            writer.array("names", Array(names.prefix(Self.maximumNames))) { writer, name in
                writer.field("query", name.query)
                writer.field("language", name.language)
                writer.field("matches", name.choice.matchCount)
                writer.field("note", name.choice.note)
                writer.object("location") { name.choice.location.write(into: &$0) }
            }
        }
        do {
            try OwnFolder.opened(directory, below: paths.cacheRoot, creating: true)?.writeAtomically(
                writer.bytes + [UInt8(ascii: "\n")], to: FileIO.baseName(of: namesFile), path: namesFile)
        } catch {
            throw .file(error)
        }
    }

    /// A name looked up before, and what it chose.
    private struct RememberedName {
        var query: String
        var language: String
        var choice: PlaceChoice
    }

    /// The names in the file; a file that cannot be read counts as none (it only saves requests).
    private func remembered() -> [RememberedName] {
        guard let bytes = (try? FileIO.read(namesFile, below: paths.cacheRoot)) ?? nil,
            let document = try? JSONDocument(parsing: bytes),
            let names = try? document.reader.field("names").array()
        else { return [] }
        return names.compactMap { name in
            try? RememberedName(
                query: name.text("query", maximumLength: PlaceQuery.maximumLength),
                language: name.text("language", maximumLength: 3),
                choice: PlaceChoice(
                    location: Location(reading: name.field("location")),
                    matchCount: name.optionalInt("matches", within: 0...100) ?? 1,
                    note: name.optionalText("note", maximumLength: 400)))
        }
    }

    // MARK: Use and eviction

    /// Marks `location` as just used: its folder's modification time is now.
    func markUsed(_ location: Location) {
        let place = folder(for: location)
        try? OwnFolder.opened(directory, below: paths.cacheRoot, creating: false)?.touch(FileIO.baseName(of: place))
    }

    /// Removes the least recently used places beyond `maximumPlaces`, never `keeping`. Holding the lock.
    /// Only folders count and go, by descriptor from weather's cache folder down (`OwnFolder`): a link
    /// planted among them, however old, is neither followed nor removed.
    func removeLeastRecentlyUsed(keeping location: Location) {
        guard let places = OwnFolder(path: paths.cacheRoot)?.folder("places") else { return }
        let kept = FileIO.baseName(of: folder(for: location))
        let candidates = places.entries().filter { $0.isFolder && $0.name != kept && !$0.name.hasPrefix(".") }
        guard candidates.count >= Self.maximumPlaces else { return }
        for place in candidates.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.maximumPlaces - 1) {
            places.remove(place.name)
        }
    }

    /// Removes what killed lookups left: temporary files beside `names.json` and in every place's folder.
    /// Holding the lock, under which every one of them is written.
    func removeTemporaryFiles() {
        guard let places = OwnFolder(path: paths.cacheRoot)?.folder("places") else { return }
        places.removeTemporaryFiles(of: [FileIO.baseName(of: namesFile)])
        let placeFiles = [paths.resultFile, paths.forecastFile, paths.alertsFile, paths.alertTextsFile].map(
            FileIO.baseName(of:))
        for entry in places.entries() where entry.isFolder {
            places.folder(entry.name)?.removeTemporaryFiles(of: placeFiles)
        }
    }

    /// Removes every place and name: what `logout` forgets. A `places` that is a link is removed as one.
    package func removeAll() {
        OwnFolder(path: paths.cacheRoot)?.remove("places")
    }
}
