package import WeatherModel
package import WeatherSystem

/// A source of what else is known of the saved place, beside its forecast and its warnings (the air):
/// one descriptor in the registry, through which the fetcher brings it up to date in the runs that fetch
/// the weather (`SupplementsUpdater`) and the presenters show it (a line, format codes, a `--json` field,
/// waybar classes), so that such a source is its own folder and a line in `SourceRegistry`.
package struct SupplementDescriptor: Sendable {
    /// Its name: its field in `show --json`, and its file's.
    package let name: String
    /// Its file in the cache folder, `<name>.txt`: written out, not built at every `show`.
    package let fileName: String
    /// What its file holds, for `--help`'s and the man page's lists of files, in the reader's language.
    package let fileHolds: @Sendable () -> String
    /// Its credit for the text's last line while it is shown, in the reader's language.
    package let credit: @Sendable () -> String
    /// Where it is.
    package let endpoint: Setting
    /// Calls its argument with each of its other settings (such as whether it is on), which the registry
    /// hands down to the settings with its endpoint (`SourceRegistry.visitSettings`).
    package let options: @Sendable (_ body: (Setting) throws(SettingsError) -> Void) throws(SettingsError) -> Void
    package let terms: SourceTerms
    /// The service in a message, by its host: "the air quality service at air-quality-api.open-meteo.com".
    package let serviceName: @Sendable (_ host: String) -> String
    /// Its endpoint in `settings`; `nil` when they turn it off: nothing is sent, nothing kept or shown.
    package let url: @Sendable (_ settings: Settings) -> String?
    /// The request for `location`.
    package let request: @Sendable (_ url: String, _ location: Location, _ settings: Settings) -> HTTPRequest
    /// What an answer for `location` holds, fetched at `now`; or why it is refused.
    package let decode:
        @Sendable (_ response: HTTPResponse, _ location: Location, _ settings: Settings, _ now: Timestamp)
            throws(ResponseProblem) -> any SupplementData
    /// What its file holds; `nil` for anything it did not write.
    package let read: @Sendable (_ fileContents: [UInt8]) -> (any SupplementData)?
    /// Its field in `show --json` when nothing is known of the place, or it is off (`null`); what is known
    /// writes its own (`SupplementData.writeJSON`).
    package let writeUnknown: @Sendable (_ writer: inout JSONWriter) -> Void
    /// What it knows of `show --help`'s example place (Berlin), for the examples of its format codes.
    package let example: @Sendable (_ updatedAt: Timestamp) -> any SupplementData
}

/// What a supplement knows of a place, as its file keeps it and the presenters show it.
package protocol SupplementData: Sendable {
    /// When it was fetched.
    var updatedAt: Timestamp { get }
    /// When a run may ask for it again.
    var staleAt: Timestamp { get }
    /// Why the last request for it failed (in English); `nil` after an answer.
    var failure: String? { get set }
    /// Its file.
    var fileContents: [UInt8] { get }
    /// Whether it is of the place at `latitude`, `longitude`.
    func isOf(latitude: Double, longitude: Double) -> Bool
    /// Whether it is what `settings` ask of `location` (its place, and such choices as a scale).
    func answers(_ location: Location, settings: Settings) -> Bool
    /// What the people it is shown to would be told of, to tell a change from a mere update (`newData`).
    var notable: String { get }
    /// Its line in the text; `nil` when there is nothing to show.
    var line: String? { get }
    /// The value of the format code `code`; `nil` when the code is not its own.
    func code(_ code: Character) -> String?
    /// Its classes in waybar's output.
    var barClasses: [String] { get }
    /// Its field in `show --json`. Written by the data itself, rather than handed to the descriptor as an
    /// optional, whose type the runtime would set up at every `show --json` (about 10,000 instructions).
    func writeJSON(into writer: inout JSONWriter)
    /// What `notify all` tells of it now for `settings`, on the place's `day` (days since 1970-01-01).
    func notices(settings: Settings, day: Int) -> [SupplementNotice]
}

/// A desktop notification a supplement calls for with `notify all`: told when it first stands, and again
/// only when `once` changes (a day), or, for an `episode`, when it stood no more in between (the
/// notification is then withdrawn).
package struct SupplementNotice: Sendable, Equatable {
    /// What it is about, among the supplement's notices: `air-poor`, `pollen-birch`.
    package var key: String
    /// Told again when this changes: the day for a daily notice; 0 for an episode.
    package var once: UInt64
    /// Whether it lasts as long as what it tells of stands, and is withdrawn when it no longer does.
    package var episode: Bool
    /// The notification's summary ("Air: poor (European AQI 61)") and icon; its body is the place.
    package var summary: String
    package var icon: String
}

extension WeatherStore {
    /// What each supplement of the registry knows of the place at `latitude`, `longitude`, as its file
    /// keeps it, for `settings` that do not turn it off; none when a file is missing or damaged.
    package func loadSupplements(of latitude: Double, _ longitude: Double, settings: Settings)
        -> [(SupplementDescriptor, any SupplementData)]
    {
        var found: [(SupplementDescriptor, any SupplementData)] = []
        visitSupplements(of: latitude, longitude, settings: settings) { found.append(($0, $1)) }
        return found
    }

    /// `loadSupplements`, each handed to `body` in the registry's order: no array, whose element type
    /// the runtime would set up at every `show` (about 40,000 instructions).
    package func visitSupplements(
        of latitude: Double, _ longitude: Double, settings: Settings,
        _ body: (SupplementDescriptor, any SupplementData) -> Void
    ) {
        SourceRegistry.each { source in
            guard case .supplement(let supplement) = source, supplement.url(settings) != nil,
                let data = loadSupplement(supplement), data.isOf(latitude: latitude, longitude: longitude)
            else { return false }
            body(supplement, data)
            return false
        }
    }

    /// What `supplement`'s file holds; `nil` when it is missing or damaged (the next fetch replaces it).
    package func loadSupplement(_ supplement: SupplementDescriptor) -> (any SupplementData)? {
        guard let bytes = (try? read(supplementFile(supplement))) ?? nil else { return nil }
        return supplement.read(bytes)
    }

    /// The path of `supplement`'s file.
    package func supplementFile(_ supplement: SupplementDescriptor) -> String {
        paths.cacheDirectory + "/" + supplement.fileName
    }
}
