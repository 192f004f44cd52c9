import Foundation
import TestSupport
import Testing

/// The catalogues against the sources (`Config/po.py check`, what `make check-po` runs): the template holds
/// every message of the code, and every translation compiles with `msgfmt --check`, has every message and
/// keeps each one's placeholders. Each check is also shown failing, on a doctored copy of the repository.
@Suite("The message catalogues")
struct CatalogueTests {
    /// Runs `Config/po.py arguments...` on `root`: its exit status and what it printed.
    static func po(_ arguments: [String], root: String = TestPaths.repository) throws -> (status: Int32, output: String)
    {
        try Requirement.locales.check(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
            "python3 is not installed, which runs Config/po.py (make deps installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestPaths.config + "/po.py", "--root", root] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Skips with the reason when msgfmt (gettext) is missing; `WEATHER_REQUIRE_LOCALES` makes that a failure.
    static func requireMsgfmt() throws {
        try Requirement.locales.check(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"),
            "msgfmt is not installed (apt-get install gettext)")
    }

    /// A copy of the repository's sources and catalogues to doctor, removed when the test ends.
    final class Copy {
        let root: String

        init() throws {
            root = NSTemporaryDirectory() + "weather-po-" + UUID().uuidString
            for folder in ["Sources", "po"] {
                try FileManager.default.copyItem(
                    atPath: TestPaths.repository + "/" + folder, toPath: root + "/" + folder)
            }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let file = root + "/" + path
            try change(try String(contentsOfFile: file, encoding: .utf8)).write(
                toFile: file, atomically: true, encoding: .utf8)
        }
    }

    @Test("the template holds every message of the sources, and every translation is complete and consistent")
    func repository() throws {
        try Self.requireMsgfmt()
        let check = try Self.po(["check"])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test("a message added to the code and not to the template fails the check, naming the template")
    func missingFromTemplate() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        try copy.edit("Sources/WeatherPresentation/Presentation/WeatherFormatter.swift") {
            $0.replacingOccurrences(of: "tr(\"(stale)\")", with: "tr(\"(rather old)\")")
        }
        let check = try Self.po(["check"], root: copy.root)
        #expect(
            check.status != 0 && check.output.contains("po/weather.pot does not hold the messages"), "\(check.output)")
        #expect(try Self.po(["pot", "--check"], root: copy.root).status != 0)
    }

    @Test("a message with an interpolation cannot be a message: make pot refuses it, naming the line")
    func interpolated() throws {
        let copy = try Copy()
        try copy.edit("Sources/WeatherPresentation/Presentation/WeatherFormatter.swift") {
            $0.replacingOccurrences(of: "tr(\"(stale)\")", with: "tr(\"(stale \\(1))\")")
        }
        let pot = try Self.po(["pot", "--check"], root: copy.root)
        #expect(pot.status != 0 && pot.output.contains("WeatherFormatter.swift:"), "\(pot.output)")
    }

    @Test("a translation that drops a message, a placeholder or a plural form fails the check, naming it")
    func brokenTranslation() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        let template = try String(contentsOfFile: copy.root + "/po/weather.pot", encoding: .utf8)
        // A translation of the template into "English with capitals", complete, then broken three ways.
        var translation = template.replacingOccurrences(
            of: "nplurals=INTEGER; plural=EXPRESSION;", with: "nplurals=2; plural=(n != 1);")
        translation = translation.replacingOccurrences(of: "Language: \\n", with: "Language: xx\\n")
        var lines: [String] = []
        var msgid: [String] = []
        var plural: [String] = []
        var field = ""
        for line in translation.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("msgid_plural ") {
                field = "plural"
                plural = [String(line.dropFirst("msgid_plural ".count))]
            } else if line.hasPrefix("msgid ") {
                field = "msgid"
                msgid = [String(line.dropFirst("msgid ".count))]
                plural = []
            } else if line.hasPrefix("\""), field == "msgid" {
                msgid.append(line)
            } else if line.hasPrefix("\""), field == "plural" {
                plural.append(line)
            }
            if line == "msgstr \"\"", msgid != ["\"\""] {
                lines.append("msgstr " + msgid.joined(separator: "\n"))
                continue
            }
            if line == "msgstr[0] \"\"" {
                lines.append("msgstr[0] " + msgid.joined(separator: "\n"))
                continue
            }
            if line == "msgstr[1] \"\"" {
                lines.append("msgstr[1] " + plural.joined(separator: "\n"))
                continue
            }
            lines.append(line)
        }
        try lines.joined(separator: "\n").write(toFile: copy.root + "/po/xx.po", atomically: true, encoding: .utf8)
        let whole = try Self.po(["check"], root: copy.root)
        #expect(!whole.output.contains("xx:"), "the faithful copy passes: \(whole.output)")

        // Wider than the column of --format codes, and than a line of --help.
        let wide = "the place in full, with its region and its country"
        let example = "msgstr \"\"\n\"Examples:\\n\"\n\"  weather refresh"
        try copy.edit("po/xx.po") {
            $0.replacingOccurrences(of: "msgstr \"humidity %s\"", with: "msgstr \"humidity\"")
                .replacingOccurrences(of: "msgid \"(stale)\"\nmsgstr \"(stale)\"", with: "")
                .replacingOccurrences(of: "msgstr[1] \"%d days ago\"\n", with: "")
                .replacingOccurrences(of: "msgstr \"place in full\"", with: "msgstr \"\(wide)\"")
                .replacingOccurrences(of: example + "\\n", with: example + String(repeating: " -", count: 32) + "\\n")
        }
        let broken = try Self.po(["check"], root: copy.root)
        #expect(broken.status != 0)
        #expect(broken.output.contains("xx: \"humidity %s\": the placeholders"), "\(broken.output)")
        #expect(broken.output.contains("xx: \"(stale)\" is missing"), "\(broken.output)")
        #expect(broken.output.contains("xx: \"%d day ago\" has 1 plural forms, not 2"), "\(broken.output)")
        #expect(broken.output.contains("xx: \"place in full\": wider than 43 columns"), "\(broken.output)")
        #expect(broken.output.contains("a line wider than 79 columns:   weather refresh - - -"), "\(broken.output)")
    }

    @Test("French punctuation without its no-break space fails the check; --help's examples stay as typed")
    func frenchTypography() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        let french = try String(contentsOfFile: copy.root + "/po/fr.po", encoding: .utf8)
        // The committed catalogue sets them all, and its examples keep the commands' own colons.
        #expect(french.contains("Exemples\u{A0}:\\n") && french.contains("\u{202F};") && french.contains("«\u{A0}"))
        #expect(french.contains("  newData: Berlin"), "an example prints what the program prints")
        try copy.edit("po/fr.po") {
            $0.replacingOccurrences(of: "Données\u{A0}: %2$s\"\n", with: "Données : %2$s\"\n")
                .replacingOccurrences(of: "\u{202F}; voir weather", with: "; voir weather")
                .replacingOccurrences(of: "«\u{A0}%1$s\u{A0}»", with: "«%1$s»")
        }
        let check = try Self.po(["check"], root: copy.root)
        #expect(check.status != 0)
        #expect(
            check.output.contains("fr: \"Updated %1$s · Data: %2$s\": French sets U+00A0 before ':'"), "\(check.output)"
        )
        #expect(check.output.contains("French sets U+202F before ';'"), "\(check.output)")
        #expect(check.output.contains("French sets U+00A0 after '«'"), "\(check.output)")
        #expect(check.output.contains("French sets U+00A0 before '»'"), "\(check.output)")
        #expect(!check.output.contains("de: ") && !check.output.contains("newData"), "\(check.output)")
    }

    @Test("a message with a context is an entry of its own: the template writes its msgctxt, a catalogue needs it")
    func context() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        // The word "in" as the inch, beside "in" as the sentence's: a context tells them apart.
        try copy.edit("Sources/WeatherPresentation/Presentation/WeatherFormatter.swift") {
            $0.replacingOccurrences(
                of: "tr(\"(stale)\")", with: "tr(\"(stale)\") + tr(context: \"unit of snow depth\", \"in\")")
        }
        #expect(try Self.po(["pot", "--check"], root: copy.root).status != 0, "the template lacks it")
        #expect(try Self.po(["pot"], root: copy.root).status == 0)
        let template = try String(contentsOfFile: copy.root + "/po/weather.pot", encoding: .utf8)
        #expect(template.contains("msgctxt \"unit of snow depth\"\nmsgid \"in\"\nmsgstr \"\""), "\(template)")
        let check = try Self.po(["check"], root: copy.root)
        #expect(check.output.contains("de: \"in\" (unit of snow depth) is missing"), "\(check.output)")
        // Translated, it passes: the entry is known by its context and its msgid together.
        try copy.edit("po/de.po") { $0 + "\nmsgctxt \"unit of snow depth\"\nmsgid \"in\"\nmsgstr \"Zoll\"\n" }
        #expect(!(try Self.po(["check"], root: copy.root)).output.contains("de: "), "German is whole again")
        // A context the code does not have is no message of the template.
        try copy.edit("po/fr.po") { $0 + "\nmsgctxt \"unit of rain\"\nmsgid \"in\"\nmsgstr \"po\"\n" }
        let extra = try Self.po(["check"], root: copy.root)
        #expect(extra.output.contains("fr: \"in\" (unit of rain) is not a message of the template"), "\(extra.output)")
    }

    @Test("a plural form for one number alone may leave its count out, as msgfmt allows; any other may not")
    func singularWithoutCount() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        // German's first form serves 1 alone, and says so without the count: "die nächste Stunde".
        let german = try String(contentsOfFile: copy.root + "/po/de.po", encoding: .utf8)
        #expect(
            german.contains(
                "msgid \"the next %d hour\"\nmsgid_plural \"the next %d hours\"\nmsgstr[0] \"die nächste Stunde\"\n"))
        // Ukrainian's first form serves 1, 21, 31...: without its count, 21 would read as 1.
        try copy.edit("po/uk.po") {
            $0.replacingOccurrences(of: "msgstr[0] \"наступна %d година\"", with: "msgstr[0] \"наступна година\"")
        }
        let check = try Self.po(["check"], root: copy.root)
        #expect(check.status != 0)
        #expect(!check.output.contains("de: "), "\(check.output)")
        #expect(check.output.contains("uk: \"the next %d hour\" (form 0): the placeholders {}"), "\(check.output)")
    }

    @Test("each language's quotation marks in prose, ASCII ones only around code; Ukrainian's apostrophe ʼ")
    func quotation() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        try copy.edit("po/pt_BR.po") {
            $0.replacingOccurrences(of: "“%1$s” não é um comando; você", with: "\"%1$s\" não é um comando; você")
        }
        try copy.edit("po/nl.po") {
            $0.replacingOccurrences(of: "onbekende optie ‘%1$s’; zie", with: "onbekende optie „%1$s”; zie")
        }
        try copy.edit("po/uk.po") { $0.replacingOccurrences(of: "бракує памʼяті", with: "бракує пам'яті") }
        let check = try Self.po(["check"], root: copy.root)
        #expect(check.status != 0)
        #expect(
            check.output.contains(
                "pt_BR: \"\"%1$s\" is not a command; did you mean weather %2$s?\": pt quotes prose with “…”"),
            "\(check.output)")
        #expect(check.output.contains("nl quotes with ‘…’ or “…”, not '„'"), "\(check.output)")
        #expect(
            check.output.contains("uk: \"out of memory\": Ukrainian writes the apostrophe U+02BC"), "\(check.output)")
        // Code keeps its ASCII quotes: a --format, a JSON key, a command's line; French and Italian their
        // ASCII apostrophes.
        #expect(!check.output.contains("\"%l %c %t") && !check.output.contains("timeout"), "\(check.output)")
        #expect(!check.output.contains("fr: ") && !check.output.contains("it: "), "\(check.output)")
    }

    @Test("the glossary holds conditions and warning levels to the national service's terms, in every language")
    func glossary() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        let rows = try String(contentsOfFile: copy.root + "/po/glossary.tsv", encoding: .utf8)
        #expect(
            rows.contains("condition\tshowers\tuk\tзлив\t")
                && rows.contains("warning level\tsevere\tde\tUnwetterwarnung\t"))
        // Showers lost in Ukrainian ("снігопади" are snowfalls); DWD's level 3 renamed; a row dropped.
        try copy.edit("po/uk.po") {
            $0.replacingOccurrences(
                of: "msgid \"snow showers\"\nmsgstr \"зливовий сніг\"",
                with: "msgid \"snow showers\"\nmsgstr \"снігопади\"")
        }
        try copy.edit("po/de.po") {
            $0.replacingOccurrences(
                of: "msgid \"severe\"\nmsgstr \"Unwetterwarnung\"", with: "msgid \"severe\"\nmsgstr \"schwere Warnung\""
            )
        }
        try copy.edit("po/glossary.tsv") { $0.replacingOccurrences(of: "condition\tfog\tnl\tmist\tWMO\n", with: "") }
        let check = try Self.po(["check"], root: copy.root)
        #expect(check.status != 0)
        #expect(
            check.output.contains(
                "uk: \"snow showers\" is \"снігопади\", without the term for \"showers\": злив (po/glossary.tsv:"),
            "\(check.output)")
        #expect(
            check.output.contains(
                "de: \"severe\" (warning level) is \"schwere Warnung\", without the term for \"severe\": Unwetterwarnung"
            ),
            "\(check.output)")
        #expect(check.output.contains("po/glossary.tsv: \"fog\" (condition) has no row for nl"), "\(check.output)")
        // "snow pellet showers" holds "snow pellet", whose term stands for the snow: German "Graupelschauer".
        #expect(!check.output.contains("snow pellet showers"), "\(check.output)")
    }

    @Test("a date's strftime format may write the day and month as numbers, but shows the same parts")
    func dateFormats() throws {
        try Self.requireMsgfmt()
        let copy = try Copy()
        let finnish = try String(contentsOfFile: copy.root + "/po/fi.po", encoding: .utf8)
        #expect(finnish.contains("msgid \"%a %-d %b\"\nmsgstr \"%a %-d.%-m.\""), "Finnish writes la 28.11.")
        try copy.edit("po/fi.po") {
            $0.replacingOccurrences(of: "msgstr \"%a %-d.%-m.\"", with: "msgstr \"%a %-d. %H\"")
        }
        let check = try Self.po(["check"], root: copy.root)
        #expect(
            check.output.contains("fi: \"%a %-d %b\": the strftime conversions show other parts"), "\(check.output)")
    }
}
