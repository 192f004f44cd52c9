import Foundation
import TestSupport
import Testing

/// `weather Paris`, `weather show Springfield, MO`, `weather forecast 52.52,13.41`, `weather search London`:
/// other places, looked up once, through the real binary and the fixture server.
@Suite("One-off lookups and places as people name them")
struct OneOffLookupTests {
    static let noColor = ["NO_COLOR": "1"]

    /// The folder of one-off results.
    func placesFolder(_ sandbox: Sandbox) -> String { sandbox.cacheHome + "/weather/places" }

    /// The place folders in the lookup cache.
    func placeFolders(_ sandbox: Sandbox) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: placesFolder(sandbox))) ?? []
        return Set(names.filter { !$0.hasSuffix(".json") })
    }

    @Test("one-off lookups leave the saved place, its result, its forecast and the timer byte for byte as they were")
    func savedPlaceUndisturbed() throws {
        let sandbox = try Sandbox.withUserManager()
        try sandbox.setBerlin()
        let timerFile = sandbox.configHome + "/systemd/user/" + UnitNames.timer
        let serviceFile = sandbox.configHome + "/systemd/user/" + UnitNames.service
        let files = [sandbox.locationFile, sandbox.resultFile, sandbox.forecastFile, timerFile, serviceFile]
        let before = files.map { sandbox.contents($0) }
        #expect(before.allSatisfy { $0 != nil })
        let nextRun = try sandbox.systemctl("show", UnitNames.timer, "--property=NextElapseUSecRealtime").stdout

        let paris = try sandbox.run("Paris")
        #expect(paris.status == 0, "\(paris)")
        #expect(paris.stdout.hasPrefix("Paris, Île-de-France, France: "), "\(paris)")
        let springfield = try sandbox.run(
            ["show", "Springfield,", "MO"], environment: Self.noColor, terminal: true)
        #expect(springfield.status == 0, "\(springfield)")
        #expect(springfield.stdout.contains("Springfield, Missouri, United States: "), "\(springfield)")
        let forecast = try sandbox.run("forecast", "52.52,13.41", "--json")
        #expect(forecast.status == 0, "\(forecast)")
        let search = try sandbox.run("search", "London")
        #expect(search.status == 0, "\(search)")

        #expect(files.map { sandbox.contents($0) } == before)
        #expect(
            try sandbox.systemctl("show", UnitNames.timer, "--property=NextElapseUSecRealtime").stdout == nextRun)
        let saved = try sandbox.run("show", "--json")
        #expect(saved.stdout.contains("\"name\":\"Berlin\""))
    }

    @Test("a second look within freshness sends no request, by name, by pipe or terminal, for show and forecast")
    func secondLookIsFree() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let first = try sandbox.run("show", "Paris", "--short")
        #expect(first.status == 0, "\(first)")
        #expect(try sandbox.requestCount(.search) == 1)
        #expect(try sandbox.requestCount(.forecast) == 1)
        try sandbox.server.clearRequests()

        let again = try sandbox.run("Paris", "--short")
        let terminal = try sandbox.run(["paris"], environment: Self.noColor, terminal: true)
        let forecast = try sandbox.run("forecast", "Paris", "--json")
        for run in [again, terminal, forecast] { #expect(run.status == 0, "\(run)") }
        #expect(again.stdout == first.stdout)
        #expect(terminal.stdout.hasPrefix("Paris, Île-de-France, France: "), "\(terminal)")
        #expect(forecast.stdout.contains("\"name\":\"Paris\""))
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("a pipe is served a stale one-off result from the cache; a terminal refreshes it, conditionally")
    func staleOneOff() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(
            .forecast, [.init(fixture: "open-meteo/forecast/paris.json", headers: ["ETag": "\"paris-1\""])])
        #expect(try sandbox.run("Paris").status == 0)
        try sandbox.server.clearRequests()
        let stale = ["WEATHER_STALE_AFTER": "0"]

        let pipe = try sandbox.run(["Paris", "--json"], environment: stale)
        #expect(pipe.status == 0, "\(pipe)")
        #expect(pipe.stdout.contains("\"stale\":true"))
        #expect(try sandbox.requestCount() == 0)

        let terminal = try sandbox.run(["Paris"], environment: stale.merging(Self.noColor) { $1 }, terminal: true)
        #expect(terminal.status == 0, "\(terminal)")
        let requests = try sandbox.server.requests()
        #expect(requests.map(\.path) == ["/v1/forecast"], "the name is remembered: no second search")
        #expect(requests.first?.header("If-None-Match") == "\"paris-1\"")
    }

    @Test("--cached with nothing cached for the place fails without a request; a pipe fetches what is missing")
    func cachedWithNothingCached() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let cached = try sandbox.run("show", "Paris", "--cached")
        #expect(cached.status == 1)
        #expect(
            cached.stderr
                == "weather: no weather for \"Paris\" cached yet; run the same command without --cached to fetch it\n")
        #expect(try sandbox.requestCount() == 0)
        let pipe = try sandbox.run("show", "Paris", "--json")
        #expect(pipe.status == 0, "\(pipe)")
        #expect(try sandbox.requestCount() == 2)
        #expect(FileManager.default.fileExists(atPath: sandbox.locationFile) == false)
    }

    @Test("concurrent first looks at one place send one search and one forecast request")
    func concurrentFirstLooks() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(.search, [.init(fixture: "open-meteo/geocoding/paris.json", delay: 0.5)])
        let runs = try (0..<6).map { _ in try sandbox.spawn(["show", "Paris", "--short"]) }.map { $0.wait() }
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs)")
        #expect(Set(runs.map(\.stdout)).count == 1)
        #expect(try sandbox.requestCount(.search) == 1)
        #expect(try sandbox.requestCount(.forecast) == 1)
    }

    @Test(
        "state and province abbreviations, and the note when a code is also a country's",
        arguments: [
            (
                ["Springfield,", "MO"], "Springfield, Missouri, United States: ", "en",
                "weather: „MO“ gelesen als Missouri, Vereinigte Staaten (kein Springfield in Macao)\n"
            ),
            (["London,", "ON"], "London, Ontario, Canada: ", "en", ""),
            (["Paris,", "TX"], "Paris, Texas, United States: ", "en", ""),
            (
                ["Paris,", "CA"], "Paris, Ontario, Canada: ", "en",
                "weather: „CA“ gelesen als Kanada (kein Paris in California, Vereinigte Staaten)\n"
            ),
            (["London,", "England"], "London, England, United Kingdom: ", "de", ""),
        ])
    func abbreviations(words: [String], shown: String, language: String, stderr: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        // A German locale: place names asked in German, unless the qualifier is another country's, and the
        // note in German, as every word is.
        let run = try sandbox.run(["show"] + words, environment: try TestLocales.environment("de_DE.UTF-8"))
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix(shown), "\(run)")
        #expect(run.stderr == stderr)
        let search = try #require(try sandbox.server.requests(.search).first)
        #expect(search.query["countryCode"] == nil)
        #expect(search.query["count"] == "100")
        #expect(search.query["language"] == language)
    }

    @Test(
        "how an ambiguous abbreviation was read goes to stderr as weather's note, whatever the command",
        arguments: [
            (["set", "Springfield,", "MO"], "\"MO\" read as Missouri, United States (no Springfield in Macao)"),
            (["set", "Paris,", "CA"], "\"CA\" read as Canada (no Paris in California, United States)"),
            (["set", "Springfield,", "co"], "\"co\" read as Colorado, United States (no Springfield in Colombia)"),
            (["show", "Springfield,", "MO"], "\"MO\" read as Missouri, United States (no Springfield in Macao)"),
            (["forecast", "London,", "KY"], "\"KY\" read as Kentucky, United States (no London in Cayman Islands)"),
            (["search", "Springfield,", "IL"], "\"IL\" read as Illinois, United States (no Springfield in Israel)"),
        ])
    func abbreviationNote(arguments: [String], note: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(arguments)
        #expect(run.status == 0, "\(run)")
        #expect(run.errorLines.first.map(String.init) == "weather: \(note)", "\(run)")
        #expect(!run.stdout.contains("read as"), "\(run)")
        if arguments[0] == "set" { #expect(run.stdout.hasPrefix("Saved "), "\(run)") }
    }

    @Test("coordinates name a place directly: no search, the coordinates as its name, negative values too")
    func coordinates() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let forecast = try sandbox.run("forecast", "52.52,13.41", "--json")
        #expect(forecast.status == 0, "\(forecast)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(forecast.stdout.utf8)) as? [String: Any])
        let location = try #require(object["location"] as? [String: Any])
        #expect(location["name"] as? String == "52.52°N, 13.41°E")
        #expect(location["latitude"] as? Double == 52.52)
        #expect(location.keys.contains("country"))
        #expect((object["daily"] as? [Any])?.count == 7)
        #expect(try sandbox.requestCount(.search) == 0)
        #expect(try sandbox.server.requests(.forecast).first?.query["latitude"] == "52.5200")

        let south = try sandbox.run("-33.87,", "151.21", "--short")
        #expect(south.status == 0, "\(south)")
        #expect(south.stdout.hasPrefix("33.87°S, 151.21°E "), "\(south)")
        #expect(try sandbox.server.requests(.forecast).last?.query["latitude"] == "-33.8700")

        for words in [["52.52N", "13.41E"], ["52.52°N,", "13.41°E"], ["13.41", "E", "52.52", "N"]] {
            let run = try sandbox.run(["show"] + words + ["--short"])
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("52.52°N, 13.41°E "), "\(words): \(run)")
        }
        let west = try sandbox.run("40.7128N", "74.006W", "--json")
        let westLocation =
            try #require(
                try JSONSerialization.jsonObject(with: Data(west.stdout.utf8)) as? [String: Any])["location"]
            as? [String: Any]
        #expect(westLocation?["longitude"] as? Double == -74.006, "\(west)")
        #expect(try sandbox.server.requests(.forecast).last?.query["longitude"] == "-74.0060")
        #expect(try sandbox.requestCount(.search) == 0)

        let set = try sandbox.run("set", "52.52,", "13.41")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.hasPrefix("Saved 52.52°N, 13.41°E (given by its coordinates).\n"))
        #expect(try sandbox.requestCount(.search) == 0)
    }

    @Test(
        "bad coordinates and unknown names get a clear error and send nothing they need not",
        arguments: [
            (
                ["91,0"], 64,
                "weather: the latitude 91 is out of range: latitudes run from -90 (south) to 90 (north), latitude first, as in 52.52,13.41\n",
                0
            ),
            (
                ["show", "10,", "-200"], 64,
                "weather: the longitude −200 is out of range: longitudes run from -180 (west) to 180 (east), after the latitude, as in 52.52,13.41\n",
                0
            ),
            (
                ["forecast", "91.5N", "13E"], 64,
                "weather: the latitude 91.5N is out of range: latitudes run from -90 (south) to 90 (north), latitude first, as in 52.52,13.41\n",
                0
            ),
            (
                ["abc,def"], 1,
                "weather: no place called \"abc\" found; check the spelling, or try a larger town nearby\n", 1
            ),
            (
                ["sett", "Berlin"], 64,
                "weather: \"sett\" is not a command, and no place called \"sett Berlin\" was found; did you mean weather set Berlin?\n",
                2
            ),
            (
                ["forcast", "Paris"], 64,
                "weather: \"forcast\" is not a command, and no place called \"forcast Paris\" was found; did you mean weather forecast Paris?\n",
                2
            ),
            (
                ["shwo"], 64,
                "weather: \"shwo\" is not a command, and no place called \"shwo\" was found; did you mean weather show?\n",
                1
            ),
            (
                ["shwo", "--json", "--units", "si"], 64,
                "weather: \"shwo\" is not a command, and no place called \"shwo\" was found; did you mean weather show --json --units si?\n",
                1
            ),
            // After a command, the words are a place, not a mistyped command.
            (
                ["show", "sett", "Berlin"], 1,
                "weather: no place called \"sett Berlin\" found; check the spelling, or try a larger town nearby\n", 2
            ),
            (
                ["Paris,", "JP"], 1,
                "weather: no place called \"Paris\" in \"JP\"; try one of: Paris, France; Paris, Texas; Paris, Canada; Paris, Tennessee; Paris, Kentucky\n",
                1
            ),
        ])
    func badPlaces(words: [String], status: Int32, stderr: String, searches: Int) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(words)
        #expect(run.status == status, "\(run)")
        #expect(run.stderr == stderr)
        #expect(run.stdout.isEmpty)
        #expect(try sandbox.requestCount(.search) == searches)
        #expect(try sandbox.requestCount(.forecast) == 0)
    }

    @Test("place names come in the user's language; the language setting overrides the locale")
    func language() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let german = try sandbox.run(["München", "--short"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.stdout.hasPrefix("München "), "\(german)")
        let english = try sandbox.run(
            ["München", "--short"], environment: ["LANG": "de_DE.UTF-8", "WEATHER_LANGUAGE": "en"])
        #expect(english.stdout.hasPrefix("Munich "), "\(english)")
        let set = try sandbox.run(["set", "Munich"], environment: ["LC_ALL": "de_DE.UTF-8", "LANG": "en_US.UTF-8"])
        try TestLocales.requireCatalogues()
        #expect(
            set.stdout.hasPrefix("München, Bayern, Deutschland gespeichert (der bevölkerungsreichste von 2 Treffern)."),
            "\(set)")
        #expect(try sandbox.server.requests(.search).map { $0.query["language"] } == ["de", "en", "de"])
    }

    @Test("search lists the matches, the chosen one first, with the words that choose each; --json too")
    func search() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let text = try sandbox.run("search", "London")
        #expect(text.status == 0, "\(text)")
        #expect(
            text.stdout == """
                4 places called "London", the most populous first; weather set London chooses the first:
                     Place                               People  Latitude  Longitude  Choose it with
                  1  London, England, United Kingdom  8,961,989   51.5085    -0.1257  London, United Kingdom
                  2  London, Ontario, Canada            346,765   42.9834   -81.2330  London, Canada
                  3  London, Ohio, United States         10,060   39.8865   -83.4483  London, Ohio
                  4  London, Kentucky, United States      7,993   37.1290   -84.0833  London, Kentucky

                """)
        let json = try sandbox.run("search", "Springfield", "--json", "--count", "2")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 19)
        let matches = try #require(object["matches"] as? [[String: Any]])
        #expect(matches.map { $0["region"] as? String } == ["Missouri", "Massachusetts"])
        #expect(matches.map { $0["choose"] as? String } == ["Springfield, Missouri", "Springfield, Massachusetts"])
        #expect(try sandbox.server.requests(.search).last?.query["count"] == "100")
        let qualified = try sandbox.run("search", "Paris,", "TX")
        #expect(
            qualified.stdout.hasPrefix("1 place called \"Paris\" in \"TX\"; weather set Paris, TX chooses the first:\n")
        )
        #expect(FileManager.default.fileExists(atPath: sandbox.locationFile) == false)
    }

    @Test("at most 8 places are kept, the least recently used dropped first; logout forgets them all")
    func boundedCache() throws {
        let sandbox = try Sandbox(at: .fixtures)
        for latitude in 1...8 { #expect(try sandbox.run("show", "\(latitude),10", "--short").status == 0) }
        // The first is used again (served from the cache), so the second is now the least recently used.
        usleep(20_000)
        #expect(try sandbox.run("show", "1,10", "--short").status == 0)
        #expect(try sandbox.requestCount(.forecast) == 8)
        #expect(try sandbox.run("show", "9,10", "--short").status == 0)
        let folders = placeFolders(sandbox)
        #expect(folders.count == 8)
        #expect(folders.contains("1.0000,10.0000"))
        #expect(!folders.contains("2.0000,10.0000"))
        #expect(folders.contains("9.0000,10.0000"))

        #expect(try sandbox.run("logout").status == 0)
        #expect(!FileManager.default.fileExists(atPath: placesFolder(sandbox)))
    }

    @Test("waybar and the short line work for a one-off place")
    func waybar() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("show", "Paris", "--waybar")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("{\"text\":\"Paris "), "\(run)")
    }

    @Test("damaged lookup files cost a request, never the lookup: they are replaced")
    func damagedLookupFiles() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run("Paris").status == 0)
        let folder = placesFolder(sandbox)
        try sandbox.write("{\"format\":1,\"names\":[{\"query\":\"paris\"", to: folder + "/names.json")
        try sandbox.write("\u{1B}[2J not json", to: folder + "/48.8534,2.3488/current.json")
        try sandbox.server.clearRequests()
        let run = try sandbox.run("Paris", "--short")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Paris "))
        #expect(!run.stderr.contains("\u{1B}"))
        #expect(try sandbox.requestCount(.search) == 1)
        #expect(try sandbox.requestCount(.forecast) == 1)
        try sandbox.server.clearRequests()
        #expect(try sandbox.run("Paris", "--short").stdout == run.stdout)
        #expect(try sandbox.requestCount() == 0)
    }

    @Test("the saved place named again is served from its own files: the same data is never fetched twice")
    func savedPlaceByName() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = try sandbox.run("--short")
        try sandbox.server.clearRequests()
        let byName = try sandbox.run("Berlin", "--short")
        #expect(byName.stdout == saved.stdout)
        #expect(try sandbox.requestCount(.search) == 1, "the name is looked up once")
        #expect(try sandbox.requestCount(.forecast) == 0)
        let again = try sandbox.run("Berlin", "--short")
        let byCoordinates = try sandbox.run("forecast", "52.5244,13.4105", "--json")
        #expect(again.stdout == saved.stdout)
        #expect(byCoordinates.status == 0, "\(byCoordinates)")
        #expect(try sandbox.requestCount() == 1)
        #expect(placeFolders(sandbox).isEmpty)
    }
}
