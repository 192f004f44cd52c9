import Glibc
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// `WEATHER_TEST_NOW`: the wall clock a test sets, standing still or running on, and what it refuses.
@Suite("The test clock")
struct SetClockTests {
    @Test(
        "a moment stands still; with a + it runs on from there",
        arguments: [
            ("1791478800", 1_791_478_800.0, false), ("1791478800+", 1_791_478_800.0, true),
            ("0", 0.0, false), ("1791478800.25", 1_791_478_800.25, false), ("4102444799+", 4_102_444_799.0, true),
            ("1791478800+1796000000.5", 1_791_478_800.0, true),
        ])
    func reads(text: String, seconds: Double, runs: Bool) throws {
        let clock = try #require(SetClock(text))
        #expect(clock.moment.secondsSince1970 == seconds)
        #expect((clock.startedAt != nil) == runs)
        if !runs { #expect(clock.now().secondsSince1970 == seconds) }
    }

    @Test(
        "anything but seconds since 1970 up to 2099 is refused",
        arguments: [
            "", "+", "-1", "+1791478800", "1791478800++", "1.5e9", "1791478800 ", " 1791478800", "4102444800",
            "inf", "nan", "0x10", "1791478800.", ".5", "1,5", "tomorrow", "2026-10-08T17:00:00Z",
            "99999999999999", "1791478800.1234567890123", "1791478800+now", "1791478800+-5", "1791478800+1+2",
            "+1796000000",
        ])
    func refuses(text: String) {
        #expect(SetClock(text) == nil)
    }

    @Test("a clock standing still never reaches a later moment; the real clock's times read from its now")
    func standingStill() throws {
        let clock = try #require(SetClock("1791478800"))
        #expect(clock.systemTime(at: Timestamp(secondsSince1970: 1_791_478_860)) == nil)
        let real = SystemClock().now()
        let read = clock.moment(atSystemTime: real + 3600).secondsSince1970
        #expect(read >= 1_791_482_400 - 1 && read <= 1_791_482_400, "an hour from now reads an hour after it: \(read)")
    }

    @Test("a running clock reaches a moment at the real time as far ahead")
    func running() throws {
        let before = SystemClock().now()
        let clock = try #require(SetClock("1791478800+"))
        let after = SystemClock().now()
        let real = try #require(clock.systemTime(at: Timestamp(secondsSince1970: 1_791_478_860)))
        #expect(real >= before + 60 && real <= after + 60)
        #expect(clock.moment(atSystemTime: real).secondsSince1970 - 1_791_478_860 < 1e-3)
    }

    @Test("a clock running on from a real reading agrees with every other run given the same")
    func anchored() throws {
        let real = SystemClock().now()
        let text = "1791478800+\(real.secondsSince1970)"
        let first = try #require(SetClock(text))
        usleep(20_000)
        let second = try #require(SetClock(text))
        #expect(first.startedAt == second.startedAt)
        let read = (first.now(), second.now(), SystemClock().now())
        #expect(read.1 - read.0 >= 0 && read.1 - read.0 < 0.01, "the later reading of two at once")
        #expect(abs(read.1.secondsSince1970 - 1_791_478_800 - (read.2 - real)) < 0.01)
    }

    @Test("the real clock's times are its own")
    func realClock() {
        let moment = Timestamp(secondsSince1970: 1_791_478_800)
        #expect(SystemClock().systemTime(at: moment) == moment)
        #expect(SystemClock().moment(atSystemTime: moment) == moment)
    }

    @Test("a bad value is a setting refused, naming the variable and what it must be")
    func refusedAsSetting() throws {
        #expect(throws: SettingsError.self) { try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": "soon"])) }
        do {
            _ = try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": "soon"]))
        } catch {
            #expect(
                error.description
                    == "WEATHER_TEST_NOW=\"soon\" is not valid: it must be seconds since 1970 up to the end of 2099, such as 1791478800, or with a + to let the clock run on from there, such as 1791478800+"
            )
        }
        #expect(try WeatherContext.wallClock(Environment([:])) is SystemClock)
        #expect(try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": ""])) is SystemClock)
        #expect(try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": "5"])).now().secondsSince1970 == 5)
    }
}

extension SetClockTests {
    @Test("the timer's unit and the crontab line never carry WEATHER_TEST_NOW: they run by the real clock")
    func notCarried() throws {
        let environment = Environment(["WEATHER_TEST_NOW": "1791478800", "WEATHER_TIMEOUT": "20"])
        let paths = WeatherPaths(configHome: "/c", cacheDirectory: "/k/weather", stateDirectory: "/s/weather")
        let settings = try Settings.load(environment: environment, config: [:], configPath: "/c/weather/config.json")
        let carried = SystemdTimer.carried(paths: paths, settings: settings, environment: environment)
        #expect(carried.map(\.name) == ["WEATHER_TIMEOUT"])
        #expect(!settings.asEnvironment.contains { $0.name == "WEATHER_TEST_NOW" })
    }
}
