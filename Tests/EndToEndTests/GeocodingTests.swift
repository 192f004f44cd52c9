import Foundation
import TestSupport
import Testing

/// What the real geocoder sends and does, met end to end: protobuf's JSON without its zeros, and its
/// order of operations (the first `count` matches, then the country filter).
@Suite("The geocoding service as it really answers")
struct GeocodingTests {
    /// The `location` object of `show --json`'s or `search --json`'s output.
    static func object(_ run: Sandbox.Run) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    @Test(
        "a place on the prime meridian or the equator, its coordinate left out as protobuf leaves out 0, is found",
        arguments: [
            (["Greenwich"], "Greenwich, England, United Kingdom", 51.47785, 0.0, "51.4778", "0.0000"),
            (["Mitad", "del", "Mundo"], "Mitad del Mundo, Pichincha, Ecuador", 0.0, -78.45583, "0.0000", "-78.4558"),
        ])
    func omittedZeros(
        words: [String], shown: String, latitude: Double, longitude: Double, latitudeSent: String,
        longitudeSent: String
    ) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let set = try sandbox.run(["set"] + words)
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.hasPrefix("Saved \(shown) ("), "\(set)")
        let forecast = try #require(try sandbox.server.requests(.forecast).last)
        #expect(forecast.query["latitude"] == latitudeSent)
        #expect(forecast.query["longitude"] == longitudeSent)
        let location = try #require(try Self.object(try sandbox.run("show", "--json"))["location"] as? [String: Any])
        #expect(location["latitude"] as? Double == latitude)
        #expect(location["longitude"] as? Double == longitude)

        let search = try sandbox.run(["search"] + words + ["--json"])
        let matches = try #require(try Self.object(search)["matches"] as? [[String: Any]])
        #expect(matches.first?["latitude"] as? Double == latitude)
        #expect(matches.first?["longitude"] as? Double == longitude)
    }

    @Test(
        "one entry that cannot be a place is skipped, not the list",
        arguments: [
            (3, #"{"id":1,"latitude":10.5}"#), (9, #"{"id":2,"name":"","longitude":10.5}"#),
            (0, #"{"id":3,"name":"Berlin","latitude":152.5}"#),
        ])
    func unusableEntry(index: Int, entry: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let fixture = try TestPaths.fixture("open-meteo/geocoding/berlin.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(fixture)) as? [String: Any])
        var results = try #require(document["results"] as? [Any])
        results[index] = try JSONSerialization.jsonObject(with: Data(entry.utf8))
        document["results"] = results
        let body = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        try sandbox.server.script(.search, [.init(body: body, times: 2)])

        let search = try sandbox.run("search", "Berlin", "--json")
        #expect(search.status == 0, "\(search)")
        let object = try Self.object(search)
        #expect(object["total"] as? Int == 9)
        let ids = try #require(object["matches"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
        #expect(ids.count == 9)
        #expect(!ids.contains { (1...3).contains($0) })

        let set = try sandbox.run("set", "Berlin")
        #expect(set.status == 0, "\(set)")
        let shown = index == 0 ? "Berlin, New Hampshire, United States" : "Berlin, Land Berlin, Germany"
        #expect(set.stdout.hasPrefix("Saved \(shown) (the most populous of 9 matches)."), "\(set)")
    }

    /// The fixture server's geocoding answer to `query`, asked by a client of its own (no curl, which a
    /// fresh machine may lack).
    static func search(_ sandbox: Sandbox, _ query: String) throws -> [String: Any] {
        let data = try sandbox.server.get("/v1/search?" + query)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(
        "the stand-in cuts to count first, then filters by countryCode, exact case, as the service does",
        arguments: [
            ("count=5&countryCode=US", 5), ("count=15&countryCode=NZ", 1), ("count=14&countryCode=NZ", 0),
            ("countryCode=NZ", 0), ("count=100&countryCode=nz", 0), ("count=100&countryCode=GB", 1),
            ("count=100&countryCode=", 0), ("count=100", 19), ("count=3", 3),
        ])
    func standInOrder(query: String, results: Int) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let object = try Self.search(sandbox, "name=Springfield&format=json&" + query)
        #expect((object["results"] as? [Any])?.count ?? 0 == results)
        #expect(object["results"] == nil || results > 0, "no match has no results member")
    }

    @Test(
        "qualified names find their place among the service's first 100, however far down its order",
        arguments: [
            ("Springfield, OR", "Springfield, Oregon, United States", ""),
            ("Springfield, Oregon", "Springfield, Oregon, United States", ""),
            ("Springfield, VT", "Springfield, Vermont, United States", ""),
            (
                "Springfield, CO", "Springfield, Colorado, United States",
                "\"CO\" read as Colorado, United States (no Springfield in Colombia)"
            ),
            ("Springfield, NZ", "Springfield, Canterbury, New Zealand", ""),
            ("springfield, au", "Springfield, Queensland, Australia", ""),
            ("Springfield, ON", "Springfield, Ontario, Canada", ""),
            ("Springfield, UK", "Springfield, Scotland, United Kingdom", ""),
            (
                "Springfield, MO", "Springfield, Missouri, United States",
                "\"MO\" read as Missouri, United States (no Springfield in Macao)"
            ),
            ("Paris, US", "Paris, Texas, United States", ""),
            ("Paris, us", "Paris, Texas, United States", ""),
            ("London, ON", "London, Ontario, Canada", ""),
            ("London, Canada", "London, Ontario, Canada", ""),
        ])
    func qualifiedNames(words: String, shown: String, note: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("show", words)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix(shown + ": "), "\(run)")
        #expect(run.stderr == (note.isEmpty ? "" : "weather: \(note)\n"))
        let searches = try sandbox.server.requests(.search)
        #expect(searches.count == 1)
        #expect(searches.first?.query["count"] == "100")
        #expect(searches.first?.query["countryCode"] == nil)
    }
}

/// Words typed without the comma that would qualify them.
@Suite("Words that a comma would qualify")
struct CommaHintTests {
    @Test(
        "words that find nothing as a whole say which comma finds a place",
        arguments: [
            (["Paris", "Texas"], "Paris, Texas", 2),
            (["show", "paris", "france"], "paris, france", 2),
            (["forecast", "London", "Ontario"], "London, Ontario", 2),
            (["set", "Springfield", "New", "Jersey"], "Springfield, New Jersey", 2),
            (["search", "Berlin", "Germany"], "Berlin, Germany", 2),
            (["search", "Paris", "TX"], "Paris, TX", 2),
            (["Springfield", "New", "Mexico"], nil, 3),
            (["Atlantis", "Narnia"], nil, 2),
        ] as [([String], String?, Int)])
    func notFound(arguments: [String], hint: String?, searches: Int) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(arguments)
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        let words = arguments.drop { ["show", "forecast", "set", "search"].contains($0) }.joined(separator: " ")
        let expected =
            hint.map { "did you mean \($0)?" } ?? "check the spelling, or try a larger town nearby"
        #expect(run.stderr == "weather: no place called \"\(words)\" found; \(expected)\n", "\(run)")
        #expect(try sandbox.requestCount(.search) == searches)
        #expect(try sandbox.requestCount(.forecast) == 0)
        if let hint {
            let followed = try sandbox.run(["show"] + hint.split(separator: " ").map(String.init) + ["--short"])
            #expect(followed.status == 0, "the hint works: \(followed)")
        }
    }

    @Test("words that find another place as a whole say which comma finds the one they describe, on stderr")
    func differentPlace() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("Springfield", "GA", "--short")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Springfield Gardens "), "\(run)")
        #expect(
            run.stderr
                == "weather: \"Springfield GA\" found Springfield Gardens, New York, United States; for Springfield in GA write Springfield, GA\n"
        )
        let searches = try sandbox.server.requests(.search).map { $0.query["name"] }
        #expect(searches == ["Springfield GA", "Springfield"])
        let followed = try sandbox.run("Springfield,", "GA", "--json")
        #expect(followed.stdout.contains(#""region":"Georgia""#), "\(followed)")
    }

    @Test(
        "words found as a whole where their last words describe them, or that do not read as a place, cost nothing more",
        arguments: [["New", "York"], ["Mitad", "del", "Mundo"], ["Springfield,", "Georgia"]])
    func noHint(words: [String]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(["show"] + words + ["--short"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.isEmpty, "\(run)")
        #expect(try sandbox.requestCount(.search) == 1)
    }
}
