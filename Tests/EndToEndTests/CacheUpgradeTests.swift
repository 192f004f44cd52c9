import Foundation
import TestSupport
import Testing

/// A cache file written by an earlier version of weather is read as it is, once, and rewritten in the
/// current format with the same values: an upgrade loses nothing a user saved.
@Suite("Upgrading the cache file")
struct CacheUpgradeTests {
    @Test("a format-1 result is shown with its values, then rewritten as format 2 (times as numbers, freshness stored)")
    func formatOne() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.write(
            String(decoding: try TestPaths.fixture("saved/current-format-1.json"), as: UTF8.self),
            to: sandbox.resultFile)
        try sandbox.write(
            String(decoding: try TestPaths.fixture("saved/location.json"), as: UTF8.self), to: sandbox.locationFile)
        let show = try sandbox.run("show", "--json")
        #expect(show.status == 0, "\(show)")
        #expect(show.stderr.isEmpty, "\(show)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
        #expect(object["temperature"] as? Double == 10.9)
        #expect(object["updatedAt"] as? String == "2026-11-22T06:34:32Z")
        #expect(object["observedAt"] as? String == "2026-11-22T06:30:00Z")
        #expect((object["location"] as? [String: Any])?["name"] as? String == "Berlin")
        let rewritten = try #require(
            try JSONSerialization.jsonObject(with: sandbox.contents(sandbox.resultFile) ?? Data()) as? [String: Any])
        #expect(rewritten["format"] as? Int == 2)
        #expect(rewritten["updatedAt"] as? Double == 1_795_329_272.038)
        // max-age=600 less the age the response had on arrival (0.038 s after its Date header): 06:44:32.
        #expect(rewritten["staleAt"] as? Double == 1_795_329_272.038 + 600 - 0.038)
        #expect(rewritten["staleAtSource"] as? String == "server")
        #expect((rewritten["http"] as? [String: Any])?["etag"] as? String == "\"v1\"")
        // The same result, read in the new format; only the age may have gone on by a second.
        func withoutAge(_ text: String) -> String {
            text.replacingOccurrences(of: #""age":[0-9]+,"#, with: "", options: .regularExpression)
        }
        #expect(
            withoutAge(try sandbox.run("show", "--json").stdout) == withoutAge(show.stdout),
            "the same result, read in the new format")
        #expect(try sandbox.requestCount() == 0)
    }
}
