import TestSupport
import Testing

@testable import WeatherKit

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
            ("springfield", [], "Springfield, Missouri, United States", 8),
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
            return alternatives.prefix(3) == ["Paris, France", "Paris, Texas", "Paris, Tennessee"]
        }
    }

    @Test("the geocoding request asks politely and narrows by country on the server")
    func geocodingRequest() {
        let provider = OpenMeteo(
            geocodingURL: "https://geo.example/v1/search", forecastURL: "https://f.example/v1/forecast",
            http: CurlTransport())
        #expect(
            provider.geocodingRequest(for: PlaceQuery(name: "São Paulo")).url
                == "https://geo.example/v1/search?name=S%C3%A3o%20Paulo&count=10&language=en&format=json")
        #expect(
            provider.geocodingRequest(for: PlaceQuery(name: "Paris", qualifiers: ["US"])).url
                == "https://geo.example/v1/search?name=Paris&count=100&language=en&format=json&countryCode=US")
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
        #expect(url.hasSuffix("&timezone=auto&temperature_unit=celsius&wind_speed_unit=ms&precipitation_unit=mm"))
    }
}
