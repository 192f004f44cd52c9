import Foundation
import TestSupport
import Testing

/// What goes into the timer's unit files comes from outside (folders, the program's own path, settings):
/// with a real `systemd --user`, nothing can add a line or a directive, and an odd but legal path works.
@Suite("Values written into the units, with a real systemd user manager", .serialized)
struct UnitInjectionTests {
    var serviceFile: (Sandbox) -> String { { $0.configHome + "/systemd/user/weather-refresh.service" } }

    /// A copy of the built binary at `folder/weather`, for a run whose own path matters.
    func copyBinary(into folder: String) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let copy = folder + "/weather"
        try TestPaths.copyWeather(to: copy)
        // The path as the kernel names it (/proc/self/exe), without the sandbox's doubled slashes.
        return URL(fileURLWithPath: copy).resolvingSymlinksInPath().path
    }

    @Test("a program path with $, % and spaces is run as it is named")
    func oddProgramPath() throws {
        let sandbox = try Sandbox.withUserManager()
        let binary = try copyBinary(into: sandbox.root + "/my $HOME 100% ${USER} apps")
        let set = try sandbox.run(program: binary, ["set", "Berlin"], environment: ["WEATHER_STALE_AFTER": "0"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stderr.isEmpty, "\(set)")
        let service = try String(contentsOfFile: serviceFile(sandbox), encoding: .utf8)
        #expect(
            service.contains("ExecStart=\"\(binary.replacingOccurrences(of: "%", with: "%%"))\" refresh\n"),
            "\(service)")
        try sandbox.server.clearRequests()
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
        let result = try sandbox.systemctl("show", UnitNames.service, "--property=Result,ExecMainStatus").stdout
        #expect(result == "Result=success\nExecMainStatus=0\n")
        #expect(try sandbox.run("show").stdout.hasPrefix("Berlin, Land Berlin, Germany: 🌧️ 10.4 °C, slight rain\n"))
    }

    @Test(
        "a program path systemd refuses: the place is saved, and set says why there is no timer",
        arguments: ["quote\"d", "it's", "back\\slash"])
    func refusedProgramPath(folder: String) throws {
        let sandbox = try Sandbox.withUserManager()
        let binary = try copyBinary(into: sandbox.root + "/" + folder)
        let set = try sandbox.run(program: binary, ["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stdout.contains("10.9 °C"))
        #expect(
            set.stderr
                == "weather: background refresh is not set up: the path of this weather program (\(binary)) contains a quote or a backslash, which systemd refuses in a program's path; rename it, or choose another\n"
        )
        #expect(!FileManager.default.fileExists(atPath: serviceFile(sandbox)))
        #expect(try sandbox.run(program: binary, ["show"]).status == 0)
    }

    @Test(
        "a line break in a folder or a setting cannot add a directive",
        arguments: [
            ("XDG_CACHE_HOME", "/cache\nExecStartPre=/bin/touch PWNED"),
            ("XDG_STATE_HOME", "/state\rExecStartPre=/bin/touch PWNED"),
            ("XDG_CONFIG_HOME", "/config\u{1B}[2J"),
        ])
    func lineBreaks(variable: String, suffix: String) throws {
        let sandbox = try Sandbox.withUserManager()
        let value = sandbox.root + suffix
        let set = try sandbox.run(["set", "Berlin"], environment: [variable: value])
        #expect(set.status == 0, "\(set)")
        #expect(set.errorLines.count == 1, "\(set)")
        #expect(set.stderr.hasPrefix("weather: background refresh is not set up: \(variable) ("), "\(set)")
        #expect(
            set.stderr.hasSuffix(
                "contains a control character such as a line break, which a systemd unit file cannot hold; rename it, or choose another\n"
            ))
        let units =
            (try? FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/config\u{1B}[2J/systemd/user")) ?? []
            + ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.configHome + "/systemd/user")) ?? [])
        #expect(units.isEmpty, "\(units)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/PWNED"))
    }

    @Test("settings are carried as they were read, never as the variable's raw text")
    func rawSettings() throws {
        let sandbox = try Sandbox.withUserManager()
        let set = try sandbox.run(
            ["set", "Berlin"], environment: ["WEATHER_TIMEOUT": "30\n", "WEATHER_STALE_AFTER": " 15m\r"])
        #expect(set.status == 0, "\(set)")
        #expect(set.stderr.isEmpty, "\(set)")
        let service = try String(contentsOfFile: serviceFile(sandbox), encoding: .utf8)
        #expect(service.contains("\nEnvironment=\"WEATHER_TIMEOUT=30s\"\n"), "\(service)")
        #expect(service.contains("\nEnvironment=\"WEATHER_STALE_AFTER=15m\"\n"), "\(service)")
        let start = try sandbox.systemctl("start", UnitNames.service)
        #expect(start.status == 0, "\(start)")
    }

    @Test("however short the data's interval or a hand-written schedule, the timer fires at most every 5 minutes")
    func floor() throws {
        let sandbox = try Sandbox.withUserManager()
        let body = String(decoding: try TestPaths.fixture("open-meteo/forecast/berlin.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"interval\":900", with: "\"interval\":60")
        try sandbox.server.script(.forecast, [.init(body: body)])
        #expect(try sandbox.run("set", "Berlin").status == 0)
        let calendar = try sandbox.systemctl("show", UnitNames.timer, "--property=TimersCalendar").stdout
        #expect(calendar.contains("OnCalendar=*-*-* *:02/5:00"), "\(calendar)")
        try sandbox.write("{\"format\":1,\"interval\":\"1s\"}", to: sandbox.stateHome + "/weather/schedule.json")
        #expect(try sandbox.run("set", "Berlin").status == 0)
        let again = try sandbox.systemctl("show", UnitNames.timer, "--property=TimersCalendar").stdout
        #expect(again.contains("OnCalendar=*-*-* *:02/5:00"), "\(again)")
    }
}
