import ArgumentParser
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

@testable import WeatherCommands

/// Each command parsed as from a command line and run in-process, in a context of doubles: a scripted
/// transport, a test clock in UTC, a recording console and scheduler. What the end-to-end tests check
/// through the built binary and real sockets, these check at the speed of a function call.
@Suite("Commands in-process")
struct InProcessCommandTests {
    /// Parses `arguments` as `command`'s, as from a command line, and runs it with `fetcher`: its exit status.
    func run<Command: FetcherCommand>(_ command: Command.Type, _ arguments: [String], with fetcher: WeatherFetcher)
        throws -> Int32
    {
        let parsed = try command.parse(arguments)
        return fetcher.context.run { () throws(WeatherError) in try parsed.run(with: fetcher) }
    }

    /// Berlin saved by `set`, in a fresh context.
    func berlinSaved(answers: [ScriptedTransport.Answer] = [], terminal: Bool = false) throws -> TestContext {
        let fixture = try TestContext(
            answers: [.fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json")]
                + answers,
            terminal: terminal
        )
        #expect(try run(SetCommand.self, ["Berlin"], with: fixture.fetcher) == 0)
        return fixture
    }

    @Test("set prints the place it chose, its weather and the schedule, and turns background refresh on")
    func set() throws {
        let fixture = try berlinSaved()
        #expect(
            fixture.console.output == """
                Saved Berlin, Land Berlin, Germany (the most populous of 10 matches).

                Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy
                Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
                Today: high 14.6 °C, low 8.2 °C, chance of precipitation 6%
                Sunrise 07:17, sunset 18:29, pressure 1016 hPa
                Updated just now · Data: Open-Meteo

                Background refresh: every 15 min (weather schedule changes it).

                """)
        #expect(fixture.console.errors.isEmpty)
        #expect(fixture.scheduler.recorded == [.minimum])
        #expect(fixture.transport.requests.count == 2)
    }

    @Test("set refuses input before any request, with exit 64")
    func setRefused() throws {
        let fixture = try TestContext()
        #expect(try run(SetCommand.self, ["  "], with: fixture.fetcher) == 64)
        #expect(fixture.console.errors == "weather: give the name of a place, for example: weather set Berlin\n")
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test(
        "show prints the text people read, fresh and stale",
        arguments: [(0.0, "show-fresh.txt"), (1200, "show-stale.txt")])
    func showText(age: Double, golden: String) throws {
        let fixture = try berlinSaved()
        fixture.clock.advance(age)
        let next = fixture.nextRun()
        #expect(try run(ShowCommand.self, [], with: next) == 0)
        try expectGolden((next.context.console as! RecordingConsole).output, named: golden)
        #expect(fixture.transport.requests.count == 2, "a pipe never fetches")
    }

    @Test("show --json prints the scripts' contract")
    func showJSON() throws {
        let fixture = try berlinSaved()
        fixture.clock.advance(1200)
        let next = fixture.nextRun()
        #expect(try run(ShowCommand.self, ["--json"], with: next) == 0)
        try expectGolden((next.context.console as! RecordingConsole).output, named: "show.json")
    }

    @Test("show in a terminal refreshes a stale result: one request")
    func showTerminal() throws {
        let fixture = try berlinSaved(answers: [.fixture("open-meteo/forecast-berlin-later.json")])
        fixture.clock.advance(1200)
        let next = fixture.nextRun(terminal: true)
        #expect(try run(ShowCommand.self, ["--cached"], with: next) == 0)
        #expect(fixture.transport.requests.count == 2)
        #expect(try run(ShowCommand.self, [], with: next) == 0)
        #expect(fixture.transport.requests.count == 3)
        #expect((next.context.console as! RecordingConsole).output.contains("10.4 °C, slight rain"))
    }

    @Test("show with nothing saved says what to run, exit 1")
    func showNothing() throws {
        let fixture = try TestContext()
        #expect(try run(ShowCommand.self, [], with: fixture.fetcher) == 1)
        #expect(
            fixture.console.errors
                == "weather: no place saved yet; run weather set <city> first, for example: weather set Berlin\n")
    }

    @Test("refresh prints one line starting with its result, and its exit status")
    func refresh() throws {
        let fixture = try berlinSaved(answers: [
            .fixture("open-meteo/forecast-berlin-later.json"), .fixture("broken/forecast-empty.json"),
        ])
        let fresh = fixture.nextRun()
        #expect(try run(RefreshCommand.self, [], with: fresh) == 0)
        #expect(
            (fresh.context.console as! RecordingConsole).output.hasPrefix(
                "noData: the result for Berlin, Land Berlin, Germany from just now stays fresh for 17 min ("))
        fixture.clock.advance(1200)
        let stale = fixture.nextRun()
        #expect(try run(RefreshCommand.self, [], with: stale) == 0)
        #expect(
            (stale.context.console as! RecordingConsole).output.hasPrefix(
                "newData: Berlin, Land Berlin, Germany: 10.4 °C, slight rain ("))
        fixture.clock.advance(1200)
        let failing = fixture.nextRun()
        #expect(try run(RefreshCommand.self, [], with: failing) == 1)
        #expect(
            (failing.context.console as! RecordingConsole).output.hasPrefix(
                "failed: the forecast service at 127.0.0.1:9 sent a response weather cannot read: the body is empty"))
    }

    @Test("schedule chooses an interval, applies it and reports it; a bad one is exit 64")
    func schedule() throws {
        let fixture = try berlinSaved()
        let next = fixture.nextRun()
        #expect(try run(ScheduleCommand.self, ["30m"], with: next) == 0)
        #expect(fixture.scheduler.recorded == [.minimum, .every(1800)])
        #expect(
            (next.context.console as! RecordingConsole).output
                == "Interval: every 30 min\nTimer:    weather-refresh.timer, active, enabled\n"
                + "Last day:   no runs\nLast week:  no runs\n")
        let bad = fixture.nextRun()
        #expect(try run(ScheduleCommand.self, ["4m"], with: bad) == 64)
        #expect(fixture.scheduler.recorded.count == 2)
    }

    @Test("logout forgets the place and switches background refresh off")
    func logout() throws {
        let fixture = try berlinSaved()
        let next = fixture.nextRun()
        #expect(try run(LogoutCommand.self, [], with: next) == 0)
        #expect(
            (next.context.console as! RecordingConsole).output
                == "Forgot Berlin, Land Berlin, Germany and its weather.\nBackground refresh is off.\n")
        #expect(fixture.scheduler.recorded == [.minimum, .never])
        #expect(try fixture.nextRun().savedLocation() == nil)
    }
}
