import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("The user's language: which one, and the formats of its messages")
struct LanguageTests {
    @Test(
        "placeholders take their values, in order or by position; anything else after a % prints as it is",
        arguments: [
            ("humidity %s", ["81%"], "humidity 81%"),
            ("%1$s: %2$s", ["a", "b"], "a: b"),
            ("%2$s, %1$s", ["a", "b"], "b, a"),
            ("%d min ago", ["4"], "4 min ago"),
            ("%1$d h %2$d min ago", ["2", "5"], "2 h 5 min ago"),
            ("100%% sure, %s", ["yes"], "100% sure, yes"),
            ("%%l %%c is %s", ["fine"], "%l %c is fine"),
            ("%l %c %t %o", [], "%l %c %t %o"),
            ("a lone % and %", [], "a lone % and %"),
            ("%s and %s", ["one"], "one and "),
            ("%9$s", ["one"], ""),
            ("%0$s.", ["one"], "."),
            ("%12$s", ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "twelve"], "twelve"),
            ("%123$s", ["x"], "%123$s"),
            ("%1$x %1$", ["x"], "%1$x %1$"),
            ("Zürich %s °C", ["11"], "Zürich 11 °C"),
            ("no placeholder", ["unused"], "no placeholder"),
        ])
    func fill(format: String, arguments: [String], filled: String) {
        #expect(Message.fill(format, with: arguments) == filled)
    }

    @Test("a message is English until it is printed, its plural form chosen by its count")
    func messages() {
        #expect(Message("%d min ago", "4").description == "4 min ago")
        #expect(Message(one: "%d day ago", other: "%d days ago", count: 1, "1").description == "1 day ago")
        #expect(Message(one: "%d day ago", other: "%d days ago", count: 3, "3").description == "3 days ago")
        #expect(Message(one: "%d day ago", other: "%d days ago", count: 0, "0").description == "0 days ago")
    }

    @Test("a process that does not follow its user's language speaks English and writes C's numbers, whatever asks")
    func notFollowing() throws {
        // German is there to be spoken: its catalogue beside this program (which is where a program that
        // followed its user would look), and the setting and the environment ask for it.
        try TestLocales.requireCatalogues()
        Catalogue.choose(setting: "de", environment: Environment(["LANG": "de_DE.UTF-8", "LANGUAGE": "de"]))
        #expect(!Catalogue.isTranslating && Catalogue.spokenLanguage == nil)
        #expect(Message("%d min ago", "4").translated == "4 min ago")
        #expect(Message(one: "%d day ago", other: "%d days ago", count: 3, "3").translated == "3 days ago")
        #expect(JSONShapeError.missing(path: "current").translated == "current is missing")
        #expect(tr("humidity %s", "81%") == "humidity 81%")
        #expect(Conventions.current.decimal("10.9") == "10.9")
    }

    @Test(
        "without the setting, the words follow LANGUAGE's list in a locale of its own, never in C or POSIX",
        arguments: [
            ([:], []),
            (["LANG": "C"], []),
            (["LANG": "POSIX", "LANGUAGE": "de"], []),
            (["LC_ALL": "C", "LANG": "de_DE.UTF-8"], []),
            (["LANG": "de_DE.UTF-8"], ["de_DE.UTF-8"]),
            (["LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], ["fr_FR.UTF-8"]),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:de"], ["fr", "de"]),
            (["LANG": "C.UTF-8", "LANGUAGE": "uk"], ["uk"]),
            (["LANG": "C.UTF-8"], ["C.UTF-8"]),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": ""], ["de_DE.UTF-8"]),
        ])
    func wanted(environment: [String: String], wanted: [String]) {
        #expect(LanguageChoice(setting: nil, environment: Environment(environment)).wanted == wanted)
    }

    @Test("English and C speak English at a glance; any other language is looked at more closely")
    func plainlyEnglish() {
        for english in [
            [:], ["LANG": "C"], ["LANG": "C.UTF-8"], ["LANG": "en_GB.UTF-8"], ["LANG": "POSIX", "LANGUAGE": "de"],
        ] {
            #expect(LanguageChoice.plainlyEnglish(Environment(english)), "\(english)")
            #expect(LanguageChoice(setting: nil, environment: Environment(english)).isEnglish, "\(english)")
        }
        for other in [
            ["LANG": "de_DE.UTF-8"], ["LANG": "en_US.UTF-8", "LANGUAGE": "de:en"],
            ["LANG": "C.UTF-8", "LANGUAGE": "uk"],
        ] {
            #expect(!LanguageChoice.plainlyEnglish(Environment(other)), "\(other)")
        }
    }

    @Test("the catalogue spoken is the first wanted that is there, as gettext looks for it; English stops the list")
    func catalogues() {
        let installed: Set = ["de", "fr", "pt_BR", "uk"]
        func spoken(_ environment: [String: String], setting: String? = nil) -> String? {
            LanguageChoice(setting: setting, environment: Environment(environment)).catalogue(
                exists: installed.contains,
                territories: { language in installed.filter { $0.hasPrefix(language + "_") }.sorted() })
        }
        #expect(spoken(["LANG": "de_AT.UTF-8"]) == "de")
        #expect(spoken(["LANG": "pt_BR.UTF-8"]) == "pt_BR")
        #expect(spoken(["LANG": "pt_PT.UTF-8"]) == nil, "gettext reads no catalogue of another country")
        #expect(spoken(["LANG": "sr_RS@latin"]) == nil)
        #expect(spoken(["LANG": "de_DE.UTF-8", "LANGUAGE": "es:fr:de"]) == "fr")
        #expect(spoken(["LANG": "de_DE.UTF-8", "LANGUAGE": "en:de"]) == nil, "English first is English")
        #expect(spoken(["LANG": "ja_JP.UTF-8"]) == nil, "a language without a catalogue is English, silently")
        #expect(spoken(["LANG": "en_US.UTF-8"], setting: "uk") == "uk", "the setting decides")
        #expect(spoken(["LANG": "de_DE.UTF-8"], setting: "en") == nil)
        #expect(spoken([:], setting: "pt") == "pt_BR", "the setting's language takes its catalogue of a country")
        #expect(LocaleName("sr_RS.UTF-8@latin").catalogueCandidates == ["sr_RS@latin", "sr_RS", "sr@latin", "sr"])
        // LANGUAGE chooses among the catalogues' folder, never a path out of it.
        let outside = LanguageChoice(
            setting: nil, environment: Environment(["LANG": "de_DE.UTF-8", "LANGUAGE": "../../tmp/x:de"]))
        #expect(outside.catalogue(exists: { _ in true }) == "de")
    }

    @Test("the setting decides numbers and times too: the locale's when of its language, else its country's")
    func settingsLocales() {
        let austrian = LanguageChoice(setting: "de", environment: Environment(["LANG": "de_AT.UTF-8"]))
        #expect(austrian.numbersLocale == "de_AT.UTF-8" && austrian.timesLocale == "de_AT.UTF-8")
        let visitor = LanguageChoice(setting: "sv", environment: Environment(["LANG": "en_US.UTF-8"]))
        #expect(visitor.numbersLocale == "sv_SE.UTF-8" && visitor.timesLocale == "sv_SE.UTF-8")
        let brazilian = LanguageChoice(setting: "pt_BR", environment: Environment(["LANG": "C"]))
        #expect(brazilian.timesLocale == "pt_BR.UTF-8")
        let english = LanguageChoice(setting: "en", environment: Environment(["LANG": "de_DE.UTF-8"]))
        #expect(english.numbersLocale == nil && english.timesLocale == nil, "English's own, C's, as before")
        let american = LanguageChoice(setting: "en", environment: Environment(["LC_TIME": "en_US.UTF-8"]))
        #expect(american.timesLocale == "en_US.UTF-8")
        let split = LanguageChoice(
            setting: nil,
            environment: Environment(["LANG": "en_US.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "LC_TIME": "C"]))
        #expect(
            split.numbersLocale == "de_DE.UTF-8" && split.timesLocale == nil && split.wanted == ["en_US.UTF-8"])
    }

    @Test(
        "a locale's clock: 12 or 24 hours, and what follows the hour",
        arguments: [
            ("%H:%M:%S", "", Conventions.Clock.twentyFourHour(separator: ":")),
            ("%T", "", .twentyFourHour(separator: ":")),
            ("%r", "%I:%M:%S %p", .twelveHour(separator: ":")),
            ("%H.%M.%S", "", .twentyFourHour(separator: ".")),
            ("kl. %H.%M %z", "", .twentyFourHour(separator: ".")),
            ("%l:%M:%S %P %Z", "", .twelveHour(separator: ":")),
            ("%r", "%r", .twentyFourHour(separator: ":")),
            ("", "", .twentyFourHour(separator: ":")),
            ("%", "", .twentyFourHour(separator: ":")),
        ])
    func clock(timeFormat: String, twelveHourFormat: String, clock: Conventions.Clock) {
        #expect(Conventions.clock(timeFormat: timeFormat, twelveHourFormat: twelveHourFormat) == clock)
    }

    @Test("a process that does not follow its user's language writes C's numbers and times, whatever its locale")
    func posix() {
        let conventions = Conventions.current
        #expect(conventions.decimal("10.9") == "10.9")
        #expect(conventions.grouped(3_426_354) == "3,426,354")
        #expect(conventions.grouped(-1000) == "-1,000")
        #expect(conventions.clock(CivilTime(secondsSince1970: 50_400 + 300, utcOffset: 0)) == "14:05")
        #expect(conventions.hour(CivilTime(secondsSince1970: 50_400, utcOffset: 0)) == "14:00")
        #expect(conventions.date("%a %-d %b", CivilTime(secondsSince1970: 1_795_305_600, utcOffset: 0)) == "Sun 22 Nov")
        #expect(conventions.endOfDay == "24:00")
        #expect(conventions.elapsed(1.44) == "1.4 s")
    }
}
