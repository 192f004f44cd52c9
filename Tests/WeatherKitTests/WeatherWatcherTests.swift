import TestSupport
import Testing

@testable import WeatherKit
@testable import WeatherModel

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
}
