import Foundation
import Glibc
import TestSupport
import Testing

/// The catalogues beside the program are files like any other: read only when no one but root and the
/// user could have written them (the check `weather-commands` passes), and what they say reaches the
/// terminal without control characters, as a server's words do.
@Suite("Catalogues beside the program: only trusted ones are read, and never raw")
struct CatalogueTrustTests {
    /// A copy of weather in its own folder (`x/weather`, its catalogues in `x/locale`), Berlin saved.
    struct Setup {
        let sandbox: Sandbox
        let folder: String
        var weather: String { folder + "/weather" }
        var catalogue: String { folder + "/locale/de/LC_MESSAGES/weather.mo" }

        init() throws {
            sandbox = try Sandbox(at: .fixtures)
            try sandbox.setBerlin()
            // As the kernel names it, as weather's messages do.
            let root = try #require(realpath(sandbox.root, nil).map { String(cString: $0) })
            folder = root + "/x"
            try FileManager.default.createDirectory(
                atPath: folder + "/locale/de/LC_MESSAGES", withIntermediateDirectories: true)
            try TestPaths.copyWeather(to: folder + "/weather")
        }

        /// `weather arguments...` in German.
        func german(_ arguments: String...) throws -> Sandbox.Run {
            try sandbox.run(program: weather, arguments, environment: try TestLocales.environment("de_DE.UTF-8"))
        }

        /// German's catalogue, as the tests compiled it beside the built weather, copied in.
        func copyGerman() throws {
            let built = TestPaths.weatherBinary.dropLast("weather".count) + "locale/de/LC_MESSAGES/weather.mo"
            try FileManager.default.copyItem(atPath: String(built), toPath: catalogue)
        }
    }

    @Test("a catalogue of the user's or root's, in folders no one else may write, is read: the control")
    func trusted() throws {
        let setup = try Setup()
        try setup.copyGerman()
        let show = try setup.german("show")
        #expect(show.status == 0 && show.stdout.contains("Gefühlt"), "\(show)")
        #expect(show.stderr.isEmpty, "\(show)")
    }

    @Test(
        "a catalogue someone else could have written is not read: the words are English, and one line says why",
        arguments: ["owner", "file", "folder"])
    func untrusted(how: String) throws {
        let setup = try Setup()
        try setup.copyGerman()
        let problem: String
        switch how {
        case "owner":
            #expect(chown(setup.catalogue, 65_534, 65_534) == 0)
            problem = setup.catalogue + " belongs to user 65534, not to you or root"
        case "file":
            #expect(chmod(setup.catalogue, 0o666) == 0)
            problem = setup.catalogue + " may be written by others"
        default:
            #expect(chmod(setup.folder + "/locale", 0o777) == 0)
            problem = setup.folder + "/locale may be written by others"
        }
        for arguments in [["show"], ["search", "Berlin"]] {
            let run = try setup.sandbox.run(
                program: setup.weather, arguments, environment: try TestLocales.environment("de_DE.UTF-8"))
            #expect(run.status == 0, "\(arguments): \(run)")
            #expect(!run.stdout.contains("Gefühlt") && !run.stdout.contains("Einwohner"), "\(arguments): \(run)")
            #expect(
                run.stderr == "weather: not reading \(setup.catalogue), so the words are English: \(problem)\n",
                "\(arguments): \(run)")
        }
    }

    @Test("a translation holding escape sequences prints them as U+FFFD: it cannot retitle or clear the terminal")
    func escapeSequences() throws {
        let setup = try Setup()
        try TestLocales.requireCatalogues()
        let po = setup.folder + "/planted.po"
        try setup.sandbox.write(
            """
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            msgid "just now"
            msgstr "\\033]0;PWNED\\007\\033[2Jgerade eben\u{202E}"

            msgid "Updated %1$s · Data: %2$s"
            msgstr "Aktualisiert\\n%1$s · Daten: %2$s"
            """, to: po)
        let compiled = try setup.sandbox.run(program: "/usr/bin/msgfmt", ["-o", setup.catalogue, po])
        #expect(compiled.status == 0, "\(compiled)")
        for terminal in [false, true] {
            let show = try setup.sandbox.run(
                program: setup.weather, ["show"], environment: try TestLocales.environment("de_DE.UTF-8"),
                terminal: terminal)
            #expect(show.status == 0, "\(show)")
            #expect(!show.stdout.contains("\u{1B}]0;") && !show.stdout.contains("\u{1B}[2J"), "\(show)")
            #expect(!show.stdout.contains("\u{07}") && !show.stdout.contains("\u{202E}"), "\(show)")
            // The message of one line stays one: its translation's line break is a control character.
            #expect(
                show.stdout.contains("Aktualisiert\u{FFFD}\u{FFFD}]0;PWNED\u{FFFD}\u{FFFD}[2Jgerade eben · Daten: "),
                "\(show)")
        }
    }
}
