import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("weather's two programs")
struct WeatherProgramTests {
    @Test("weather-commands is looked for beside weather, then in ../libexec/weather from a folder named bin only")
    func candidates() {
        #expect(
            WeatherProgram.commandsCandidates(besides: "/usr/bin/weather") == [
                "/usr/bin/weather-commands", "/usr/libexec/weather/weather-commands",
            ])
        #expect(
            WeatherProgram.commandsCandidates(besides: "/home/a b/.local/bin/weather") == [
                "/home/a b/.local/bin/weather-commands", "/home/a b/.local/libexec/weather/weather-commands",
            ])
        #expect(WeatherProgram.commandsCandidates(besides: "/tmp/x/weather") == ["/tmp/x/weather-commands"])
        #expect(WeatherProgram.commandsCandidates(besides: "/tmp/weather") == ["/tmp/weather-commands"])
        #expect(WeatherProgram.commandsCandidates(besides: "/weather") == ["/weather-commands"])
        #expect(
            WeatherProgram.commandsCandidates(besides: "/bin/weather") == [
                "/bin/weather-commands", "/libexec/weather/weather-commands",
            ])
        #expect(WeatherProgram.commandsCandidates(besides: "/src/sbin/weather") == ["/src/sbin/weather-commands"])
    }

    @Test("the install scripts read the one layout weather searches by, every folder of it")
    func installLayout() throws {
        let config = TestPaths.repository + "/Config"
        let names = [
            ("bin", InstallLayout.bin), ("libexec", InstallLayout.libexec), ("man1", InstallLayout.man1),
            ("bashCompletions", InstallLayout.bashCompletions), ("zshCompletions", InstallLayout.zshCompletions),
            ("fishCompletions", InstallLayout.fishCompletions),
            ("debianZshCompletions", InstallLayout.debianZshCompletions), ("doc", InstallLayout.doc),
            ("locale", InstallLayout.locale),
        ]
        let script =
            "here=\(config); . \(config)/layout.sh; " + names.map { "echo \"$\($0.0)\"" }.joined(separator: "; ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let read = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(read == names.map { $0.1 + "\n" }.joined())
        // Every folder the file defines is one the scripts know by name.
        let source = try String(
            contentsOfFile: TestPaths.repository + "/Sources/WeatherSystem/Run/InstallLayout.swift", encoding: .utf8)
        #expect(source.components(separatedBy: "    static let ").count - 1 == names.count)
        #expect(
            WeatherProgram.commandsCandidates(besides: "/opt/w/bin/weather").last == "/opt/w/" + InstallLayout.libexec
                + "/weather-commands")
    }

    @Test("the catalogues are under the prefix the programs are installed in, or beside a built program")
    func catalogues() {
        #expect(WeatherProgram.catalogues(besides: "/usr/bin/weather") == "/usr/share/locale")
        #expect(WeatherProgram.catalogues(besides: "/usr/libexec/weather/weather-commands") == "/usr/share/locale")
        #expect(WeatherProgram.catalogues(besides: "/home/a/.local/bin/weather") == "/home/a/.local/share/locale")
        #expect(WeatherProgram.catalogues(besides: "/bin/weather") == "/share/locale")
        #expect(WeatherProgram.catalogues(besides: "/src/.build/debug/weather") == "/src/.build/debug/locale")
        #expect(WeatherProgram.catalogues(besides: "/weather") == "/locale")
        #expect(WeatherProgram.catalogues(besides: "/libexec/weather/weather-commands") == "/share/locale")
        #expect(
            WeatherProgram.catalogues(besides: "/opt/mylibexec/weather/weather-commands")
                == "/opt/mylibexec/weather/locale")
    }

    @Test("the timer runs weather, also when weather-commands writes its unit or crontab line")
    func weatherForTheTimer() {
        #expect(WeatherProgram.weather(for: "/usr/bin/weather") == "/usr/bin/weather")
        #expect(WeatherProgram.weather(for: "/usr/libexec/weather/weather-commands") == "/usr/bin/weather")
        #expect(
            WeatherProgram.weather(for: "/home/a/.local/libexec/weather/weather-commands")
                == "/home/a/.local/bin/weather")
        #expect(WeatherProgram.weather(for: "/src/.build/debug/weather-commands") == "/src/.build/debug/weather")
        #expect(WeatherProgram.weather(for: "/opt/my-weather-commands") == "/opt/my-weather-commands")
    }

    @Test(
        "a program replaced or removed while it runs is named by its path, without the kernel's ' (deleted)'",
        arguments: [
            ("/usr/libexec/weather/weather-commands (deleted)", "/usr/libexec/weather/weather-commands"),
            ("/home/a/.local/bin/weather (deleted)", "/home/a/.local/bin/weather"),
            ("/usr/bin/weather", "/usr/bin/weather"),
            ("/opt/odd (deleted) name/weather", "/opt/odd (deleted) name/weather"),
            ("/memfd:weather (deleted)", "/memfd:weather"),
        ])
    func deletedSuffix(link: String, path: String) {
        #expect(WeatherProgram.installedPath(link) == path)
    }

    @Test("the folders up to / decide whether a program may be trusted: root's and the user's, written by no one else")
    func trust() {
        #expect(WeatherProgram.untrusted("/usr/bin/env", user: 1000) == nil)
        #expect(WeatherProgram.untrusted("/tmp", user: 1000) == nil, "sticky: no one else can replace what is ours")
        #expect(WeatherProgram.untrusted("/usr/bin/env", user: 0) == nil)
        #expect(
            WeatherProgram.untrusted("/nonexistent/weather-commands", user: 0)?.description.hasPrefix("cannot look at")
                == true)
    }
}
