import Glibc
import Synchronization
import TestSupport
@testable import WeatherKit

/// A clock that shows whatever time the test sets.
final class TestClock: WallClock {
    private let current: Mutex<Timestamp>

    init(_ start: Timestamp = Timestamp(secondsSince1970: 1_791_478_800)) {
        current = Mutex(start)
    }

    func now() -> Timestamp { current.withLock { $0 } }

    func advance(_ seconds: Double) { current.withLock { $0 = $0 + seconds } }
}

/// Answers requests from a script of responses and records them: for logic tests that need no sockets.
/// (End-to-end tests use real libcurl against the fixture server.)
final class ScriptedTransport: HTTPTransport {
    enum Answer {
        case fixture(String, status: Int = 200, headers: [(String, String)] = [])
        case failure(HTTPError)
    }

    private let state: Mutex<(answers: [Answer], requests: [HTTPRequest])>

    init(_ answers: [Answer] = []) {
        state = Mutex((answers, []))
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func queue(_ answers: Answer...) { state.withLock { $0.answers += answers } }

    func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse {
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case .fixture(let name, let status, let headers)?:
            let body = (try? TestPaths.fixture(name)) ?? []
            return HTTPResponse(status: status, headers: HTTPHeaders(headers.map { ($0.0, $0.1) }), body: body)
        case .failure(let error)?:
            throw error
        case nil:
            throw .unreachable(host: "test", CurlError(code: 7, message: "no answer scripted"))
        }
    }
}

/// Records the intervals set, as the systemd timer would apply them; fails when told to.
final class RecordingScheduler: BackgroundScheduler {
    private let intervals = Mutex<[FetchInterval]>([])
    let failure: WeatherError?
    let dataInterval = 900.0

    init(failure: WeatherError? = nil) {
        self.failure = failure
    }

    var recorded: [FetchInterval] { intervals.withLock { $0 } }

    func setMinimumBackgroundFetchInterval(_ interval: FetchInterval) throws(WeatherError) {
        if let failure { throw failure }
        intervals.withLock { $0.append(interval) }
    }

    func status() throws(WeatherError) -> TimerStatus {
        if let failure { throw failure }
        let active = recorded.last.map { $0 != .never } ?? false
        return TimerStatus(installed: !recorded.isEmpty, enabled: active, active: active)
    }
}

/// A fetcher over a temporary folder, a scripted transport and a test clock.
struct FetcherFixture {
    let folder: TemporaryFolder
    let transport: ScriptedTransport
    let clock: TestClock
    let notifications = NotificationCenter()
    let fetcher: WeatherFetcher
    let store: WeatherStore

    init(staleAfter: Double? = nil, answers: [ScriptedTransport.Answer] = []) throws {
        // Clock times in messages are local: make them the same on every machine.
        setenv("TZ", "UTC", 1)
        tzset()
        folder = try TemporaryFolder()
        transport = ScriptedTransport(answers)
        clock = TestClock()
        store = WeatherStore(paths: WeatherPaths(
            configHome: folder.path + "/config", cacheDirectory: folder.path + "/cache/weather",
            stateDirectory: folder.path + "/state/weather"
        ))
        // Loopback endpoints on the discard port: the scripted transport answers, and nothing could ever
        // reach the internet even if a request slipped past it.
        let settings = Settings(
            geocodingURL: "http://127.0.0.1:9/v1/search", forecastURL: "http://127.0.0.1:9/v1/forecast",
            timeout: 30, staleAfter: staleAfter
        )
        fetcher = WeatherFetcher(settings: settings, store: store, http: transport, clock: clock, notifications: notifications)
    }

    /// A fresh fetcher over the same files, as the next run of the program would be.
    func nextRun() -> WeatherFetcher {
        WeatherFetcher(settings: fetcher.settings, store: store, http: transport, clock: clock, notifications: notifications)
    }

    static let berlin = Location(
        id: 2_950_159, name: "Berlin", region: "Land Berlin", country: "Germany", countryCode: "DE",
        latitude: 52.52437, longitude: 13.41053, timezone: "Europe/Berlin", population: 3_426_354
    )
}
