import Foundation
import Testing
import TestSupport

/// The help a person reads, compared with the files in `Golden/`. After an intended change, run
/// `WEATHER_UPDATE_GOLDEN=1 swift test --filter HelpTests` and review the diff.
@Suite("Help text")
struct HelpTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test("each command's help reads as written", arguments: ["", "set", "show", "refresh", "schedule", "logout"])
    func help(command: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run((command.isEmpty ? [] : [command]) + ["--help"])
        #expect(run.status == 0)
        let file = Self.golden.appendingPathComponent("help\(command.isEmpty ? "" : "-" + command).txt")
        if ProcessInfo.processInfo.environment["WEATHER_UPDATE_GOLDEN"] != nil {
            try Data(run.stdout.utf8).write(to: file)
        }
        #expect(run.stdout == (try String(contentsOf: file, encoding: .utf8)))
    }

    @Test("--version prints the version alone")
    func version() throws {
        let run = try Sandbox().run("--version")
        #expect(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test("an unknown command or option is a usage error")
    func usage() throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run("forecast")
        #expect(run.status == 64)
        #expect(run.stderr.contains("Unexpected argument 'forecast'"))
        #expect(try sandbox.run("show", "--jsn").status == 64)
    }
}
