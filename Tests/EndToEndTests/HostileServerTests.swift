import Foundation
import TestSupport
import Testing

/// A server that sends what no weather service should: the built binary against the fixture server.
/// Whatever it sends, no run traps, nothing saved is lost, and nothing it says reaches the terminal raw.
@Suite("A hostile server")
struct HostileServerTests {
    /// Exit statuses of 128 and above are signals: a Swift trap is SIGILL (132) or SIGTRAP (133).
    static func expectNoCrash(_ run: Sandbox.Run, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status < 128, "\(run)", sourceLocation: sourceLocation)
    }

    static let absurdDates = [
        "Sun, 06 Nov 1994 -9223372036854775807:00:00 GMT",
        "Sun Nov  6 08:49:37 9223372036854775807",
        "Sun, 06 Nov 99999 08:49:37 GMT",
        "Sunday, 06-Nov-+4 08:49:37 GMT",
    ]

    @Test(
        "an absurd date in Expires, Date or Retry-After cannot poison the cache",
        arguments: ["Expires", "Date", "Retry-After"])
    func poisonedDates(header: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        for date in Self.absurdDates {
            try sandbox.server.script(
                .forecast,
                [
                    .init(
                        fixture: "open-meteo/forecast-berlin-later.json",
                        headers: [header: date, "Cache-Control": "public"])
                ])
            let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
            Self.expectNoCrash(refresh)
            #expect(refresh.stdout.hasPrefix("newData") || refresh.stdout.hasPrefix("noData"), "\(refresh)")
            // Every later run reads what was stored.
            for arguments in [["show"], ["show", "--json"], ["refresh"], ["show", "--refresh"]] {
                let run = try sandbox.run(arguments, environment: ["WEATHER_STALE_AFTER": "0"])
                Self.expectNoCrash(run)
                #expect(run.status == 0, "\(arguments): \(run)")
            }
        }
    }

    @Test("an absurd Retry-After on a 429 still records the back-off", arguments: absurdDates + ["1e300", "inf", "-1"])
    func poisonedRetryAfter(retryAfter: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(.forecast, [.init(status: 429, body: "{}", headers: ["Retry-After": retryAfter])])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.status == 1)
        #expect(refresh.stdout.contains("asked weather to slow down"), "\(refresh)")
        try sandbox.server.clearRequests()
        let again = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(again.stdout.hasPrefix("failed:"), "\(again)")
        #expect(again.stdout.contains("the next request in "))
        #expect(try sandbox.requestCount() == 0, "the back-off holds")
    }

    @Test(
        "absurd values the first line needs, or the response's frame, are a bad response; the saved result stays",
        arguments: [
            ("\"weather_code\":2", "\"weather_code\":200", "current.weather_code is 200, outside 0...99"),
            ("\"temperature_2m\":10.9", "\"temperature_2m\":1e300", "current.temperature_2m is 1e+300"),
            ("\"time\":\"2026-10-08T19:00\"", "\"time\":1e20", "current.time is 1e+20"),
            (
                "\"utc_offset_seconds\":7200", "\"utc_offset_seconds\":-9223372036854775808",
                "utc_offset_seconds is -9223372036854775808"
            ),
            ("\"interval\":900", "\"interval\":1e300", "current.interval is 1e+300"),
            ("\"interval\":900", "\"interval\":0.4", "current.interval is 0.4"),
            ("\"interval\":900", "\"interval\":1", "current.interval is 1.0"),
            ("\"temperature_2m\":10.9", "\"temperature_2m\":-273.2", "current.temperature_2m is -273.2"),
        ])
    func absurdValues(old: String, new: String, words: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        let body = String(decoding: try TestPaths.fixture("open-meteo/forecast/berlin.json"), as: UTF8.self)
            .replacingOccurrences(of: old, with: new)
        try sandbox.server.script(.forecast, [.init(body: body)])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.status == 1)
        #expect(refresh.stdout.hasPrefix("failed: the forecast service at "), "\(refresh)")
        #expect(refresh.stdout.contains("sent a response weather cannot read: \(words)"), "\(refresh)")
        #expect(sandbox.savedFiles() == saved)
        try sandbox.server.script(.forecast, [.init(body: body)])
        let set = try sandbox.run("set", "Paris")
        #expect(set.status == 1)
        #expect(sandbox.savedFiles() == saved, "set is all or nothing")
        #expect(try sandbox.run("show").stdout.hasPrefix("Berlin, "))
    }

    /// Each names a terminal control sequence, so that a report does not print it.
    enum Evil: String, CaseIterable, CustomTestStringConvertible {
        case title = "\u{1B}]0;pwned\u{07}"
        case clear = "\u{1B}[2J\u{1B}[H"
        case c1 = "\u{9B}2J"
        case carriageReturn = "\rX"
        case lineBreak = "\nforged line"
        var testDescription: String { "\(self)" }
    }

    @Test("terminal escapes in place names and error reasons are never printed", arguments: Evil.allCases)
    func escapes(evil: Evil) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let json = String(
            data: try JSONSerialization.data(withJSONObject: ["Evil\(evil.rawValue)town"]), encoding: .utf8)!
        let name = json.dropFirst().dropLast()
        try sandbox.server.script(
            .search,
            [
                .init(
                    body: """
                        {"results":[{"id":1,"name":\(name),"latitude":52.52,"longitude":13.41,"country":\(name),"admin1":\(name),"timezone":"Europe/Berlin"}]}
                        """)
            ])
        for terminal in [false, true] {
            let set = try sandbox.run(["set", "Evil"], environment: ["NO_COLOR": "1"], terminal: terminal)
            #expect(set.status == 0, "\(set)")
            for text in [set.stdout, set.stderr] {
                #expect(
                    !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" || $0 == "\r" })
            }
            #expect(set.stdout.contains("Evil\u{FFFD}"))
            let show = try sandbox.run(["show"], environment: ["NO_COLOR": "1"], terminal: terminal)
            #expect(
                !show.stdout.unicodeScalars.contains {
                    $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" || $0 == "\r"
                })
            #expect(show.stdout.split(separator: "\n").count == 5, "no forged lines: \(show.stdout.debugDescription)")
            try sandbox.server.script(
                .search,
                [
                    .init(
                        body: """
                            {"results":[{"id":1,"name":\(name),"latitude":52.52,"longitude":13.41,"country":\(name),"admin1":\(name),"timezone":"Europe/Berlin"}]}
                            """)
                ])
        }
        try sandbox.server.script(.forecast, [.init(status: 500, body: "{\"error\":true,\"reason\":\(name)}")])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.status == 1)
        #expect(
            !refresh.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" || $0 == "\r" }
        )
        #expect(refresh.stdout.split(separator: "\n").count == 1, "\(refresh.stdout.debugDescription)")
        try sandbox.server.script(.forecast, [.init(status: 500, body: "{\"error\":true,\"reason\":\(name)}")])
        let show = try sandbox.run(["show", "--refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(
            !show.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" || $0 == "\r" })
        #expect(show.errorLines.count == 1, "\(show.stderr.debugDescription)")
    }

    @Test(
        "a validator with a line break or control character is not stored, so never sent back",
        arguments: [
            "\"a\rIf-Match: x\"", "\"a\u{1B}b\"", "\"\(String(repeating: "e", count: 600))\"",
        ])
    func unsafeValidators(etag: String) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        try sandbox.server.script(
            .forecast,
            [.init(fixture: "open-meteo/forecast/berlin.json", headers: ["ETag": etag, "Last-Modified": etag])])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.status == 0, "\(refresh)")
        let stored = String(decoding: sandbox.contents(sandbox.resultFile) ?? Data(), as: UTF8.self)
        #expect(!stored.contains("etag"), "\(stored)")
        #expect(!stored.contains("lastModified"), "\(stored)")
        try sandbox.server.clearRequests()
        #expect(try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"]).status == 0)
        let request = try #require(try sandbox.server.requests(.forecast).first)
        #expect(request.header("If-None-Match") == nil)
        #expect(request.header("If-Match") == nil)
    }

    @Test("a name too long to save is refused before anything is written")
    func overlongName() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let saved = sandbox.savedFiles()
        let name = String(repeating: "x", count: 300_000)
        try sandbox.server.script(
            .search,
            [.init(body: "{\"results\":[{\"id\":1,\"name\":\"\(name)\",\"latitude\":52.52,\"longitude\":13.41}]}")])
        let set = try sandbox.run("set", "Xx")
        #expect(set.status == 1)
        #expect(set.stderr.contains("results[0].name is longer than 200 characters"), "\(set.stderr.prefix(300))")
        #expect(sandbox.savedFiles() == saved)
    }

    @Test("headers without end are refused, like a body without end")
    func endlessHeaders() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        var headers: [String: String] = [:]
        for index in 0..<200 { headers["X-Filler-\(index)"] = String(repeating: "h", count: 500) }
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast/berlin.json", headers: headers)])
        let refresh = try sandbox.run(["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.status == 1)
        #expect(refresh.stdout.contains("sent more than 64 KiB of headers"), "\(refresh)")
    }

    @Test("a server's interval cannot make the timer fire more often than every 5 minutes")
    func serverPicksNoPeriod() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let body = String(decoding: try TestPaths.fixture("open-meteo/forecast/berlin.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"interval\":900", with: "\"interval\":60")
        try sandbox.server.script(.forecast, [.init(body: body)])
        let set = try sandbox.run("set", "Berlin")
        #expect(set.status == 0, "\(set)")
        // Without a user manager here, the crontab line shows the period the timer would get.
        #expect(
            set.stderr.range(of: #"crontab -e:\n\d-59/5 \* \* \* \* "#, options: .regularExpression) != nil,
            "\(set.stderr)")
    }
}
