import Foundation
public import Testing

/// Text a person or a script reads, compared with a file under `Tests/Golden/`.
///
/// After an intended change, run the tests with `WEATHER_UPDATE_GOLDEN=1`: each differing file is written
/// anew and its test fails, saying so, so that a recording run can never pass (nor pass in CI); review the
/// diff, then run the tests again. (swift-argument-parser's `assertSnapshot` works the same way.)
public func expectGolden(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let file = URL(fileURLWithPath: TestPaths.repository + "/Tests/Golden/" + name)
    let expected = try? String(contentsOf: file, encoding: .utf8)
    guard actual != expected else { return }
    if ProcessInfo.processInfo.environment["WEATHER_UPDATE_GOLDEN"] != nil {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file)
        Issue.record(
            "recorded Tests/Golden/\(name) anew: review the diff, then run the tests again",
            sourceLocation: sourceLocation)
        return
    }
    #expect(
        actual == expected, "Tests/Golden/\(name) differs (WEATHER_UPDATE_GOLDEN=1 records it)",
        sourceLocation: sourceLocation)
}
