import Foundation
import TestSupport
import Testing

/// The help a person reads, compared with the files in `Tests/Golden/` (see `expectGolden`).
@Suite("Help text")
struct HelpTests {
    @Test("each command's help reads as written", arguments: ["", "set", "show", "refresh", "schedule", "logout"])
    func help(command: String) throws {
        let sandbox = try Sandbox()
        let run = try sandbox.run((command.isEmpty ? [] : [command]) + ["--help"])
        #expect(run.status == 0)
        try expectGolden(run.stdout, named: "help\(command.isEmpty ? "" : "-" + command).txt")
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
