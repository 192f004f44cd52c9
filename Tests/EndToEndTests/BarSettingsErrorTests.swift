import Foundation
import TestSupport
import Testing

/// A settings mistake must not make the bar module vanish: waybar hides a module that prints nothing
/// (issue 31, item 4).
@Suite("A bad setting under --waybar: the warning object, the reason in its tooltip")
struct BarSettingsErrorTests {
    enum Mistake: String, CaseIterable, CustomTestStringConvertible {
        case unitsVariable, iconsVariable, damagedConfig, configUnits, formatVariable
        var testDescription: String { rawValue }
    }

    static func arrange(_ mistake: Mistake, in sandbox: Sandbox) throws -> (
        environment: [String: String], words: String
    ) {
        switch mistake {
        case .unitsVariable: return (["WEATHER_UNITS": "imperal"], "imperal")
        case .iconsVariable: return (["WEATHER_ICONS": "emojis"], "emojis")
        case .formatVariable: return (["WEATHER_FORMAT": "%t %y"], "%y")
        case .damagedConfig:
            try sandbox.write("{\"units\": \"metric\",", to: sandbox.configFile)
            return ([:], "config.json")
        case .configUnits:
            try sandbox.write("{\"units\": \"kelvin\"}", to: sandbox.configFile)
            return ([:], "\"units\" must be one of")
        }
    }

    @Test(
        "show --waybar (fast path and with a place) and watch --waybar print the ⚠ object", arguments: Mistake.allCases)
    func warningObject(mistake: Mistake) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let (environment, words) = try Self.arrange(mistake, in: sandbox)
        for arguments in [
            ["show", "--waybar"], ["--waybar"], ["show", "--waybar", "--cached"], ["show", "Paris", "--waybar"],
        ] {
            let run = try sandbox.run(arguments, environment: environment)
            #expect(run.status == 0, "\(arguments): \(run)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(arguments): \(run)")
            #expect(object["text"] as? String == "⚠")
            #expect(object["class"] as? [String] == ["error"])
            let tooltip = object["tooltip"] as? String ?? ""
            #expect(tooltip.hasPrefix("weather: ") && tooltip.contains(words), "\(arguments): \(tooltip)")
            #expect(run.errorLines.count == 1 && run.stderr.contains(words), "\(arguments): \(run)")
        }
        // Other forms still refuse with the settings' exit status, as before.
        let plain = try sandbox.run(["show"], environment: environment)
        #expect(plain.status == 78, "\(plain)")
        #expect(plain.stdout.isEmpty)
        if mistake == .damagedConfig || mistake == .configUnits {
            // watch shows the object and goes on, watching config.json: fixed, the bar shows the weather.
            let watch = try sandbox.spawn(["watch", "--waybar"], environment: environment)
            defer { if watch.process.isRunning { watch.process.terminate() } }
            let start = ContinuousClock.now
            while watch.stdoutSoFar.split(separator: "\n").isEmpty, ContinuousClock.now - start < .seconds(5) {
                usleep(10_000)
            }
            #expect(watch.stdoutSoFar.contains("\"class\":[\"error\"]"), "\(watch.stdoutSoFar)")
            #expect(watch.stdoutSoFar.contains("config.json"), "\(watch.stdoutSoFar)")
            try FileManager.default.removeItem(atPath: sandbox.configFile)
            while watch.stdoutSoFar.split(separator: "\n").count < 2, ContinuousClock.now - start < .seconds(10) {
                usleep(10_000)
            }
            let lines = watch.stdoutSoFar.split(separator: "\n")
            #expect(lines.count == 2 && lines[1].hasPrefix(#"{"text":"Berlin ☁️🌙 11°C","#), "\(lines)")
            watch.process.terminate()
            #expect(watch.wait().status == 0)
        } else {
            // A variable cannot change under a running process: watch prints the object once and ends.
            let watch = try sandbox.run(["watch", "--waybar"], environment: environment)
            #expect(watch.status == 0, "\(watch)")
            #expect(watch.stdout.split(separator: "\n").count == 1, "\(watch)")
            #expect(watch.stdout.contains("\"class\":[\"error\"]"), "\(watch)")
        }
    }

    @Test(
        "a --format waybar cannot use is the ⚠ object too, from show and watch, not a module gone",
        arguments: [
            ["--format=  ", "--waybar"], ["show", "--waybar", "--format", "%Z"], ["watch", "--waybar", "--format", ""],
        ])
    func badFormat(arguments: [String]) throws {
        let sandbox = try Sandbox(at: .fixtures)
        try sandbox.setBerlin()
        let run = try sandbox.run(arguments)
        #expect(run.status == 0, "\(run)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
        #expect(object["text"] as? String == "⚠")
        #expect(object["class"] as? [String] == ["error"])
        let tooltip = object["tooltip"] as? String ?? ""
        #expect(tooltip.hasPrefix("weather: --format: ") && tooltip.hasSuffix(" --help"), "\(tooltip)")
        #expect(run.errorLines.count == 1 && run.stderr.contains("--format: "), "\(run)")
        // Without --waybar, the usage error it always was.
        let plain = try sandbox.run(arguments.filter { $0 != "--waybar" })
        #expect(plain.status == 64 && plain.stdout.isEmpty, "\(plain)")
    }
}
