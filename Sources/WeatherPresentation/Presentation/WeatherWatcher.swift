import Synchronization
public import WeatherFetching
import WeatherModel
import WeatherSources
public import WeatherSystem

/// `weather watch`: the foreground presenter of a status bar that keeps one process running. It prints
/// the line at once, then a new one only when what it shows changes, and never fetches: the timer keeps
/// the data fresh.
///
/// It is an observer of `WeatherUpdated`. When another process (the timer's `refresh`, a terminal's
/// `show`, `set`) stores a result, the kernel says so (`FolderWatch`), the watcher reads it, and when its
/// values differ from the ones it holds posts `WeatherUpdated` in its own `NotificationCenter`, as a fetch
/// in this process would; the printer observes that notification. The rest it prints itself: the result
/// turning stale (a timer set for that moment) or fresh again, an official warning beginning or ending
/// (timers for those moments too) or new warnings stored, the place replaced, or forgotten, and
/// `config.json` changed: read again, its units, icons, format and staleness apply from then on, and
/// while it cannot be used its problem is shown (waybar's ⚠ object) until it is fixed.
public final class WeatherWatcher: Sendable {
    let console: any Console
    /// The run's fetcher, which goes on with the settings as last read (`WeatherFetcher.adopt(_:)`).
    let fetcher: WeatherFetcher
    /// What was asked for: `.short` (or `.text`) is the short line of the settings as last read.
    let asked: ShowRequest.Output
    let options: DisplayOptions

    /// How the watcher prints, from the settings as last read: the output and the formatter; made again
    /// when config.json changes.
    struct View: Sendable {
        var output: WeatherPresenter.Output
        var formatter: @Sendable (Timestamp) -> WeatherFormatter
        /// Why config.json cannot be used, while it cannot: the settings are the environment's meanwhile.
        var problem: String?
    }

    /// What the files held at the last look.
    enum Seen: Sendable, Equatable {
        case nothing
        case noPlace
        /// A place, but no result that can be read: `problem` says why, when it is damaged.
        case noResult(Location, problem: String?)
        /// `supplements`: what people are told of the supplements (the air's level and pollen), so that
        /// a change of them alone is printed (`SupplementData.notable`).
        case result(WeatherResult, stale: Bool, alerts: SavedAlerts?, supplements: String)
        /// config.json cannot be used: nothing is shown but why.
        case settingsProblem(String)
    }

    private let view: Mutex<View>
    private let seen = Mutex(Seen.nothing)
    private let lines = Mutex(0)
    private let lastLine = Mutex<String?>(nil)

    /// The watcher of a run printing `output`, with the display `options`; `settingsProblem`: the run's
    /// settings are the environment's alone, as config.json cannot be used, which it shows until fixed.
    public init(
        fetcher: WeatherFetcher, output: ShowRequest.Output, options: DisplayOptions,
        settingsProblem: SettingsError? = nil
    ) {
        let context = fetcher.context
        console = context.console
        self.fetcher = fetcher
        asked = output
        self.options = options
        var view = Self.view(of: fetcher, output: output, options: options)
        view.problem = settingsProblem?.description
        self.view = Mutex(view)
        context.notifications.addObserver(forName: .weatherUpdated) { [weak self] notification in
            guard let self, let result = notification.object as? WeatherResult else { return }
            let now = self.context.clock.now()
            self.printLine(
                for: .result(
                    result, stale: self.context.freshness.showsStale(result, at: now),
                    alerts: self.fetcher.savedAlerts(for: result.location),
                    supplements: Self.supplements(of: result, in: self.context)))
        }
    }

    /// How `fetcher`'s run prints `output`: one line each, the short line standing for the text.
    private static func view(of fetcher: WeatherFetcher, output: ShowRequest.Output, options: DisplayOptions)
        -> View
    {
        let context = fetcher.context
        let printed: WeatherPresenter.Output =
            switch output {
            case .text, .short: .format(context.shortLine)
            case .json: .json
            case .format(let format): .format(format)
            case .waybar(let format): .waybar(format ?? context.shortLine)
            }
        return View(output: printed, formatter: context.formatter(options, plain: true))
    }

    /// The run's parts, with the settings as last read.
    var context: WeatherContext { fetcher.context }
    var output: WeatherPresenter.Output { view.withLock { $0.output } }

    /// Reads the settings again, as config.json may have changed, and prints with them from now on;
    /// whether how the watcher prints changed (new settings, a problem, or a problem gone).
    private func rereadSettings() -> Bool {
        let current = view.withLock { $0 }
        let context = fetcher.context
        do throws(SettingsError) {
            let settings = try Settings.load(environment: context.environment, paths: context.paths)
                .checkingProvider(environment: context.environment, configPath: context.paths.configFile)
            guard settings != context.settings || current.problem != nil else { return false }
            fetcher.adopt(settings)
            let view = Self.view(of: fetcher, output: asked, options: options)
            self.view.withLock { $0 = view }
        } catch {
            guard error.description != current.problem else { return false }
            view.withLock { $0.problem = error.description }
        }
        return true
    }

    /// How many lines it printed.
    var linesPrinted: Int { lines.withLock { $0 } }

    /// Looks at the files again and prints what changed: new values through `WeatherUpdated`, the rest
    /// directly; with `byTheClock`, also a line that only the clock changed (a new day: today's entry; an
    /// hour of the tooltip past; the age in words). Returns the next moment to look: when the result turns
    /// stale, if it is fresh, when the clock changes what is shown of its outlook, and, when the output
    /// shows the age, when its words change (every minute for a day, then every day).
    /// With `settings`, config.json is read again first, and a line printed when how it prints changed.
    @discardableResult
    func update(byTheClock: Bool = false, settings: Bool = false) -> Timestamp? {
        let redraw = settings && rereadSettings() || byTheClock
        fetcher.rereadFiles()
        let now = context.clock.now()
        let current: Seen
        if let problem = view.withLock({ $0.problem }) {
            current = .settingsProblem(problem)
        } else {
            current = Self.seen(by: fetcher, at: now)
        }
        let previous = seen.withLock { $0 }
        switch (previous, current) {
        case (
            .result(let old, let wasStale, let oldAlerts, let oldSupplements),
            .result(let new, let stale, let alerts, let supplements)
        ):
            if !old.showsTheSame(as: new) || !old.location.isSamePlace(as: new.location) {
                seen.withLock { $0 = current }
                // New values from another process: the fetcher posts them as a fetch here would have.
                fetcher.learnedOf(new)
            } else if wasStale != stale || redraw || oldAlerts != alerts || oldSupplements != supplements {
                // (New warnings, or warnings renewed, or the air's level changed: a line only when what it
                // shows changed.)
                printLine(for: current)
            } else {
                // A renewal (noData): the same values, fresher. Nothing a bar shows changed.
                seen.withLock { $0 = current }
            }
        default:
            if current != previous || redraw { printLine(for: current) }
        }
        guard case .result(let result, let stale, let alerts, _) = current else { return nil }
        var moments = [result.nextOutlookChange(after: now), alerts?.nextChange(after: now)]
        if !stale { moments.append(context.freshness.showsStaleAt(result)) }
        if showsAge { moments.append(result.updatedAt + RelativeTime.nextChange(after: now - result.updatedAt)) }
        if showsRainSoon { moments.append(result.nowcast?.nextChange(after: now)) }
        return moments.compactMap { $0 }.min()
    }

    /// What people are told of the supplements of `result`'s place, as their files hold them.
    private static func supplements(of result: WeatherResult, in context: WeatherContext) -> String {
        context.store.loadSupplements(
            of: result.location.latitude, result.location.longitude, settings: context.settings
        ).map { $0.0.name + " " + $0.1.notable }.joinedText("\n")
    }

    /// What the files hold now, as `fetcher` reads them.
    private static func seen(by fetcher: WeatherFetcher, at now: Timestamp) -> Seen {
        do {
            let (location, result, warnings) = try fetcher.lastResult()
            guard let result else { return .noResult(location, problem: warnings.first) }
            let context = fetcher.context
            return .result(
                result, stale: context.freshness.showsStale(result, at: now),
                alerts: fetcher.savedAlerts(for: result.location), supplements: supplements(of: result, in: context))
        } catch .noLocation {
            return .noPlace
        } catch {
            return .noResult(Location(name: "?", latitude: 0, longitude: 0), problem: error.description)
        }
    }

    /// Whether what is printed shows the result's age, so that the clock alone changes it: `%a` in the
    /// line, waybar's tooltip ("Updated 4 min ago") and the JSON's `age`.
    private var showsAge: Bool {
        switch output {
        case .text: false
        case .format(let format): format.showsAge
        case .json, .waybar: true
        }
    }

    /// Whether what is printed says when rain comes or stops (`%r`, the text, waybar's tooltip, the
    /// JSON's `rainSoon`), which changes with the clock alone: every 5 minutes at most, while rain lies ahead.
    private var showsRainSoon: Bool {
        switch output {
        case .format(let format): format.showsRainSoon
        case .text, .json, .waybar: true
        }
    }

    /// Prints the line for `state` and remembers it as seen.
    private func printLine(for state: Seen) {
        seen.withLock { $0 = state }
        let view = view.withLock { $0 }
        let output = view.output
        let context = fetcher.context
        let formatter = view.formatter(context.clock.now())
        let line: String
        switch (state, output) {
        case (.result(let result, let stale, let alerts, _), _):
            line = formatter.render(output, result, stale: stale, alerts: alerts)
        case (.noResult(_, let problem?), .waybar), (.settingsProblem(let problem), .waybar):
            console.printError(problem)
            line = WeatherFormatter.waybar(error: problem)
        case (.noResult(_, let problem?), _), (.settingsProblem(let problem), _):
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
    /// moments the clock changes what is shown of the outlook (at most once an hour), the moments a
    /// warning begins or ends, and, only when
    /// what it prints shows the age, the moments its words change (at most once a minute).
    public func run() throws(WeatherError) -> Int32 {
        StopSignal.writeIntoPipe()
        let paths = context.store.paths
        // And each supplement's file (the air's), whose changes alone may change a line.
        let names = Set(["current.json", "alerts.txt", "location.json", "config.json"])
            .union(SourceRegistry.supplements.map(\.fileName))
        let watch: FolderWatch
        do {
            watch = try FolderWatch(
                folders: [paths.cacheDirectory, paths.stateDirectory, paths.configDirectory], names: names)
        } catch {
            // A config folder that cannot be made or watched (a read-only ~/.config) leaves the weather
            // watched all the same, config.json read once.
            do {
                watch = try FolderWatch(folders: [paths.cacheDirectory, paths.stateDirectory], names: names)
            } catch {
                throw .store(.file(error))
            }
        }
        var next = update()
        while true {
            switch watch.wait(until: next.map { $0 + 0.001 }, clock: context.clock) {
            case .stopped, .outputClosed: return 0
            case .changed: next = update(settings: true)
            case .timeout: next = update(byTheClock: true)
            }
        }
    }
}
