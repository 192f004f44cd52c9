import Foundation
import TestSupport
import Testing

@Suite("weather set")
struct SetCommandTests {
    @Test("finds the place, prints its weather, saves both privately")
    func setsBerlin() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("set", "Berlin")
        #expect(run.status == 0, "\(run)")
        #expect(
            run.stdout == """
                Saved Berlin, Land Berlin, Germany (the most populous of 10 matches).

                Berlin, Land Berlin, Germany: ☁️🌙 10.9 °C, partly cloudy
                Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
                Today: high 14.6 °C, low 8.2 °C, chance of precipitation 6%
                Sunrise 07:17, sunset 18:29, pressure 1016 hPa
                Updated just now · Data: Open-Meteo

                """)
        #expect(run.errorLines.count == 2, "only the note that no user manager runs here, then its crontab line")
        #expect(run.stderr.hasPrefix("weather: background refresh is not scheduled"))
        #expect(try sandbox.mode(sandbox.resultFile) == 0o600)
        #expect(try sandbox.mode(sandbox.locationFile) == 0o600)
        #expect(try sandbox.mode(sandbox.cacheHome + "/weather") == 0o700)
        #expect(try sandbox.mode(sandbox.stateHome + "/weather") == 0o700)

        let search = try #require(try sandbox.server.requests(.search).first)
        #expect(search.query == ["name": "Berlin", "count": "100", "language": "en", "format": "json"])
        let forecasts = try sandbox.server.requests(.forecast)
        #expect(forecasts.count == 1)
        #expect(forecasts.first?.query["latitude"] == "52.5244")
        #expect(forecasts.first?.query["longitude"] == "13.4105")
        #expect(forecasts.first?.query["timezone"] == "auto")
        #expect(
            forecasts.first?.query["hourly"]
                == "temperature_2m,precipitation_probability,precipitation,weather_code,wind_speed_10m,is_day")
        #expect(
            forecasts.first?.query["daily"]
                == "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,"
                + "precipitation_sum,sunrise,sunset,uv_index_max")
        #expect(forecasts.first?.query["minutely_15"] == "precipitation")
        #expect(forecasts.first?.query["forecast_minutely_15"] == "8")
        #expect(forecasts.first?.query["forecast_hours"] == "48")
        #expect(forecasts.first?.query["forecast_days"] == "7")
        #expect(forecasts.first?.header("User-Agent")?.hasPrefix("weather/") == true)
    }

    // In a process of its own: umask is per process, and a test that changed it in the shared test process
    // made files of tests running beside it world-writable.
    @Test("folders are created 0700 and files 0600, whatever the umask (000 here)")
    func permissionsWhateverTheUmask() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(
            program: "/bin/sh", ["-c", #"umask 000; exec "$0" set Berlin"#, TestPaths.weatherBinary])
        #expect(run.status == 0, "\(run)")
        for file in [sandbox.resultFile, sandbox.forecastFile, sandbox.locationFile] {
            #expect(try sandbox.mode(file) == 0o600, "\(file)")
        }
        for folder in [sandbox.cacheHome + "/weather", sandbox.stateHome + "/weather"] {
            #expect(try sandbox.mode(folder) == 0o700, "\(folder)")
        }
    }

    @Test(
        "Name, Qualifier narrows the matches; the most populous of the rest wins",
        arguments: [
            (["Paris,", "US"], "Saved Paris, Texas, United States (the most populous of 5 matches)."),
            (["Springfield,", "Illinois"], "Saved Springfield, Illinois, United States (the only match)."),
            (["São", "Paulo"], "Saved São Paulo, Brazil (the only match)."),
            (["new", "york"], "Saved New York, United States (the most populous of 2 matches)."),
        ])
    func qualifiers(words: [String], saved: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(["set"] + words)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix(saved + "\n"))
    }

    @Test(
        "input is refused before any request, and what was saved stays",
        arguments: [
            ([""], "give the name of a place, for example: weather set Berlin"),
            (["  "], "give the name of a place, for example: weather set Berlin"),
            ([String](), "give the name of a place, for example: weather set Berlin"),
            (
                [String(repeating: "x", count: 201)],
                "the place name is 201 characters long; names are at most 200, so shorten it"
            ),
            (["Ber\u{1B}lin"], "the place name contains a control character (U+001B); type it as plain text"),
            (["Berlin\nrm"], "the place name contains a control character (U+000A); type it as plain text"),
        ])
    func refusesInput(words: [String], message: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        try sandbox.server.clearRequests()
        let run = try sandbox.run(["set"] + words)
        #expect(run.status == 64)
        #expect(run.stderr == "weather: \(message)\n")
        #expect(run.stdout.isEmpty)
        #expect(try sandbox.requestCount() == 0)
        #expect(sandbox.savedFiles() == saved)
    }

    /// A failure scripted at the server, and the words the one-line message must contain.
    struct Failure: Sendable, CustomStringConvertible {
        var route: FixtureServer.Route
        var response: FixtureServer.Response
        var words: String
        var description: String { words }
    }

    static let failures: [Failure] = [
        Failure(
            route: .search, response: .init(fixture: "open-meteo/geocoding/no-match.json"),
            words: "no place called \"Berlin\" found"),
        Failure(
            route: .search, response: .init(status: 400, fixture: "open-meteo/errors/geocoding-count.json"),
            words: "refused the request (HTTP 400: Parameter count must be between 1 and 100.)"),
        Failure(
            route: .search, response: .init(status: 500, body: "oops"),
            words: "is having trouble (HTTP 500 Internal Server Error)"),
        Failure(route: .search, response: .init(fixture: "broken/geocoding-truncated.json"), words: "it looks cut off"),
        Failure(
            route: .search, response: .init(fixture: "broken/geocoding-missing-name.json"),
            words: "results[0].name is missing"),
        Failure(
            route: .forecast, response: .init(status: 429, fixture: "open-meteo/errors/rate-limited.json"),
            words:
                "asked weather to slow down (HTTP 429: Minutely API request limit exceeded. Please try again in one minute.); the next request in "
        ),
        Failure(
            route: .forecast, response: .init(status: 503, body: ""),
            words: "asked weather to slow down (HTTP 503 Service Unavailable); the next request in "),
        Failure(
            route: .forecast, response: .init(status: 502, body: ""), words: "is having trouble (HTTP 502 Bad Gateway)"),
        Failure(
            route: .forecast, response: .init(status: 404, body: "Not Found"),
            words: "has no such API (HTTP 404 Not Found); check WEATHER_FORECAST_URL"),
        Failure(
            route: .forecast, response: .init(fixture: "broken/forecast-truncated.json"), words: "it looks cut off"),
        Failure(
            route: .forecast, response: .init(fixture: "broken/forecast-trailing-text.json"),
            words: "end of file expected near 'Error'"),
        Failure(route: .forecast, response: .init(fixture: "broken/forecast-empty.json"), words: "the body is empty"),
        Failure(
            route: .forecast, response: .init(fixture: "broken/forecast-html.html"),
            words: "it is an HTML page, not JSON"),
        Failure(
            route: .forecast, response: .init(fixture: "broken/forecast-wrong-shape.json"),
            words: "current is an array, expected an object"),
        Failure(
            route: .forecast, response: .init(fixture: "broken/forecast-no-temperature.json"),
            words: "current.temperature_2m is missing"),
        Failure(
            route: .forecast, response: .init(fixture: "broken/forecast-null-temperature.json"),
            words: "current.temperature_2m is null"),
        Failure(
            route: .forecast, response: .init(huge: 3_000_000),
            words: "sent more than 1 MiB; refusing a response that large"),
        Failure(
            route: .forecast, response: .init(fixture: "open-meteo/forecast/berlin.json", truncate: 200),
            words: "transfer closed with"),
        Failure(route: .forecast, response: .init(drop: true), words: "Empty reply from server"),
        Failure(
            route: .forecast,
            response: .init(
                fixture: "open-meteo/forecast/berlin.json", truncate: 10, unannounced: true, encoding: .deflate),
            words: "(the answer was cut short after 10 bytes, before any of its text)"),
    ]

    @Test(
        "any failure: one clear line, a non-zero exit, and the saved place and result exactly as before",
        arguments: failures)
    func failuresKeepWhatWasSaved(failure: Failure) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.run("set", "Paris")
        let saved = sandbox.savedFiles()
        #expect(saved.allSatisfy { $0 != nil })
        try sandbox.server.script(failure.route, [failure.response])
        let run = try sandbox.run("set", "Berlin")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.errorLines.count == 1, "\(run)")
        #expect(run.stderr.hasPrefix("weather: "))
        #expect(run.stderr.contains(failure.words), "\(run)")
        #expect(sandbox.savedFiles() == saved)
    }

    @Test("a network that is down says so, and nothing is saved")
    func networkDown() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(
            ["set", "Berlin"], environment: ["WEATHER_GEOCODING_URL": "http://127.0.0.1:1/v1/search"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("weather: cannot reach 127.0.0.1:1 ("))
        #expect(run.stderr.hasSuffix("check the network connection and try again\n"))
        #expect(sandbox.savedFiles() == [nil, nil])
    }

    @Test("a slow server: the run ends within its budget with a clear message")
    func slowServer() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast/berlin.json", trickle: 0.5)])
        let run = try sandbox.run(["set", "Berlin"], environment: ["WEATHER_TIMEOUT": "2"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("did not answer within the time budget of 2 s (WEATHER_TIMEOUT)"), "\(run)")
        #expect(run.elapsed < .seconds(3), "the contract allows the budget plus a second")
        #expect(sandbox.savedFiles() == [nil, nil])
    }

    @Test("a place not found gives the answer and no forecast request")
    func notFound() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("set", "Atlantis")
        #expect(
            run.stderr
                == "weather: no place called \"Atlantis\" found; check the spelling, or try a larger town nearby\n")
        #expect(try sandbox.requestCount(.forecast) == 0)
    }

    @Test("a qualifier nothing fits lists what would")
    func qualifierMismatch() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run("set", "Paris,", "Narnia")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "weather: no place called \"Paris\" in \"Narnia\"; try one of: Paris, France; Paris, Texas; Paris, Canada; Paris, Tennessee; Paris, Kentucky\n"
        )
    }
}

@Suite("Naming ourselves to the services")
struct UserAgentTests {
    @Test("the User-Agent names the program and its version, and the contact the user sets")
    func userAgent() throws {
        let sandbox = try Sandbox(at: .fixtures)
        #expect(try sandbox.run("set", "Berlin").status == 0)
        let plain = try #require(try sandbox.server.requests(.forecast).last?.header("User-Agent"))
        #expect(plain.range(of: #"^weather/\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(plain)")
        #expect(try sandbox.run(["set", "Berlin"], environment: ["WEATHER_CONTACT": "ann@example.org"]).status == 0)
        #expect(try sandbox.server.requests(.search).last?.header("User-Agent") == plain + " (ann@example.org)")
        #expect(try sandbox.server.requests(.forecast).last?.header("User-Agent") == plain + " (ann@example.org)")
    }
}
