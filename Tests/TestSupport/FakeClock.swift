public import Foundation

/// A fake wall clock for a `weather` run: `fakeclock.c` built once per test process and preloaded, so
/// that the program's "now" is a chosen moment (a daylight-saving change) while its time budgets still
/// run on the real monotonic clock.
public enum FakeClock {
    /// The preloadable library, built with the C compiler the machine has (`cc`, or the Swift toolchain's
    /// `clang`).
    public static func library() throws -> String {
        try built.get()
    }

    private static let built: Result<String, any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weather-fakeclock-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let library = folder + "/fakeclock.so"
        let compiler =
            ["/usr/bin/cc", "/usr/bin/clang"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "clang"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            compiler, "-shared", "-fPIC", "-O2", "-o", library, TestPaths.repository + "/Tests/TestSupport/fakeclock.c",
            "-ldl",
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("\(compiler) could not build fakeclock.c") }
        return library
    }

    /// The environment that puts a `weather` run's wall clock at `moment`.
    public static func environment(at moment: Date) throws -> [String: String] {
        [
            "LD_PRELOAD": try library(),
            "FAKE_CLOCK_OFFSET": String(moment.timeIntervalSince1970 - Date().timeIntervalSince1970),
        ]
    }
}
