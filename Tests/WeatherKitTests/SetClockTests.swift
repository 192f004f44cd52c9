import TestSupport
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
        let clock = try #require(SetClock(text, real: TestClock()))
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
        #expect(SetClock(text, real: TestClock()) == nil)
    }

    /// The system's clock a set clock is given, reading 1796000000 until advanced.
    static func realClock() -> TestClock { TestClock(Timestamp(secondsSince1970: 1_796_000_000)) }

    @Test("a clock standing still never reaches a later moment; the real clock's times read from its now")
    func standingStill() throws {
        let real = Self.realClock()
        let clock = try #require(SetClock("1791478800", real: real))
        #expect(clock.systemTime(at: Timestamp(secondsSince1970: 1_791_478_860)) == nil)
        #expect(clock.moment(atSystemTime: real.now() + 3600).secondsSince1970 == 1_791_482_400)
        real.advance(600)
        #expect(clock.now().secondsSince1970 == 1_791_478_800)
    }

    @Test("a running clock starts at the real clock's reading and runs on with it, whichever clock it is given")
    func running() throws {
        let real = Self.realClock()
        let clock = try #require(SetClock("1791478800+", real: real))
        #expect(clock.startedAt == real.now())
        #expect(clock.systemTime(at: Timestamp(secondsSince1970: 1_791_478_860))?.secondsSince1970 == 1_796_000_060)
        real.advance(90)
        #expect(clock.now().secondsSince1970 == 1_791_478_890)
        #expect(
            clock.moment(atSystemTime: Timestamp(secondsSince1970: 1_796_000_100)).secondsSince1970 == 1_791_478_900)
    }

    @Test("a clock running on from a real reading agrees with every other run given the same")
    func anchored() throws {
        let real = Self.realClock()
        let first = try #require(SetClock("1791478800+1795999990", real: real))
        real.advance(20)
        let second = try #require(SetClock("1791478800+1795999990", real: real))
        #expect(first.startedAt == second.startedAt)
        #expect(first.now() == second.now())
        #expect(first.now().secondsSince1970 == 1_791_478_830)
    }

    @Test("the real clock's times are its own")
    func realClockTimes() {
        let moment = Timestamp(secondsSince1970: 1_791_478_800)
        #expect(SystemClock().systemTime(at: moment) == moment)
        #expect(SystemClock().moment(atSystemTime: moment) == moment)
    }

    @Test("a bad value is a setting refused, naming the variable and what it must be; none is the real clock")
    func refusedAsSetting() throws {
        let real = TestClock()
        #expect(throws: SettingsError.self) {
            try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": "soon"]), real: real)
        }
        do {
            _ = try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": "soon"]), real: real)
        } catch {
            #expect(
                error.description
                    == "WEATHER_TEST_NOW=\"soon\" is not valid: it must be seconds since 1970 up to the end of 2099, such as 1791478800, or with a + to let the clock run on from there, such as 1791478800+"
            )
        }
        #expect(try WeatherContext.wallClock(Environment([:]), real: real) as? TestClock === real)
        #expect(try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": ""]), real: real) as? TestClock === real)
        #expect(
            try WeatherContext.wallClock(Environment(["WEATHER_TEST_NOW": "5"]), real: real).now().secondsSince1970 == 5
        )
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
