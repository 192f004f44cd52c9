import WeatherKit

// `fleet-rules`: what the fleet simulation (Tests/Benchmarks/fleet.py) takes from weather's own code rather
// than from a copy: the timer unit each interval renders, the crontab line each user gets, and the
// constants of the freshness and stale rules. Reads users from standard input, one per line as
// `<machine id in hex> <uid>`; prints one JSON object.

let intervals: [(name: String, seconds: Double)] = [("minimum", 900), ("30m", 1800), ("1h", 3600), ("2h", 7200)]

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
