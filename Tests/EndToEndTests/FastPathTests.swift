import Foundation
import TestSupport
import Testing
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// The status-bar path costs about as much as printing a file: it must not even load libcurl.
@Suite("The fast path")
struct FastPathTests {
    /// The shared objects the dynamic loader opened during a run (`LD_DEBUG=files`).
    func librariesLoaded(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:]) throws -> (
        Sandbox.Run, [String]
    ) {
        let run = try sandbox.run(arguments, environment: environment.merging(["LD_DEBUG": "files"]) { $1 })
        let libraries = run.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != "[" })
        }
        return (run, libraries)
    }

    @Test(
        "show, in every form, never loads libcurl; a refresh that fetches does",
        arguments: [
            ["show"], ["show", "--json"], [], ["show", "--cached"], ["show", "--refresh"], ["show", "--waybar"],
            ["show", "--format", "%l %c %t %o"], ["--short", "--units", "imperial"], ["--units=si", "--icons=nerd"],
            ["show", "--waybar", "--format", "%t", "--color", "never"],
        ])
    func showNeverLoadsCurl(arguments: [String]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let (run, libraries) = try librariesLoaded(sandbox, arguments)
        #expect(run.status == 0)
        #expect(libraries.contains { $0.contains("libjansson") }, "the probe sees loaded libraries: \(libraries)")
        #expect(!libraries.contains { $0.contains("libcurl") })
        let (refresh, fetching) = try librariesLoaded(sandbox, ["refresh"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(refresh.stdout.hasPrefix("noData: the weather in Berlin"))
        #expect(fetching.contains { $0.contains("libcurl") })
    }

    @Test(
        "a form the fast path leaves to ArgumentParser prints what the fast path prints",
        arguments: [
            (["show", "--json", "--json"], ["show", "--json"]),
            (["show", "--cached", "--cached"], ["show", "--cached"]),
            (["show", "--cached", "--json", "--cached"], ["show", "--json", "--cached"]),
            (["show", "--waybar", "--waybar"], ["show", "--waybar"]),
            (["show", "--units", "si", "--units", "imperial"], ["show", "--units", "imperial"]),
            (["show", "--format", "%x", "--format", "%t %w"], ["show", "--format=%t %w"]),
            (["show", "--short", "--icons", "ascii", "--short"], ["--icons", "ascii", "--short"]),
        ])
    func sameOutput(parsed: [String], fast: [String]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let slow = try sandbox.run(parsed)
        let quick = try sandbox.run(fast)
        #expect(slow.status == 0 && quick.status == 0)
        // The same output; only --json's age may have ticked over a second between the two runs.
        func withoutAge(_ text: String) -> String {
            text.replacingOccurrences(of: #""age":[0-9]+,"#, with: "", options: .regularExpression)
        }
        #expect(withoutAge(slow.stdout) == withoutAge(quick.stdout))
    }

    @Test(
        "what the fast path does not recognise is ArgumentParser's to refuse or explain",
        arguments: [
            (["show", "--refresh", "--cached"], 64),
            (["show", "--json", "--short"], 64),
            (["refresh", "extra"], 64),
            (["refresh", "--help"], 0),
            (["show", "--help"], 0),
            (["show", "--format", "%y"], 64),
            (["show", "--units", "kelvin"], 64),
            (["show", "--json", "--waybar"], 64),
            (["show", "--format"], 64),
            (["show", "--format", "-x"], 64),
        ] as [([String], Int32)])
    func fallsBackToArgumentParser(arguments: [String], status: Int32) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let run = try sandbox.run(arguments)
        #expect(run.status == status, "\(run)")
        if status == 0 { #expect(run.stdout.hasPrefix("OVERVIEW: ")) }
    }

    @Test("weather runs the status-bar forms and refresh itself and becomes weather-commands for the rest")
    func becomesCommands() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        // A weather without weather-commands beside it, nor in ../libexec/weather.
        let alone = sandbox.root + "/alone/bin/weather"
        try FileManager.default.createDirectory(
            atPath: sandbox.root + "/alone/bin", withIntermediateDirectories: true)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: alone)
        for arguments in [["show", "--short"], [], ["show", "--json", "--cached"], ["--waybar"]] {
            let run = try sandbox.run(program: alone, arguments)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run)")
        }
        #expect(try sandbox.run(program: alone, ["refresh"]).stdout.hasPrefix("noData: "))
        // The folder as the kernel names it (/proc/self/exe), without the sandbox's doubled slashes.
        let folder = URL(fileURLWithPath: sandbox.root + "/alone").resolvingSymlinksInPath().path
        for arguments in [["--version"], ["set", "Paris"], ["show", "--jsn"], ["Paris"], ["forecast"]] {
            let run = try sandbox.run(program: alone, arguments)
            #expect(run.status == 1, "\(arguments): \(run)")
            #expect(
                run.stderr
                    == "weather: cannot find weather-commands, which runs every command but show and refresh, in "
                    + "\(folder)/bin or \(folder)/libexec/weather; reinstall weather\n",
                "\(run)")
        }
        // Installed as make install lays it out, every command runs, with weather's own name and exit status.
        try FileManager.default.createDirectory(
            atPath: sandbox.root + "/alone/libexec/weather", withIntermediateDirectories: true)
        try TestPaths.copyProgram(
            TestPaths.commandsBinary, to: sandbox.root + "/alone/libexec/weather/weather-commands")
        #expect(try sandbox.run(program: alone, ["--version"]).stdout == WeatherKitInfo.version + "\n")
        let refused = try sandbox.run(program: alone, ["show", "--jsn"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("weather: unknown option '--jsn'"), "\(refused)")
    }
}
