import Foundation
import TestSupport
import Testing

/// Settings as people write them, in config.json and in the environment, read by the built program.
@Suite("Setting values as people write them")
struct SettingsValuesTests {
    @Test(
        "a value of the wrong JSON type in config.json is refused with the file's path and the key",
        arguments: [
            (
                #"{"format": 42}"#,
                "\"format\" is a number; it must be text in quotes, such as {\"format\": \"%l %c %t %o\"}"
            ),
            (#"{"units": true}"#, "\"units\" is a boolean; it must be text in quotes, such as {\"units\": \"metric\"}"),
            (
                #"{"icons": ["emoji"]}"#,
                "\"icons\" is an array; it must be text in quotes, such as {\"icons\": \"emoji\"}"
            ),
            (
                #"{"language": 7}"#,
                "\"language\" is a number; it must be text in quotes, such as {\"language\": \"de\"}"
            ),
            (#"{"contact": 1.5}"#, "\"contact\" is a number; it must be text in quotes"),
            (#"{"forecast_url": 80}"#, "\"forecast_url\" is a number; it must be text in quotes"),
            (#"{"timeout": true}"#, "\"timeout\" is a boolean; it must be a number or text, such as {\"timeout\": 30}"),
            (#"{"stale_after": {}}"#, "\"stale_after\" is an object; it must be a number or text"),
        ])
    func wrongType(config: String, reason: String) throws {
        let sandbox = try Sandbox()
        try sandbox.setBerlin()
        try sandbox.write(config, to: sandbox.configFile)
        for arguments in [["show"], ["show", "--short"], ["forecast"], ["schedule"]] {
            let run = try sandbox.run(arguments)
            #expect(run.status == 78, "\(arguments): \(run)")
            #expect(run.stderr.hasPrefix("weather: \(sandbox.configFile): \(reason)"), "\(arguments): \(run)")
            #expect(run.stderr.hasSuffix("; fix or remove the file\n"), "\(arguments): \(run)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test("times may be JSON numbers or text in config.json")
    func numbersForTimes() throws {
        let sandbox = try Sandbox()
        try sandbox.setBerlin()
        try sandbox.write(#"{"timeout": 20, "stale_after": 0, "interactive_timeout": "3s"}"#, to: sandbox.configFile)
        let run = try sandbox.run("show", "--short")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix(" (stale)\n"), "stale_after 0 was read: \(run)")
    }
}
