import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("The store: private, atomic, forgiving of a damaged cache")
struct WeatherStoreTests {
    let folder: TemporaryFolder
    let store: WeatherStore

    init() throws {
        folder = try TemporaryFolder()
        store = WeatherStore(
            paths: WeatherPaths(
                configHome: folder.path + "/config", cacheDirectory: folder.path + "/deep/cache/weather",
                stateDirectory: folder.path + "/state/weather"
            ))
    }

    static let result = WeatherResult(
        location: TestContext.berlin,
        conditions: CurrentConditions(
            temperature: 10.9, apparentTemperature: 8.2, relativeHumidity: 81, weatherCode: 2, windSpeed: 3.9),
        observedAt: Timestamp(secondsSince1970: 1_791_478_800), utcOffsetSeconds: 7200, interval: 900,
        updatedAt: Timestamp(secondsSince1970: 1_791_479_012.345),
        cachingHeaders: CachingHeaders(etag: "\"abc\"", lastModified: "Thu, 08 Oct 2026 17:00:00 GMT")
    )

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test("a saved result and place read back exactly")
    func roundTrip() throws {
        try store.saveResult(Self.result)
        try store.saveLocation(TestContext.berlin)
        #expect(store.loadResult() == .result(Self.result))
        #expect(try store.loadLocation() == TestContext.berlin)
    }

    @Test("nothing saved reads as nothing")
    func empty() throws {
        #expect(store.loadResult() == .empty)
        #expect(try store.loadLocation() == nil)
    }

    @Test(
        "a damaged cache is reported and read as empty",
        arguments: [
            "", "{", "garbage", "[]", "{\"format\":1}", "{\"format\":2,\"location\":{}}", "{\"format\":3}",
            "{\"format\":2,\"location\":{\"name\":\"B\",\"latitude\":1,\"longitude\":2},\"conditions\":{\"temperature\":1},"
                + "\"observedAt\":1,\"updatedAt\":1,\"staleAt\":1,\"staleAtSource\":\"sometimes\"}",
        ])
    func corruptCache(text: String) throws {
        try FileIO.createDirectory(store.paths.cacheDirectory)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.paths.resultFile))
        guard case .corrupt(let problem) = store.loadResult() else {
            Issue.record("a damaged cache was not reported")
            return
        }
        #expect(problem.hasPrefix(store.paths.resultFile + " is damaged ("))
        #expect(problem.hasSuffix("run weather refresh to fetch it again now, or leave it to the next fetch"))
        #expect(store.loadResult().result == nil)
    }

    @Test("a damaged saved place is an error that says how to fix it")
    func corruptLocation() throws {
        try FileIO.createDirectory(store.paths.stateDirectory)
        try Data("{\"format\":1,\"location\":{\"name\":5}}".utf8).write(
            to: URL(fileURLWithPath: store.paths.locationFile))
        #expect {
            _ = try store.loadLocation()
        } throws: { error in
            (error as? StoreError)?.description
                == "\(store.paths.locationFile) is damaged (location.name is a number, expected a string); run weather set <city> to save a place again"
        }
    }

    @Test("an atomic write leaves no temporary file and replaces the old content whole")
    func atomicReplace() throws {
        let path = folder.path + "/file.json"
        try FileIO.writeAtomically(Array(repeating: 65, count: 100_000), to: path)
        try FileIO.writeAtomically(Array("new".utf8), to: path)
        #expect(try FileIO.read(path) == Array("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.json"])
    }

    @Test("a write onto a folder fails cleanly and leaves no temporary file")
    func writeOntoFolder() throws {
        let path = folder.path + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect(throws: FileError.self) { try FileIO.writeAtomically(Array("x".utf8), to: path) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }

    @Test("removing everything twice is fine")
    func removeAll() throws {
        try store.saveResult(Self.result)
        try store.saveLocation(TestContext.berlin)
        try store.removeAll()
        try store.removeAll()
        #expect(!FileIO.exists(store.paths.resultFile))
        #expect(!FileIO.exists(store.paths.locationFile))
    }

    /// A moment after every run these tests write.
    static let later = Timestamp(secondsSince1970: 1_800_000_000)

    static func run(_ seconds: Double, _ result: BackgroundFetchResult = .newData) -> RunHistory.Run {
        RunHistory.Run(at: Timestamp(secondsSince1970: seconds), result: result, requested: true, duration: 0.2)
    }

    @Test("a background run is one line appended to the runs file; the rest of the file is not rewritten")
    func appendsRuns() throws {
        let path = store.paths.runsFile
        try store.appendRun(Self.run(1_795_000_000))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "weather runs 1\n1795000000 n 1 200\n")
        let inode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        for index in 1...3 { try store.appendRun(Self.run(1_795_000_000 + Double(index) * 900, .noData)) }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
        #expect(
            store.loadRuns(now: Self.later).map(\.at.secondsSince1970) == [
                1_795_000_000, 1_795_000_900, 1_795_001_800, 1_795_002_700,
            ])
        #expect(try mode(path) == 0o600)
    }

    @Test("the runs file is rewritten with the last 4 weeks once its first run is a day older than that")
    func trimsRuns() throws {
        let day = 86_400.0
        let start = 1_795_000_000.0
        for index in 0..<30 { try store.appendRun(Self.run(start + Double(index) * day)) }
        // Appended up to 29 days after the first run: the file holds 30 runs, of which 4 weeks are read.
        var lines = try String(contentsOfFile: store.paths.runsFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 31)
        #expect(store.loadRuns(now: Self.later).first?.at.secondsSince1970 == start + day)
        // The run of day 30 rewrites the file with the runs of days 2 to 30.
        try store.appendRun(Self.run(start + 30 * day))
        let runs = store.loadRuns(now: Self.later)
        #expect(runs.first?.at.secondsSince1970 == start + 2 * day)
        #expect(runs.count == 29)
        lines = try String(contentsOfFile: store.paths.runsFile, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 30 && lines.first == "weather runs 1")
    }

    @Test("a line cut off by kill -9 costs that run only; a damaged file is started again")
    func damagedRuns() throws {
        let path = store.paths.runsFile
        try store.appendRun(Self.run(1_795_000_000))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("1795000900 n".utf8))
        handle.closeFile()
        try store.appendRun(Self.run(1_795_001_800))
        try store.appendRun(Self.run(1_795_002_700))
        #expect(store.loadRuns(now: Self.later).map(\.at.secondsSince1970) == [1_795_000_000, 1_795_002_700])
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: path))
        try store.appendRun(Self.run(1_795_003_600))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "weather runs 1\n1795003600 n 1 200\n")
    }

    @Test(
        "a run from the future is dropped when read, and a runs file that starts with one is rewritten without it",
        arguments: [
            "1795000000 n 1 200\n99999999999 d 0 3\n1795000900 d 1 120\n",
            "99999999999 d 0 3\n1795000000 n 1 200\n1795000900 d 1 120\n",
            "1795000000 n 1 200\n1795000900 d 1 120\n1795090000 f 1 10\n",
        ])
    func futureRuns(lines: String) throws {
        let path = store.paths.runsFile
        try FileManager.default.createDirectory(
            atPath: store.paths.stateDirectory, withIntermediateDirectories: true)
        try Data(("weather runs 1\n" + lines).utf8).write(to: URL(fileURLWithPath: path))
        let now = Timestamp(secondsSince1970: 1_795_001_000)
        #expect(store.loadRuns(now: now).map(\.at.secondsSince1970) == [1_795_000_000, 1_795_000_900])
        try store.appendRun(Self.run(1_795_001_000))
        // A first line from the future would keep the file from ever being rewritten: it is rewritten now.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("99999999999") == lines.contains("\n99999999999"), "\(text)")
        #expect(store.loadRuns(now: now + 1).last?.at.secondsSince1970 == 1_795_001_000)
    }

    @Test("looks from the future are dropped; so is a back-off that says it happened after now")
    func futureLooksAndBackoffs() throws {
        let now = Timestamp(secondsSince1970: 1_795_001_000)
        let key = RunHistory.lookKey(now, utcOffset: 3600)
        let looks = try JSONDocument(
            parsing: Array("{\"format\":1,\"looks\":\"\(key - 700),\(key),\(key + 1),\(key + 100),99999999\"}".utf8)
        ).reader
        #expect(RunHistory.looks(in: looks, now: now, utcOffset: 3600) == [key - 700, key])
        #expect(RunHistory.looks(in: looks, now: now + 900, utcOffset: 3600) == [key - 700, key, key + 1])
        let future = Backoff(
            until: now + 30, failures: 1, reason: "HTTP 503", refused: false,
            at: Timestamp(secondsSince1970: 253_370_764_800))
        #expect(!future.isPlausible(at: now))
        let past = Backoff(until: now + 30, failures: 1, reason: "HTTP 503", refused: false, at: now - 30)
        #expect(past.isPlausible(at: now))
        let skewed = Backoff(until: now + 90, failures: 1, reason: "HTTP 503", refused: false, at: now + 60)
        #expect(skewed.isPlausible(at: now))
    }

    @Test("the files cleaned up after a killed run are the files the paths name, in each folder")
    func writtenFiles() {
        let paths = WeatherPaths(configHome: "/c", cacheDirectory: "/k/weather", stateDirectory: "/s/weather")
        #expect(
            WeatherPaths.writtenInCache
                == [paths.resultFile, paths.forecastFile, paths.alertsFile, paths.alertTextsFile].map(
                    FileIO.baseName(of:)))
        #expect(
            WeatherPaths.writtenInState
                == [paths.locationFile, paths.scheduleFile, paths.backoffFile, paths.runsFile, paths.notifiedFile].map(
                    FileIO.baseName(of:)))
        #expect(FileIO.baseName(of: paths.looksFile) == "looks.json")
    }

    @Test(
        "a folder below a root whose name is not ASCII is made where its path says",
        arguments: ["jörg", "e\u{301}té", "🌦️ wetter"])
    func folderBelowUnicodeRoot(name: String) throws {
        let root = folder.path + "/" + name + "/.cache/weather"
        let made = try OwnFolder.opened(root + "/places/b9/berlin", below: root, creating: true)
        #expect(made != nil)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: root + "/places/b9/berlin", isDirectory: &isFolder))
        #expect(isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["places"])
        #expect(
            WeatherPaths(configHome: "/c", cacheDirectory: root, stateDirectory: "/s").ownRoot(of: root + "/x/y")
                == root)
    }

    @Test(
        "trimming: ASCII blanks byte by byte, Unicode spaces by characters, nothing else touched",
        arguments: [
            ("plain", "plain"), ("  a b  ", "a b"), ("ETag: x\r\n", "ETag: x"), ("\u{A0}x\u{3000}", "x"),
            ("\t\u{A0} é \r\n", "é"), ("   ", ""), ("", ""), ("e\u{301}", "e\u{301}"), (" \u{301}x", "\u{301}x"),
        ])
    func trimming(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
    }
}
