import Foundation
import TestSupport
import Testing

/// The fuzz target built plainly replays inputs through the same pipeline that `make fuzz` explores.
@Suite("The fuzzer's finds, replayed")
struct FuzzReplayTests {
    static let binary = URL(fileURLWithPath: TestPaths.weatherBinary).deletingLastPathComponent()
        .appendingPathComponent("weather-fuzz").path

    @Test("every input that once broke a promise, and every seed, runs through the whole pipeline")
    func replay() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let folder = try TemporaryFolder()
        let seeds = Process()
        seeds.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        seeds.arguments = [TestPaths.repository + "/Tests/Fuzz/seeds.py", folder.path]
        seeds.standardOutput = FileHandle.nullDevice
        try seeds.run()
        seeds.waitUntilExit()
        #expect(seeds.terminationStatus == 0)
        let failCases = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.repository + "/Tests/Fuzz/FailCases"
        )
        .map { TestPaths.repository + "/Tests/Fuzz/FailCases/" + $0 }
        let seedFiles = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { folder.path + "/" + $0 }
        #expect(failCases.count >= 3)
        #expect(seedFiles.count >= 40)
        let run = try sandbox.run(program: Self.binary, failCases + seedFiles)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.split(separator: "\n").count == failCases.count + seedFiles.count)
    }

    @Test("an input that cannot be read fails the replay, so that a replay of nothing cannot pass")
    func missingInput() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(program: Self.binary, [sandbox.root + "/no-such-input"])
        #expect(run.status == 2)
        #expect(run.stderr == "weather-fuzz: no such file: \(sandbox.root)/no-such-input\n")
    }
}
