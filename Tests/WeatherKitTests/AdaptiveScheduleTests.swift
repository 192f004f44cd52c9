import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("The adaptive schedule: fetch when someone will look")
struct AdaptiveScheduleTests {
    /// Tuesday 2026-10-13 09:00 UTC.
    static let now = Timestamp(secondsSince1970: 1_791_882_000)
    static let week = 7 * 86_400.0

    /// A history learned for two weeks: a run every 15 minutes that found new data, and looks at `looks`.
    func history(looks: [Timestamp] = [], unchangedFetches: Int = 0, since: Double = 14 * 86_400) -> RunHistory {
        var history = RunHistory()
        var moment = Self.now - since
        while moment < Self.now - 900 {
            history.record(RunHistory.Run(at: moment, result: "newData", requested: true, duration: 0.2))
            moment = moment + 900
        }
        for index in 0..<unchangedFetches {
            history.record(
                RunHistory.Run(
                    at: Self.now - Double(unchangedFetches - index) * 900, result: "noData", requested: true,
                    duration: 0.2))
        }
        for look in looks { history.recordLook(at: look, utcOffset: 0) }
        return history
    }

    func decide(_ history: RunHistory, session: AdaptiveSchedule.Session = .idle, sinceFetch: Double = 900)
        -> AdaptiveSchedule.Decision
    {
        AdaptiveSchedule.decide(
            at: Self.now, history: history, session: session, lastFetch: Self.now - sinceFetch, dataInterval: 900,
            utcOffset: 0)
    }

    func fetches(_ decision: AdaptiveSchedule.Decision) -> Bool {
        if case .fetch = decision { return true }
        return false
    }

    @Test("idle, and no look around this time in 3 weeks: no request until 2 hours after the last fetch")
    func idle() {
        let decision = decide(history())
        #expect(
            decision
                == .skip(
                    reason: "your session is idle and you did not look around this time in the last 3 weeks",
                    nextFetchBy: Self.now - 900 + 7200))
        #expect(fetches(decide(history(), sinceFetch: 7200)))
        #expect(
            decide(history(), session: .unknown)
                == .skip(
                    reason: "you did not look around this time in the last 3 weeks (no logind here to ask)",
                    nextFetchBy: Self.now - 900 + 7200))
    }

    @Test("an active session fetches; so does a look in this quarter hour or the next 30 minutes of a past week")
    func looks() {
        #expect(decide(history(), session: .active) == .fetch(reason: "your session is active"))
        let lastWeek = decide(history(looks: [Self.now - Self.week + 300]))
        #expect(lastWeek == .fetch(reason: "you looked around this time on a Tuesday in the last 3 weeks"))
        #expect(fetches(decide(history(looks: [Self.now - 3 * Self.week + 1500]))), "25 minutes ahead, 3 weeks ago")
        #expect(!fetches(decide(history(looks: [Self.now - Self.week + 2800]))), "45 minutes ahead is too far")
        #expect(!fetches(decide(history(looks: [Self.now - Self.week - 900]))), "a quarter hour before")
        #expect(!fetches(decide(history(looks: [Self.now - 4 * Self.week]))), "4 weeks ago is forgotten")
        #expect(!fetches(decide(history(looks: [Self.now - 600]))), "today's looks predict next week's")
    }

    @Test("until a week of history, every run fetches at the data's pace")
    func learning() {
        #expect(
            decide(history(since: 6 * 86_400))
                == .fetch(reason: "still learning when you look (a week of history is needed)"))
        #expect(fetches(decide(RunHistory())))
        #expect(
            AdaptiveSchedule.decide(
                at: Self.now, history: history(), session: .idle, lastFetch: nil, dataInterval: 900, utcOffset: 0)
                == .fetch(reason: "no result yet"))
    }

    @Test("fetches that keep finding no new data wait 2, 4, 8 intervals, even while someone looks")
    func unchangedData() {
        #expect(fetches(decide(history(unchangedFetches: 2), session: .active)))
        let three = decide(history(unchangedFetches: 3), session: .active)
        #expect(
            three
                == .skip(
                    reason:
                        "the last 3 fetches found no new data; waiting 30 min between fetches until new data comes",
                    nextFetchBy: Self.now - 900 + 1800))
        #expect(fetches(decide(history(unchangedFetches: 3), session: .active, sinceFetch: 1800)))
        if case .skip(_, let by) = decide(history(unchangedFetches: 6), session: .active) {
            #expect(by == Self.now - 900 + 7200, "never more than 2 hours")
        } else {
            Issue.record("6 unchanged fetches wait")
        }
    }

    @Test("the history keeps 4 weeks of runs and 3 weeks of looks, reads back what it wrote, and refuses junk")
    func history() throws {
        var history = RunHistory()
        for day in 0..<60 {
            history.record(
                RunHistory.Run(at: Self.now + Double(day) * 86_400, result: "noData", requested: false, duration: 0))
            history.recordLook(at: Self.now + Double(day) * 86_400, utcOffset: 0)
        }
        #expect(history.runs.count == 29)
        #expect(history.looks.count <= 4 * 7)
        #expect(RunHistory.lookKey(Timestamp(secondsSince1970: 1_791_763_200), utcOffset: 0) % 672 == 0, "Monday 00:00")
        let end = Self.now + 60 * 86_400
        #expect(RunHistory.runs(in: history.runsFileContents, now: end) == history.runs)
        let looks = try JSONDocument(parsing: history.looksFileContents).reader
        #expect(RunHistory.looks(in: looks, now: end, utcOffset: 0) == history.looks)
        // Junk: a line that is not a run is skipped, the rest kept; a file without the header is none.
        let junk = Array(
            "weather runs 1\n-5 n 1 1\n1 x 1 1\n7\n1 n 2 1\n1 n 1\n1234567890123 n 1 1\n\n1 n 1 1 \n5 n 1 200\n6 d 0 0\n7 f 1 30000\n"
                .utf8)
        #expect(RunHistory.runs(in: junk, now: end).map(\.requested) == [true, false, true])
        #expect(RunHistory.runs(in: junk, now: end).map(\.at.secondsSince1970) == [5, 6, 7])
        #expect(RunHistory.runs(in: Array("5 n 1 200\n".utf8), now: end).isEmpty)
        let badLooks = try JSONDocument(parsing: Array(#"{"looks":"-3,a,9999999999"}"#.utf8)).reader
        #expect(RunHistory.looks(in: badLooks, now: end, utcOffset: 0).isEmpty)
    }
}
