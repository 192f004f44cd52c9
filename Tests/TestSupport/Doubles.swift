import Synchronization
package import WeatherFetching
package import WeatherModel
import WeatherPresentation
import WeatherSources
package import WeatherSystem

/// A clock that shows whatever time the test sets.
package final class TestClock: WallClock {
    private let current: Mutex<Timestamp>

    /// 2026-10-08T17:00:00Z unless told otherwise.
    package init(_ start: Timestamp = Timestamp(secondsSince1970: 1_791_478_800)) {
        current = Mutex(start)
    }

    package func now() -> Timestamp { current.withLock { $0 } }

    package func advance(_ seconds: Double) { current.withLock { $0 = $0 + seconds } }
}

/// Answers requests from a script of responses and records them: for logic tests that need no sockets.
/// (End-to-end tests use real libcurl against the fixture server.)
package final class ScriptedTransport: HTTPTransport {
    package enum Answer: Sendable {
        case fixture(String, status: Int = 200, headers: [(String, String)] = [])
        case failure(HTTPError)
        /// No answer before the deadline: the request times out with the run's budget.
        case hang
    }

    private let state: Mutex<(answers: [Answer], requests: [HTTPRequest], budgets: [(TimeBudget, Double)])>

    package init(_ answers: [Answer] = []) {
        state = Mutex((answers, [], []))
    }

    package var requests: [HTTPRequest] { state.withLock { $0.requests } }
    /// The time budget each request was sent with, and the seconds it had left.
    package var budgets: [(budget: TimeBudget, remaining: Double)] { state.withLock { $0.budgets } }

    package func queue(_ answers: Answer...) { state.withLock { $0.answers += answers } }

    package func send(_ request: HTTPRequest, before deadline: Deadline) throws(HTTPError) -> HTTPResponse {
        let answer = state.withLock { state -> Answer? in
            state.requests.append(request)
            state.budgets.append((deadline.budget, deadline.remaining))
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        switch answer {
        case .fixture(let name, let status, let headers)?:
            let body = (try? TestPaths.fixture(name)) ?? []
            return HTTPResponse(status: status, headers: HTTPHeaders(headers.map { ($0.0, $0.1) }), body: body)
        case .failure(let error)?:
            throw error
        case .hang?:
            throw .timedOut(host: "127.0.0.1:9", budget: deadline.budget)
        case nil:
            throw .unreachable(host: "test", CurlError(code: 7, message: "no answer scripted"))
        }
    }
}

/// Records the intervals set, as the systemd timer would apply them; fails when told to.
package final class RecordingScheduler: BackgroundScheduler {
    private let intervals = Mutex<[FetchInterval]>([])
    package let failure: WeatherError?
    package let dataInterval = 900.0

    package init(failure: WeatherError? = nil) {
        self.failure = failure
    }

    package var recorded: [FetchInterval] { intervals.withLock { $0 } }

    package func setMinimumBackgroundFetchInterval(_ interval: FetchInterval) throws(WeatherError) {
        if let failure { throw failure }
        intervals.withLock { $0.append(interval) }
    }

    package func status(interval: FetchInterval) throws(WeatherError) -> TimerStatus {
        if let failure { throw failure }
        let active = recorded.last.map { $0 != .never } ?? false
        return TimerStatus(installed: !recorded.isEmpty, enabled: active, active: active)
    }

    /// A recorded scheduler has never run anything.
    package func lastTrigger() -> Timestamp? { nil }
}

/// A notification server that keeps what it is asked, numbering what it shows from 1 as a server does,
/// as one server in one session (`server`): it replaces and closes only what it gave, as
/// `DesktopNotifications` asks a real one to. Given a `problem`, one that cannot be reached. (The tests of
/// notifications use a real server: `NotificationServer`; this keeps the other runs of a test context off
/// the user's desktop.)
package final class RecordingDesktop: DesktopNotifier {
    private let state = Mutex<(requests: [NotificationRequest], next: UInt32)>(([], 1))
    private let problem: String?
    /// The server it plays.
    package static let server = NotificationServerIdentity(
        busID: "0123456789abcdef0123456789abcdef", uniqueName: ":1.7")

    package init(problem: String? = nil) {
        self.problem = problem
    }

    /// What the run asked, in order, as it was sent: replacements of another server's notifications sent
    /// as new ones, closes of them left out.
    package var requests: [NotificationRequest] { state.withLock { $0.requests } }

    package func deliver(_ requests: [NotificationRequest], before deadline: Deadline) -> NotificationDelivery {
        state.withLock { state in
            var shown: [ShownNotification?] = []
            for request in requests {
                switch request {
                case .show(var notification):
                    if notification.replaces?.isOwn(on: Self.server) != true { notification.replaces = nil }
                    state.requests.append(.show(notification))
                    guard problem == nil else {
                        shown.append(nil)
                        continue
                    }
                    let id = notification.replaces?.id ?? state.next
                    if notification.replaces == nil { state.next += 1 }
                    shown.append(ShownNotification(id: id, server: Self.server))
                case .close(let notification):
                    guard notification.isOwn(on: Self.server) else {
                        shown.append(nil)
                        continue
                    }
                    state.requests.append(.close(notification))
                    shown.append(problem == nil ? notification : nil)
                }
            }
            return NotificationDelivery(shown: shown, problem: problem)
        }
    }
}

/// Keeps what a run prints, as a terminal or as a pipe, and the activities it showed.
package final class RecordingConsole: Console {
    package let isTerminal: Bool
    package let columns: Int?
    private let written = Mutex<(output: String, errors: String, activities: [String])>(("", "", []))

    package init(isTerminal: Bool = false, columns: Int? = nil) {
        self.isTerminal = isTerminal
        self.columns = columns
    }

    /// Everything written to standard output.
    package var output: String { written.withLock { $0.output } }
    /// Everything written to standard error.
    package var errors: String { written.withLock { $0.errors } }
    /// The message of every activity begun, and " (stopped)" after it once it was stopped.
    package var activities: [String] { written.withLock { $0.activities } }

    package func write(_ text: String) { written.withLock { $0.output += text } }
    package func writeError(_ text: String) { written.withLock { $0.errors += text } }

    package func beginActivity(_ message: String) -> ActivityIndicator {
        let index = written.withLock { written in
            written.activities.append(message)
            return written.activities.count - 1
        }
        return ActivityIndicator { [self] in
            written.withLock { written in
                if !written.activities[index].hasSuffix(" (stopped)") { written.activities[index] += " (stopped)" }
            }
        }
    }
}

/// A run of weather made of doubles: a temporary folder, a scripted transport, a test clock, UTC, a
/// recording console and scheduler. `fetcher` is what commands take, built from `context`; `nextRun()`
/// is the fetcher of the next run of the program over the same files.
package struct TestContext: Sendable {
    package let folder: TemporaryFolder
    package let transport: ScriptedTransport
    package let clock: TestClock
    package let scheduler: RecordingScheduler
    package let notifications = NotificationCenter()
    /// Where the runs' desktop notifications go.
    package let desktop: RecordingDesktop
    package let settings: Settings
    package let environment: Environment
    package let context: WeatherContext
    /// The run's fetcher, as `WeatherFetcher.shared` is a process's.
    package let fetcher: WeatherFetcher

    package init(
        staleAfter: Double? = nil, answers: [ScriptedTransport.Answer] = [], terminal: Bool = false,
        environment: [String: String] = [:], scheduler: RecordingScheduler = RecordingScheduler(),
        desktop: RecordingDesktop = RecordingDesktop(), settings adjust: (inout Settings) -> Void = { _ in }
    ) throws {
        self.desktop = desktop
        folder = try TemporaryFolder()
        transport = ScriptedTransport(answers)
        clock = TestClock()
        self.scheduler = scheduler
        self.environment = Environment(environment)
        // Loopback endpoints on the discard port: the scripted transport answers, and nothing could ever
        // reach the internet even if a request slipped past it.
        var settings = Settings.defaults
        settings[source: .geocodingURL] = "http://127.0.0.1:9/v1/search"
        settings[source: .forecastURL] = "http://127.0.0.1:9/v1/forecast"
        settings.staleAfter = staleAfter
        settings[source: .metURL] = "http://127.0.0.1:9/weatherapi/locationforecast/2.0/complete"
        // Official warnings are one more request after the forecast: only the tests of warnings script
        // their answers and turn them on (`settings.alerts = true`), with endpoints on the same port.
        settings.alerts = false
        // The air likewise: its own tests turn it on (`settings.air = true`).
        settings.air = false
        settings[source: .nwsAlertsURL] = "http://127.0.0.1:9/alerts/active"
        settings[source: .dwdAlertsURL] = "http://127.0.0.1:9/alerts"
        settings[source: .metAlertsURL] = "http://127.0.0.1:9/weatherapi/metalerts/2.0/current.json"
        adjust(&settings)
        self.settings = settings
        context = Self.context(
            folder: folder, settings: settings, environment: self.environment, clock: clock,
            transport: transport, scheduler: scheduler, notifications: notifications, desktop: desktop,
            console: RecordingConsole(isTerminal: terminal))
        fetcher = WeatherFetcher(context: context)
    }

    private static func context(
        folder: TemporaryFolder, settings: Settings, environment: Environment, clock: TestClock,
        transport: ScriptedTransport, scheduler: RecordingScheduler, notifications: NotificationCenter,
        desktop: RecordingDesktop, console: RecordingConsole
    ) -> WeatherContext {
        WeatherContext(
            environment: environment,
            paths: WeatherPaths(
                configHome: folder.path + "/config", cacheDirectory: folder.path + "/cache/weather",
                stateDirectory: folder.path + "/state/weather"
            ),
            settings: settings, clock: clock, timeZone: .fixed(offsetSeconds: 0), http: transport, console: console,
            notifications: notifications, desktop: desktop, scheduler: { _ in scheduler },
            notifier: { Notifier(context: $0) }
        )
    }

    package var store: WeatherStore { context.store }
    /// What the run printed.
    package var console: RecordingConsole { context.console as! RecordingConsole }

    /// The next run of the program over the same files and doubles: a fresh fetcher that has read nothing
    /// yet, and a console of its own, a terminal when `terminal` says so; with its settings changed by
    /// `adjust` (another provider, say).
    package func nextRun(terminal: Bool = false, settings adjust: (inout Settings) -> Void = { _ in }) -> WeatherFetcher
    {
        var settings = settings
        adjust(&settings)
        return WeatherFetcher(
            context: Self.context(
                folder: folder, settings: settings, environment: environment, clock: clock, transport: transport,
                scheduler: scheduler, notifications: notifications, desktop: desktop,
                console: RecordingConsole(isTerminal: terminal)))
    }

    package static let berlin = Location(
        id: 2_950_159, name: "Berlin", region: "Land Berlin", country: "Germany", countryCode: "DE",
        latitude: 52.52437, longitude: 13.41053, elevation: 74, timezone: "Europe/Berlin", population: 3_426_354
    )
}
