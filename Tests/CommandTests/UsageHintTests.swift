import Foundation
import TestSupport
import Testing

@testable import WeatherCommands

@Suite("The command line a hint offers to type again")
struct UsageHintTests {
    @Test(
        "/bin/sh reads the command line back as the words typed, whatever clusters their quotes are in",
        arguments: HostileText.seeds)
    func commandLineReadsBack(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let inputs = HostileText.inputs(seed: seed, count: 150)
        let lines = inputs.indices.map { [inputs[$0], "", inputs[($0 + 1) % inputs.count]] }
        let outputs = try RealReaders.shell(
            lines.map { "printf '%s\\0' " + UsageHint.commandLine($0) }, in: folder.path)
        let differing = zip(lines, outputs).filter { words, output in
            output.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
                String(decoding: $0, as: UTF8.self)
            } != words
        }
        #expect(
            differing.isEmpty,
            "seed \(seed) (WEATHER_PROPERTY_SEED=\(seed) replays it): \(differing.count) of \(lines.count) read otherwise, first \(differing.prefix(2).map { "\($0.0) as \(String(decoding: $0.1, as: UTF8.self).debugDescription) from \(UsageHint.commandLine($0.0))" })"
        )
    }

    @Test("a word without anything a shell reads specially is left as typed")
    func plainWords() {
        #expect(UsageHint.commandLine(["forecast", "--days", "2", "Berlin,DE"]) == "forecast --days 2 Berlin,DE")
        #expect(UsageHint.commandLine(["set", "São Paulo", "it's"]) == #"set 'São Paulo' 'it'\''s'"#)
    }
}
