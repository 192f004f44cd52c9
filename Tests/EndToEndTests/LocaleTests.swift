import Foundation
import TestSupport
import Testing

/// `weather` run in real locales, as a user's system has them (`TestLocales`): C and English print what
/// weather always printed, byte for byte, but for the clock of a locale that reads 12 hours.
@Suite("weather in the user's locale")
struct LocaleTests {
    /// What people and scripts read of the saved Berlin, in one environment.
    static func outputs(_ sandbox: Sandbox, _ environment: [String: String]) throws -> [String] {
        try [
            ["show"], ["show", "--json"], ["show", "--waybar"], ["show", "--format", "%l %C %t %f %w %S %s %o"],
            ["forecast", "--hours", "6", "--days", "3"], ["forecast", "--json", "--hours", "2", "--days", "1"],
            ["search", "London"], ["schedule"], ["show", "Atlantis"], ["--help"], ["show", "--help"],
        ].map { arguments in
            let run = try sandbox.run(arguments, environment: environment)
            return Self.ageless(run.stdout + run.stderr)
        }
    }

    /// `text` without the result's age, which moves on while the test runs: "Updated just now" and
    /// "Updated 1 min ago" read alike, and so do `"age":4` and `"age":70`.
    static func ageless(_ text: String) -> String {
        text.replacingOccurrences(of: #"Updated [^\n"\\]*"#, with: "Updated …", options: .regularExpression)
            .replacingOccurrences(of: #""age":[0-9]+"#, with: #""age":0"#, options: .regularExpression)
    }

    /// The golden file `name` of `Tests/Golden/`, as committed: what weather printed before it spoke other
    /// languages (read here, never recorded: `expectGolden`'s tests record them).
    static func golden(_ name: String) throws -> String {
        try String(contentsOfFile: TestPaths.repository + "/Tests/Golden/" + name, encoding: .utf8)
    }

    @Test("C, POSIX and British English print the goldens, and all else as C.UTF-8, whatever LANGUAGE says")
    func sameAsBefore() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // show's text, --help and show --help are the committed goldens of today's output, byte for byte
        // (the age aside); what has no golden (the forecast, search, schedule, the JSON forms) is compared
        // with C.UTF-8's.
        let goldens = [
            (0, try Self.ageless(Self.golden("show-fresh.txt"))), (9, try Self.golden("help.txt")),
            (10, try Self.golden("help-show.txt")),
        ]
        let before = try Self.outputs(sandbox, [:])
        for (index, golden) in goldens { #expect(before[index] == golden, "C.UTF-8, output \(index)") }
        let british = try TestLocales.environment("en_GB.UTF-8")
        for environment in [
            ["LANG": "C"], ["LANG": "POSIX"], ["LC_ALL": "C", "LANG": "de_DE.UTF-8"], ["LANG": "C", "LANGUAGE": "de"],
            ["LC_ALL": "POSIX", "LANGUAGE": "uk:de"], british, british.merging(["LANGUAGE": "en_GB:en"]) { $1 },
        ] {
            let outputs = try Self.outputs(sandbox, environment)
            for (index, golden) in goldens { #expect(outputs[index] == golden, "\(environment), output \(index)") }
            #expect(outputs == before, "\(environment)")
        }
    }

    /// The paths `weather arguments...` opens or looks for (`open`, `openat`, `access`), as strace sees them,
    /// in `environment`; skips the test, saying why, where strace is missing or may not trace.
    static func opened(_ sandbox: Sandbox, _ arguments: [String], _ environment: [String: String]) throws -> [String] {
        let strace = "/usr/bin/strace"
        try Requirement.locales.check(
            FileManager.default.isExecutableFile(atPath: strace), "strace is not installed (apt-get install strace)")
        let log = sandbox.root + "/strace-\(UUID().uuidString).log"
        let run = try sandbox.run(
            program: strace,
            ["-f", "-qq", "-e", "trace=openat,open,access", "-o", log, TestPaths.weatherBinary] + arguments,
            environment: environment)
        if run.status != 0, run.stderr.contains("ptrace") {
            try Requirement.locales.skip("strace may not trace here: \(run.stderr)")
        }
        #expect(run.status == 0, "\(arguments) in \(environment): \(run)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        // 4242 openat(AT_FDCWD, "/usr/lib/locale/locale-archive", O_RDONLY|O_CLOEXEC) = 3
        return calls.compactMap { call in
            guard let open = call.firstIndex(of: "\""),
                let close = call[call.index(after: open)...].firstIndex(of: "\"")
            else { return nil }
            return String(call[call.index(after: open)..<close])
        }
    }

    @Test("C, C.UTF-8 and English open no catalogue nor any locale's messages; German opens its weather.mo")
    func noCatalogueInEnglish() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let english = [
            ["LANG": "C"], ["LANG": "C.UTF-8"], ["LANG": "POSIX", "LANGUAGE": "de"],
            try TestLocales.environment("en_GB.UTF-8"), try TestLocales.environment("en_US.UTF-8"),
        ]
        for environment in english {
            for arguments in [["show"], ["forecast", "--hours", "3", "--days", "2"]] {
                let paths = try Self.opened(sandbox, arguments, environment)
                #expect(paths.contains { $0.hasSuffix("/weather/current.json") }, "the trace saw show: \(paths)")
                // A catalogue, or a locale's messages (SYS_LC_MESSAGES, where a locale is not in the archive).
                let catalogues = paths.filter { $0.hasSuffix(".mo") || $0.contains("LC_MESSAGES") }
                #expect(catalogues.isEmpty, "\(arguments) in \(environment) opened \(catalogues)")
            }
        }
        // The control: German opens its catalogue, which the tests compiled beside the program.
        let german = try Self.opened(sandbox, ["show"], try TestLocales.environment("de_DE.UTF-8"))
        #expect(german.contains { $0.hasSuffix("/locale/de/LC_MESSAGES/weather.mo") }, "\(german)")
    }

    /// "7:17 AM" for "07:17", "2 PM" for "14:00" with `hourOnly`.
    static func twelveHour(_ clock: Substring, hourOnly: Bool = false) -> String {
        let hour = Int(clock.prefix(2))!
        let shown = hour % 12 == 0 ? 12 : hour % 12
        let half = hour < 12 ? "AM" : "PM"
        return hourOnly ? "\(shown) \(half)" : "\(shown):\(clock.suffix(2)) \(half)"
    }

    @Test("American English reads a 12-hour clock, the words and numbers as before")
    func american() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let american = try TestLocales.environment("en_US.UTF-8")
        let c = try sandbox.run("show")
        let us = try sandbox.run(["show"], environment: american)
        #expect(us.status == 0, "\(us)")
        // Sunrise 07:17, sunset 18:29 in C; Sunrise 7:17 AM, sunset 6:29 PM here, and nothing else differs.
        let sun = try #require(c.stdout.split(separator: "\n").first { $0.hasPrefix("Sunrise ") })
        let times = sun.split(separator: " ").compactMap {
            $0.count >= 5 && $0.dropLast().contains(":") ? $0.prefix(5) : nil
        }
        #expect(times.count == 2, "\(sun)")
        var expected = c.stdout
        for time in times { expected = expected.replacingOccurrences(of: String(time), with: Self.twelveHour(time)) }
        #expect(us.stdout == expected, "\(us.stdout)")
        #expect(us.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy\n"))

        // The forecast's hours: "2 PM" where C writes "14:00", and the days' sunrise and sunset likewise.
        let forecast = try sandbox.run(["forecast", "--hours", "4", "--days", "2"], environment: american)
        let cForecast = try sandbox.run(["forecast", "--hours", "4", "--days", "2"])
        let rows = forecast.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        let cRows = cForecast.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(rows.count == cRows.count && rows.count >= 6, "\(forecast.stdout)")
        for (row, cRow) in zip(rows, cRows) where cRow.dropFirst(2).first?.isNumber == true {
            let hour = Self.twelveHour(cRow.dropFirst(2).prefix(5), hourOnly: true)
            #expect(row.dropFirst(2).hasPrefix(hour + " "), "\(row) for \(cRow)")
        }
        #expect(forecast.stdout.contains(" AM, sunset "), "\(forecast.stdout)")
        // JSON and the waybar classes are never the locale's; --json has no conditionText in English.
        let json = try sandbox.run(["show", "--json"], environment: american)
        #expect(json.stdout.contains("\"condition\":\"partly cloudy\"") && !json.stdout.contains("conditionText"))
        let waybar = try sandbox.run(["show", "--waybar"], environment: american)
        #expect(waybar.stdout.contains("\"class\":[\"fresh\",\"cloudy\""), "\(waybar.stdout)")
    }

    @Test(
        "German: its words, a decimal comma, a 24-hour clock, its weekdays; JSON keys and waybar classes as ever",
        arguments: TestMoment.hard)
    func german(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment)
        try sandbox.setBerlin()
        let german = try TestLocales.environment("de_DE.UTF-8")
        let show = try sandbox.run(["show"], environment: german.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(show.status == 0, "\(show)")
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Berlin, Land Berlin, Germany: ☁️🌙 10,9 °C, teilweise bewölkt (veraltet)", "\(show)")
        // The percentage as German writes it, with a no-break space (CLDR's "#,##0 %").
        #expect(lines.dropFirst().first == "Gefühlt 8,2 °C, Luftfeuchte 81\u{A0}%, Wind 14 km/h aus SW, Böen 30 km/h")
        #expect(lines.contains { $0.hasPrefix("Heute: Höchstwert ") && $0.contains(" °C, Tiefstwert ") })
        #expect(lines.contains { $0.hasPrefix("Sonnenaufgang 07:17, Sonnenuntergang 18:29, Luftdruck ") })
        #expect(
            lines.last == "Aktualisiert gerade eben · Daten: Open-Meteo"
                || lines.last?.hasPrefix("Aktualisiert vor ") == true
                    && lines.last?.hasSuffix(" · Daten: Open-Meteo") == true,
            "\(show)")

        let short = try sandbox.run(
            ["show", "--short"], environment: german.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(short.stdout == "Berlin ☁️🌙 11°C (veraltet)\n", "the status bar's mark in words, in the language")
        let waybar = try sandbox.run(
            ["show", "--waybar"], environment: german.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(waybar.stdout.contains("\"class\":[\"stale\",\"cloudy\""), "the classes stay: \(waybar.stdout)")
        #expect(waybar.stdout.contains("\"text\":\"Berlin ☁️🌙 11°C (veraltet)\""), "\(waybar.stdout)")

        let json =
            try JSONSerialization.jsonObject(
                with: Data(try sandbox.run(["show", "--json"], environment: german).stdout.utf8)) as? [String: Any]
        #expect(json?["condition"] as? String == "partly cloudy")
        #expect(json?["conditionText"] as? String == "teilweise bewölkt")
        #expect(json?["temperature"] as? Double == 10.9)

        let forecast = try sandbox.run(["forecast", "--hours", "3", "--days", "2"], environment: german)
        let heading = try #require(forecast.stdout.split(separator: "\n").first)
        #expect(heading == "Berlin, Land Berlin, Germany: die nächsten 3 Stunden und 2 Tage", "\(forecast)")
        let weekdays = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]
        let day = try #require(forecast.stdout.split(separator: "\n").dropFirst().first)
        // "Do 26. Nov": the weekday as the locale abbreviates it, the day as German writes it.
        #expect(weekdays.contains { day.hasPrefix($0 + " ") } && day.split(separator: " ")[1].hasSuffix("."), "\(day)")
        #expect(forecast.stdout.contains("Sonnenaufgang 07:17"), "\(forecast.stdout)")
        #expect(forecast.stdout.contains(" mm"), "\(forecast.stdout)")
        #expect(!forecast.stdout.contains(" AM") && !forecast.stdout.contains("sunrise"))

        let failed = try sandbox.run(["set", "Atlantis"], environment: german)
        #expect(failed.status == 1)
        #expect(
            failed.stderr
                == "weather: kein Ort namens „Atlantis“ gefunden; prüfen Sie die Schreibweise, oder versuchen Sie eine größere Stadt in der Nähe\n"
        )
        let help = try sandbox.run(["--help"], environment: german)
        #expect(help.stdout.hasPrefix("OVERVIEW: Das aktuelle Wetter für einen gespeicherten Ort, stets bereit."))
        let usage = try sandbox.run(["forecast", "--days", "9"], environment: german)
        #expect(usage.status == 64 && usage.stderr.contains("--days muss zwischen 0 und 7 liegen, nicht 9"), "\(usage)")
    }

    @Test("Ukrainian: Cyrillic words, three plural forms as ngettext picks them, a decimal comma, its weekdays")
    func ukrainian() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let ukrainian = try TestLocales.environment("uk_UA.UTF-8")
        let show = try sandbox.run(["show"], environment: ukrainian.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        let lines = show.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Berlin, Land Berlin, Germany: ☁️🌙 10,9 °C, мінлива хмарність (застаріле)", "\(show)")
        #expect(
            lines.dropFirst().first == "Відчувається як 8,2 °C, вологість 81%, вітер 14 км/год з ПдЗх, пориви 30 км/год"
        )
        #expect(lines.contains { $0.hasPrefix("Схід сонця 07:17, захід сонця 18:29, тиск ") }, "\(show)")
        #expect(
            lines.last == "Оновлено щойно · Дані: Open-Meteo"
                || lines.last?.hasSuffix(" хв тому · Дані: Open-Meteo") == true,
            "\(show)")

        // One, a few, many: 1, 21 and 31 take the first form, 2 to 4 and 22 the second, 5 to 20 the third.
        for (hours, heading) in [
            (1, "наступна 1 година"), (2, "наступні 2 години"), (5, "наступні 5 годин"), (11, "наступні 11 годин"),
            (21, "наступна 21 година"), (22, "наступні 22 години"),
        ] {
            let forecast = try sandbox.run(
                ["forecast", "--hours", String(hours), "--days", "0"], environment: ukrainian)
            #expect(forecast.stdout.hasPrefix("Berlin, Land Berlin, Germany: \(heading)\n"), "\(forecast)")
        }
        let days = try sandbox.run(
            ["forecast", "--hours", "0", "--days", "5", "--icons", "ascii"], environment: ukrainian)
        #expect(days.stdout.hasPrefix("Berlin, Land Berlin, Germany: наступні 5 днів\n"), "\(days)")
        let weekdays = ["пн", "вт", "ср", "чт", "пт", "сб", "нд"]
        let day = try #require(days.stdout.split(separator: "\n").dropFirst().first)
        #expect(weekdays.contains { day.hasPrefix("  " + $0 + " ") }, "\(day)")
        let moon =
            ["молодик", "молодий місяць", "перша чверть", "прибутний місяць", "повня", "спадний місяць"]
            + ["остання чверть", "старий місяць"]
        #expect(moon.contains { day.hasSuffix("  " + $0) }, "the moon in words, with ascii icons: \(day)")
        #expect(days.stdout.contains("схід сонця 07:17") && days.stdout.contains(",1 мм"), "\(days.stdout)")

        let json =
            try JSONSerialization.jsonObject(
                with: Data(try sandbox.run(["show", "--json"], environment: ukrainian).stdout.utf8)) as? [String: Any]
        #expect(json?["condition"] as? String == "partly cloudy")
        #expect(json?["conditionText"] as? String == "мінлива хмарність")
        let failed = try sandbox.run(["show", "Atlantis"], environment: ukrainian)
        #expect(
            failed.status == 1
                && failed.stderr
                    == "weather: місця з назвою «Atlantis» не знайдено; перевірте написання або спробуйте більше місто поблизу\n",
            "\(failed)")
        let usage = try sandbox.run(["forecast", "--hours", "49"], environment: ukrainian)
        #expect(usage.status == 64 && usage.stderr.contains("--hours має бути від 0 до 48, а не 49"), "\(usage)")
    }

    @Test("Russian, which weather has no catalogue for: English words, silently; the locale's numbers and dates")
    func withoutCatalogue() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let russian = try TestLocales.environment("ru_RU.UTF-8")
        let c = try sandbox.run("show")
        let show = try sandbox.run(["show"], environment: russian)
        #expect(show.status == 0 && show.stderr.isEmpty, "\(show)")
        #expect(show.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10,9 °C, partly cloudy\n"), "\(show)")
        // C's lines, each decimal point a comma: the words are English, the numbers Russian.
        let commas = c.stdout.replacingOccurrences(of: #"([0-9])\.([0-9])"#, with: "$1,$2", options: .regularExpression)
        #expect(commas != c.stdout && Self.ageless(show.stdout) == Self.ageless(commas), "\(show.stdout)")

        // The forecast's days in the locale's weekdays and months, its hours on a 24-hour clock, the words English.
        let forecast = try sandbox.run(["forecast", "--hours", "3", "--days", "2"], environment: russian)
        let lines = forecast.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Berlin, Land Berlin, Germany: the next 3 hours and 2 days", "\(forecast)")
        let weekdays = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"]
        #expect(weekdays.contains { lines.dropFirst().first?.hasPrefix($0 + " ") == true }, "\(forecast)")
        let days = lines.filter { line in weekdays.contains { line.hasPrefix("  " + $0 + " ") } }
        #expect(days.count == 2 && days.allSatisfy { $0.contains("  sunrise 07:") }, "\(forecast)")
        #expect(forecast.stdout.contains(",1 mm") && !forecast.stdout.contains(" AM"), "\(forecast)")
        // Scripts read what they always read: no conditionText, as the words are English.
        let json = try sandbox.run(["show", "--json"], environment: russian).stdout
        #expect(json.contains("\"condition\":\"partly cloudy\"") && !json.contains("conditionText"), "\(json)")
    }

    @Test("Ukrainian counts take the form ngettext picks: a name's length, the places shown, schedule's history")
    func ukrainianCounts() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let ukrainian = try TestLocales.environment("uk_UA.UTF-8")
        // One, a few, many: 201 (as 1 and 21), 202, 205.
        for (length, characters) in [(201, "201 символ"), (202, "202 символи"), (205, "205 символів")] {
            let set = try sandbox.run(["set", String(repeating: "a", count: length)], environment: ukrainian)
            #expect(
                set.stderr == "weather: назва місця має \(characters); назви мають щонайбільше 200, тож скоротіть її\n",
                "\(set)")
        }
        let entries = (1...30).map { index in
            #"{"id":\#(index),"name":"Testville","latitude":\#(Double(index) / 4),"longitude":10.5,"#
                + #""country_code":"US","country":"United States","admin1":"Region \#(index)","population":\#(index * 10)}"#
        }
        let body = #"{"results":["# + entries.joined(separator: ",") + #"],"generationtime_ms":2.5}"#
        try sandbox.server.script(.search, [.init(body: body, times: 4)])
        for (count, shown) in [
            (1, "показано 1 місце"), (2, "показано 2 місця"), (5, "показано 5 місць"), (21, "показано 21 місце"),
        ] {
            let search = try sandbox.run(["search", "Testville", "--count", String(count)], environment: ukrainian)
            #expect(search.stdout.contains("(\(shown));"), "\(search)")
        }

        // schedule's last day and week, each count in its form; then why the next run waits, for 3, 5 and 21
        // fetches in a row that found nothing new.
        let now = Int(sandbox.now)
        let path = sandbox.stateHome + "/weather/runs.txt"
        let week = [(8 * 86_400, "n"), (3 * 86_400, "f"), (2 * 86_400, "f"), (5 * 3600, "f"), (4 * 3600, "n")]
        func runs(unchanged: Int) -> String {
            "weather runs 1\n"
                + (week + (1...unchanged).map { ((unchanged - $0) * 600 + 600, "d") })
                .map { "\(now - $0.0) \($0.1) 1 300\n" }.joined()
        }
        try sandbox.write(runs(unchanged: 3), to: path)
        let schedule = try sandbox.run(["schedule"], environment: ukrainian.merging(["TZ": "UTC"]) { $1 })
        #expect(schedule.status == 0, "\(schedule)")
        let lines = schedule.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasSuffix(" 5 запусків: 1 з новими даними, 3 без нових даних, 1 невдалий; 5 запитів; медіана 300 ms")
            },
            "\(schedule)")
        #expect(
            lines.contains {
                $0.hasSuffix(" 7 запусків: 1 з новими даними, 3 без нових даних, 3 невдалі; 7 запитів; медіана 300 ms")
            },
            "\(schedule)")
        for (unchanged, fetches) in [
            (3, "3 завантаження поспіль не знайшли"), (5, "5 завантажень поспіль не знайшли"),
            (21, "21 завантаження поспіль не знайшло"),
        ] {
            try sandbox.write(runs(unchanged: unchanged), to: path)
            let said = try sandbox.run(["schedule"], environment: ukrainian.merging(["TZ": "UTC"]) { $1 })
            #expect(said.stdout.contains(": \(fetches) нових даних; очікування "), "\(said)")
        }
    }

    @Test("MET Norway's symbols in the user's words: its text, and conditionText beside each English condition")
    func metNorway() throws {
        let sandbox = try Sandbox.met()
        let german = try TestLocales.environment("de_DE.UTF-8")
        let clock = try sandbox.at(TestMoment.fixtures.seconds).merging(german) { $1 }
        let set = try sandbox.run(["set", "Berlin"], environment: clock)
        #expect(set.stdout.contains("Berlin, Land Berlin, Germany: ☁️🌙 10,9 °C, teilweise bewölkt\n"), "\(set)")
        #expect(set.stdout.contains("Aktualisiert gerade eben · Daten: MET Norway\n"), "\(set)")
        let forecast = try sandbox.json(["forecast", "--json"], environment: clock)
        let entries = ((forecast["hourly"] as? [[String: Any]]) ?? []) + ((forecast["daily"] as? [[String: Any]]) ?? [])
        let pairs = entries.compactMap { entry -> (String, String, String)? in
            guard let english = entry["condition"] as? String, let words = entry["conditionText"] as? String,
                let symbol = entry["symbolCode"] as? String
            else { return nil }
            return (english, words, symbol)
        }
        #expect(pairs.count == entries.count && !pairs.isEmpty, "every hour and day has its words: \(entries)")
        #expect(pairs.allSatisfy { $0.0 != $0.1 }, "each in German: \(pairs)")
        // Words only MET's symbols have, each in German: "light rain" is leichter Regen, "cloudy" bewölkt.
        let metOnly: [String: String] = [
            "fair": "heiter", "cloudy": "bewölkt", "light rain": "leichter Regen", "rain showers": "Regenschauer",
            "light rain showers": "leichte Regenschauer", "heavy rain showers": "starke Regenschauer",
        ]
        let found = pairs.filter { metOnly[$0.0] != nil }
        #expect(!found.isEmpty, "the fixture's week has a condition only MET names: \(Set(pairs.map(\.0)))")
        #expect(found.allSatisfy { metOnly[$0.0] == $0.1 }, "\(found)")

        // An answer weather cannot read is said in German too, the field and what is wrong with it.
        try sandbox.server.script(.met, [.init(body: #"{"properties":{"timeseries":[]}}"#)])
        let broken = try sandbox.run(["set", "Paris"], environment: clock)
        #expect(broken.stderr.contains("properties.timeseries hat keine Zeitschritte"), "\(broken)")
    }

    @Test("the language setting decides words, numbers and times; LANGUAGE's list as gettext reads it")
    func chosen() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // Every run below names its own LANG; where the locales were generated into .build/locales, each
        // needs that folder's LOCPATH to find de_DE (and en_US) there.
        sandbox.environment["LOCPATH"] = try TestLocales.environment("de_DE.UTF-8")["LOCPATH"]
        _ = try TestLocales.environment("en_US.UTF-8")
        let english = try sandbox.run("show")
        // The setting over an English or a C locale: German words, and German numbers from de_DE.
        for locale in ["C", "en_US.UTF-8"] {
            let setting = try sandbox.run(["show"], environment: ["LANG": locale, "WEATHER_LANGUAGE": "de"])
            #expect(
                setting.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10,9 °C, teilweise bewölkt\n"), "\(setting)")
        }
        // English chosen over a German locale: what C prints.
        let chosenEnglish = try sandbox.run(["show"], environment: ["LANG": "de_DE.UTF-8", "WEATHER_LANGUAGE": "en"])
        #expect(Self.ageless(chosenEnglish.stdout) == Self.ageless(english.stdout))
        // LANGUAGE: the first language with a catalogue, in a locale of its own; English first is English.
        let listed = try sandbox.run(["show"], environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "ja:de"])
        #expect(listed.stdout.contains("teilweise bewölkt"), "\(listed)")
        let englishFirst = try sandbox.run(["show"], environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "en:de"])
        #expect(
            englishFirst.stdout.hasPrefix("Berlin, Land Berlin, Germany: ☁️🌙 10,9 °C, partly cloudy\n"),
            "\(englishFirst)"
        )
        #expect(
            try sandbox.run(["show"], environment: ["LANG": "C.UTF-8", "LANGUAGE": "de"]).stdout.contains("bewölkt"))
        // A language weather has no catalogue for is English, without a word of complaint.
        let japanese = try sandbox.run(["show"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(japanese.status == 0 && japanese.stderr.isEmpty, "\(japanese)")
        #expect(Self.ageless(japanese.stdout) == Self.ageless(english.stdout))
        // A bad setting is named in the environment's language.
        let bad = try sandbox.run(["show"], environment: ["LANG": "de_DE.UTF-8", "WEATHER_LANGUAGE": "deutsch"])
        #expect(bad.status == 78 && bad.stderr.contains("ist ungültig"), "\(bad)")
    }

    @Test(
        "official warnings in German: DWD's levels and words; JSON, classes and a failure's reason in English",
        arguments: TestMoment.hard)
    func warningsInGerman(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment, alerts: true)
        sandbox.environment.merge(try TestLocales.environment("de_DE.UTF-8")) { $1 }
        let set = try sandbox.run(["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        // Bright Sky answers in German and English: the German texts, as the words are German.
        let lines = try sandbox.run("show").stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("teilweise bewölkt ⚠"), "\(lines)")
        #expect(lines[1].hasPrefix("⚠ Sturmböen bis ") && lines[1].hasSuffix("; 1 angekündigt"), "\(lines)")
        #expect(lines.last?.hasSuffix(" · Daten: Open-Meteo · Warnungen: DWD") == true, "\(lines)")
        #expect(try sandbox.run("show", "--format", "%A|%W").stdout.hasPrefix("Sturmböen bis "))
        let waybar = try sandbox.run("show", "--waybar").stdout
        #expect(waybar.contains("⚠ Sturmböen (markante Wetterwarnung) bis "), "\(waybar)")
        #expect(waybar.contains("Angekündigt: Windböen (Wetterwarnung) ab "), "\(waybar)")
        #expect(waybar.contains("\"warning\",\"warning-moderate\"]"), "the classes stay: \(waybar)")
        let json = try AlertsTests.json(try sandbox.run("show", "--json"))
        let alerts = try #require(json["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["severity"] as? String } == ["moderate", "minor"], "\(alerts)")
        #expect(alerts.first?["event"] as? String == "Sturmböen", "the service's own words")
        let said = try sandbox.run("alerts").stdout
        #expect(
            said.hasPrefix(
                "Berlin, Land Berlin, Germany: 1 Warnung gültig und 1 angekündigt, Quelle: DWD (Deutscher Wetterdienst), "
                    + "über Bright Sky (Stand "), "\(said)")
        #expect(said.contains("\n⚠ Sturmböen: markante Wetterwarnung, gültig von "), "\(said)")
        #expect(said.contains("\nWindböen: Wetterwarnung, angekündigt von "), "\(said)")
        #expect(said.contains("\n  Handlungsempfehlung: "), "\(said)")

        // A failed update: said in German, its reason kept in English in the file, which any run may read
        // in its own language, and shown so by --json.
        try sandbox.server.script(.brightsky, [.init(status: 503, times: 2)])
        let later = sandbox.environment(at: sandbox.now + 400)
        let refresh = try sandbox.run(["refresh"], environment: later.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(
            refresh.stdout.contains("; die Warnungen wurden nicht aktualisiert: der Warndienst des DWD unter "),
            "\(refresh)")
        let reason = try #require(try AlertsTests.saved(sandbox, "failure").first?.last)
        #expect(reason.hasPrefix("the DWD warnings service at ") && reason.contains("HTTP 503"), "\(reason)")
        let problem = try AlertsTests.json(try sandbox.run(["show", "--json"], environment: later))["alertsProblem"]
        #expect(problem as? String == reason)
        let failed = try sandbox.run(["alerts"], environment: later).stdout
        #expect(failed.contains("Die letzte Aktualisierung um ") && failed.contains(reason), "\(failed)")
    }

    @Test("warnings saved in English, read in German: the service's German event; the next fetch asks again")
    func warningsAfterTheLanguageChanged() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        #expect(try sandbox.run(["show", "--format", "%A"]).stdout.hasPrefix("Gale-force gusts until "))
        let german = try TestLocales.environment("de_DE.UTF-8")
        // Bright Sky gave the event in both languages: German at once, with no request.
        let lines = try sandbox.run(["show"], environment: german).stdout.split(separator: "\n").map(String.init)
        #expect(lines[1].hasPrefix("⚠ Sturmböen bis "), "\(lines)")
        #expect(try sandbox.run(["show", "--format", "%A"], environment: german).stdout.hasPrefix("Sturmböen bis "))
        let waybar = try sandbox.run(["show", "--waybar"], environment: german).stdout
        #expect(waybar.contains("⚠ Sturmböen (markante Wetterwarnung) bis "), "\(waybar)")
        #expect(waybar.contains("Angekündigt: Windböen (Wetterwarnung) ab "), "\(waybar)")
        #expect(
            try sandbox.run(["alerts"], environment: german).stdout.contains("\n⚠ Sturmböen: markante Wetterwarnung"))
        #expect(try sandbox.requestCount(.brightsky) == 1)

        // A run that fetches the weather while the warnings are fresh: in English, no warnings request; in
        // German, one, and the texts are German from then on.
        let later = sandbox.environment(at: sandbox.now + 60).merging(["WEATHER_STALE_AFTER": "0"]) { $1 }
        #expect(try sandbox.run(["refresh"], environment: later).status == 0)
        #expect(try sandbox.requestCount(.brightsky) == 1, "fresh, in the language they came in")
        let refresh = try sandbox.run(["refresh"], environment: later.merging(german) { $1 })
        #expect(refresh.status == 0, "\(refresh)")
        #expect(try sandbox.requestCount(.brightsky) == 2, "asked again in German: \(refresh)")
        let json = try AlertsTests.json(try sandbox.run(["show", "--json"], environment: german))
        #expect((json["alerts"] as? [[String: Any]])?.first?["headline"] as? String == "Amtliche WARNUNG vor STURMBÖEN")

        // MET Norway gives one language an answer: warnings saved in English, read in Norwegian, say so.
        let bergen = try Sandbox(at: .fixtures, alerts: true)
        bergen.environment["WEATHER_CONTACT"] = "ann@example.org"
        #expect(try bergen.run(["set", "Bergen"]).status == 0)
        let norwegian = try bergen.run(["show", "--format", "%A"], environment: ["WEATHER_LANGUAGE": "nb"]).stdout
        #expect(norwegian.hasPrefix("Strong wind gusts (på et annet språk) til "), "\(norwegian)")
        #expect(
            try bergen.run(["show", "--format", "%A"], environment: german).stdout.hasPrefix("Strong wind gusts bis "),
            "MET Norway gives a German reader English: nothing to say")
    }

    @Test("DWD's German event in capitals keeps its nouns' capitals in %A and the text: Starke Hitze")
    func germanEventCase() throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        sandbox.environment.merge(try TestLocales.environment("de_DE.UTF-8")) { $1 }
        let iso = ISO8601DateFormatter()
        let (onset, expires) = (iso.string(from: sandbox.date - 600), iso.string(from: sandbox.date + 7200))
        let alert =
            #"{"id":2716600,"alert_id":"2.49.0.0.276.0.DWD.PVW.1.heat","effective":"\#(onset)","onset":"\#(onset)","#
            + #""expires":"\#(expires)","category":"health","response_type":"prepare","urgency":"immediate","#
            + #""severity":"moderate","certainty":"likely","event_code":247,"event_en":"strong heat","#
            + #""event_de":"STARKE HITZE","headline_en":"Official WARNING of STRONG HEAT","#
            + #""headline_de":"Amtliche WARNUNG vor STARKER HITZE","status":"actual"}"#
        try sandbox.server.script(
            .brightsky,
            [.init(body: #"{"alerts":["# + alert + #"],"location":{"warn_cell_id":111000000,"name":"Berlin"}}"#)])
        #expect(try sandbox.run(["set", "Berlin"]).status == 0)
        let format = try sandbox.run(["show", "--format", "%A"]).stdout
        #expect(format.hasPrefix("Starke Hitze bis "), "\(format)")
        #expect(try sandbox.run(["show"]).stdout.contains("\n⚠ Starke Hitze bis "))
    }

    @Test(
        "official warnings in French: each count in its form, times as the locale writes them, no-break spaces",
        arguments: TestMoment.hard)
    func warningsInFrench(moment: TestMoment) throws {
        let sandbox = try Sandbox(at: moment, alerts: true)
        sandbox.environment.merge(try TestLocales.environment("fr_FR.UTF-8")) { $1 }
        let set = try sandbox.run(["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        let (space, narrow) = ("\u{A0}", "\u{202F}")
        // DWD's texts come in English (it has no French), weather's words in French.
        let said = try sandbox.run("alerts")
        #expect(said.status == 0, "\(said)")
        #expect(
            said.stdout.hasPrefix(
                "Berlin, Land Berlin, Germany\(space): 1 alerte en vigueur et 1 annoncée, source\(space): "
                    + "DWD (Deutscher Wetterdienst), via Bright Sky (situation à "), "\(said)")
        let lines = said.stdout.split(separator: "\n").map(String.init)
        let clock = #"[0-2][0-9]:[0-5][0-9]"#
        #expect(
            lines.contains {
                $0.range(
                    of: "^⚠ Gale-force gusts\(space): vigilance jaune, en vigueur (de|du) .*\(clock) à .*\(clock)$",
                    options: .regularExpression) != nil
            }, "\(said)")
        #expect(lines.contains { $0.hasPrefix("Wind gusts\(space): risque faible, annoncée de ") }, "\(said)")
        #expect(lines.contains { $0.hasPrefix("  Conseils de comportement\(space): Watch for ") }, "\(said)")
        #expect(!said.stdout.contains(" AM") && !said.stdout.contains(" :"), "\(said)")

        let show = try sandbox.run("show").stdout.split(separator: "\n").map(String.init)
        #expect(show[0] == "Berlin, Land Berlin, Germany\(space): ☁️🌙 10,9 °C, partiellement nuageux ⚠", "\(show)")
        // Until its end on Berlin's clock, the weekday's full name first when that is not today there, as the
        // French catalogue puts a day inside a sentence ("jusqu'à dimanche 00:16").
        let end = Date(timeIntervalSince1970: try AlertsTests.moment(sandbox, of: "Gale-force gusts"))
        let french = DateFormatter()
        french.locale = Locale(identifier: "fr_FR")
        french.timeZone = TimeZone(identifier: "Europe/Berlin")
        french.dateFormat = "yyyy-MM-dd"
        let today = french.string(from: sandbox.date) == french.string(from: end)
        french.dateFormat = today ? "HH:mm" : "EEEE HH:mm"
        #expect(show[1] == "⚠ Gale-force gusts jusqu'à \(french.string(from: end))\(narrow); 1 annoncée", "\(show)")
        #expect(show.last == "Mis à jour à l'instant · Données\(space): Open-Meteo · Alertes\(space): DWD", "\(show)")
        let json = try AlertsTests.json(try sandbox.run("alerts", "--json"))
        let alerts = try #require(json["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["severity"] as? String } == ["moderate", "minor"], "\(alerts)")

        // The forecast's heading: one hour, and hours with a day, each in its form.
        for (arguments, heading) in [
            (["--hours", "1", "--days", "0"], "1 heure à venir"),
            (["--hours", "2", "--days", "1"], "les 2 heures et 1 jour à venir"),
            (["--hours", "0", "--days", "3"], "les 3 jours à venir"),
        ] {
            let forecast = try sandbox.run(["forecast"] + arguments)
            #expect(forecast.stdout.hasPrefix("Berlin, Land Berlin, Germany\(space): \(heading)\n"), "\(forecast)")
        }
    }

    @Test("place names and warnings are asked in the language of the words: LANGUAGE's list as gettext reads it")
    func servicesLanguage() throws {
        let german = try TestLocales.environment("de_DE.UTF-8")
        // Norwegian words from LANGUAGE over a German locale: Norwegian names and MET Norway's Norwegian texts.
        let norwegian = try Sandbox(at: .fixtures, alerts: true)
        norwegian.environment.merge(german.merging(["LANGUAGE": "nb", "WEATHER_CONTACT": "ann@example.org"]) { $1 }) {
            $1
        }
        let set = try norwegian.run(["set", "Bergen"])
        #expect(set.status == 0 && set.stdout.hasPrefix("Lagret "), "\(set)")
        #expect(try norwegian.server.requests(.search).first?.query["language"] == "nb")
        #expect(try norwegian.server.requests(.metalerts).first?.query["lang"] == "no")
        // German words: German names, and MET Norway's English texts, as it has no German.
        let plain = try Sandbox(at: .fixtures, alerts: true)
        plain.environment.merge(german.merging(["WEATHER_CONTACT": "ann@example.org"]) { $1 }) { $1 }
        #expect(try plain.run(["set", "Bergen"]).status == 0)
        #expect(try plain.server.requests(.search).first?.query["language"] == "de")
        #expect(try plain.server.requests(.metalerts).first?.query["lang"] == "en")
    }

    @Test("in every language, --help's tables keep a line each: the --format codes with their examples, refresh's")
    func helpTables() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try TestLocales.requireCatalogues()
        let languages = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repository + "/po")
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
        #expect(languages.count >= 2, "\(languages)")
        for language in languages {
            let environment = ["LANG": "C.UTF-8", "WEATHER_LANGUAGE": language]
            let show = try sandbox.run(["show", "--help"], environment: environment)
            let lines = show.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            // From %l to %%, every line is a code's: a line ArgumentParser wrapped would not start with one.
            guard let first = lines.firstIndex(where: { $0.hasPrefix("  %l  ") }),
                let last = lines.firstIndex(where: { $0.hasPrefix("  %%  ") })
            else {
                Issue.record("\(language): no table of --format codes in \(show)")
                continue
            }
            #expect(lines[first...last].allSatisfy { $0.hasPrefix("  %") }, "\(language): \(show.stdout)")
            #expect(lines.contains { $0.hasPrefix("  %N  ") && $0.hasSuffix("Berlin, Land Berlin, Germany") })
            let refresh = try sandbox.run(["refresh", "--help"], environment: environment)
            // The example of refresh's line, the longest of its examples, on one line.
            #expect(refresh.stdout.contains(" ms)\n  weather refresh --force"), "\(language): \(refresh.stdout)")
        }
    }
}
