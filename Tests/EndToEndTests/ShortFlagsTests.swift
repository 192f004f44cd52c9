import Foundation
import TestSupport
import Testing

/// `-j` is `--json` and `-s` is `--short` wherever the command has them, as ArgumentParser's short names
/// go (the first letter, `-h` being help's); and `watch --short` names watch's default.
@Suite("Short flags")
struct ShortFlagsTests {
    /// The output without the age, which moves between two runs.
    static func withoutAge(_ text: String) -> String {
        text.replacingOccurrences(of: #""age":\d+"#, with: "", options: .regularExpression)
    }

    @Test("-j and -s print what --json and --short print, through the fast path and the parser")
    func sameOutput() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        for program in [TestPaths.weatherBinary, TestPaths.commandsBinary] {
            for (short, long) in [
                (["-j"], ["--json"]), (["show", "-j"], ["show", "--json"]), (["-s"], ["--short"]),
                (["show", "-s", "--units", "imperial"], ["show", "--short", "--units", "imperial"]),
                (["forecast", "-j", "--hours", "2"], ["forecast", "--json", "--hours", "2"]),
            ] {
                let a = try sandbox.run(program: program, short)
                let b = try sandbox.run(program: program, long)
                #expect(a.status == 0 && b.status == 0, "\(short): \(a)\n\(long): \(b)")
                #expect(Self.withoutAge(a.stdout) == Self.withoutAge(b.stdout), "\(short) against \(long)")
                #expect(!a.stdout.isEmpty)
            }
        }
        let search = try sandbox.run("search", "Berlin", "-j")
        #expect(search.status == 0, "\(search)")
        #expect(search.stdout.hasPrefix("{\"query\":"), "\(search)")
    }

    @Test("-j and -s are refused together, as --json and --short are, and -j twice is --json twice")
    func together() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        for arguments in [["-j", "-s"], ["-js"], ["show", "-s", "--waybar"], ["watch", "-s", "-j"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run)")
            #expect(run.stderr.hasPrefix("weather: choose one of --json, --format, --short and --waybar"), "\(run)")
        }
        #expect(try sandbox.run("-j", "--json").status == 0)
    }

    @Test("watch --short and watch -s print the default short line")
    func watchShort() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let expected = try sandbox.run("show", "--short").stdout
        for arguments in [["watch"], ["watch", "--short"], ["watch", "-s"]] {
            let watch = try sandbox.spawn(arguments)
            let deadline = ContinuousClock.now + .seconds(5)
            while watch.stdoutSoFar.isEmpty, ContinuousClock.now < deadline { usleep(10_000) }
            watch.process.terminate()
            let run = watch.wait()
            #expect(run.status == 0, "\(arguments): \(run)")
            #expect(run.stdout == expected, "\(arguments): \(run)")
        }
    }

    @Test("the help lists each short name beside its long one")
    func help() throws {
        let sandbox = try Sandbox(at: .fixtures)
        for command in ["show", "forecast", "search", "watch"] {
            let help = try sandbox.run(command, "--help").stdout
            #expect(help.contains("  -j, --json "), "\(command): \(help)")
            if command == "show" || command == "watch" { #expect(help.contains("  -s, --short "), "\(command)") }
        }
    }
}
