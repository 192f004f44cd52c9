import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("WeatherPresenter: the cache at once, the network only when stale and active")
struct WeatherPresenterTests {
    /// A run with Berlin saved and fetched, `age` seconds ago.
    func saved(age: Double, answers: [ScriptedTransport.Answer] = []) throws -> TestContext {
        let fixture = try TestContext(
            answers: [
                .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
            ] + answers)
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        fixture.clock.advance(age)
        return fixture
    }

    /// A presenter of the next run, in `state`, and what it printed.
    func presenter(_ fixture: TestContext, _ state: AppState) -> (WeatherPresenter, RecordingConsole) {
        let run = fixture.nextRun()
        let console = run.context.console as! RecordingConsole
        return (WeatherPresenter(fetcher: run, appState: state, console: console), console)
    }

    @Test(
        "fetches only when stale and active",
        arguments: [
            (0.0, AppState.active, WeatherPresenter.Source.automatic, false),
            (0, .inactive, .automatic, false),
            (1000, .active, .automatic, false),
            (1200, .active, .automatic, true),
            (1200, .inactive, .automatic, false),
            (1200, .inactive, .refresh, true),
            (0, .inactive, .refresh, false),
            (1200, .active, .cached, false),
        ])
    func decision(age: Double, state: AppState, source: WeatherPresenter.Source, fetches: Bool) throws {
        let fixture = try saved(age: age, answers: [.fixture("open-meteo/forecast-berlin-later.json")])
        let (presenter, console) = presenter(fixture, state)
        let (_, cached, _) = try presenter.fetcher.results.loadFromCache()
        #expect(presenter.fetcher.needsFetch(cached, in: presenter.effectiveState(source)) == fetches)
        try presenter.show(source: source)
        #expect(fixture.transport.requests.count == (fetches ? 3 : 2))
        #expect(console.output.contains(fetches ? "10.4 °C" : "10.9 °C"))
        // Observed at 17:00, so stale from 17:17, when the 17:15 values are surely out.
        #expect(console.output.contains("(stale)") == (age >= 1020 && !fetches))
    }

    @Test("a failed refresh shows the saved result with a warning and its age")
    func failedRefresh() throws {
        let fixture = try saved(age: 1200, answers: [.fixture("broken/forecast-empty.json")])
        let (presenter, console) = presenter(fixture, .active)
        try presenter.show()
        #expect(console.output.contains("10.9 °C"))
        #expect(console.output.contains("partly cloudy (stale)\n"))
        #expect(
            console.errors == """
                weather: could not refresh: the forecast service at 127.0.0.1:9 sent a response weather cannot read: the body is empty; try again later, or check WEATHER_FORECAST_URL; showing the result from 20 min ago

                """)
    }

    @Test("no saved place is an error telling what to run")
    func noLocation() throws {
        let fixture = try TestContext()
        #expect(throws: WeatherError.noLocation) { try presenter(fixture, .active).0.show() }
        #expect(WeatherError.noLocation.description.contains("weather set <city>"))
    }

    @Test("a place without a result is fetched when active, an error when not")
    func placeWithoutResult() throws {
        let fixture = try saved(age: 0, answers: [.fixture("open-meteo/forecast/berlin.json")])
        try FileIO.remove(fixture.store.paths.resultFile)
        #expect(throws: WeatherError.noResultYet(TestContext.berlin)) { try presenter(fixture, .inactive).0.show() }
        let (active, console) = presenter(fixture, .active)
        try active.show()
        #expect(console.output.contains("10.9 °C"))
    }

    @Test("a damaged cache is reported, treated as empty, and replaced by a refresh")
    func corruptCache() throws {
        let fixture = try saved(age: 0, answers: [.fixture("open-meteo/forecast/berlin.json")])
        try FileIO.writeAtomically(Array("{\"format\":".utf8), to: fixture.store.paths.resultFile)
        let (presenter, console) = presenter(fixture, .active)
        try presenter.show()
        #expect(console.errors.split(separator: "\n").count == 1)
        #expect(console.errors.contains("is damaged"))
        #expect(console.output.contains("10.9 °C"))
        #expect(fixture.store.loadResult().result != nil)
    }

    @Test("JSON output carries the contract's fields")
    func json() throws {
        let fixture = try saved(age: 1200)
        let (presenter, console) = presenter(fixture, .inactive)
        let json = WeatherPresenter(fetcher: presenter.fetcher, appState: .inactive, console: console, output: .json)
        try json.show()
        let reader = try JSONDocument(parsing: Array(console.output.utf8)).reader
        #expect(try reader.field("location").string("name") == "Berlin")
        #expect(try reader.field("location").string("country") == "Germany")
        #expect(try reader.field("location").double("latitude") == 52.52437)
        #expect(try reader.field("location").double("longitude") == 13.41053)
        #expect(try reader.double("temperature") == 10.9)
        #expect(try reader.string("updatedAt") == "2026-10-08T17:00:00Z")
        #expect(try reader.bool("stale") == true)
        #expect(try reader.double("age") == 1200)
        #expect(try reader.field("units").string("windSpeed") == "m/s")
    }

    /// A presenter of the next run in a terminal `columns` wide, and what it printed.
    func terminal(_ fixture: TestContext, columns: Int? = 80) -> (WeatherPresenter, RecordingConsole) {
        let console = RecordingConsole(isTerminal: true, columns: columns)
        let run = fixture.nextRun(terminal: true)
        return (
            WeatherPresenter(fetcher: run, appState: .active, console: console, interactiveTimeout: 5),
            console
        )
    }

    @Test("a terminal shows the saved result at once, then draws the new values over it")
    func terminalRedraw() throws {
        let fixture = try saved(age: 1200, answers: [.fixture("open-meteo/forecast-berlin-later.json")])
        let (presenter, console) = terminal(fixture)
        try presenter.show()
        let (saved, new) = try #require(console.output.split(separator: "\u{1B}[5F\u{1B}[J").pairs)
        #expect(
            saved == """
                Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)
                Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
                Today: high 14.6 °C, low 8.2 °C, chance of precipitation 6%
                Sunrise 07:17, sunset 18:29, pressure 1016 hPa
                Updated 20 min ago · Data: Open-Meteo, refreshing…

                """)
        #expect(new.hasPrefix("Berlin, Land Berlin, Germany: 🌧️ 10.4 °C, slight rain\n"))
        #expect(new.hasSuffix("Updated just now · Data: Open-Meteo\n"))
        #expect(console.activities == ["Refreshing the weather for Berlin… (stopped)"])
        #expect(console.errors.isEmpty)
        #expect(fixture.transport.requests.count == 3)
    }

    @Test("in a narrow terminal the lines break between clauses, and the cursor goes back as many rows as they took")
    func narrowTerminal() throws {
        let fixture = try saved(age: 1200, answers: [.fixture("open-meteo/forecast-berlin-later.json")])
        let (presenter, console) = terminal(fixture, columns: 40)
        try presenter.show()
        // Five lines of 68, 69, 51, 46 and 50 columns, each broken in two or three within 40: eleven rows.
        let (saved, new) = try #require(console.output.split(separator: "\u{1B}[11F\u{1B}[J").pairs)
        #expect(saved.split(separator: "\n").count == 11, "\(saved)")
        for line in (saved + new).split(separator: "\n") { #expect(String(line).terminalColumns <= 40, "\(line)") }
        #expect(saved.hasPrefix("Berlin, Land Berlin,\n  Germany: ☁️🌙 10.9 °C,\n  partly cloudy (stale)\n"), "\(saved)")
        #expect(saved.hasSuffix("Updated 20 min ago · Data: Open-Meteo,\n  refreshing…\n"), "\(saved)")
    }

    @Test("the refresh gets the interactive budget; when it runs out, the saved result stays with a note")
    func interactiveBudget() throws {
        let fixture = try saved(age: 1200, answers: [.hang])
        let (presenter, console) = terminal(fixture)
        try presenter.show()
        let budget = try #require(fixture.transport.budgets.last)
        #expect(budget.budget == TimeBudget(seconds: 5, setting: "WEATHER_INTERACTIVE_TIMEOUT"))
        #expect(budget.remaining <= 5)
        let redrawn = try #require(console.output.split(separator: "\u{1B}[J").last)
        #expect(redrawn.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)\n"))
        #expect(redrawn.hasSuffix("Updated 20 min ago · Data: Open-Meteo\n"), "no longer refreshing")
        #expect(
            console.errors == """
                weather: could not refresh: 127.0.0.1:9 did not answer within the time budget of 5 s (WEATHER_INTERACTIVE_TIMEOUT); try again later; showing the result from 20 min ago

                """)
        #expect(console.activities == ["Refreshing the weather for Berlin… (stopped)"])
    }

    @Test("with nothing saved to show, a terminal waits for the whole run's budget")
    func noSavedResultFullBudget() throws {
        let fixture = try saved(age: 0, answers: [.fixture("open-meteo/forecast/berlin.json")])
        try FileIO.remove(fixture.store.paths.resultFile)
        let (presenter, console) = terminal(fixture)
        try presenter.show()
        #expect(fixture.transport.budgets.last?.budget == TimeBudget(seconds: 30))
        #expect(!console.output.contains("\u{1B}[J"))
        #expect(console.activities == ["Fetching the weather for Berlin… (stopped)"])
    }

    @Test("--json, --format and --waybar in a terminal print once, after the refresh")
    func oneLineOutputsDoNotRedraw() throws {
        for output in [WeatherPresenter.Output.json, .format(.shortLine), .waybar(.shortLine)] {
            let fixture = try saved(age: 1200, answers: [.fixture("open-meteo/forecast-berlin-later.json")])
            let console = RecordingConsole(isTerminal: true)
            let run = fixture.nextRun(terminal: true)
            try WeatherPresenter(fetcher: run, appState: .active, console: console, output: output).show()
            #expect(console.output.split(separator: "\n").count == 1, "\(output)")
            #expect(!console.output.contains("\u{1B}"))
            #expect(fixture.transport.requests.count == 3)
        }
    }
}

extension Array where Element == Substring {
    /// The two elements of a two-element array.
    fileprivate var pairs: (Substring, Substring)? { count == 2 ? (self[0], self[1]) : nil }
}
