import Foundation
import TestSupport
import Testing

/// Invisible Unicode formatting characters from outside: bidirectional overrides, embeddings, isolates and
/// marks, line and paragraph separators, the byte order mark. None reaches a terminal or a bar; none is
/// taken in a place name typed or a format.
@Suite("Invisible formatting characters never reach what is printed")
struct InvisibleFormattingTests {
    static let characters: [Unicode.Scalar] = [
        "\u{202E}", "\u{202A}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{061C}", "\u{200B}",
    ]

    /// Whether `text` holds any of them.
    static func holdsAny(_ text: String) -> Bool {
        text.unicodeScalars.contains { characters.contains($0) }
    }

    /// A geocoding answer with two places whose names hold `character` (one left unterminated, as in
    /// the report: an override that would swap the columns after it).
    static func answer(with character: Unicode.Scalar) -> String {
        let c = String(character)
        return """
            {"results":[{"id":1,"name":"Ber\(c)lin","latitude":52.52437,"longitude":13.41053,"elevation":74.0,\
            "feature_code":"PPLC","country_code":"DE","country":"Germ\(c)any","admin1":"\(c)Land Berlin",\
            "population":3426354},{"id":2,"name":"Berlin \(c)Heights","latitude":41.32,"longitude":-82.5,\
            "feature_code":"PPL","country_code":"US","country":"United States","admin1":"Ohio","population":3000}]}
            """
    }

    @Test("search's table, its JSON-free lines and the chosen place's lines hold none of them", arguments: characters)
    func fromTheGeocoder(character: Unicode.Scalar) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(.search, [.init(body: Self.answer(with: character), times: 3)])
        let search = try sandbox.run("search", "Berlin")
        #expect(search.status == 0, "\(search)")
        #expect(!Self.holdsAny(search.stdout + search.stderr), "\(search.stdout.debugDescription)")
        #expect(search.stdout.contains("Berlin"), "\(search)")
        let set = try sandbox.run("set", "Berlin")
        #expect(set.status == 0, "\(set)")
        #expect(!Self.holdsAny(set.stdout + set.stderr), "\(set.stdout.debugDescription)")
        for arguments in [["show", "--short"], ["show"], ["show", "--waybar"], ["forecast", "--cached"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run)")
            #expect(!Self.holdsAny(run.stdout + run.stderr), "\(arguments): \(run.stdout.debugDescription)")
        }
    }

    @Test("a place name typed with one is refused before any request, naming the character", arguments: characters)
    func typed(character: Unicode.Scalar) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("set", "Ber" + String(character) + "lin")
        #expect(run.status != 0, "\(run)")
        let code = String(character.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        #expect(
            run.stderr
                == "weather: the place name contains an invisible formatting character (U+\(padded)); type it as plain text\n",
            "\(run)")
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("a format with one is refused, from the command line and from WEATHER_FORMAT", arguments: characters)
    func format(character: Unicode.Scalar) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let format = "%l " + String(character) + "%t"
        let message =
            "weather: --format: the format holds a control or invisible formatting character; it makes one line of plain text"
        let flag = try sandbox.run("show", "--format", format)
        #expect(flag.status == 64, "\(flag)")
        #expect(flag.stderr.hasPrefix(message), "\(flag)")
        let variable = try sandbox.run(["show"], environment: ["WEATHER_FORMAT": format])
        #expect(variable.status != 0, "\(variable)")
        #expect(variable.stderr.contains("invisible formatting character"), "\(variable)")
        #expect(!Self.holdsAny(variable.stdout))
    }

    @Test("a warning's texts holding them are shown without them, in every form", arguments: characters)
    func fromAWarningService(character: Unicode.Scalar) throws {
        let sandbox = try Sandbox(at: .fixtures, alerts: true)
        let c = String(character)
        let now = sandbox.date
        let iso = ISO8601DateFormatter()
        let answer = """
            {"type":"FeatureCollection","features":[{"id":"x","type":"Feature","geometry":null,"properties":{\
            "id":"urn:oid:2.49.0.1.840.0.\(c).1","areaDesc":"Gre\(c)ene, MO","references":[],\
            "sent":"\(iso.string(from: now - 600))","effective":"\(iso.string(from: now - 600))",\
            "onset":"\(iso.string(from: now - 600))","expires":"\(iso.string(from: now + 3600))",\
            "ends":"\(iso.string(from: now + 3600))","status":"Actual","messageType":"Alert","severity":"Severe",\
            "event":"Severe \(c)Thunderstorm Warning","headline":"Severe Thunderstorm Warning \(c)issued",\
            "description":"Hail\(c) and wind.","instruction":"Go \(c)inside.","senderName":"NWS \(c)Springfield MO"}}]}
            """
        try sandbox.server.script(.nws, [.init(body: answer)])
        let set = try sandbox.run("set", "Springfield, MO")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("Severe Thunderstorm Warning"), "\(set)")
        for arguments in [
            ["show"], ["show", "--short"], ["show", "--format", "%A"], ["show", "--waybar"], ["show", "--json"],
            ["alerts"], ["alerts", "--json"],
        ] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run)")
            #expect(!Self.holdsAny(run.stdout + run.stderr), "\(arguments): \(run.stdout.debugDescription)")
        }
    }

    @Test("a format in config.json with one is refused as the setting it is", arguments: characters)
    func formatInConfig(character: Unicode.Scalar) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.write("{\"format\": \"%l \(String(character))%t\"}", to: sandbox.configFile)
        let run = try sandbox.run("show")
        #expect(run.status == 78, "\(run)")
        #expect(run.stderr.contains("invisible formatting character"), "\(run)")
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(!Self.holdsAny(run.stdout + run.stderr))
    }
}
