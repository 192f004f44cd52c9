import Foundation
import TestSupport
import Testing

@testable import WeatherKit

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
        #expect(problem.hasSuffix("it will be replaced by the next fetch"))
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
}
