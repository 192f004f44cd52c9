package import WeatherModel
import WeatherSystem

/// `weather schedule minimum`, adaptive as iOS's background fetch: the timer still wakes the app at the
/// data's pace, and each run decides whether to fetch from what it remembers (`RunHistory`) and the
/// user's session. It fetches when someone will look: the session is active, or the user looked around
/// this time of the week (this quarter hour or the next 30 minutes) in one of the last 3 weeks; otherwise
/// at most every 2 hours. It never fetches more often than the data changes (a run with a fresh result
/// sends nothing anyway), and after fetches that keep finding no new data it waits longer, until new data
/// comes again.
package enum AdaptiveSchedule {
    /// The longest wait while nobody is likely to look.
    package static let idleInterval = 7200.0
    /// How far ahead a predicted look makes a run fetch.
    static let lookAhead = 1800.0
    /// How long the history must cover before the looks decide: until then every run fetches at the
    /// data's pace, as before the schedule learned anything.
    package static let learningTime = 7 * 86_400.0

    /// The user's session, as logind says (`IdleHint`, `LockedHint`).
    package enum Session: String, Sendable, Equatable {
        /// Someone is at the machine.
        case active
        /// Idle or locked.
        case idle
        /// No logind here (a container): the looks alone decide.
        case unknown
    }

    /// What a run does, and why, in words.
    package enum Decision: Sendable, Equatable {
        case fetch(reason: String)
        /// No request now; the latest moment the next fetch comes.
        case skip(reason: String, nextFetchBy: Timestamp)
    }

    /// The decision of a run at `now`: `lastFetch` is the last request's time (the saved result's
    /// `updatedAt`), `dataInterval` the data's update interval, `utcOffset` the user's clock.
    package static func decide(
        at now: Timestamp, history: RunHistory, session: Session, lastFetch: Timestamp?, dataInterval: Double,
        utcOffset: Int
    ) -> Decision {
        guard let lastFetch else { return .fetch(reason: tr("no result yet")) }
        let sinceFetch = now - lastFetch
        // Fetches that keep finding nothing new (3 in a row): wait 2, 4 ... intervals, at most the idle one.
        let unchanged = history.runs.reversed().filter(\.requested).prefix { $0.result == .noData }.count
        if unchanged >= 3 {
            let wait = min(dataInterval * Double(1 << min(unchanged - 2, 8)), idleInterval)
            if sinceFetch < wait - 60 {
                return .skip(
                    reason: trn(
                        "the last %1$d fetch found no new data; waiting %2$s between fetches until new data comes",
                        "the last %1$d fetches found no new data; waiting %2$s between fetches until new data comes",
                        unchanged, String(unchanged), DurationText.format(wait).translated),
                    nextFetchBy: lastFetch + wait)
            }
        }
        guard let first = history.runs.first?.at, now - first >= learningTime else {
            return .fetch(reason: tr("still learning when you look (a week of history is needed)"))
        }
        if session == .active { return .fetch(reason: tr("your session is active")) }
        if let look = predictedLook(at: now, history: history, utcOffset: utcOffset) {
            return .fetch(reason: tr("you looked around this time %s in the last 3 weeks", look))
        }
        if sinceFetch >= idleInterval - 60 {
            return .fetch(reason: tr("2 hours since the last fetch, the longest wait while nobody looks"))
        }
        let why =
            switch session {
            case .idle: tr("your session is idle and you did not look around this time in the last 3 weeks")
            case .unknown, .active:
                tr("you did not look around this time in the last 3 weeks (no logind here to ask)")
            }
        return .skip(reason: why, nextFetchBy: lastFetch + idleInterval)
    }

    /// "on a Tuesday" when the user looked in this quarter hour of the week, or the next 30 minutes, in
    /// one of the 3 weeks before this one; `nil` otherwise.
    static func predictedLook(at now: Timestamp, history: RunHistory, utcOffset: Int) -> String? {
        let key = RunHistory.lookKey(now, utcOffset: utcOffset)
        let ahead = Int(lookAhead / 900)
        for weeksBack in 1...RunHistory.keptWeeks {
            let then = key - weeksBack * RunHistory.quartersPerWeek
            if history.looks.contains(where: { (then...(then + ahead)).contains($0) }) {
                return weekday(of: key)
            }
        }
        return nil
    }

    /// "on a Tuesday": the weekday of a look key, as a sentence says when something happens on it (whole,
    /// for the languages whose weekdays take a case or a preposition of their own).
    package static func weekday(of key: Int) -> String {
        switch key % RunHistory.quartersPerWeek / 96 {
        case 0: tr("on a Monday")
        case 1: tr("on a Tuesday")
        case 2: tr("on a Wednesday")
        case 3: tr("on a Thursday")
        case 4: tr("on a Friday")
        case 5: tr("on a Saturday")
        default: tr("on a Sunday")
        }
    }
}
