import Foundation
import Glibc
import TestSupport
import Testing

/// What the Makefile's targets print to a person: a build that says only what it does.
@Suite("The Makefile, as a person runs it")
struct MakefileTests {
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
        let sandbox = try Sandbox()
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
