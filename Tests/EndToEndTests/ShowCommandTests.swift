import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

@Suite("weather show")
struct ShowCommandTests {
    @Test("a pipe is served from the cache and never touches the network, even when stale")
    func pipeNeverFetches() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        let fresh = try sandbox.run("show")
        #expect(fresh.status == 0)
        #expect(fresh.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy\n"))
        #expect(fresh.stdout.hasSuffix("Updated just now · Data: Open-Meteo\n"))
        let stale = try sandbox.run(["show"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(stale.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)\n"))
        #expect(stale.stdout.hasSuffix("Updated just now · Data: Open-Meteo\n"))
        #expect(try sandbox.run("show", "--json").status == 0)
        #expect(try sandbox.run([], environment: ["WEATHER_STALE_AFTER": "0"]).stdout == stale.stdout)
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("a terminal refreshes a stale result with exactly one request, and a fresh one with none")
    func terminalRefreshesWhenStale() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        let fresh = try sandbox.run(["show"], terminal: true)
        #expect(fresh.status == 0)
        #expect(try sandbox.requestCount() == 0)
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        let stale = try sandbox.run(
            ["show"], environment: ["WEATHER_STALE_AFTER": "0", "NO_COLOR": "1"], terminal: true)
        #expect(stale.status == 0, "\(stale)")
        // The saved result at once, marked as being refreshed; then, over it, the new one.
        #expect(stale.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)\n"))
        let redrawn = try #require(stale.stdout.split(separator: "\u{1B}[J").last)
        #expect(stale.stdout.contains("Updated just now · Data: Open-Meteo, refreshing…\n\u{1B}[5F\u{1B}[J"))
        #expect(redrawn.hasPrefix("Berlin, Land Berlin, Germany: 🌧️ 10.4 °C, slight rain (stale)\n"), "stale after 0 s")
        #expect(try sandbox.requestCount(.forecast) == 1)
        #expect(try sandbox.requestCount(.search) == 0)
    }

    @Test("--refresh acts as a terminal in a pipe; --cached never fetches in a terminal")
    func flags() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.clearRequests()
        let stale = ["WEATHER_STALE_AFTER": "0"]
        #expect(try sandbox.run(["show", "--cached"], environment: stale, terminal: true).status == 0)
        #expect(try sandbox.requestCount() == 0)
        #expect(try sandbox.run(["show", "--refresh"]).status == 0)
        #expect(try sandbox.requestCount() == 0, "fresh: --refresh has nothing to do")
        #expect(try sandbox.run(["show", "--refresh"], environment: stale).status == 0)
        #expect(try sandbox.requestCount(.forecast) == 1)
        let both = try sandbox.run("show", "--refresh", "--cached")
        #expect(both.status == 64)
        #expect(both.stderr.contains("--refresh"))
    }

    @Test("a failed refresh prints the saved result with a one-line warning and exits 0")
    func failedRefresh() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(status: 500, body: "")])
        let run = try sandbox.run(["show", "--refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("10.9 °C, partly cloudy (stale)\n"))
        #expect(run.stderr.hasPrefix("weather: could not refresh: the forecast service at "))
        #expect(
            run.stderr.hasSuffix(
                "is having trouble (HTTP 500 Internal Server Error); try again later; showing the result from just now\n"
            ))
        #expect(run.errorLines.count == 1)
    }

    @Test("--json prints one object with the contract's fields")
    func json() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let run = try sandbox.run("show", "--json")
        #expect(run.status == 0)
        #expect(run.stdout.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let location = try #require(object["location"] as? [String: Any])
        #expect(location["name"] as? String == "Berlin")
        #expect(location["country"] as? String == "Germany")
        #expect(location["latitude"] as? Double == 52.52437)
        #expect(location["longitude"] as? Double == 13.41053)
        #expect(object["temperature"] as? Double == 10.9)
        #expect(object["stale"] as? Bool == false)
        let updatedAt = try #require(object["updatedAt"] as? String)
        let parsed = try #require(ISO8601DateFormatter().date(from: updatedAt))
        #expect(parsed == sandbox.date)
    }

    @Test("no saved place: a non-zero exit and the command to run")
    func noLocation() throws {
        let sandbox = try Sandbox(at: .fixtures)
        for arguments in [["show"], [], ["show", "--json"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 1)
            #expect(
                run.stderr
                    == "weather: no place saved yet; run weather set <city> first, for example: weather set Berlin\n")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("a corrupt cache is reported and treated as empty; a terminal fetches it again")
    func corruptCache() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write("{\"format\":1,\"loc", to: sandbox.resultFile)
        // A pipe says the file is damaged, once, and not that nothing was fetched yet.
        let damage = "\(sandbox.resultFile) is damaged (not valid JSON"
        let piped = try sandbox.run("show")
        #expect(piped.status == 1)
        #expect(piped.errorLines.count == 1, "\(piped)")
        #expect(piped.errorLines.first?.hasPrefix("weather: " + damage) == true, "\(piped)")
        #expect(
            piped.stderr.hasSuffix("; run weather refresh to fetch it again now, or leave it to the next fetch\n"),
            "\(piped)")
        for arguments in [["--short"], ["show", "--cached"], ["show", "--format", "%t"], ["forecast"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 1 && run.stderr == piped.stderr, "\(arguments): \(run)")
        }
        // The waybar tooltip names the damage, through the fast path and the parser.
        for arguments in [["--waybar"], ["show", "--waybar", "--cached"]] {
            let waybar = try sandbox.run(arguments)
            #expect(waybar.status == 0, "\(waybar)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any], "\(waybar)")
            #expect(object["class"] as? [String] == ["error"])
            #expect((object["tooltip"] as? String)?.hasPrefix("weather: " + damage) == true, "\(waybar)")
            #expect(waybar.errorLines.count == 1, "\(waybar)")
        }
        let terminal = try sandbox.run(["show"], terminal: true)
        #expect(terminal.status == 0)
        #expect(terminal.stdout.contains("10.9 °C"))
        #expect(try sandbox.run("show").stderr.isEmpty)
    }

    @Test("a corrupt config file is reported by its path")
    func corruptConfig() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.write("{\"timeout\": 5,", to: sandbox.configFile)
        let run = try sandbox.run("show")
        #expect(run.status == 78)
        #expect(run.stderr.hasPrefix("weather: \(sandbox.configFile): not valid JSON ("))
        #expect(run.stderr.hasSuffix("; fix or remove the file\n"))
    }

    @Test("settings from config.json are used; the environment wins")
    func configFile() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write("{\"stale_after\": 0}", to: sandbox.configFile)
        #expect(try sandbox.run("show").stdout.contains("(stale)\n"))
        #expect(!(try sandbox.run(["show"], environment: ["WEATHER_STALE_AFTER": "1h"]).stdout.contains("(stale)")))
    }

    @Test("colour only in a terminal, and never with NO_COLOR set to something")
    func colour() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        #expect(try sandbox.run(["show"], terminal: true).stdout.contains("\u{1B}[1mBerlin"))
        #expect(try sandbox.run(["show"], environment: ["NO_COLOR": ""], terminal: true).stdout.contains("\u{1B}[1m"))
        #expect(!(try sandbox.run(["show"], environment: ["NO_COLOR": "1"], terminal: true).stdout.contains("\u{1B}")))
        #expect(try sandbox.run("show", "--color", "always").stdout.contains("\u{1B}[1mBerlin"))
        #expect(!(try sandbox.run("show").stdout.contains("\u{1B}")))
    }

    @Test("the stale mark of a line is coloured as the text's is, where colour is on; never in JSON or waybar's")
    func staleMarkColour() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let stale = ["WEATHER_STALE_AFTER": "0"]
        let mark = "\u{1B}[33m(stale)\u{1B}[0m"
        let text = try sandbox.run(["show", "--color", "always"], environment: stale)
        #expect(text.stdout.contains(mark), "\(text)")
        for arguments in [
            ["--short", "--color", "always"], ["show", "-s", "--color=always"],
            ["show", "--format", "%t %o", "--color", "always"],
        ] {
            let run = try sandbox.run(arguments, environment: stale)
            #expect(run.status == 0 && run.stdout.hasSuffix(" " + mark + "\n"), "\(arguments): \(run)")
        }
        #expect(try sandbox.run(["show", "--short"], environment: stale, terminal: true).stdout.contains(mark))
        for (arguments, environment, terminal) in [
            (["show", "--short"], stale, false), (["show", "--short", "--color", "never"], stale, true),
            (["show", "--short"], stale.merging(["NO_COLOR": "1"]) { $1 }, true),
            (["show", "--waybar", "--color", "always"], stale, false),
            (["--waybar", "--color", "always"], stale, true),
            (["show", "--json", "--color", "always"], stale, false),
        ] {
            let run = try sandbox.run(arguments, environment: environment, terminal: terminal)
            #expect(run.status == 0 && run.stdout.contains("stale"), "\(arguments): \(run)")
            #expect(!run.stdout.contains("\u{1B}"), "\(arguments): \(run)")
        }
    }
}

@Suite("weather show in a person's terminal")
struct TerminalShowTests {
    @Test(
        "a stale result at once, a spinner on the terminal while the request is under way, then the new values over the old"
    )
    func spinnerAndRedraw() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 1)])
        let run = try sandbox.run(
            ["show"], environment: ["WEATHER_STALE_AFTER": "0", "NO_COLOR": "1"], terminal: true,
            errorsToTerminal: true)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)\n"))
        #expect(run.stdout.contains("Updated just now · Data: Open-Meteo, refreshing…\n"))
        #expect(
            run.stdout.contains("⠋ Refreshing the weather for Berlin…"),
            "a spinner frame: \(run.stdout.debugDescription)")
        // The spinner's line cleared, the cursor back up over the five lines, and the new values.
        let redrawn = try #require(run.stdout.split(separator: "\r\u{1B}[K\u{1B}[5F\u{1B}[J").last)
        #expect(redrawn.hasPrefix("Berlin, Land Berlin, Germany: 🌧️ 10.4 °C, slight rain"))
        #expect(try sandbox.requestCount(.forecast) == 2)
    }

    @Test("a hanging service gets the interactive budget, and the saved result stays with a one-line note")
    func interactiveTimeout() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 20)])
        let run = try sandbox.run(
            ["show"], environment: ["WEATHER_STALE_AFTER": "0", "WEATHER_INTERACTIVE_TIMEOUT": "1", "NO_COLOR": "1"],
            terminal: true)
        #expect(run.status == 0, "\(run)")
        let redrawn = try #require(run.stdout.split(separator: "\u{1B}[J").last)
        #expect(redrawn.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)\n"))
        #expect(redrawn.hasSuffix("Updated just now · Data: Open-Meteo\n"))
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.contains("within the time budget of 1 s (WEATHER_INTERACTIVE_TIMEOUT)"))
        #expect(run.stderr.hasSuffix("showing the result from just now\n"))
    }

    @Test("stopped during the refresh: the saved result stays on the screen, no longer said to be refreshing")
    func stoppedRefresh() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json", delay: 20)])
        let script = "\"$0\" show & pid=$!; sleep 1; kill -TERM $pid; wait $pid"
        let run = try sandbox.run(
            program: "/bin/sh", ["-c", script, TestPaths.weatherBinary],
            environment: ["WEATHER_STALE_AFTER": "0", "NO_COLOR": "1"], terminal: true)
        #expect(run.status == 128 + SIGTERM, "\(run)")
        let redrawn = try #require(run.stdout.split(separator: "\u{1B}[J").last)
        #expect(redrawn.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy (stale)\n"))
        #expect(redrawn.hasSuffix("Updated just now · Data: Open-Meteo\n"))
        #expect(run.stderr == "weather: stopped by SIGTERM before it finished; everything saved is as it was\n")
    }

    @Test("set shows that it is working, on a terminal only")
    func setProgress() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(.search, [.init(fixture: "open-meteo/geocoding/berlin.json", delay: 1)])
        let run = try sandbox.run(
            ["set", "Berlin"], environment: ["NO_COLOR": "1"], terminal: true, errorsToTerminal: true)
        #expect(run.status == 0)
        #expect(run.stdout.contains("⠋ Looking up Berlin and its weather…\r\u{1B}[K"))
        let piped = try sandbox.run(["set", "Berlin"])
        #expect(!piped.stderr.contains("Looking up"))
        #expect(!piped.stdout.contains("Looking up"))
    }
}

@Suite("weather show for status bars")
struct StatusBarOutputTests {
    /// The object `show --waybar` printed, parsed.
    func waybar(_ run: Sandbox.Run) throws -> [String: Any] {
        #expect(run.stdout.hasSuffix("\n") && run.stdout.split(separator: "\n").count == 1, "one line: \(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test("--waybar is one line of JSON with text, tooltip and the classes a stylesheet needs")
    func waybarClasses() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let none = try waybar(try sandbox.run("show", "--waybar"))
        #expect(none["class"] as? [String] == ["none"])
        #expect(none["text"] as? String == "")
        try sandbox.setBerlin()
        let fresh = try waybar(try sandbox.run("show", "--waybar"))
        #expect(fresh["text"] as? String == "Berlin ☁️🌙 11°C")
        #expect(fresh["class"] as? [String] == ["fresh", "cloudy", "night"])
        #expect(fresh["alt"] as? String == "partly-cloudy-night")
        #expect(
            (fresh["tooltip"] as? String)?.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy\n")
                == true
        )
        let stale = try waybar(try sandbox.run(["show", "--waybar"], environment: ["WEATHER_STALE_AFTER": "0"]))
        #expect(stale["class"] as? [String] == ["stale", "cloudy", "night"])
        #expect(stale["text"] as? String == "Berlin ☁️🌙 11°C (stale)")
        let imperial = try waybar(try sandbox.run("show", "--waybar", "--units", "imperial", "--format", "%t %w"))
        #expect(imperial["text"] as? String == "52°F ↗9mph")
        try sandbox.write("{\"format\":", to: sandbox.resultFile)
        let broken = try sandbox.run("show", "--waybar")
        #expect(broken.status == 0, "waybar hides a module whose command fails")
        #expect(try waybar(broken)["class"] as? [String] == ["error"])
        #expect(broken.stderr.contains("weather: "))
    }

    @Test("--short and --format print one line; the format setting is the short line")
    func shortLine() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        #expect(try sandbox.run("show", "--short").stdout == "Berlin ☁️🌙 11°C\n")
        #expect(
            try sandbox.run(["show", "--short"], environment: ["WEATHER_ICONS": "ascii"]).stdout == "Berlin m 11°C\n")
        #expect(
            try sandbox.run(["show", "--short"], environment: ["WEATHER_FORMAT": "%c %t %h", "WEATHER_UNITS": "si"])
                .stdout == "☁️🌙 11°C 81%\n")
        try sandbox.write(#"{"format": "%t %y"}"#, to: sandbox.configFile)
        let bad = try sandbox.run("show", "--short")
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("\"format\" must be a format such as"))
        #expect(bad.stderr.contains("%y is not a format code"))
    }
}

/// The stale mark of a status bar: only when the timer's replacement is overdue.
@Suite("The stale mark, end to end")
struct StaleMarkTests {
    /// Rewrites the saved result's times as seconds from now: new values exist `staleAgo` seconds ago,
    /// and the replacement is overdue `overdueIn` seconds from now.
    func rewrite(_ sandbox: Sandbox, staleAgo: Double, overdueIn: Double) throws {
        let data = try #require(sandbox.contents(sandbox.resultFile))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let now = sandbox.now
        object["observedAt"] = now - staleAgo - 1020
        object["updatedAt"] = now - staleAgo - 900
        object["staleAt"] = now - staleAgo
        object["overdueAt"] = now + overdueIn
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: sandbox.resultFile))
    }

    @Test(
        "a partly cloudy night shows the partly cloudy icon, never the overcast one, in every icon set",
        arguments: [("emoji", "☁️🌙", "☁️"), ("nerd", "\u{E37E}", "\u{E312}"), ("ascii", "m", "mmm")])
    func partlyCloudyNight(icons: String, partly: String, overcast: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()  // partly cloudy, at night, in the fixture
        let environment = ["WEATHER_ICONS": icons]
        let line = try sandbox.run(["show", "--format", "%c|%C"], environment: environment)
        #expect(line.stdout == partly + "|Partly cloudy\n", "\(line)")
        let waybar = try sandbox.run(["show", "--waybar"], environment: environment)
        #expect(waybar.stdout.contains("\"alt\":\"partly-cloudy-night\""), "\(waybar)")
        #expect(waybar.stdout.contains("Germany: \(partly) 10.9 °C, partly cloudy"), "\(waybar)")
        // The forecast's hours: each night hour's icon by its code, 2 partly cloudy, 3 overcast.
        let json = try sandbox.run("forecast", "--json", "--hours", "48", "--days", "0")
        let text = try sandbox.run(["forecast", "--hours", "48", "--days", "0"], environment: environment)
        let hours = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["hourly"]
                as? [[String: Any]])
        let rows = text.stdout.split(separator: "\n").filter {
            $0.range(of: #"^  \d\d:\d\d  "#, options: .regularExpression) != nil
        }
        #expect(rows.count == hours.count, "\(text)")
        var checked = 0
        for (hour, row) in zip(hours, rows) where hour["isDay"] as? Bool == false {
            let icon = row.split(separator: " ")[1]
            switch hour["weatherCode"] as? Int {
            case 2: #expect(icon == partly, "\(row)")
            case 3: #expect(icon == overcast, "\(row)")
            default: continue
            }
            checked += 1
        }
        #expect(checked > 5, "the fixture has partly cloudy and overcast nights")
    }

    @Test("past the data's interval but before the run is overdue: not stale for a bar or --json; a terminal fetches")
    func notOverdue() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try rewrite(sandbox, staleAgo: 120, overdueIn: 300)
        try sandbox.server.clearRequests()
        let json = try sandbox.run("show", "--json")
        #expect(json.stdout.contains("\"stale\":false"), "\(json)")
        let bar = try sandbox.run("show", "--waybar")
        #expect(bar.stdout.contains("\"class\":[\"fresh\""), "\(bar)")
        #expect(try sandbox.requestCount() == 0)
        // Someone looking gets the new values: one request.
        let terminal = try sandbox.run(["show"], environment: ["NO_COLOR": "1"], terminal: true)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(try sandbox.requestCount(.forecast) == 1)

        try rewrite(sandbox, staleAgo: 600, overdueIn: -1)
        let overdue = try sandbox.run("show", "--json")
        #expect(overdue.stdout.contains("\"stale\":true"), "\(overdue)")
    }

    @Test("set saves when the replacement is overdue: the user's first run after new values exist, plus a grace")
    func overdueSaved() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run(["set", "Berlin"], environment: ["TZ": "UTC"]).status == 0)
        let data = try #require(sandbox.contents(sandbox.resultFile))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let staleAt = try #require(object["staleAt"] as? Double)
        let overdueAt = try #require(object["overdueAt"] as? Double)
        let delay = FixedDelay.current().seconds(within: RefreshUnits.spread(for: 900))
        // Runs at :02, :17, :32, :47 plus the delay.
        let firstRun = ((staleAt - 120 - delay) / 900).rounded(.up) * 900 + 120 + delay
        // Kept in whole seconds, rounded up.
        #expect(overdueAt == (firstRun + RunSchedule.grace).rounded(.up))
        #expect(overdueAt - staleAt <= 900 + RunSchedule.grace)
    }
}
