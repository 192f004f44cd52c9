package import WeatherModel
import WeatherSources
import WeatherSystem

/// The systemd user units of background refresh, rendered from templates.
///
/// The templates are copies of `Config/weather-refresh.service.in` and `Config/weather-refresh.timer.in`
/// (a test keeps them identical): the binary needs them wherever it is installed, without the repository.
package enum RefreshUnits {
    /// The service's file name.
    static let serviceName = "weather-refresh.service"
    /// The timer's file name.
    static let timerName = "weather-refresh.timer"
    /// Both, the files weather writes among the units (`WeatherStore.removeTemporaryFiles(amongUnits:)`).
    static let fileNames = [serviceName, timerName]
    /// How long after the data's own update time a calendar schedule fires: Open-Meteo needs a few minutes
    /// to publish each quarter hour's values.
    static let publishDelayMinutes = 2

    static let serviceTemplate = """
        # The background fetch: `weather set` and `weather schedule` render this template into
        # $XDG_CONFIG_HOME/systemd/user/weather-refresh.service, filling in the words between @ signs.
        # WeatherFetching's RefreshUnits holds a copy of this file; a test keeps the two identical.
        [Unit]
        Description=Refresh the saved weather (weather refresh)
        Documentation=man:weather(1)

        [Service]
        Type=oneshot
        ExecStart=@EXECUTABLE@ refresh
        @ENVIRONMENT@
        # A little above the run's own budget (WEATHER_TIMEOUT), so that the run always ends itself first.
        TimeoutStartSec=@TIMEOUT@
        # In the background, at the lowest priority.
        Nice=19
        CPUSchedulingPolicy=idle
        IOSchedulingClass=idle
        # Hardening that a user manager applies without user namespaces (ProtectSystem=, PrivateTmp= and the
        # like need them, and fail to start where they are off).
        UMask=0077
        NoNewPrivileges=yes
        LockPersonality=yes
        MemoryDenyWriteExecute=yes
        RestrictRealtime=yes
        RestrictSUIDSGID=yes
        RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
        SystemCallArchitectures=native
        SystemCallFilter=@system-service
        SystemCallErrorNumber=EPERM

        """

    static let timerTemplate = """
        # When the system wakes `weather` to fetch: `weather set` and `weather schedule` render this template into
        # $XDG_CONFIG_HOME/systemd/user/weather-refresh.timer. The schedule is OnCalendar= for intervals that
        # divide an hour or a day (a few minutes after the data's own update times), otherwise OnActiveSec= and
        # OnUnitActiveSec=.
        [Unit]
        Description=Refresh the saved weather now and then (weather refresh)
        Documentation=man:weather(1)

        [Timer]
        @SCHEDULE@
        # Soon after login or boot, and after a sleep that skipped runs; weather refresh does nothing while the
        # saved result is still fresh.
        OnStartupSec=1min
        Persistent=true
        # Thousands of users must not call the service in the same second, nor on the hour: each user's runs fall
        # at a delay of their own within RandomizedDelaySec (a hash of machine id, user and unit name).
        AccuracySec=30s
        RandomizedDelaySec=@SPREAD@
        FixedRandomDelay=true

        [Install]
        WantedBy=timers.target

        """

    /// The service that runs `executable refresh` with `environment`, allowed a little more than `budget`.
    /// Throws, naming the value, when a value cannot be written into a unit file as it is.
    package static func service(
        executable: String?, environment: [(name: String, value: String)], budget: Double
    ) throws(BackgroundRefreshError) -> String {
        var assignments: [String] = []
        for (name, value) in environment {
            assignments.append("Environment=" + quoted(name + "=" + (try checked(value, naming: name))))
        }
        return filling(
            serviceTemplate,
            with: [
                "EXECUTABLE": quoted(
                    try checked(executable, naming: tr("the path of this weather program"), executable: true)),
                "ENVIRONMENT": assignments.joined(separator: "\n"),
                "TIMEOUT": DurationText.compact(budget + 10),
            ])
    }

    /// The timer that starts the service every `interval` seconds.
    package static func timer(every interval: Double) -> String {
        filling(
            timerTemplate,
            with: [
                "SCHEDULE": schedule(every: interval),
                "SPREAD": DurationText.compact(spread(for: interval)),
            ])
    }

    /// `template` with each `@NAME@` replaced by `values[NAME]`, in one pass; other text, `@` signs
    /// included, stays as it is. (The standard library's `replacing` costs a hundred times more.)
    static func filling(_ template: String, with values: [String: String]) -> String {
        let bytes = Array(template.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 512)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "@"), let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "@")),
                let value = values[String(decoding: bytes[(index + 1)..<end], as: UTF8.self)]
            {
                result += value.utf8
                index = end + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// How an interval lines up with the clock, so that runs can fall a little after the data's update
    /// times: every so many minutes within the hour, or every so many hours within the day.
    package enum ClockStep: Equatable, Sendable {
        case minutes(Int)
        case hours(Int)

        /// The step in seconds.
        package var seconds: Int {
            switch self {
            case .minutes(let minutes): minutes * 60
            case .hours(let hours): hours * 3600
            }
        }

        /// The step for `interval`, or `nil` when it divides neither an hour nor a day (or is too short
        /// to start `publishDelayMinutes` into it).
        package init?(every interval: Double) {
            let seconds = Int(saturating: interval.rounded())
            guard seconds > 0 else { return nil }
            if seconds % 60 == 0, 3600 % seconds == 0, seconds < 3600, seconds / 60 > publishDelayMinutes {
                self = .minutes(seconds / 60)
            } else if seconds % 3600 == 0, 86_400 % seconds == 0 {
                self = .hours(seconds / 3600)
            } else {
                return nil
            }
        }
    }

    /// `OnCalendar=` a few minutes past the data's update times when `interval` divides an hour or a day;
    /// otherwise a plain period from the timer's start.
    package static func schedule(every interval: Double) -> String {
        let offset = String(publishDelayMinutes).leftPadded(to: 2)
        switch ClockStep(every: interval) {
        case .minutes(let minutes)?:
            return "OnCalendar=*-*-* *:\(offset)/\(minutes):00"
        case .hours(let hours)?:
            return "OnCalendar=*-*-* 00/\(hours):\(offset):00"
        case nil:
            let period = DurationText.compact(interval)
            return "OnActiveSec=\(period)\nOnUnitActiveSec=\(period)"
        }
    }

    /// How far after the clock times each user's runs fall (`RandomizedDelaySec=`, fixed per user, see
    /// `FixedDelay`), so that the fleet's requests are as flat as freshness allows (`make bench-fleet`
    /// measures it): the first half of the interval for intervals up to the data's 15 minutes (mean age
    /// of shown data about 13 minutes, at most 45 requests a second from 10,000 users); for longer ones,
    /// all of it but 150 s, since a run later than the interval less the 2 minutes' publishing delay and
    /// `AccuracySec=` would land after the next clock time, and systemd would skip that one. A period
    /// from the timer's start (`OnUnitActiveSec=`) grows by the delay at every run, and users' periods
    /// start when they log in, already spread: a minute is enough there.
    package static func spread(for interval: Double) -> Double {
        guard ClockStep(every: interval) != nil else { return min(60, interval / 10).rounded() }
        let latest = interval - Double(publishDelayMinutes * 60) - accuracy
        return (interval <= Freshness.defaultInterval ? interval / 2 : latest).rounded()
    }

    /// `AccuracySec=`: how much later than its moment systemd may start a run, to wake less often; the
    /// providers' data intervals allow for it (`ScheduledRuns`).
    static let accuracy = ScheduledRuns.lateness

    /// A value that can be written into a unit file, or an error naming it: control characters (a line
    /// break would start a directive of its own) and text that is not UTF-8 (`nil`) are refused, and in a
    /// program's path the quotes and backslashes that systemd refuses there.
    package static func checked(_ value: String?, naming what: String, executable: Bool = false)
        throws(BackgroundRefreshError)
        -> String
    {
        guard let value else {
            throw .unsafeForUnit(
                what: what, value: nil,
                problem: tr(
                    "is not UTF-8 text naming a file (a program run from memory?), which a systemd unit file cannot hold"
                ))
        }
        if value.containsControlCharacters {
            throw .unsafeForUnit(
                what: what, value: value,
                problem: tr(
                    "contains a control character such as a line break, which a systemd unit file cannot hold"))
        }
        if executable, value.contains(any: Self.refusedInPath) {
            throw .unsafeForUnit(
                what: what, value: value,
                problem: tr("contains a quote or a backslash, which systemd refuses in a program's path"))
        }
        return value
    }

    /// The one way a checked value enters a unit file: in double quotes, backslashes and quotes escaped
    /// and `%` doubled (systemd's specifiers). `$` stays as it is: `Environment=` does not expand
    /// variables, and `ExecStart=` runs its program's path as written.
    package static func quoted(_ value: String) -> String {
        "\""
            + value.escaping(Self.special) { byte, output in
                output += byte == UInt8(ascii: "%") ? [byte, byte] : [UInt8(ascii: "\\"), byte]
            } + "\""
    }

    /// What `quoted` escapes: a backslash or a quote with a backslash, `%` as `%%`.
    package static let special = SpecialBytes("\\\"%")
    /// What systemd refuses in a program's path, whatever character follows it.
    static let refusedInPath = SpecialBytes("\"'\\")
}
