import Foundation
import TestSupport
import Testing

/// The binary `make install` installs, as `make build` links it (`make test` builds it first): a
/// position-independent executable that exports next to nothing, links neither libstdc++ nor libgcc_s,
/// and, with the command line taken from glibc rather than the Swift runtime (Sources/CArguments), still
/// reads its arguments. (The other end-to-end tests run the debug build, which links the runtime
/// dynamically.)
@Suite("The release binary")
struct ReleaseBinaryTests {
    static let binary = TestPaths.repository + "/.build/release/weather"

    func requireBinary() throws -> Data {
        guard let data = FileManager.default.contents(atPath: Self.binary) else {
            throw TestFailure("no release binary at \(Self.binary): run make build (make test does)")
        }
        return data
    }

    @Test("it is position-independent: ELF type DYN, with the PIE flag")
    func positionIndependent() throws {
        let elf = try requireBinary()
        #expect(elf.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]))
        #expect(elf[16] == 3 && elf[17] == 0, "e_type is ET_DYN")
        let dynamic = try Sandbox().run(program: "/usr/bin/readelf", ["-d", Self.binary])
        #expect(dynamic.stdout.contains("Flags: PIE"), "\(dynamic.stdout)")
    }

    @Test("it exports a handful of symbols, and needs no libstdc++ or libgcc_s")
    func exports() throws {
        _ = try requireBinary()
        let sandbox = try Sandbox()
        let symbols = try sandbox.run(program: "/usr/bin/nm", ["-D", "--defined-only", Self.binary])
        let exported = symbols.stdout.split(separator: "\n")
        #expect(symbols.status == 0)
        #expect(exported.count <= 5, "\(exported)")
        #expect(exported.contains { $0.hasSuffix(" main") })
        let needed = try sandbox.run(program: "/usr/bin/readelf", ["-d", Self.binary]).stdout
        #expect(!needed.contains("libstdc++"))
        #expect(!needed.contains("libgcc_s"))
        #expect(needed.contains("libjansson"))
        #expect(!needed.contains("libcurl"), "libcurl is loaded on the first request")
    }

    @Test("it reads its command line: options, subcommands and their arguments")
    func commandLine() throws {
        _ = try requireBinary()
        let sandbox = try Sandbox()
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
