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
        let sandbox = try Sandbox()
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
        let sandbox = try Sandbox()
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
}
