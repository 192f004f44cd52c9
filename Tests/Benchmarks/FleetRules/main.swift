import Glibc
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources

// `fleet-rules`: what the fleet simulation (Tests/Benchmarks/fleet.py) takes from weather's own code rather
// than from a copy: the timer unit each interval renders, the crontab line each user gets, and the
// constants of the freshness and stale rules. Reads users from standard input, one per line as
// `<machine id in hex> <uid>`; prints one JSON object.
//
// `fleet-rules --adaptive` runs the adaptive schedule's own code (RunHistory, AdaptiveSchedule) over users'
// days instead: each input line is a JSON object {"runs": [timer run times], "looks": [terminal look times],
// "active": [[start, end], ...]} (seconds since 1970, UTC); each output line lists the moments that user's
// weather sent a request: at a timer run the rule allowed, or at a look that found the result stale.

if CommandLine.arguments.dropFirst().first == "--adaptive" {
    while let line = readLine() {
        guard let document = try? JSONDocument(parsing: Array(line.utf8)) else { continue }
        let reader = document.reader
        func numbers(_ key: String) -> [Double] {
            ((try? reader.field(key).array()) ?? []).compactMap { try? $0.double() }
        }
        let runs = numbers("runs").map { (moment: $0, isLook: false) }
        let looks = numbers("looks").map { (moment: $0, isLook: true) }
        let active = ((try? reader.field("active").array()) ?? []).compactMap { span -> ClosedRange<Double>? in
            guard let ends = try? span.array(), ends.count == 2, let start = try? ends[0].double(),
                let end = try? ends[1].double(), start <= end
            else { return nil }
            return start...end
        }
        var history = RunHistory()
        var lastFetch: Timestamp?
        var staleAt = -Double.infinity
        var requests: [Double] = []
        func fetch(at moment: Double) {
            requests.append(moment)
            lastFetch = Timestamp(secondsSince1970: moment)
            staleAt = (moment / 900).rounded(.down) * 900 + 900 + Freshness.publishDelay
        }
        for event in (runs + looks).sorted(by: { $0.moment < $1.moment }) {
            let now = Timestamp(secondsSince1970: event.moment)
            if event.isLook {
                history.recordLook(at: now, utcOffset: 0)
                if event.moment >= staleAt { fetch(at: event.moment) }
                continue
            }
            guard event.moment >= staleAt else {
                history.record(RunHistory.Run(at: now, result: "noData", requested: false, duration: 0))
                continue
            }
            let session: AdaptiveSchedule.Session = active.contains { $0.contains(event.moment) } ? .active : .idle
            switch AdaptiveSchedule.decide(
                at: now, history: history, session: session, lastFetch: lastFetch, dataInterval: 900, utcOffset: 0)
            {
            case .fetch:
                fetch(at: event.moment)
                history.record(
                    RunHistory.Run(at: now, result: "newData", requested: true, duration: 0),
                    sessionActive: session == .active)
            case .skip:
                history.record(
                    RunHistory.Run(at: now, result: "noData", requested: false, duration: 0),
                    sessionActive: session == .active)
            }
        }
        print(requests.map { String(Int($0)) }.joined(separator: " "))
    }
    exit(0)
}

// MET Norway's `minimum`: its `Expires` is 30 to 32 minutes after each answer.
let intervals: [(name: String, seconds: Double)] = [
    ("minimum", 900), ("30m", 1800), ("1h", 3600), ("2h", 7200),
    ("met-norway minimum", METNorway.dataInterval(lifetime: 1860)),
]

var writer = JSONWriter()
writer.object { writer in
    writer.object("intervals") { writer in
        for (name, seconds) in intervals {
            writer.object(name) { writer in
                writer.field("seconds", seconds)
                writer.field("timer", RefreshUnits.timer(every: seconds))
            }
        }
    }
    writer.object("rules") { writer in
        writer.field("publishDelay", Freshness.publishDelay)
        writer.field("recheckDelay", Freshness.recheckDelay)
        writer.field("grace", RunSchedule.grace)
        writer.field("sharedFailureWindow", Backoff.sharedFailureWindow)
    }
    var users: [(machine: String, uid: UInt32)] = []
    while let line = readLine() {
        let words = line.split(separator: " ")
        guard words.count == 2, let uid = UInt32(words[1]) else { continue }
        users.append((String(words[0]), uid))
    }
    writer.array("users", users) { writer, user in
        var bytes: [UInt8] = []
        var index = user.machine.startIndex
        while index < user.machine.endIndex {
            let next = user.machine.index(index, offsetBy: 2)
            bytes.append(UInt8(user.machine[index..<next], radix: 16) ?? 0)
            index = next
        }
        let delay = FixedDelay(machineID: bytes, uid: user.uid)
        writer.object("delays") { writer in
            for (name, seconds) in intervals {
                writer.field(name, delay.seconds(within: RefreshUnits.spread(for: seconds)))
            }
        }
        writer.object("cron") { writer in
            for (name, seconds) in intervals {
                writer.field(
                    name, (try? CronLine.line(every: seconds, environment: [], executable: "/w", delay: delay)) ?? "")
            }
        }
    }
}
print(String(decoding: writer.bytes, as: UTF8.self))
