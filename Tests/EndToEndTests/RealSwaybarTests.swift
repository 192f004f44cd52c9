import Foundation
import Glibc
import TestSupport
import Testing

/// The README's swaybar block, read from README.md itself, in a real swaybar under a headless sway: the bar it
/// draws is, pixel for pixel, the bar that shows `weather show --short`'s line as plain text, fresh and then
/// stale. swaybar draws a status line as it gets it, so equal pictures mean the same line.
@Suite("weather in a real swaybar, as the README sets it up", .serialized)
struct RealSwaybarTests {
    /// The lines inside the README's `bar { ... }` block, without the braces.
    static func readmeBlock() throws -> String {
        let fence = try Readme.fence(after: "**swaybar or i3bar**", language: "", within: 3)
        let lines = fence.components(separatedBy: "\n")
        guard lines.count > 2, lines.first == "bar {", lines.last == "}" else {
            throw TestFailure("the README's swaybar recipe is not one bar { ... } block:\n\(fence)")
        }
        return lines.dropFirst().dropLast().joined(separator: "\n")
    }

    @Test(
        "swaybar runs the README's status_command and draws the short line (weather show --short's), fresh then stale")
    func statusCommand() throws {
        let block = try Self.readmeBlock()
        for staleAfter in ["1h", "0"] {
            let (line, drawn) = try Self.picture(block: block, staleAfter: staleAfter)
            #expect(line.hasSuffix(" (stale)") == (staleAfter == "0"), "weather show --short: \(line)")
            // The same bar showing that line, the line written to a file the bar prints.
            let (_, expected) = try Self.picture(
                block: "    status_command while :; do cat \"$HOME/line\"; sleep 30; done", staleAfter: staleAfter,
                line: line)
            let same = drawn.pixels == expected.pixels
            #expect(same, "stale_after \(staleAfter), \(line): \(drawn) against \(expected)")
        }
    }

    @Test("sway's display counts as up when its socket takes connections, not when its file appears")
    func displayReadiness() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/wayland-1"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && FileManager.default.fileExists(atPath: path))
        // Bound, as sway's socket is for a moment before it listens: a client would be refused.
        #expect(!RealBar.acceptsConnections(path))
        try #require(listen(listener, 1) == 0)
        #expect(RealBar.acceptsConnections(path))
    }

    /// Runs sway whose bar is set up by `block` for a user with Berlin saved and `stale_after` saved, and
    /// returns `weather show --short`'s line and the bar once its status line is drawn and still. With `line`,
    /// that is written to `~/line` first.
    static func picture(block: String, staleAfter: String, line: String? = nil) throws -> (String, RealBar.Screenshot) {
        let bar = try requiringBar { try RealBar() }
        defer { bar.stop() }
        let server = try FixtureServer(at: RealWaybarTests.clock)
        let (environment, configFile) = try RealWaybarTests.prepare(bar, server: server)
        try bar.write(#"{"stale_after": "\#(staleAfter)"}"#, to: configFile)
        let home = try #require(environment["HOME"])
        let short = try bar.runAsBarUser(
            program: home + "/bin/weather", arguments: ["show", "--short"], environment: environment)
        try #require(short.status == 0, "weather show --short: \(short)")
        if let line { try bar.write(line + "\n", to: home + "/line") }
        try requiringBar { try bar.start(swaybar: block, environment: environment) }
        // The status line is right-aligned, the workspace buttons are on the left: drawn once something is
        // in the bar's right quarter, and still once two pictures 300 ms apart are the same.
        var previous: RealBar.Screenshot?
        let picture = try bar.screenshot { picture in
            defer { previous = picture }
            guard let content = picture.contentBounds, content.maxX > picture.width * 3 / 4 else { return false }
            return previous?.pixels == picture.pixels
        }
        try #require(
            (picture.contentBounds?.maxX ?? 0) > picture.width * 3 / 4, "swaybar drew no status line: \(picture)")
        return (short.stdout.trimmingCharacters(in: .newlines), picture)
    }
}
