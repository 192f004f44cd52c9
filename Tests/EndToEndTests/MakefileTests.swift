import Foundation
import Glibc
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// What the Makefile's targets print to a person: `make serve`'s lines to paste, and a build that says only
/// what it does.
@Suite("The Makefile, as a person runs it")
struct MakefileTests {
    /// `make serve` on a free port, started in `sandbox`: its output once the server has printed all of it
    /// (the address, the export lines, and the comment that ends them), and the running make.
    static func serve(in sandbox: Sandbox) throws -> (lines: [String], make: Sandbox.Launched) {
        let output = sandbox.root + "/serve.txt"
        let make = try sandbox.launch(
            program: "/usr/bin/make", ["-s", "-C", TestPaths.repository, "serve", "SERVE_PORT=0"], stdout: output,
            stderr: output)
        // A wait, so on the monotonic clock.
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            let text = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
            let lines = text.split(separator: "\n").map(String.init)
            if lines.contains(where: { $0.hasPrefix("# ") }) { return (lines, make) }
            usleep(50_000)
        }
        make.stop()
        throw TestFailure("make serve printed no comment after its export lines in 10 s")
    }

    @Test("make serve prints the export line of every endpoint setting; pasted into a shell, weather works offline")
    func serveExports() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let (lines, make) = try Self.serve(in: sandbox)
        defer { make.stop() }
        let address = try #require(lines.first)
        #expect(address.range(of: #"^http://127\.0\.0\.1:\d+$"#, options: .regularExpression) != nil, "\(lines)")
        let exports = lines.filter { $0.hasPrefix("export ") }
        // Every endpoint weather has a setting for, each once, at the server's address.
        let endpoints = Setting.all.map(\.variable).filter { $0.hasSuffix("_URL") }
        #expect(
            exports.map { String($0.dropFirst("export ".count).prefix { $0 != "=" }) }.sorted() == endpoints.sorted(),
            "\(lines)")
        for line in exports { #expect(line.contains("=" + address + "/"), "\(line)") }
        // The README's offline section and CONTRIBUTING show the same lines whole, at make serve's own port.
        let printed = exports.map { $0.replacingOccurrences(of: address + "/", with: "http://127.0.0.1:8080/") }
        for document in ["README.md", "CONTRIBUTING.md"] {
            let text = try String(contentsOfFile: TestPaths.repository + "/" + document, encoding: .utf8)
            let shown = text.split(separator: "\n").map { $0.drop { $0 == " " } }
                .filter { $0.hasPrefix("export WEATHER_") }.map(String.init)
            #expect(shown == printed, "\(document)")
        }

        // A new user's shell: weather on the PATH, none of the sandbox's endpoints, warnings on.
        try FileManager.default.createDirectory(atPath: sandbox.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.root + "/bin/weather", withDestinationPath: TestPaths.weatherBinary)
        sandbox.environment = sandbox.environment.filter { !$0.key.hasPrefix("WEATHER_") }
        sandbox.environment["PATH"] = sandbox.root + "/bin:/usr/bin:/bin"
        let pasted = lines.dropFirst().joined(separator: "\n")
        func shell(_ command: String) throws -> Sandbox.Run {
            try sandbox.run(program: "/bin/sh", ["-c", pasted + "\n" + command])
        }
        let set = try shell("weather set Berlin")
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("Berlin, Land Berlin, Germany: "), "\(set)")
        let forecast = try shell("weather forecast --days 3")
        #expect(forecast.status == 0, "\(forecast)")
        #expect(forecast.stdout.hasPrefix("Berlin, Land Berlin, Germany: the next "), "\(forecast)")
        let alerts = try shell("weather alerts")
        #expect(alerts.status == 0, "\(alerts)")
        #expect(alerts.stdout.contains("from DWD (Deutscher Wetterdienst)"), "\(alerts)")
        #expect(alerts.stdout.contains("Gale-force gusts"), "\(alerts)")
    }

    /// The lines `make --dry-run build` would run that link the static libraries into `folder`.
    static func links(into folder: String, in sandbox: Sandbox) throws -> [String] {
        let run = try sandbox.run(
            program: "/usr/bin/make",
            ["--dry-run", "--no-print-directory", "-C", TestPaths.repository, "build", "STATIC_LIBS=" + folder])
        try #require(run.status == 0, "\(run)")
        return run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ln -sf ") }
    }

    @Test("make build links each static library once while it is missing, and says nothing of them once linked")
    func staticLibraries() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let folder = sandbox.root + "/static-libs"
        let first = try Self.links(into: folder, in: sandbox)
        #expect(first.count == 2, "\(first)")
        #expect(
            first.contains { $0.hasSuffix(folder + "/libstdc++.a") } && first.contains { $0.hasSuffix("/libjansson.a") }
        )
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for library in ["libstdc++.a", "libjansson.a"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + library, contents: Data()))
        }
        #expect(try Self.links(into: folder, in: sandbox) == [])
    }
}
