import Foundation
import Glibc
import TestSupport
import Testing

/// The README's polybar module, read from README.md itself, in a real polybar on a virtual X server (Xvfb):
/// the screen it draws is, pixel for pixel, the screen of the same bar showing `weather show --short`'s line
/// as plain text, fresh and then stale. polybar draws a script's line as it gets it, so equal pictures mean
/// the same line.
@Suite("weather in a real polybar, as the README sets it up", .serialized)
struct RealPolybarTests {
    /// A bar at the top of the screen holding `module` (a `[module/weather]` section) on the right.
    static func config(module: String) -> String {
        """
        [bar/main]
        width = 100%
        height = 30
        font-0 = DejaVu Sans:size=12
        modules-right = weather

        \(module)

        """
    }

    @Test("polybar runs the README's module and draws the short line (weather show --short's), fresh then stale")
    func module() throws {
        let programs = try ["Xvfb", "xwd", "polybar"].map { try requiringProgram($0) }
        let module = try Readme.fence(after: "**polybar**", language: "ini", within: 3)
        let sandbox = try TextBarTests.sandbox()
        let reference = try Self.replacingExec(in: module, with: "cat " + sandbox.root + "/line")
        let display = try VirtualDisplay(xvfb: programs[0], xwd: programs[1], sandbox: sandbox)
        defer { display.stop() }
        let blank = try display.screenshot()
        for staleAfter in ["1h", "0"] {
            let line = try TextBarTests.shortLine(sandbox, staleAfter: staleAfter)
            try sandbox.write(line + "\n", to: sandbox.root + "/line")
            let expected = try display.picture(
                polybar: programs[2], config: Self.config(module: reference), unlike: blank)
            // weather watch, started by polybar on a loaded machine, may draw a moment after the bar: the
            // screen is watched until it shows the reference, or 10 s pass.
            let drawn = try display.picture(
                polybar: programs[2], config: Self.config(module: module), unlike: blank, awaiting: expected)
            let same = drawn == expected
            #expect(same, "stale_after \(staleAfter): the README's module does not draw \(line)")
        }
    }

    /// `module` with its `exec = ...` line's command replaced by `command`.
    static func replacingExec(in module: String, with command: String) throws -> String {
        var lines = module.components(separatedBy: "\n")
        let execs = lines.indices.filter { lines[$0].hasPrefix("exec =") || lines[$0].hasPrefix("exec=") }
        guard execs.count == 1, let exec = execs.first else {
            throw TestFailure("the README's polybar module has \(execs.count) exec lines:\n\(module)")
        }
        lines[exec] = "exec = " + command
        return lines.joined(separator: "\n")
    }
}

/// An X server of its own (Xvfb, 800×60), for a bar to draw on, and its screen as `xwd` dumps it.
final class VirtualDisplay {
    let name: String
    let server: Sandbox.Launched
    let xwd: String
    let sandbox: Sandbox

    init(xvfb: String, xwd: String, sandbox: Sandbox) throws {
        // A display number no other server holds: its lock file is the X convention.
        guard let number = (90..<190).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") })
        else { throw TestFailure("no free X display between :90 and :189") }
        name = ":\(number)"
        self.xwd = xwd
        self.sandbox = sandbox
        server = try sandbox.launch(program: xvfb, [name, "-screen", "0", "800x60x24", "-nolisten", "tcp"])
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            guard server.isRunning, ContinuousClock.now < deadline else {
                stop()
                throw TestFailure("Xvfb \(name) did not start")
            }
            usleep(20_000)
        }
    }

    func stop() { server.stop() }

    /// The whole screen, as `xwd -root` dumps it (a header, then the pixels).
    func screenshot() throws -> Data {
        let output = sandbox.root + "/screen-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xwd)
        process.arguments = ["-root", "-silent", "-display", name]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: output) else {
            throw TestFailure("xwd could not dump the screen of \(name)")
        }
        return data
    }

    /// Runs polybar on `config`'s bar `main`, in the sandbox's environment, until the screen
    /// differs from `blank` and stays the same for 300 ms (or 10 s have passed), and returns that screen.
    /// With `awaiting`, the screen once it equals that picture, or the last one after 10 s.
    func picture(polybar: String, config: String, unlike blank: Data, awaiting wanted: Data? = nil) throws -> Data {
        let path = sandbox.root + "/polybar.ini"
        try sandbox.write(config, to: path)
        let process = try sandbox.launch(program: polybar, ["-c", path, "-q", "main"], environment: ["DISPLAY": name])
        defer { process.stop() }
        let deadline = ContinuousClock.now + .seconds(10)
        var previous = blank
        while ContinuousClock.now < deadline {
            usleep(300_000)
            let screen = try screenshot()
            if let wanted {
                if screen == wanted { return screen }
            } else if screen != blank, screen == previous {
                return screen
            }
            previous = screen
        }
        if wanted != nil { return previous }
        throw TestFailure("polybar drew nothing still in 10 s")
    }
}
