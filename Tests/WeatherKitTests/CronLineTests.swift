import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("The crontab line without systemd")
struct CronLineTests {
    @Test(
        "without systemd, a crontab line that runs the same refresh",
        arguments: [
            (900.0, "2-59/15 * * * *"), (1800.0, "2-59/30 * * * *"), (7200.0, "2 0-23/2 * * *"),
            (2700.0, "2-59/15 * * * *"),
        ])
    func cronLine(interval: Double, when: String) throws {
        let line = try CronLine.line(
            every: interval,
            environment: [("WEATHER_FORECAST_URL", "http://h/f?a=1&b=50%"), ("XDG_STATE_HOME", "/my state")],
            executable: "/home/ann/bin/weather"
        )
        #expect(
            line
                == "\(when) WEATHER_FORECAST_URL='http://h/f?a=1&b=50\\%' XDG_STATE_HOME='/my state' /home/ann/bin/weather refresh >/dev/null 2>&1"
        )
    }

    @Test("cron's reading goes by bytes: a % or a backslash is one whatever combining mark follows it")
    func readingByBytes() {
        // Outside #expect, whose quoting of its expression garbles a backslash before \u{...}.
        let accent = "\u{301}"
        #expect(CronLine.command(in: "2 * * * * echo a%" + accent + "b") == "echo a")
        #expect(CronLine.command(in: "2 * * * * echo a\\%" + accent + "b") == "echo a%" + accent + "b")
        let collapsed = CronLine.command(in: "2 * * * * echo a\\\\" + accent + "%b", collapsingBackslashes: true)
        #expect(collapsed == "echo a\\" + accent)
        #expect(CronLine.command(in: "2 * * * *") == "")
    }

    @Test(
        "each user's line is spread as the timer is: the user's delay as a minute and a sleep, never past the next clock time",
        arguments: [900.0, 1800.0, 7200.0, 86_400.0, 2700.0])
    func spreadCronLine(interval: Double) throws {
        let step = RefreshUnits.ClockStep(every: interval).map { Double($0.seconds) } ?? 900
        var offsets: Set<Int> = []
        for uid in UInt32(1000)..<1300 {
            let delay = FixedDelay(machineID: Array(repeating: 7, count: 16), uid: uid)
            let line = try CronLine.line(every: interval, environment: [], executable: "/bin/weather", delay: delay)
            let fields = line.split(separator: " ")
            let minute = try #require(Int(fields[0].split(separator: "-")[0]))
            let hour = fields[1] == "*" ? 0 : try #require(Int(fields[1].split(separator: "-")[0]))
            let sleep = fields[5] == "sleep" ? try #require(Int(fields[6].dropLast())) : 0
            let offset = hour * 3600 + minute * 60 + sleep
            #expect(offset == 120 + Int(delay.seconds(within: RefreshUnits.spread(for: step))), "\(line)")
            #expect(Double(offset) <= step - 30, "\(line) runs after the next clock time")
            #expect(line.hasSuffix("/bin/weather refresh >/dev/null 2>&1"))
            offsets.insert(offset)
        }
        #expect(offsets.count > 180, "users are spread (300 users in at least 450 s: about 220 distinct)")
    }
}

@Suite("How cron keeps an interval")
struct CronPlanTests {
    @Test(
        "the longest step that divides the interval, or the one whose multiple comes nearest above it",
        arguments: [
            (300.0, 5, 300.0), (900, 15, 900), (1800, 30, 1800), (2700, 15, 2700), (1500, 5, 1500),
            (3600, 60, 3600), (5400, 30, 5400), (6000, 20, 6000), (18_000, 60, 18_000), (21_600, 360, 21_600),
            (86_400, 1440, 86_400), (129_600, 720, 129_600), (172_800, 1440, 172_800), (604_800, 10_080, 604_800),
            (420, 5, 600), (660, 6, 720), (1020, 6, 1080), (3900, 5, 3900),
        ] as [(Double, Int, Double)])
    func plan(interval: Double, stepMinutes: Int, fetchesEvery: Double) {
        let plan = CronLine.plan(every: interval)
        #expect(plan.step.seconds == Double(stepMinutes * 60))
        #expect(plan.fetchesEvery == fetchesEvery)
        #expect(plan.isExact == (Double(stepMinutes * 60) == interval))
        #expect(plan.fetchesEvery.truncatingRemainder(dividingBy: plan.step.seconds) == 0)
        #expect(plan.fetchesEvery >= interval)
    }

    @Test("a weekly line runs on Sunday at the user's minute; a daily one every day")
    func longLines() throws {
        let weekly = try CronLine.line(every: 604_800, environment: [], executable: "/bin/weather")
        #expect(weekly.hasPrefix("2 0 * * 0 /bin/weather refresh"), "\(weekly)")
        let daily = try CronLine.line(every: 172_800, environment: [], executable: "/bin/weather")
        #expect(daily.hasPrefix("2 0 * * * /bin/weather refresh"), "\(daily)")
        #expect(CronLine.note(every: 604_800) == nil)
        #expect(CronLine.note(every: 900) == nil)
    }
}

@Suite("Each user's fixed delay, as systemd works it out")
struct FixedDelayTests {
    @Test("SipHash-2-4 gives the paper's test vectors")
    func sipHashVectors() {
        let key = Array(UInt8(0)...15)
        #expect(FixedDelay.sipHash24([], key: key) == 0x726f_db47_dd0e_0e31)
        #expect(FixedDelay.sipHash24(Array(UInt8(0)...14), key: key) == 0xa129_ca61_49be_45e5)
        #expect(FixedDelay.sipHash24(Array(UInt8(0)...7), key: key) == 0x93f5_f579_9a93_2462)
    }

    @Test("the delay is within the spread, differs between users, and is the same at every call")
    func delays() {
        let machine = FixedDelay.machineID(path: "/nonexistent")
        #expect(machine == Array(repeating: 0, count: 16))
        let delays = (1000..<1100).map { FixedDelay(machineID: machine, uid: $0).seconds(within: 450) }
        #expect(delays.allSatisfy { (0..<450).contains($0) })
        #expect(Set(delays).count > 95)
        #expect(FixedDelay(machineID: machine, uid: 1000).seconds(within: 450) == delays[0])
        #expect(FixedDelay(machineID: machine, uid: 1000).seconds(within: 0) == 0)
    }

    @Test(
        "the spread: the first half of short intervals, all but 150 s of longer ones, a minute for periods",
        arguments: [
            (300.0, 150.0), (900.0, 450.0), (1800.0, 1650.0), (3600.0, 3450.0), (7200.0, 7050.0), (1500.0, 60.0),
        ])
    func spread(interval: Double, spread: Double) {
        #expect(RefreshUnits.spread(for: interval) == spread)
    }
}
