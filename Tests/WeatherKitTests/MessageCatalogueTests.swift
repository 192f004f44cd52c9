import Foundation
import TestSupport
import Testing

@testable import WeatherSystem

/// weather's reader of compiled catalogues against another reader of the same files: Python's `gettext`
/// module, which reads `.mo` files and `Plural-Forms` by its own code. Every message of every catalogue,
/// with its context where it has one, and every plural message for the counts 0 to 1,100, must come out the
/// same. Then the reader given what no msgfmt writes: truncated and damaged files, and rules that are not
/// rules, each refused or read within the file, never a trap.
@Suite("Reading the compiled catalogues")
struct MessageCatalogueTests {
    /// The languages of po/.
    static let languages = try! FileManager.default.contentsOfDirectory(atPath: TestPaths.repository + "/po")
        .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()

    /// `po/LL.po` compiled by msgfmt into a temporary file: its path.
    static func compiled(_ language: String) throws -> String {
        try CatalogueTests.requireMsgfmt()
        let path = NSTemporaryDirectory() + "weather-mo-\(language)-\(UUID().uuidString).mo"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        process.arguments = ["-o", path, TestPaths.repository + "/po/\(language).po"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "msgfmt \(language).po")
        return path
    }

    /// What Python's gettext reads in the catalogue at `path`: each key's translation (a context's key is
    /// the context, U+0004 and the msgid) and each plural msgid's forms for the counts `counts`.
    static func python(_ path: String, counts: Range<Int>) throws -> (
        words: [String: String], plurals: [String: [String]]
    ) {
        try Requirement.locales.check(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is not installed")
        let script = """
            import gettext, json, sys
            t = gettext.GNUTranslations(open(sys.argv[1], "rb"))
            words, plurals = {}, {}
            for key, value in t._catalog.items():
                if isinstance(key, tuple):
                    plurals.setdefault(key[0], None)
                elif key:
                    words[key] = value
            for msgid in plurals:
                plurals[msgid] = [t._catalog.get((msgid, t.plural(n)), t._catalog[(msgid, 0)]) for n in range(\(counts.lowerBound), \(counts.upperBound))]
            json.dump({"words": words, "plurals": plurals}, sys.stdout)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (
            try #require(json["words"] as? [String: String]), try #require(json["plurals"] as? [String: [String]])
        )
    }

    static func lookUp(_ catalogue: MessageCatalogue, _ key: String) -> String? {
        var key = key
        return key.withUTF8 { catalogue.translation(of: $0).map { String(decoding: $0, as: UTF8.self) } }
    }

    static func lookUp(_ catalogue: MessageCatalogue, _ key: String, count: Int) -> String? {
        var key = key
        return key.withUTF8 {
            catalogue.translation(of: $0, count: UInt(count)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test("every message and every plural form, for 0 to 1,100, as Python's gettext reads them", arguments: languages)
    func sameAsPython(language: String) throws {
        let path = try Self.compiled(language)
        defer { unlink(path) }
        let catalogue = try #require(MessageCatalogue(path: path))
        let counts = 0..<1_101
        let expected = try Self.python(path, counts: counts)
        #expect(expected.words.count > 500 && expected.plurals.count > 20, "\(language): the catalogue is whole")
        for (key, translation) in expected.words {
            #expect(Self.lookUp(catalogue, key) == translation, "\(language): \(key)")
        }
        for (msgid, forms) in expected.plurals {
            let read = counts.map { Self.lookUp(catalogue, msgid, count: $0) }
            #expect(read == forms.map { Optional($0) }, "\(language): \(msgid)")
        }
        #expect(Self.lookUp(catalogue, "no such message, in any catalogue") == nil)
        #expect(Self.lookUp(catalogue, "") == nil, "the header is no message")
    }

    @Test("without a hash table the sorted originals are searched, with the same answers")
    func withoutHashTable() throws {
        let path = try Self.compiled("de")
        defer { unlink(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The hash table's size (the word at 20) set to 0: a reader must search the originals instead.
        bytes.replaceSubrange(20..<24, with: [0, 0, 0, 0])
        try bytes.withUnsafeBytes { raw in
            let catalogue = try #require(MessageCatalogue(bytes: raw))
            let hashed = try #require(MessageCatalogue(path: path))
            let expected = try Self.python(path, counts: 0..<3)
            for key in expected.words.keys {
                #expect(Self.lookUp(catalogue, key) == Self.lookUp(hashed, key), "\(key)")
            }
            #expect(Self.lookUp(catalogue, "humidity %s") != nil)
            #expect(Self.lookUp(catalogue, "no such message") == nil)
        }
    }

    @Test("a catalogue cut short or damaged anywhere is refused or read within itself, never a trap")
    func damaged() throws {
        let path = try Self.compiled("pl")
        defer { unlink(path) }
        let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let keys = ["humidity %s", "Updated %s", "", "partly cloudy", "unit of wind speed\u{4}km/h"]
        var refused = 0
        func read(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { raw in
                guard let catalogue = MessageCatalogue(bytes: raw) else {
                    refused += 1
                    return
                }
                for key in keys {
                    _ = Self.lookUp(catalogue, key)
                    for count in [0, 1, 2, 5, 22, 101] { _ = Self.lookUp(catalogue, key, count: count) }
                }
            }
        }
        // Cut at every length of its first 4 KiB, then every 97th.
        for length in Array(0..<min(4096, whole.count)) + Array(stride(from: 4096, to: whole.count, by: 97)) {
            read(Array(whole[..<length]))
        }
        // Each of the header's and tables' first 2,048 bytes set to each of a few values.
        for offset in 0..<min(2048, whole.count) {
            for value: UInt8 in [0x00, 0x01, 0x7f, 0x80, 0xff] {
                var damaged = whole
                damaged[offset] = value
                read(damaged)
            }
        }
        #expect(refused > 28, "files too short to hold the header are refused")
        // Swapped byte order: the same file written by a machine of the other order reads the same.
        #expect(whole[0] == 0xde || whole[0] == 0x95)
    }

    @Test(
        "the plural rules of gettext's grammar, and what is not one",
        arguments: [
            (
                "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
                [0: 2, 1: 0, 2: 1, 5: 2, 12: 2, 22: 1, 112: 2]
            ),
            ("nplurals=2; plural=(n > 1);", [0: 0, 1: 0, 2: 1]),
            ("nplurals=1; plural=0;", [0: 0, 7: 0]),
            ("nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;", [1: 0, 3: 1, 5: 2]),
            ("nplurals=2; plural=!(n==1);", [1: 0, 2: 1]),
            ("nplurals=2; plural=n/0;", [5: 0]),
            ("nplurals=2; plural=n%0 + 1 - 1 * 1;", [5: 0]),
            ("nplurals=2; plural=7;", [1: 0, 2: 0]),
        ])
    func rules(header: String, forms: [Int: Int]) throws {
        var text = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: " + header + "\n"
        let rule = try #require(text.withUTF8 { PluralRule(header: $0) }, "\(header)")
        for (count, form) in forms {
            #expect(rule.form(for: UInt(count)) == form, "\(header) for \(count)")
        }
    }

    @Test(
        "a rule that does not parse, or nests past 32, is none: English's is read instead",
        arguments: [
            "nplurals=2; plural=n ==;", "nplurals=2; plural=(n;", "nplurals=0; plural=0;", "nplurals=2;",
            "nplurals=2; plural=n 1;", "nplurals=2; plural=99999999999999999999999;",
            "nplurals=2; plural=" + String(repeating: "(", count: 40) + "n" + String(repeating: ")", count: 40) + ";",
            "nplurals=2; plural=" + String(repeating: "!", count: 40) + "n;",
        ])
    func notRules(header: String) {
        var text = "Plural-Forms: " + header + "\n"
        #expect(text.withUTF8 { PluralRule(header: $0) } == nil, "\(header)")
    }

    @Test("a chain of 100,000 operations is refused, not walked until the stack runs out")
    func longChain() {
        var text = "Plural-Forms: nplurals=2; plural=" + String(repeating: "n+", count: 100_000) + "n;\n"
        #expect(text.withUTF8 { PluralRule(header: $0) } == nil)
    }
}
