import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// When `weather watch` wakes up of its own accord: the moments its update asks to look again.
@Suite("WeatherWatcher's wake-ups")
struct WeatherWatcherTests {
    /// A run with Berlin saved and fetched 90 s ago, and a watcher of it printing `output`.
    func watcher(_ output: ShowRequest.Output) throws -> (TestContext, WeatherWatcher) {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        fixture.clock.advance(90)
        return (fixture, WeatherWatcher(fetcher: fixture.nextRun(), output: output, options: DisplayOptions()))
    }

    @Test(
        "what shows the age wakes at its next whole minute; what does not, only when the line could change",
        arguments: [
            (ShowRequest.Output.format(try! FormatString(parsing: "%t %a")), true),
            (.waybar(nil), true), (.json, true), (.short, false), (.format(.shortLine), false), (.text, false),
        ])
    func wakeUps(output: ShowRequest.Output, showsAge: Bool) throws {
        let (fixture, watcher) = try watcher(output)
        let now = fixture.clock.now()
        let updatedAt = try #require(fixture.store.loadResult().result?.updatedAt)
        let next = try #require(watcher.update())
        if showsAge {
            #expect(next == updatedAt + 120, "the age turns 2 min")
        } else {
            #expect(next - now > 60, "no wake-up for an age it does not show: \(next - now) s")
            let result = try #require(fixture.store.loadResult().result)
            let expected = [result.nextOutlookChange(after: now), fixture.context.freshness.showsStaleAt(result)]
            #expect(next == expected.compactMap { $0 }.min())
        }
        guard showsAge else { return }
        // Woken then, it prints the new age; the next wake-up is the minute after.
        fixture.clock.advance(next - now + 0.001)
        #expect(watcher.update(byTheClock: true) == updatedAt + 180)
        #expect(watcher.linesPrinted == 2)
        // Woken within the minute (the JSON's age in seconds aside), the text is the same: nothing printed.
        guard output != .json else { return }
        fixture.clock.advance(20)
        _ = watcher.update(byTheClock: true)
        #expect(watcher.linesPrinted == 2)
    }

    @Test(
        "while rain lies ahead, what says it wakes every 5 minutes and prints only when the count changes",
        arguments: [ShowRequest.Output.format(try! FormatString(parsing: "%l %r")), .short, .text])
    func rainSoon(output: ShowRequest.Output) throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast-berlin-rain-soon.json"),
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        fixture.clock.advance(90)
        let watcher = WeatherWatcher(fetcher: fixture.nextRun(), output: output, options: DisplayOptions())
        let now = fixture.clock.now()
        let next = try #require(watcher.update())
        // watch prints one line: the short line for the text, which does not say it.
        let showsRain = output != .short && output != .text
        // 17:01:30 UTC; rain from 17:30 ("rain in 30 min" until 17:05, then "rain in 25 min").
        let boundary = Timestamp(secondsSince1970: ((now.secondsSince1970 / 300).rounded(.down) + 1) * 300)
        if showsRain {
            #expect(next == boundary, "\(next.iso8601())")
            fixture.clock.advance(boundary - now + 0.001)
            #expect(watcher.update(byTheClock: true) == boundary + 300)
            #expect(watcher.linesPrinted == 2, "the count changed: a line")
        } else {
            #expect(next > boundary, "a line that does not say it never wakes for it")
        }
    }
}

extension WeatherWatcherTests {
    @Test("config.json changed: the run's one fetcher goes on with the new settings, and none other is built")
    func newSettings() throws {
        let fixture = try TestContext(answers: [
            .fixture("open-meteo/geocoding/berlin.json"), .fixture("open-meteo/forecast/berlin.json"),
        ])
        _ = try fixture.fetcher.setLocation(PlaceQuery(name: "Berlin"))
        let fetcher = fixture.nextRun()
        let watcher = WeatherWatcher(fetcher: fetcher, output: .short, options: DisplayOptions())
        watcher.update()
        #expect(watcher.linesPrinted == 1)
        let config = fetcher.context.paths.configFile
        try FileIO.createDirectory(String(config.prefix(upTo: config.lastIndex(of: "/")!)))
        try FileIO.writeAtomically(Array(#"{"icons": "none", "units": "imperial"}"#.utf8), to: config)
        watcher.update(settings: true)
        #expect(watcher.fetcher === fetcher)
        #expect(fetcher.context.settings.icons == .none)
        #expect(fetcher.context.settings.units == UnitSystem.imperial.units)
        #expect(watcher.linesPrinted == 2)
    }
}
