import Foundation
import TestSupport
import Testing

/// Every word in the reader's language, as a native reader writes it: what the code writes around the
/// catalogue's words (units, percentages, the place's colon, a weekday inside a sentence, dates, the
/// coordinates of search, the help's group titles) follows the language, and English and C print what they
/// always printed. Each language's whole output is a golden file (`Tests/Golden/<language>/`), at one
/// moment: the warnings' reference moment, 2026-10-08 17:00 UTC (19:00 in Berlin, a Thursday), when DWD's
/// gale-force gusts are in force until 19:50 and wind gusts are announced until Friday 04:00.
@Suite("Each language as its readers write it")
struct NativeWritingTests {
    /// 2026-10-08 17:00 UTC: the moment of the warning fixtures (Tests/TestSupport/fixtureserver/timeline.py).
    static let moment = Date(timeIntervalSince1970: 1_791_478_800)

    /// The languages of the goldens: each catalogue in its country's locale, and C's English beside them.
    static let languages = ["C"] + TestLocales.byLanguage.keys.sorted()

    /// A sandbox whose fixture server stands at `moment` (its warnings anchored there), with Berlin set in
    /// `language` (`C`, or a catalogue's), and the environment of that language.
    static func berlin(in language: String) throws -> (sandbox: Sandbox, environment: [String: String]) {
        let sandbox = try Sandbox(at: TestMoment(moment, "the goldens' moment, 19:00 in Berlin"), alerts: true)
        let environment =
            language == "C" ? [:] : try TestLocales.environment(try #require(TestLocales.byLanguage[language]))
        let set = try run(sandbox, ["set", "Berlin"], environment)
        #expect(set.status == 0, "\(set)")
        return (sandbox, environment)
    }

    /// `weather arguments...` in `environment`, at the sandbox's moment, which stands still: every run reads
    /// the result as just fetched.
    static func run(_ sandbox: Sandbox, _ arguments: [String], _ environment: [String: String]) throws
        -> Sandbox.Run
    {
        try sandbox.run(arguments, environment: environment)
    }

    @Test("show, forecast, alerts and show --help read as the language writes them", arguments: languages)
    func goldens(language: String) throws {
        let (sandbox, environment) = try Self.berlin(in: language)
        for (name, arguments) in [
            ("show", ["show"]), ("forecast", ["forecast", "--hours", "6", "--days", "3"]), ("alerts", ["alerts"]),
            ("help-show", ["show", "--help"]),
        ] {
            let run = try Self.run(sandbox, arguments, environment)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(language) \(arguments): \(run)")
            try expectGolden(run.stdout, named: "\(language)/\(name).txt")
        }
    }

    @Test("unit symbols are the language's: Ukrainian км/год, гПа and мм; English's SI symbols as ever")
    func units() throws {
        let (sandbox, ukrainian) = try Self.berlin(in: "uk")
        let show = try Self.run(sandbox, ["show"], ukrainian).stdout
        #expect(show.contains("вітер 14 км/год з ПдЗх, пориви 30 км/год"), "\(show)")
        #expect(show.contains(", тиск 1016 гПа"), "\(show)")
        let forecast = try Self.run(sandbox, ["forecast", "--hours", "0", "--days", "3"], ukrainian).stdout
        #expect(forecast.contains(",1 мм"), "\(forecast)")
        // --format follows the language as the text does; --json and waybar's classes never do.
        let line = try Self.run(sandbox, ["show", "--format", "%w %P"], ukrainian).stdout
        #expect(line == "↗14км/год 1016гПа\n", "\(line)")
        let json = try Self.run(sandbox, ["show", "--json"], ukrainian).stdout
        #expect(json.contains("\"windSpeed\":\"km/h\"") || json.contains("\"windSpeed\":\"m/s\""), "\(json)")
        // Another unit system: French miles an hour and inches (pouces).
        let (french, frenchEnvironment) = try Self.berlin(in: "fr")
        let imperial = try Self.run(french, ["show", "--format", "%w %p %P", "--units", "imperial"], frenchEnvironment)
        #expect(imperial.stdout == "↗9mi/h 0,00po 30,01inHg\n", "\(imperial)")
        let english = try Self.run(sandbox, ["show", "--format", "%w %P"], [:]).stdout
        #expect(english == "↗14km/h 1016hPa\n", "\(english)")
    }

    @Test("a percentage as the locale writes it: 81 % in German and French, 81% in Italian, Polish and C")
    func percent() throws {
        let space = "\u{A0}"
        for (language, humidity) in [
            ("de", "Luftfeuchte 81\(space)%"), ("fr", "humidité 81\(space)%"), ("it", "umidità 81%"),
        ]
            + [("pl", "wilgotność 81%"), ("C", "humidity 81%")]
        {
            let (sandbox, environment) = try Self.berlin(in: language)
            let show = try Self.run(sandbox, ["show"], environment).stdout
            #expect(show.contains(humidity), "\(language): \(show)")
            // The forecast's hours, --format's %h and waybar's tooltip alike.
            let sign = language == "de" || language == "fr" ? "\(space)%" : "%"
            let format = try Self.run(sandbox, ["show", "--format", "%h"], environment).stdout
            #expect(format == "81\(sign)\n", "\(language): \(format)")
            let forecast = try Self.run(sandbox, ["forecast", "--hours", "2", "--days", "0"], environment).stdout
            #expect(forecast.contains("4\(sign)\n"), "\(language): \(forecast)")
            let waybar = try Self.run(sandbox, ["show", "--waybar"], environment).stdout
            #expect(waybar.contains(" 83\(sign)"), "\(language): \(waybar)")
        }
    }

    @Test("the place's colon is the language's: French sets a no-break space before it")
    func placeColon() throws {
        let (sandbox, french) = try Self.berlin(in: "fr")
        let show = try Self.run(sandbox, ["show"], french).stdout
        #expect(show.hasPrefix("Berlin, Land Berlin, Germany\u{A0}: ☁️🌙 10,9 °C, partiellement nuageux ⚠\n"), "\(show)")
        let forecast = try Self.run(sandbox, ["forecast", "--hours", "3", "--days", "0"], french).stdout
        #expect(forecast.hasPrefix("Berlin, Land Berlin, Germany\u{A0}: les 3 heures à venir\n"), "\(forecast)")
        // refresh's report, a quarter of an hour later (new data), and its warnings after a narrow space.
        let later = Self.moment.addingTimeInterval(900)
        try sandbox.setClock(to: later.timeIntervalSince1970)
        let refresh = try sandbox.run(["refresh", "--force"], environment: french).stdout
        #expect(refresh.hasPrefix("newData: Berlin, Land Berlin, Germany\u{A0}: 10,9 °C, "), "\(refresh)")
        #expect(refresh.contains("partiellement nuageux\u{202F}; ⚠ Gale-force gusts"), "\(refresh)")
    }

    @Test("the forecast's heading agrees with its hours: die nächste Stunde, příštích 12 hodin, příští 2 hodiny")
    func forecastHeading() throws {
        for (language, arguments, heading) in [
            ("de", ["--hours", "1", "--days", "2"], "die nächste Stunde und 2 Tage"),
            ("cs", ["--hours", "12", "--days", "7"], "příštích 12 hodin a 7 dní"),
            ("cs", ["--hours", "2", "--days", "7"], "příští 2 hodiny a 7 dní"),
            ("pl", ["--hours", "5", "--days", "1"], "najbliższych 5 godzin i 1 dzień"),
            ("C", ["--hours", "1", "--days", "2"], "the next 1 hour and 2 days"),
        ] {
            let (sandbox, environment) = try Self.berlin(in: language)
            let forecast = try Self.run(sandbox, ["forecast"] + arguments, environment).stdout
            let first = forecast.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasSuffix(": " + heading), "\(language) \(arguments): \(forecast)")
        }
    }

    @Test(
        "a weekday inside a sentence as the language puts it: Polish and Czech in the genitive, Italian whole",
        arguments: [
            ("C", "Wind gusts: minor, announced from 19:50 until Fri 04:00"),
            ("pl", "Wind gusts: niskie zagrożenie, zapowiedziane od 19:50 do piątku 04:00"),
            ("cs", "Wind gusts: malé nebezpečí, ohlášená od 19:50 do pátku 04:00"),
            ("it", "Wind gusts: rischio basso, annunciato dalle 19:50 fino a venerdì alle 04:00"),
            ("es", "Wind gusts: riesgo menor, anunciado desde las 19:50 hasta el viernes a las 04:00"),
            ("fi", "Wind gusts: lievä vaara, tulossa 19.50 alkaen perjantaina klo 04.00 asti"),
            ("de", "Windböen: Wetterwarnung, angekündigt von 19:50 bis Fr 04:00"),
        ])
    func weekdayInSentence(language: String, line: String) throws {
        let (sandbox, environment) = try Self.berlin(in: language)
        let alerts = try Self.run(sandbox, ["alerts"], environment).stdout
        #expect(alerts.split(separator: "\n").contains { $0 == line }, "\(alerts)")
    }

    @Test("search's coordinates in the locale's decimals, beside its grouped populations")
    func searchCoordinates() throws {
        let (sandbox, german) = try Self.berlin(in: "de")
        let search = try Self.run(sandbox, ["search", "London"], german).stdout
        let row = try #require(search.split(separator: "\n").first { $0.contains("London, England") }, "\(search)")
        #expect(row.contains("51,5085") && row.contains("-0,1257") && row.contains("8.961.989"), "\(row)")
        let english = try Self.run(sandbox, ["search", "London"], [:]).stdout
        #expect(english.contains("51.5085") && english.contains("8,961,989"), "\(english)")
    }

    @Test("the help's Display group is the language's, and the language setting chooses it before the help")
    func helpGroup() throws {
        let (sandbox, german) = try Self.berlin(in: "de")
        let help = try Self.run(sandbox, ["show", "--help"], german).stdout
        #expect(help.contains("\nANZEIGE:\n  --units <system>"), "\(help)")
        // config.json's language setting, read after the command line is parsed, before any help is.
        try sandbox.write("{\"language\": \"de\"}\n", to: sandbox.configFile)
        let setting = try Self.run(sandbox, ["forecast", "--help"], ["LANG": "C.UTF-8"]).stdout
        #expect(setting.hasPrefix("OVERVIEW: Die stündliche") && setting.contains("\nANZEIGE:\n"), "\(setting)")
    }

    @Test("dates as the language writes them: Finnish to 8.10., Czech Čt 8. 10., Polish czwartek, 8 października")
    func dates() throws {
        for (language, heading) in [("fi", "to 8.10."), ("cs", "Čt 8. 10."), ("pl", "czwartek, 8 października")] {
            let (sandbox, environment) = try Self.berlin(in: language)
            let forecast = try Self.run(sandbox, ["forecast", "--hours", "2", "--days", "0"], environment).stdout
            #expect(forecast.split(separator: "\n").dropFirst().first.map(String.init) == heading, "\(forecast)")
        }
    }
}
