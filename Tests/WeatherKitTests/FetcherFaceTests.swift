import Foundation
import TestSupport
import Testing

/// `WeatherFetcher.shared` is the design's face (issue 40): the presenters, the watcher, the handler and the
/// commands ask it, never its services, and it alone posts `WeatherUpdated`. The compiler holds the first
/// (the services are internal to WeatherFetching); these tests say so of the sources too.
@Suite("The fetcher's face")
struct FetcherFaceTests {
    /// The sources of the layers above the fetcher's, by path.
    static func sourcesAbove() throws -> [(path: String, source: String)] {
        var files: [(path: String, source: String)] = []
        for folder in ["Sources/WeatherPresentation", "Sources/WeatherCommands", "Sources/weather"] {
            let root = TestPaths.repository + "/" + folder
            let paths = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
            for path in paths where path.hasSuffix(".swift") {
                files.append((folder + "/" + path, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
            }
        }
        return files
    }

    @Test("the presenters, the watcher and the handler ask the fetcher, never one of its services")
    func noChains() throws {
        let services =
            /fetcher\.(results|history|warnings|replacement|notifier|backoffs|places|savedPlace|lookups|provider|geocoder|lock)\./
        let files = try Self.sourcesAbove()
        #expect(files.count > 20)
        let chains = files.flatMap { file in file.source.matches(of: services).map { "\(file.path): \($0.0)" } }
        #expect(chains == [])
    }

    @Test("WeatherUpdated is posted by the fetcher alone")
    func postedByTheFetcher() throws {
        let posts = try Self.sourcesAbove().filter { $0.source.contains("post(name: .weatherUpdated") }.map(\.path)
        #expect(posts == [])
    }
}
