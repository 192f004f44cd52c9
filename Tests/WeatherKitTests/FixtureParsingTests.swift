import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Parsing every fixture")
struct FixtureParsingTests {
    // MARK: Geocoding

    @Test("every geocoding fixture parses", arguments: TestPaths.fixtures(in: "open-meteo/geocoding"))
    func geocodingFixturesParse(name: String) throws {
        let places = try GeocodingResponse.decode(try TestPaths.fixture(name))
        for place in places {
            #expect(!place.location.name.isEmpty)
            #expect(abs(place.location.latitude) <= 90)
        }
        #expect(places.isEmpty == name.hasSuffix("no-match.json"))
    }

    @Test("a hit keeps what the service sent and tolerates omitted fields")
    func berlin() throws {
        let places = try GeocodingResponse.decode(try TestPaths.fixture("open-meteo/geocoding/berlin.json"))
        #expect(places.count == 10)
        #expect(
            places[0].location
                == Location(
                    id: 2_950_159, name: "Berlin", region: "Land Berlin", country: "Germany", countryCode: "DE",
                    latitude: 52.52437, longitude: 13.41053, elevation: 74, timezone: "Europe/Berlin",
                    population: 3_426_354
                ))
        #expect(places[1].location.region == "New Hampshire")
        #expect(places[1].subregions == ["Coos", "City of Berlin"])
        #expect(places[6].location.population == nil)
    }

    @Test("a hamlet with almost every field omitted still parses")
    func sparseResults() throws {
        let places = try GeocodingResponse.decode(try TestPaths.fixture("open-meteo/geocoding/alert.json"))
        #expect(
            places[1].location
                == Location(id: 9_999_001, name: "Alert", countryCode: "US", latitude: 36.30009, longitude: -86.77972))
        #expect(places[1].location.displayName == "Alert, US")
    }

    @Test(
        "a coordinate protobuf left out as 0 is 0: the prime meridian, the equator",
        arguments: [
            ("open-meteo/geocoding/greenwich.json", 51.47785, 0.0),
            ("open-meteo/geocoding/mitad-del-mundo.json", 0.0, -78.45583),
        ])
    func omittedZeros(name: String, latitude: Double, longitude: Double) throws {
        let places = try GeocodingResponse.decode(try TestPaths.fixture(name))
        #expect(places[0].location.latitude == latitude)
        #expect(places[0].location.longitude == longitude)
    }

    /// Berlin's ten matches with the entries at `broken` replaced by what no place can be (JSON text).
    static func berlinBreaking(_ broken: [Int: String]) throws -> [UInt8] {
        let data = Data(try TestPaths.fixture("open-meteo/geocoding/berlin.json"))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var results = try #require(document["results"] as? [Any])
        for (index, entry) in broken { results[index] = try JSONSerialization.jsonObject(with: Data(entry.utf8)) }
        document["results"] = results
        return Array(try JSONSerialization.data(withJSONObject: document))
    }

    @Test(
        "an entry that cannot be a place is left out, the others kept",
        arguments: [
            [3: #"{"id":1,"latitude":10}"#],
            [9: #"{"id":2,"name":" ","latitude":10}"#],
            [0: #"{"id":3,"name":"Berlin","latitude":152.5}"#, 5: #"{"id":4,"name":"Berlin","longitude":"east"}"#],
            [7: #"[1]"#],
        ])
    func unusableEntries(broken: [Int: String]) throws {
        let places = try GeocodingResponse.decode(try Self.berlinBreaking(broken))
        #expect(places.count == 10 - broken.count)
        #expect(!places.contains { [1, 2, 3, 4].contains($0.location.id) })
        #expect(places.allSatisfy { $0.location.name.hasPrefix("Berl") })
    }

    @Test("a list of nothing but unusable entries is refused, naming the first problem")
    func onlyUnusableEntries() throws {
        let body = Array(
            #"{"results":[{"id":1,"latitude":1},{"name":"X","latitude":-91}],"generationtime_ms":0.5}"#.utf8)
        #expect {
            _ = try GeocodingResponse.decode(body)
        } throws: { error in
            (error as? ResponseProblem)?.description == "results[0].name is missing"
        }
        let notObjects = Array(#"{"results":[1,"two"]}"#.utf8)
        #expect(throws: ResponseProblem.self) { try GeocodingResponse.decode(notObjects) }
    }

    // MARK: Forecast

    @Test(
        "every forecast fixture parses in SI units",
        arguments:
            TestPaths.fixtures(in: "open-meteo/forecast")
            + [
                "open-meteo/forecast-berlin-later.json", "open-meteo/forecast-fahrenheit.json",
                "open-meteo/forecast-unixtime.json", "open-meteo/forecast-nulls.json",
                "open-meteo/forecast-berlin-far-change.json", "open-meteo/forecast-berlin-outlook-change.json",
                "open-meteo/forecast-alert-june.json", "open-meteo/forecast-berlin-day.json",
            ]
    )
    func forecastFixturesParse(name: String) throws {
        let forecast = try ForecastResponse.decode(try TestPaths.fixture(name))
        #expect((-60...50).contains(forecast.conditions.temperature))
        #expect(forecast.interval == 900)
    }

    @Test("Berlin's current block, with the place's local time made UTC")
    func berlinForecast() throws {
        let forecast = try ForecastResponse.decode(try TestPaths.fixture("open-meteo/forecast/berlin.json"))
        #expect(
            forecast.conditions
                == CurrentConditions(
                    temperature: 10.9, apparentTemperature: 8.2, relativeHumidity: 81, isDay: false, precipitation: 0,
                    weatherCode: 2, cloudCover: 64, pressure: 1016.3, windSpeed: 3.9, windDirection: 232,
                    windGusts: 8.3,
                    uvIndex: 0
                ))
        #expect(forecast.observedAt.iso8601() == "2026-10-08T17:00:00Z")
        #expect(forecast.utcOffsetSeconds == 7200)
    }

    @Test("°F, km/h and inches are converted; Unix times read")
    func otherUnits() throws {
        let fahrenheit = try ForecastResponse.decode(try TestPaths.fixture("open-meteo/forecast-fahrenheit.json"))
        #expect(abs(fahrenheit.conditions.temperature - 10.889) < 0.01)
        #expect(abs((fahrenheit.conditions.windSpeed ?? 0) - 3.889) < 0.01)
        #expect(abs((fahrenheit.conditions.precipitation ?? 0) - 1.016) < 0.001)
        let unix = try ForecastResponse.decode(try TestPaths.fixture("open-meteo/forecast-unixtime.json"))
        #expect(unix.observedAt.iso8601() == "2026-10-08T17:00:00Z")
    }

    @Test("null values are simply absent")
    func nulls() throws {
        let forecast = try ForecastResponse.decode(try TestPaths.fixture("open-meteo/forecast-nulls.json"))
        #expect(forecast.conditions == CurrentConditions(temperature: 10.9, isDay: false, uvIndex: 0))
    }

    // MARK: Broken bodies

    @Test(
        "every broken body is refused with a reason naming the problem",
        arguments: [
            ("broken/forecast-truncated.json", "it looks cut off"),
            ("broken/forecast-trailing-text.json", "end of file expected near 'Error'"),
            ("broken/forecast-empty.json", "the body is empty"),
            ("broken/forecast-html.html", "it is an HTML page, not JSON"),
            ("broken/forecast-no-temperature.json", "current.temperature_2m is missing"),
            ("broken/forecast-null-temperature.json", "current.temperature_2m is null, expected a number"),
            ("broken/forecast-temperature-string.json", "current.temperature_2m is a string, expected a number"),
            ("broken/forecast-wrong-shape.json", "current is an array, expected an object"),
            ("broken/forecast-bad-time.json", "current.time is \"yesterday evening\", not a time"),
            ("broken/forecast-unknown-unit.json", "current_units.temperature_2m is \"K\""),
            ("broken/forecast-array.json", "it is an array, not an object"),
            ("broken/forecast-error-200.json", "it reports an error: Timeout while reading data"),
        ])
    func brokenForecasts(name: String, reason: String) throws {
        let body = try TestPaths.fixture(name)
        #expect {
            _ = try ForecastResponse.decode(body)
        } throws: { error in
            (error as? ResponseProblem)?.description.contains(reason) == true
        }
    }

    @Test(
        "broken geocoding bodies are refused too",
        arguments: [
            ("broken/geocoding-results-object.json", "results is an object, expected an array"),
            ("broken/geocoding-missing-name.json", "results[0].name is missing"),
            ("broken/geocoding-latitude-out-of-range.json", "results[0].latitude is 152.52437, outside -90...90"),
            ("broken/geocoding-truncated.json", "it looks cut off"),
            ("broken/forecast-html.html", "HTML page"),
        ])
    func brokenGeocoding(name: String, reason: String) throws {
        let body = try TestPaths.fixture(name)
        #expect {
            _ = try GeocodingResponse.decode(body)
        } throws: { error in
            (error as? ResponseProblem)?.description.contains(reason) == true
        }
    }

    @Test("every broken fixture is covered by a test above")
    func everyBrokenFixtureIsTested() {
        let tested: Set = [
            "forecast-truncated.json", "forecast-trailing-text.json", "forecast-empty.json", "forecast-html.html",
            "forecast-no-temperature.json", "forecast-null-temperature.json", "forecast-temperature-string.json",
            "forecast-wrong-shape.json", "forecast-bad-time.json", "forecast-unknown-unit.json", "forecast-array.json",
            "forecast-error-200.json", "geocoding-results-object.json", "geocoding-missing-name.json",
            "geocoding-latitude-out-of-range.json", "geocoding-truncated.json",
        ]
        let present = Set(TestPaths.fixtures(in: "broken").map { String($0.dropFirst("broken/".count)) })
        #expect(present == tested)
    }

    @Test("an error body's reason is found")
    func errorReason() throws {
        #expect(
            ResponseBody.errorReason(try TestPaths.fixture("open-meteo/errors/geocoding-count.json"))
                == "Parameter count must be between 1 and 100.")
        #expect(ResponseBody.errorReason(Array("<html>".utf8)) == nil)
    }
}
