import Foundation
import TestSupport
import Testing

/// The programs `make install` installs, as `make build` links them (`make test` builds them first):
/// position-independent executables that export next to nothing and link neither libstdc++, libgcc_s nor
/// libjansson; `weather` without ArgumentParser or Foundation, becoming `weather-commands` for the command
/// lines it leaves to ArgumentParser; and, with the command line taken from glibc rather than the Swift
/// runtime (Sources/CArguments), both still read their arguments. (The other end-to-end tests run the
/// debug build, which links the runtime dynamically.)
@Suite("The release binaries")
struct ReleaseBinaryTests {
    static let binary = TestPaths.repository + "/.build/release/weather"
    static let commands = TestPaths.repository + "/.build/release/weather-commands"

    /// The binary's bytes; the test is skipped without the release build (`Requirement.release`).
    func require(_ binary: String) throws -> Data {
        let data = FileManager.default.contents(atPath: binary)
        try Requirement.release.check(data != nil, "no release binary at \(binary) (make build makes it)")
        return data ?? Data()
    }

    @Test("each is position-independent: ELF type DYN, with the PIE flag", arguments: [binary, commands])
    func positionIndependent(binary: String) throws {
        let elf = try require(binary)
        #expect(elf.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]))
        #expect(elf[16] == 3 && elf[17] == 0, "e_type is ET_DYN")
        let dynamic = try Sandbox(at: .fixtures).run(program: "/usr/bin/readelf", ["-d", binary])
        #expect(dynamic.stdout.contains("Flags: PIE"), "\(dynamic.stdout)")
    }

    @Test(
        "each exports a handful of symbols, and needs no libstdc++, libgcc_s or libjansson",
        arguments: [binary, commands])
    func exports(binary: String) throws {
        _ = try require(binary)
        let sandbox = try Sandbox(at: .fixtures)
        let symbols = try sandbox.run(program: "/usr/bin/nm", ["-D", "--defined-only", binary])
        let exported = symbols.stdout.split(separator: "\n")
        #expect(symbols.status == 0)
        #expect(exported.count <= 5, "\(exported)")
        #expect(exported.contains { $0.hasSuffix(" main") })
        let needed = try sandbox.run(program: "/usr/bin/readelf", ["-d", binary]).stdout
        #expect(!needed.contains("libstdc++"))
        #expect(!needed.contains("libgcc_s"))
        #expect(!needed.contains("libjansson"), "jansson is linked in")
        #expect(!needed.contains("libcurl"), "libcurl is loaded on the first request")
    }

    @Test("weather links no ArgumentParser and no Foundation; weather-commands does")
    func lean() throws {
        _ = try require(Self.binary)
        _ = try require(Self.commands)
        let sandbox = try Sandbox(at: .fixtures)
        func modules(_ binary: String) throws -> Set<String> {
            let symbols = try sandbox.run(program: "/usr/bin/nm", [binary]).stdout
            return Set(["ArgumentParser", "FoundationEssentials", "dispatch_"].filter { symbols.contains($0) })
        }
        #expect(try modules(Self.binary) == [])
        #expect(try modules(Self.commands) == ["ArgumentParser", "FoundationEssentials", "dispatch_"])
    }

    /// Config/weather.order names the functions the hot paths run, then the variables they touch
    /// (`make order-file`); the linker lays them out first, in its order. A renamed function falls back to
    /// where the linker would put it anyway: that costs speed, not correctness, so `make bench-speed`
    /// reports names the binary lacks, and this test only checks that the linker was told of the file.
    @Test("weather lays out the functions show and refresh run first, as Config/weather.order names them")
    func hotPathsFirst() throws {
        _ = try require(Self.binary)
        let order = try String(contentsOfFile: TestPaths.repository + "/Config/weather.order", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var symbols: [String: [(address: UInt64, isCode: Bool)]] = [:]
        for line in try Sandbox(at: .fixtures).run(program: "/usr/bin/nm", [Self.binary]).stdout.split(separator: "\n")
        {
            let fields = line.split(separator: " ")
            if fields.count == 3, let address = UInt64(fields[0], radix: 16) {
                symbols[String(fields[2]), default: []].append((address, fields[1] == "t" || fields[1] == "T"))
            }
        }
        #expect(order.count > 300)
        // weather's own functions each have a section of their own (C libraries' need not), so they follow
        // the file's order exactly; unordered, they would follow the order of the source.
        let modules = ["WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching", "WeatherPresentation"]
        let prefixes = modules.map { "$s\($0.utf8.count)\($0)" }
        let own = order.compactMap { name -> UInt64? in
            guard prefixes.contains(where: { name.hasPrefix($0) }), let found = symbols[name], found.count == 1,
                found[0].isCode
            else { return nil }
            return found[0].address
        }
        let outOfOrder = zip(own, own.dropFirst()).filter { $0 > $1 }.count
        #expect(own.count >= 20, "too few of Config/weather.order's names are left to judge: run make order-file")
        #expect(outOfOrder == 0, "Config/weather.order is not the layout: is the release build's linker told of it?")
    }

    @Test("it reads its command line: options, subcommands and their arguments")
    func commandLine() throws {
        _ = try require(Self.binary)
        _ = try require(Self.commands)
        let sandbox = try Sandbox(at: .fixtures)
        #expect(
            try sandbox.run(program: Self.binary, ["--version"]).stdout.range(
                of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        let help = try sandbox.run(program: Self.binary, ["schedule", "--help"])
        #expect(help.stdout.hasPrefix("OVERVIEW: Show or change how often the weather is refreshed in the background."))
        let set = try sandbox.run(program: Self.binary, ["set", "Springfield,", "Illinois"])
        #expect(set.stdout.hasPrefix("Saved Springfield, Illinois, United States (the only match).\n"), "\(set)")
        let show = try sandbox.run(program: Self.binary, ["show", "--json"])
        #expect(show.stdout.hasPrefix("{\"location\":{\"name\":\"Springfield\""), "\(show)")
        let refused = try sandbox.run(program: Self.binary, ["show", "--refresh", "--cached"])
        #expect(refused.status == 64)
    }
}
