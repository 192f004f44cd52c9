import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Place names and choosing among matches")
struct PlaceTests {
    @Test("words join with spaces; commas split off qualifiers")
    func parsesQueries() throws {
        #expect(try PlaceQuery(words: ["New", "York"]) == PlaceQuery(name: "New York"))
        #expect(try PlaceQuery(words: ["Paris,", "US"]) == PlaceQuery(name: "Paris", qualifiers: ["US"]))
        #expect(
            try PlaceQuery(words: ["Springfield, Illinois"])
                == PlaceQuery(name: "Springfield", qualifiers: ["Illinois"]))
        #expect(try PlaceQuery(words: ["  Berlin ,  "]) == PlaceQuery(name: "Berlin"))
        #expect(try PlaceQuery(words: [String(repeating: "a", count: 200)]).name.count == 200)
    }

    @Test(
        "input no service should see is refused",
        arguments: [
            ([String](), PlaceQueryError.empty),
            ([""], .empty),
            (["   ", "\u{3000}"], .empty),
            ([", US"], .noName),
            ([String(repeating: "a", count: 201)], .tooLong(201)),
            (["Ber\tlin"], .controlCharacter("\t")),
            (["Berlin\n"], .controlCharacter("\n")),
            (["Ber\u{7F}lin"], .controlCharacter("\u{7F}")),
            (["Ber\u{1B}[31mlin"], .controlCharacter("\u{1B}")),
        ])
    func refuses(words: [String], error: PlaceQueryError) {
        #expect(throws: error) { _ = try PlaceQuery(words: words) }
    }

    @Test("refusals speak to people")
    func refusalMessages() {
        #expect(
            PlaceQueryError.controlCharacter("\t").description
                == "the place name contains a control character (U+0009); type it as plain text")
        #expect(PlaceQueryError.tooLong(201).description.contains("201 characters"))
    }

    func candidates(_ name: String) throws -> [PlaceCandidate] {
        try GeocodingResponse.decode(try TestPaths.fixture("open-meteo/geocoding/\(name).json"))
    }

    @Test(
        "the most populous match wins, qualifiers narrowing first",
        arguments: [
            ("berlin", [String](), "Berlin, Land Berlin, Germany", 10),
            ("berlin", ["US"], "Berlin, New Hampshire, United States", 6),
            ("berlin", ["usa"], "Berlin, New Hampshire, United States", 6),
            ("paris", [], "Paris, Île-de-France, France", 7),
            ("paris", ["US"], "Paris, Texas, United States", 5),
            ("paris", ["Tennessee"], "Paris, Tennessee, United States", 1),
            ("paris", ["canada"], "Paris, Ontario, Canada", 1),
            ("springfield", [], "Springfield, Missouri, United States", 19),
            ("springfield", ["Illinois"], "Springfield, Illinois, United States", 1),
            ("springfield", ["Fife"], "Springfield, Scotland, United Kingdom", 1),
            ("springfield", ["UK"], "Springfield, Scotland, United Kingdom", 1),
            ("springfield", ["US", "Ohio"], "Springfield, Ohio, United States", 1),
            ("london", ["Ontario"], "London, Ontario, Canada", 1),
        ])
    func chooses(file: String, qualifiers: [String], chosen: String, matches: Int) throws {
        let choice = try PlaceChoice(
            choosingFrom: try candidates(file), for: PlaceQuery(name: "x", qualifiers: qualifiers))
        #expect(choice.location.displayName == chosen)
        #expect(choice.matchCount == matches)
    }

    @Test("on a population tie, the service's order decides")
    func tie() throws {
        let places = [
            PlaceCandidate(location: Location(name: "A", region: "First", latitude: 1, longitude: 1)),
            PlaceCandidate(location: Location(name: "A", region: "Second", latitude: 2, longitude: 2)),
        ]
        #expect(try PlaceChoice(choosingFrom: places, for: PlaceQuery(name: "A")).location.region == "First")
    }

    @Test("no match at all, and no match for the qualifier, say what to do")
    func noMatch() throws {
        #expect(throws: ProviderError.placeNotFound(PlaceQuery(name: "Atlantis"))) {
            _ = try PlaceChoice(choosingFrom: [], for: PlaceQuery(name: "Atlantis"))
        }
        let query = PlaceQuery(name: "Paris", qualifiers: ["Narnia"])
        #expect {
            _ = try PlaceChoice(choosingFrom: try candidates("paris"), for: query)
        } throws: { error in
            guard case .noPlaceMatches(_, let alternatives) = error as? ProviderError else { return false }
            return alternatives == [
                "Paris, France", "Paris, Texas", "Paris, Canada", "Paris, Tennessee", "Paris, Kentucky",
            ]
        }
    }

    @Test("the geocoding request asks politely, and never for the service's country filter")
    func geocodingRequest() {
        let provider = OpenMeteo(
            geocodingURL: "https://geo.example/v1/search", forecastURL: "https://f.example/v1/forecast",
            http: CurlTransport())
        #expect(
            provider.geocodingRequest(for: PlaceQuery(name: "São Paulo")).url
                == "https://geo.example/v1/search?name=S%C3%A3o%20Paulo&count=100&language=en&format=json")
        #expect(
            provider.geocodingRequest(for: PlaceQuery(name: "Paris", qualifiers: ["US"])).url
                == "https://geo.example/v1/search?name=Paris&count=100&language=en&format=json")
        #expect(
            provider.geocodingRequest(for: PlaceQuery(name: "Paris", qualifiers: ["Texas"])).url
                == "https://geo.example/v1/search?name=Paris&count=100&language=en&format=json")
    }

    @Test("the forecast request rounds coordinates to 4 decimals and asks for SI units")
    func forecastRequest() {
        let provider = OpenMeteo(
            geocodingURL: "https://g.example/s", forecastURL: "https://f.example/v1/forecast?apikey=k",
            http: CurlTransport())
        let url = provider.forecastRequest(for: Location(name: "London", latitude: 51.50853, longitude: -0.12574)).url
        #expect(
            url.hasPrefix(
                "https://f.example/v1/forecast?apikey=k&latitude=51.5085&longitude=-0.1257&current=temperature_2m%2Capparent_temperature"
            ))
        #expect(
            url.hasSuffix(
                "&timezone=auto&timeformat=unixtime&temperature_unit=celsius&wind_speed_unit=ms&precipitation_unit=mm"))
    }
}

@Suite("Places as people name them: coordinates, abbreviations, language")
struct PlaceNamingTests {
    func candidates(_ name: String) throws -> [PlaceCandidate] {
        try GeocodingResponse.decode(try TestPaths.fixture("open-meteo/geocoding/\(name).json"))
    }

    @Test(
        "two decimal numbers are coordinates, latitude first, shown with the digits given",
        arguments: [
            (["52.52,13.41"], 52.52, 13.41, "52.52°N, 13.41°E"),
            (["52.52,", "13.41"], 52.52, 13.41, "52.52°N, 13.41°E"),
            (["-33.87", "151.21"], -33.87, 151.21, "33.87°S, 151.21°E"),
            (["\u{2212}33.8688,+151.2093"], -33.8688, 151.2093, "33.8688°S, 151.2093°E"),
            (["40.7, -74"], 40.7, -74, "40.7°N, 74°W"),
            ([" 90 , 180 "], 90, 180, "90°N, 180°E"),
            (["52.52N", "13.41E"], 52.52, 13.41, "52.52°N, 13.41°E"),
            (["52.52°N, 13.41°E"], 52.52, 13.41, "52.52°N, 13.41°E"),
            (["33.87S", "151.21E"], -33.87, 151.21, "33.87°S, 151.21°E"),
            (["40.7128° N, 74.006° W"], 40.7128, -74.006, "40.7128°N, 74.006°W"),
            (["22.9 s 43.2 w"], -22.9, -43.2, "22.9°S, 43.2°W"),
            (["13.41E", "52.52N"], 52.52, 13.41, "52.52°N, 13.41°E"),
            (["0N,", "0E"], 0, 0, "0°N, 0°E"),
            (["52.52°,", "13.41°"], 52.52, 13.41, "52.52°N, 13.41°E"),
            (["52.52", "°", "N", "13.41", "°", "E"], 52.52, 13.41, "52.52°N, 13.41°E"),
        ])
    func coordinates(words: [String], latitude: Double, longitude: Double, name: String) throws {
        let query = try PlaceQuery(words: words)
        #expect(query.coordinates?.latitude == latitude)
        #expect(query.coordinates?.longitude == longitude)
        #expect(query.name == name)
        #expect(query.qualifiers.isEmpty)
    }

    @Test(
        "coordinates out of range are refused before any request, saying the ranges",
        arguments: [
            (["91,0"], PlaceQueryError.latitudeOutOfRange("91")),
            (["-90.5, 10"], .latitudeOutOfRange("-90.5")),
            (["0,181"], .longitudeOutOfRange("181")),
            (["12", "-180.01"], .longitudeOutOfRange("-180.01")),
            (["91N", "13E"], .latitudeOutOfRange("91N")),
            (["10E", "90.5S"], .latitudeOutOfRange("90.5S")),
            (["52N", "181W"], .longitudeOutOfRange("181W")),
        ])
    func coordinatesOutOfRange(words: [String], error: PlaceQueryError) {
        #expect(throws: error) { _ = try PlaceQuery(words: words) }
        #expect(error.description.contains("out of range"))
        #expect(error.description.contains("52.52,13.41"))
    }

    @Test(
        "what is not two numbers is a name: postcodes, words, a number with letters",
        arguments: [
            ["abc,def"], ["10967"], ["52.5", "abc"], ["1.2.3,4"], ["52,13,7"], ["1e5,2"], ["52.52N", "13.41"],
            ["52.52N", "13.41S"], ["52.52E", "13.41W"], ["-52.52N", "13.41E"], ["52.52N13.41E"], ["Paris", "N"],
            ["52.52X", "13.41E"], ["N", "E"],
        ])
    func notCoordinates(words: [String]) throws {
        #expect(try PlaceQuery(words: words).coordinates == nil)
    }

    @Test(
        "state and province abbreviations narrow the matches; a code that is both takes the reading that matches",
        arguments: [
            (
                "springfield", "MO", "Springfield, Missouri, United States",
                "\"MO\" read as Missouri, United States (no Springfield in Macao)"
            ),
            (
                "springfield", "mo", "Springfield, Missouri, United States",
                "\"mo\" read as Missouri, United States (no Springfield in Macao)"
            ),
            (
                "springfield", "IL", "Springfield, Illinois, United States",
                "\"IL\" read as Illinois, United States (no Springfield in Israel)"
            ),
            ("springfield", "OR", "Springfield, Oregon, United States", nil),
            ("london", "ON", "London, Ontario, Canada", nil),
            (
                "london", "KY", "London, Kentucky, United States",
                "\"KY\" read as Kentucky, United States (no London in Cayman Islands)"
            ),
            ("paris", "TX", "Paris, Texas, United States", nil),
            ("paris", "CA", "Paris, Ontario, Canada", "\"CA\" read as Canada (no Paris in California, United States)"),
            ("paris", "FR", "Paris, Île-de-France, France", nil),
        ] as [(String, String, String, String?)])
    func abbreviations(file: String, qualifier: String, chosen: String, note: String?) throws {
        let choice = try PlaceChoice(
            choosingFrom: try candidates(file),
            for: PlaceQuery(name: chosen.prefix { $0 != "," }.description, qualifiers: [qualifier]))
        #expect(choice.location.displayName == chosen)
        #expect(choice.note == note)
    }

    @Test("when both readings match, the country wins and the note says how to ask for the state")
    func bothReadingsMatch() throws {
        let canada = PlaceCandidate(
            location: Location(
                name: "Paris", region: "Ontario", country: "Canada", countryCode: "CA", latitude: 43.2,
                longitude: -80.38, population: 11_177))
        let california = PlaceCandidate(
            location: Location(
                name: "Paris", region: "California", country: "United States", countryCode: "US", latitude: 33.8,
                longitude: -117.2, population: 90_000))
        let choice = try PlaceChoice(
            choosingFrom: [california, canada], for: PlaceQuery(name: "Paris", qualifiers: ["CA"]))
        #expect(choice.location.region == "Ontario")
        #expect(choice.note == "\"CA\" read as Canada; for California, United States write Paris, California")
        let state = try PlaceChoice(
            choosingFrom: [california, canada], for: PlaceQuery(name: "Paris", qualifiers: ["California"]))
        #expect(state.location.region == "California")
        #expect(state.note == nil)
    }

    @Test("an abbreviation that matches nothing lists what there is")
    func abbreviationWithoutMatch() throws {
        #expect {
            _ = try PlaceChoice(
                choosingFrom: try candidates("paris"), for: PlaceQuery(name: "Paris", qualifiers: ["WY"]))
        } throws: { error in
            guard case .noPlaceMatches(_, let alternatives) = error as? ProviderError else { return false }
            return alternatives.first == "Paris, France"
        }
    }

    /// A candidate named `name` in `region`, `country` (`US` by code), with `population`.
    func place(
        _ name: String, _ region: String?, country: String? = "United States", code: String? = "US",
        population: Int? = nil, subregions: [String] = [], latitude: Double = 40
    ) -> PlaceCandidate {
        PlaceCandidate(
            location: Location(
                name: name, region: region, country: country, countryCode: code, latitude: latitude, longitude: -90,
                population: population),
            subregions: subregions)
    }

    /// Whether `words`, read as typed, choose `candidate` among `candidates` (asked for in `language`).
    func choose(_ words: String, _ candidate: PlaceCandidate, among candidates: [PlaceCandidate], language: String)
        throws -> Bool
    {
        let query = try PlaceQuery(words: [words])
        if let coordinates = query.coordinates {
            return abs(coordinates.latitude - candidate.location.latitude) < 1e-4
        }
        return try PlaceMatches(query, candidates: candidates, language: language).fitting.first == candidate
    }

    @Test("the words shown for a match choose exactly it, whatever the match lacks or shares")
    func wordsChoose() throws {
        let lists: [(name: String, candidates: [PlaceCandidate])] = [
            // A country code without a country name: the code, not the bare name, which picks Canada's.
            (
                "Alert",
                [
                    place("Alert", "Nunavut", country: "Canada", code: "CA", population: 62),
                    place("Alert", nil, country: nil),
                ]
            ),
            // Two in one state: the county; two in one county: their coordinates.
            (
                "Salem",
                [
                    place("Salem", "Oregon", population: 175_000, subregions: ["Marion"]),
                    place("Salem", "Oregon", population: 900, subregions: ["Polk"]),
                    place("Salem", "Ohio", population: 12_000, subregions: ["Columbiana"], latitude: 40.9),
                    place("Salem", "Ohio", population: 300, subregions: ["Columbiana"], latitude: 40.5),
                ]
            ),
            // A region whose name holds a comma cannot be typed after one; another name is found.
            (
                "Kralendijk",
                [
                    place("Kralendijk", "Bonaire", country: "Bonaire, Saint Eustatius and Saba", code: "BQ"),
                    place("Kralendijk", "Aruba", country: "Aruba", code: "AW", population: 10),
                ]
            ),
            // A match whose name is not the name searched for is chosen by the name searched for.
            (
                "New York",
                [
                    place("New York", "New York", population: 8_804_190),
                    place("New York Mills", "New York", population: 3_327, subregions: ["Oneida"]),
                ]
            ),
        ]
        for (name, candidates) in lists {
            let matches = try PlaceMatches(PlaceQuery(name: name), candidates: candidates, language: "en")
            var shown: [String] = []
            for candidate in candidates {
                let words = matches.words(choosing: candidate)
                #expect(try choose(words, candidate, among: candidates, language: "en"), "\(words)")
                #expect(!shown.contains(words))
                shown.append(words)
            }
        }
        let salem = try PlaceMatches(PlaceQuery(name: "Salem"), candidates: lists[1].candidates, language: "en")
        #expect(
            lists[1].candidates.map(salem.words(choosing:)) == [
                "Salem, Oregon", "Salem, Polk", "Salem, Ohio", "40.5000,-90.0000",
            ])
        let alert = try PlaceMatches(PlaceQuery(name: "alert"), candidates: lists[0].candidates, language: "en")
        #expect(lists[0].candidates.map(alert.words(choosing:)) == ["Alert, Canada", "Alert, US"])
    }

    @Test(
        "a comma goes before the last word or two, those after it that read as a place tried first",
        arguments: [
            ("Paris Texas", ["Paris, Texas"]),
            ("Springfield New Jersey", ["Springfield, New Jersey", "Springfield New, Jersey"]),
            ("Salt Lake City UT", ["Salt Lake City, UT", "Salt Lake, City UT"]),
            ("Mitad del Mundo", ["Mitad del, Mundo", "Mitad, del Mundo"]),
            ("Berlin", []), ("A B", []), ("Paris, Texas", []), ("52.52N 13.41E", []),
        ])
    func commaSplits(text: String, splits: [String]) throws {
        #expect(CommaHint.splits(of: try PlaceQuery(words: [text])).map(\.text) == splits)
    }

    @Test("names asked in English for an abbreviation are chosen by abbreviations, for a user of another language")
    func wordsInTheListsLanguage() throws {
        let candidates = try candidates("springfield")
        let query = try PlaceQuery(words: ["Springfield, US"])
        let matches = try PlaceMatches(
            try PlaceQuery(words: ["Springfield, MO"]), candidates: candidates, language: "de")
        #expect(matches.words(choosing: matches.fitting[0]) == "Springfield, MO")
        let english = try PlaceMatches(query, candidates: candidates, language: "en")
        #expect(english.words(choosing: english.fitting[0]) == "Springfield, Missouri")
    }

    @Test(
        "every lookup asks for the service's most matches, filtered here (it cuts before it filters), in English for states"
    )
    func geocodingRequests() throws {
        let provider = OpenMeteo(
            geocodingURL: "https://geo.example/v1/search", forecastURL: "https://f.example/v1/forecast",
            http: CurlTransport())
        func url(_ words: String...) throws -> String {
            provider.geocodingRequest(for: try PlaceQuery(words: words), language: "de").url
        }
        let base = "https://geo.example/v1/search?name="
        #expect(try url("München") == base + "M%C3%BCnchen&count=100&language=de&format=json")
        #expect(try url("Paris, TX") == base + "Paris&count=100&language=en&format=json")
        #expect(try url("London, ON") == base + "London&count=100&language=en&format=json")
        #expect(try url("Springfield, MO") == base + "Springfield&count=100&language=en&format=json")
        #expect(try url("Paris, FR") == base + "Paris&count=100&language=de&format=json")
        #expect(try url("Paris, UK") == base + "Paris&count=100&language=de&format=json")
        #expect(try url("Paris, Ontario, CA") == base + "Paris&count=100&language=en&format=json")
        #expect(try url("Paris, XY") == base + "Paris&count=100&language=de&format=json")
    }

    @Test(
        "place names and warnings come in the language words are chosen by: the setting, else the locale's",
        arguments: [
            ([:], nil, "en"),
            (["LANG": "de_DE.UTF-8"], nil, "de"),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], nil, "fr"),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LC_ALL": "pt_BR.UTF-8"], nil, "pt"),
            (["LANG": "C.UTF-8"], nil, "en"),
            (["LANG": "POSIX"], nil, "en"),
            (["LANG": "sr_RS@latin"], nil, "sr"),
            (["LANG": "/etc/../x"], nil, "en"),
            (["LANG": "de_DE.UTF-8"], "it", "it"),
            (["LANG": "de_DE.UTF-8"], "pt_BR", "pt"),
            // LANGUAGE's list, as gettext reads it: first, but not in C, and English first is English.
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "nb:sv"], nil, "nb"),
            (["LANG": "C", "LANGUAGE": "nb:sv"], nil, "en"),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "en:de"], nil, "en"),
            (["LANG": "de_DE.UTF-8", "LANGUAGE": "nb"], "fi", "fi"),
        ] as [([String: String], String?, String)])
    func language(environment: [String: String], setting: String?, expected: String) {
        var settings = Settings.defaults
        settings.language = setting
        #expect(settings.textLanguage(environment: Environment(environment)) == expected)
    }

    @Test("the language setting takes a two- or three-letter code, in any case, and refuses anything else")
    func languageSetting() throws {
        let paths = "/nowhere/config.json"
        #expect(
            try Settings.load(environment: Environment(["WEATHER_LANGUAGE": "DE"]), config: [:], configPath: paths)
                .language == "de")
        #expect(
            try Settings.load(environment: Environment([:]), config: ["language": "fil"], configPath: paths).language
                == "fil")
        for bad in ["deutsch", "d", "de-DE", "d3"] {
            #expect(throws: SettingsError.self) {
                _ = try Settings.load(
                    environment: Environment(["WEATHER_LANGUAGE": bad]), config: [:], configPath: paths)
            }
        }
    }
}
