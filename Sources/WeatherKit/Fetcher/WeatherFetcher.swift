import Synchronization

/// Fetches the weather for the saved place, keeps the last result (with its location and `updatedAt`),
/// and posts `WeatherUpdated` when the values change.
///
/// `WeatherFetcher.shared` serves the process; `init(settings:store:http:clock:notifications:)` builds one
/// from parts for a test. Foreground (`weather show`) and background (`weather refresh`) go through the
/// same fetcher, so they share one cache and one set of rules.
public final class WeatherFetcher: Sendable {
    /// The process-wide fetcher, built on first use from the environment, the XDG folders and libcurl.
    public static var shared: WeatherFetcher {
        get throws(WeatherError) { try sharedInstance.get() }
    }

    private static let sharedInstance = Result { () throws(WeatherError) -> WeatherFetcher in
        let environment = Environment.current()
        do throws(SettingsError) {
            let paths = try WeatherPaths(environment: environment)
            return WeatherFetcher(
                settings: try Settings.load(environment: environment, paths: paths),
                store: WeatherStore(paths: paths),
                http: CurlTransport(),
                clock: SystemClock(),
                notifications: .default
            )
        } catch {
            throw .settings(error)
        }
    }

    /// The run's settings.
    public let settings: Settings
    /// Where results and the saved place live.
    public let store: WeatherStore
    /// Tells the time for `updatedAt` and freshness.
    public let clock: any WallClock
    /// Where `WeatherUpdated` is posted.
    public let notifications: NotificationCenter
    /// The run's network time budget (`WEATHER_TIMEOUT`), started when the fetcher was made.
    public let deadline: Deadline
    /// When results go stale.
    public let freshness: Freshness
    let provider: OpenMeteo

    /// The files as this run last read or wrote them; `nil` until first needed.
    private let memory = Mutex<(location: Location??, result: WeatherStore.CachedResult?)>((nil, nil))

    public init(
        settings: Settings, store: WeatherStore, http: any HTTPTransport, clock: any WallClock,
        notifications: NotificationCenter
    ) {
        self.settings = settings
        self.store = store
        self.clock = clock
        self.notifications = notifications
        deadline = Deadline(seconds: settings.timeout)
        freshness = Freshness(staleAfter: settings.staleAfter)
        provider = OpenMeteo(geocodingURL: settings.geocodingURL, forecastURL: settings.forecastURL, http: http)
    }

    // MARK: What is saved

    /// The saved place, or `nil` when there is none.
    public func savedLocation() throws(WeatherError) -> Location? {
        if let known = memory.withLock({ $0.location }) { return known }
        do {
            let location = try store.loadLocation()
            memory.withLock { $0.location = .some(location) }
            return location
        } catch {
            throw .store(error)
        }
    }

    /// The last result as stored, whatever place it is for. Read from disk once per run.
    public func cachedResult() -> WeatherStore.CachedResult {
        if let known = memory.withLock({ $0.result }) { return known }
        let loaded = store.loadResult()
        memory.withLock { $0.result = loaded }
        return loaded
    }

    /// The last result if it is for `location`.
    public func cachedResult(for location: Location) -> WeatherResult? {
        guard let result = cachedResult().result, result.location.isSamePlace(as: location) else { return nil }
        return result
    }

    /// Whether `result` is stale now.
    public func isStale(_ result: WeatherResult) -> Bool {
        freshness.isStale(result, at: clock.now())
    }

    // MARK: Fetching

    /// What a fetch brought.
    public enum Outcome: Sendable, Equatable {
        /// Values that differ from the ones saved before (or the first ones).
        case newData(WeatherResult)
        /// The same values as before; the saved result was renewed.
        case noData(WeatherResult)

        /// The saved result after the fetch.
        public var result: WeatherResult {
            switch self {
            case .newData(let result), .noData(let result): result
            }
        }
    }

    /// Fetches the current weather for `location`, saves it and, when the values changed, posts
    /// `WeatherUpdated`. On failure the saved result is left exactly as it was.
    public func fetch(for location: Location) throws(WeatherError) -> Outcome {
        let response: ForecastResponse
        do {
            response = try provider.currentWeather(at: location, before: deadline)
        } catch {
            throw .provider(error)
        }
        let result = makeResult(response, for: location)
        let previous = cachedResult(for: location)
        try save(result)
        guard previous?.conditions != result.conditions else { return .noData(result) }
        notifications.post(name: .weatherUpdated, object: result)
        return .newData(result)
    }

    /// What `set` did: the place chosen and its weather.
    public struct Placement: Sendable, Equatable {
        /// The place and how it was chosen.
        public var choice: PlaceChoice
        /// Its current weather, now saved.
        public var result: WeatherResult
    }

    /// Finds `query`, fetches its weather and saves both, replacing the saved place. On any failure the
    /// saved place and result stay exactly as they were.
    public func setLocation(_ query: PlaceQuery) throws(WeatherError) -> Placement {
        let choice: PlaceChoice
        let response: ForecastResponse
        do {
            let candidates = try provider.searchPlaces(query, before: deadline)
            choice = try PlaceChoice(choosingFrom: candidates, for: query)
            response = try provider.currentWeather(at: choice.location, before: deadline)
        } catch {
            throw .provider(error)
        }
        let result = makeResult(response, for: choice.location)
        let previousFile = try? FileIO.read(store.paths.resultFile)
        try save(result)
        do {
            try store.saveLocation(choice.location)
        } catch {
            restoreResultFile(previousFile)
            throw .store(error)
        }
        memory.withLock { $0.location = .some(choice.location) }
        notifications.post(name: .weatherUpdated, object: result)
        return Placement(choice: choice, result: result)
    }

    /// Removes the saved place and results; returns the place that was saved, if one was.
    @discardableResult
    public func forgetLocation() throws(WeatherError) -> Location? {
        let location = try? savedLocation()
        do {
            try store.removeAll()
        } catch {
            throw .store(error)
        }
        memory.withLock { $0 = (.some(nil), .empty) }
        return location ?? nil
    }

    // MARK: Helpers

    private func makeResult(_ response: ForecastResponse, for location: Location) -> WeatherResult {
        WeatherResult(
            location: location, conditions: response.conditions, observedAt: response.observedAt,
            utcOffsetSeconds: response.utcOffsetSeconds, interval: response.interval, updatedAt: clock.now(),
            validators: response.validators
        )
    }

    private func save(_ result: WeatherResult) throws(WeatherError) {
        do {
            try store.saveResult(result)
        } catch {
            throw .store(error)
        }
        memory.withLock { $0.result = .result(result) }
    }

    /// Puts back the result file, byte for byte, as it was before a `set` that failed half-way.
    private func restoreResultFile(_ previous: [UInt8]??) {
        switch previous {
        case .some(.some(let bytes)): try? FileIO.writeAtomically(bytes, to: store.paths.resultFile)
        case .some(.none): try? FileIO.remove(store.paths.resultFile)
        case .none: break
        }
        memory.withLock { $0.result = nil }
    }
}
