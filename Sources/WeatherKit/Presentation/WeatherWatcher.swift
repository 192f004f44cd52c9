import Synchronization

/// `weather watch`: the foreground presenter of a status bar that keeps one process running. It prints
/// the line at once, then a new one only when what it shows changes, and never fetches: the timer keeps
/// the data fresh.
///
/// It is an observer of `WeatherUpdated`. When another process (the timer's `refresh`, a terminal's
/// `show`, `set`) stores a result, the kernel says so (`FolderWatch`), the watcher reads it, and when its
/// values differ from the ones it holds posts `WeatherUpdated` in its own `NotificationCenter`, as a fetch
/// in this process would; the printer observes that notification. The rest it prints itself: the result
/// turning stale (a timer set for that moment) or fresh again, the place replaced, or forgotten.
public final class WeatherWatcher: Sendable {
    let fetcher: WeatherFetcher
    let console: any Console
    let output: WeatherPresenter.Output
    let formatter: @Sendable (Timestamp) -> WeatherFormatter

    /// What the files held at the last look.
    enum Seen: Sendable, Equatable {
        case nothing
        case noPlace
        /// A place, but no result that can be read: `problem` says why, when it is damaged.
        case noResult(Location, problem: String?)
        case result(WeatherResult, stale: Bool)
    }

    private let seen = Mutex(Seen.nothing)
    private let lines = Mutex(0)
    private let lastLine = Mutex<String?>(nil)

    init(
        fetcher: WeatherFetcher, console: any Console, output: WeatherPresenter.Output,
        formatter: @escaping @Sendable (Timestamp) -> WeatherFormatter
    ) {
        self.fetcher = fetcher
        self.console = console
        self.output = output
        self.formatter = formatter
        fetcher.notifications.addObserver(forName: .weatherUpdated) { [weak self] notification in
            guard let self, let result = notification.object as? WeatherResult else { return }
            let now = self.fetcher.clock.now()
            self.printLine(for: .result(result, stale: self.fetcher.freshness.showsStale(result, at: now)))
        }
    }

    /// The watcher of a run printing `output`, with the display `options`.
    public convenience init(context: WeatherContext, output: WeatherPresenter.Output, options: DisplayOptions) {
        self.init(
            fetcher: context.fetcher, console: context.console, output: output,
            formatter: context.formatter(options, plain: true))
    }

    /// How many lines it printed.
    var linesPrinted: Int { lines.withLock { $0 } }

    /// Looks at the files again and prints what changed: new values through `WeatherUpdated`, the rest
    /// directly; with `byTheClock`, also a line that only the clock changed (a new day: today's entry; an
    /// hour of the tooltip past; the age in words). Returns the next moment to look: when the result turns
    /// stale, if it is fresh, when the clock changes what is shown of its outlook, and, when the output
    /// shows the age, when its words change (every minute for a day, then every day).
    @discardableResult
    func update(byTheClock: Bool = false) -> Timestamp? {
        fetcher.rereadFiles()
        let now = fetcher.clock.now()
        let current: Seen
        do {
            let (location, result, warnings) = try fetcher.loadFromCache()
            if let result {
                current = .result(result, stale: fetcher.freshness.showsStale(result, at: now))
            } else {
                current = .noResult(location, problem: warnings.first)
            }
        } catch .noLocation {
            current = .noPlace
        } catch {
            current = .noResult(Location(name: "?", latitude: 0, longitude: 0), problem: error.description)
        }
        let previous = seen.withLock { $0 }
        switch (previous, current) {
        case (.result(let old, let wasStale), .result(let new, let stale)):
            if !old.showsTheSame(as: new) || !old.location.isSamePlace(as: new.location) {
                seen.withLock { $0 = current }
                // New values from another process: what a fetch here would have posted.
                fetcher.notifications.post(name: .weatherUpdated, object: new)
            } else if wasStale != stale {
                printLine(for: current)
            } else if byTheClock {
                printLine(for: current)
            } else {
                // A renewal (noData): the same values, fresher. Nothing a bar shows changed.
                seen.withLock { $0 = current }
            }
        default:
            if current != previous { printLine(for: current) }
        }
        guard case .result(let result, let stale) = current else { return nil }
        var moments = [result.nextOutlookChange(after: now)]
        if !stale { moments.append(fetcher.freshness.showsStaleAt(result)) }
        if showsAge { moments.append(result.updatedAt + RelativeTime.nextChange(after: now - result.updatedAt)) }
        return moments.compactMap { $0 }.min()
    }

    /// Whether what is printed shows the result's age, so that the clock alone changes it: `%a` in the
    /// line, waybar's tooltip ("Updated 4 min ago") and the JSON's `age`.
    private var showsAge: Bool {
        switch output {
        case .text: FormatString.shortLine.showsAge
        case .format(let format): format.showsAge
        case .json, .waybar: true
        }
    }

    /// Prints the line for `state` and remembers it as seen.
    private func printLine(for state: Seen) {
        seen.withLock { $0 = state }
        let now = fetcher.clock.now()
        let formatter = formatter(now)
        let line: String
        switch (state, output) {
        // One line each: the short line stands for the text.
        case (.result(let result, let stale), .text): line = formatter.render(.format(.shortLine), result, stale: stale)
        case (.result(let result, let stale), _): line = formatter.render(output, result, stale: stale)
        case (.noResult(_, let problem?), .waybar):
            console.printError(problem)
            line = WeatherFormatter.waybar(error: problem)
        case (.noResult(_, let problem?), _):
            console.printError(problem)
            line = output == .json ? "null" : ""
        // No place, or no result yet (between logout's two removals, a cache folder removed): nothing to
        // show until the next one is stored; waybar hides the module.
        case (_, .waybar): line = WeatherFormatter.waybarWithoutPlace
        case (_, _): line = output == .json ? "null" : ""
        }
        // The same line twice says nothing new (a place forgotten in two steps, one file at a time).
        guard
            lastLine.withLock({ last in
                defer { last = line }
                return last != line
            })
        else { return }
        console.printLine(line)
        lines.withLock { $0 += 1 }
    }

    /// Watches until SIGTERM, SIGINT, or the reader of standard output going away; exit 0 then. Blocks
    /// between events: its only wake-ups of its own are for the moment the result turns stale, the
    /// moments the clock changes what is shown of the outlook (at most once an hour), and, only when
    /// what it prints shows the age, the moments its words change (at most once a minute).
    public func run() throws(WeatherError) -> Int32 {
        FolderWatch.catchStopSignals()
        let paths = fetcher.store.paths
        let watch: FolderWatch
        do {
            watch = try FolderWatch(
                folders: [paths.cacheDirectory, paths.stateDirectory], names: ["current.json", "location.json"])
        } catch {
            throw .store(.file(error))
        }
        var next = update()
        while true {
            switch watch.wait(until: next.map { $0 + 0.001 }, now: fetcher.clock.now()) {
            case .stopped, .outputClosed: return 0
            case .changed: next = update()
            case .timeout: next = update(byTheClock: true)
            }
        }
    }
}
