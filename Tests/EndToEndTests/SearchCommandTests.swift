import Foundation
import TestSupport
import Testing

@Suite("weather search")
struct SearchCommandTests {
    /// `search words... --json [more]`'s object.
    static func search(_ sandbox: Sandbox, _ words: [String], _ more: [String] = []) throws -> [String: Any] {
        let run = try sandbox.run(["search"] + words + ["--json"] + more)
        #expect(run.status == 0, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    static func matches(_ object: [String: Any]) throws -> [[String: Any]] {
        try #require(object["matches"] as? [[String: Any]])
    }

    @Test(
        "--count N shows the N most populous of every match, counts them all, and the words do not depend on N",
        arguments: [
            (["Springfield"], 19, [1, 3, 5, 12, 19, 50]),
            (["Springfield,", "US"], 15, [2, 4, 15]),
            (["London"], 4, [1, 3]),
            (["Berlin"], 10, [2, 9]),
        ])
    func count(words: [String], total: Int, counts: [Int]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let all = try Self.matches(try Self.search(sandbox, words, ["--count", "100"]))
        #expect(all.count == total)
        let populations = all.map { $0["population"] as? Int ?? 0 }
        #expect(populations == populations.sorted(by: >), "the most populous first")
        for count in counts {
            let object = try Self.search(sandbox, words, ["--count", String(count)])
            #expect(object["total"] as? Int == total, "--count \(count)")
            let shown = try Self.matches(object)
            #expect(shown.count == min(count, total))
            #expect(shown.map { $0["id"] as? Int } == all.prefix(count).map { $0["id"] as? Int }, "--count \(count)")
            #expect(
                shown.map { $0["choose"] as? String } == all.prefix(count).map { $0["choose"] as? String },
                "--count \(count)")

            let text = try sandbox.run(["search"] + words + ["--count", String(count)])
            let counted = "\(total) places called \"\(words[0].trimmingCharacters(in: [","]))\""
            #expect(text.stdout.hasPrefix(counted), "\(text)")
            #expect(text.stdout.contains("(the first \(count))") == (count < total), "\(text)")
            #expect(text.stdout.split(separator: "\n").count == 2 + min(count, total), "\(text)")
        }
        #expect(try sandbox.server.requests(.search).allSatisfy { $0.query["count"] == "100" })
    }

    @Test("a more populous match far down the service's order is listed in its place")
    func populousFarDown() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let shown = try Self.matches(try Self.search(sandbox, ["Springfield"], ["--count", "5"]))
        #expect(
            shown.map { $0["region"] as? String } == ["Missouri", "Massachusetts", "Illinois", "Oregon", "Ohio"])
        let london = try Self.matches(try Self.search(sandbox, ["London"], ["--count", "3"]))
        #expect(london.map { $0["region"] as? String } == ["England", "Ontario", "Ohio"])
    }

    @Test("when the service sends its most, 100, the count says there may be more")
    func fullList() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let entries = (1...100).map { index in
            #"{"id":\#(index),"name":"Testville","latitude":\#(Double(index) / 4),"longitude":10.5,"#
                + #""country_code":"US","country":"United States","admin1":"Region \#(index)","population":\#(index * 10)}"#
        }
        let body = #"{"results":["# + entries.joined(separator: ",") + #"],"generationtime_ms":2.5}"#
        try sandbox.server.script(.search, [.init(body: body, times: 2)])
        let run = try sandbox.run("search", "Testville", "--count", "2")
        #expect(run.stdout.hasPrefix("at least 100 places called \"Testville\", the most populous first (the first 2)"))
        let qualified = try sandbox.run("search", "Testville,", "Region 7")
        #expect(qualified.stdout.hasPrefix("at least 1 place called \"Testville\" in \"Region 7\";"), "\(qualified)")
        let fewer = try sandbox.run("search", "Berlin", "--count", "2")
        #expect(fewer.stdout.hasPrefix("10 places called \"Berlin\""))
    }

    /// Each geocoding fixture by the name it answers and the language of its names.
    static let fixtures: [(name: String, language: String)] = TestPaths.fixtures(in: "open-meteo/geocoding")
        .filter { !$0.hasSuffix("no-match.json") }
        .map { path in
            let parts = path.split(separator: "/")
            let name = parts.last!.dropLast(".json".count).replacingOccurrences(of: "-", with: " ")
            return (name, parts.count == 4 ? String(parts[2]) : "en")
        }

    @Test(
        "for every row of every search fixture, weather <the words shown> picks exactly that row",
        arguments: fixtures)
    func wordsChoose(name: String, language: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let environment = ["WEATHER_LANGUAGE": language]
        let search = try sandbox.run(["search", name, "--json", "--count", "100"], environment: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
        let rows = try Self.matches(object)
        #expect(!rows.isEmpty, "\(search)")
        var seen: Set<String> = []
        for row in rows {
            let words = try #require(row["choose"] as? String)
            #expect(seen.insert(words).inserted, "\(words) is shown twice")
            // As a person types them, `weather <words>`: split at spaces by the shell.
            let run = try sandbox.run(
                words.split(separator: " ").map(String.init) + ["--json"], environment: environment)
            let shown = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(words): \(run)")
            let location = try #require(shown["location"] as? [String: Any])
            #expect(location["id"] as? Int == row["id"] as? Int, "\(name): \(words) picks \(location)")
            #expect(location["name"] as? String == row["name"] as? String, "\(name): \(words)")
            #expect(location["latitude"] as? Double == row["latitude"] as? Double, "\(name): \(words)")
            #expect(location["longitude"] as? Double == row["longitude"] as? Double, "\(name): \(words)")
        }
    }

    @Test("a row with a country code but no country name is chosen by its code: search Alert, then weather Alert, US")
    func countryCodeOnly() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let text = try sandbox.run("search", "Alert")
        #expect(text.stdout.contains("Alert, Nunavut, Canada"), "\(text)")
        let rows = text.stdout.split(separator: "\n").filter { $0.contains("Alert, US") }
        #expect(rows.count == 1 && rows[0].hasSuffix("  Alert, US"), "\(text)")
        let run = try sandbox.run("Alert,", "US", "--short")
        #expect(run.status == 0, "\(run)")
        let json = try sandbox.run("Alert,", "US", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let location = try #require(object["location"] as? [String: Any])
        #expect(location["id"] as? Int == 9_999_001, "\(json)")
        #expect(location["countryCode"] as? String == "US")
    }

    @Test(
        "--json with no match prints an empty answer and exits as a search that found nothing does",
        arguments: [
            (["Atlantis"], #"{"query":"Atlantis","total":0,"matches":[]}"#, "no place called \"Atlantis\" found"),
            (
                ["Paris,", "JP"], #"{"query":"Paris, JP","total":0,"matches":[]}"#,
                "no place called \"Paris\" in \"JP\""
            ),
            (["new", "york,", "Narnia"], #"{"query":"new york, Narnia","total":0,"matches":[]}"#, "in \"Narnia\""),
        ])
    func noMatchJSON(words: [String], json: String, message: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let text = try sandbox.run(["search"] + words)
        let run = try sandbox.run(["search"] + words + ["--json"])
        #expect(run.status == text.status && run.status == 1, "\(run)")
        #expect(run.stdout == json + "\n")
        #expect(text.stdout.isEmpty)
        #expect(
            run.stderr == text.stderr && run.stderr.hasPrefix("weather: ") && run.stderr.contains(message), "\(run)")
    }

    @Test(
        "without a name, or with a qualifier alone, it suggests a search, not a set that would save a place",
        arguments: [
            ([String](), "weather: give the name of a place to look for, for example: weather search Berlin\n"),
            (["  "], "weather: give the name of a place to look for, for example: weather search Berlin\n"),
            (
                [", US"],
                "weather: the place name is missing before the comma; write it as Name, Qualifier, for example: weather search Paris, US\n"
            ),
        ])
    func noName(words: [String], message: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(["search"] + words)
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == message)
        #expect(try sandbox.server.requests().isEmpty, "refused before any request")
    }

    @Test("--json prints nothing on stdout when the search itself failed")
    func failureJSON() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(.search, [.init(status: 500, body: "oops")])
        let run = try sandbox.run("search", "Paris", "--json")
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("is having trouble (HTTP 500"))
    }

    @Test(
        "in a terminal 40 columns wide, rows fit and break no word; the words that choose stay whole",
        arguments: [40, 60])
    func narrowTerminal(columns: Int) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(
            program: "/bin/sh",
            ["-c", #"stty cols "$1" <&1; exec "$0" search Springfield"#, TestPaths.weatherBinary, String(columns)],
            terminal: true)
        #expect(run.status == 0, "\(run)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= columns }, "\(run.stdout)")
        let rows = lines.filter { $0.hasPrefix(" ") && $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
        #expect(rows.count == 10, "\(run.stdout)")
        #expect(rows.first?.hasSuffix("  Springfield, Missouri") == true, "\(run.stdout)")
        #expect(lines.contains { $0.hasSuffix("weather set Springfield") || $0.contains("weather set Springfield ") })
    }
}
