public import Foundation
import Glibc

/// A real waybar under a headless sway, screenshotted: tests see what a status bar shows, as a web project
/// tests its pages in a real browser.
///
/// Use: `RealBar()` (checks the packages and the user), `makeHome()`, `installWeather(at:)` and `runAsBarUser(...)` to
/// prepare `weather`'s files, `start(config:style:environment:)`, then `screenshot(until:)` and assertions on
/// its colours, or `savePNG(_:to:)` for a picture to show; `stop()` (or the end of the instance) ends every
/// process and removes every file.
///
/// Packages (Debian 12), installed by `real-bar/install-packages.sh`:
/// `sway waybar grim fonts-dejavu-core fonts-noto-color-emoji` (Recommends are not needed).
/// `fonts-noto-color-emoji` is the only font here with the weather emoji (⛅, 🌧).
///
/// sway refuses to run as root, so when the tests run as root the bar runs as `nobody`, and everything it
/// reads (its configuration, the HOME of the `weather` it runs) lives in a folder owned by `nobody`; for any
/// other user it runs as that user. The bar's output is `HEADLESS-1`, 800×200, rendered in software (pixman).
///
/// Asserting on pictures: fonts, hinting and emoji differ between machines, so tests never compare whole
/// images. They look for colours instead: anti-aliasing only blends a glyph's colour with the background,
/// so fully covered pixels of text have exactly the CSS colour, and no pixel of a grey text is brighter than
/// that grey. `Screenshot` counts pixels by colour, with a tolerance, in the bar or in the area its modules
/// drew (`contentBounds`). Colour emoji keep their own colours whatever the CSS says.
public final class RealBar: @unchecked Sendable {
    /// The Debian packages the bar needs, for messages and for CI.
    public static let packages = ["sway", "waybar", "grim", "fonts-dejavu-core", "fonts-noto-color-emoji"]
    /// The fonts tests name in their styles or need for emoji; without them a bar draws other shapes.
    public static let fonts = ["DejaVu Sans", "Noto Color Emoji"]
    /// The size of the headless output.
    public static let outputWidth = 800
    public static let outputHeight = 200

    /// The folder holding everything of this bar, owned by the bar's user; removed by `stop()`.
    public let root: String
    /// `XDG_RUNTIME_DIR` of sway and waybar: private (0700), holding the Wayland socket.
    private let runtimeDirectory: String
    /// The user and group the bar runs as: `nobody` when running as root, else the current ones.
    private let uid: uid_t
    private let gid: gid_t
    /// sway's PID, which is also its session's ID: 0 before `start` and after `stop`.
    private var session: pid_t = 0
    /// Whether sway has exited and been waited for; waybar may outlive it in the session.
    private var swayReaped = false
    /// The Wayland display sway listens on, such as `wayland-1`.
    private var display = ""
    /// sway's and waybar's output, for the messages of failures.
    private var logFile: String { root + "/sway.log" }
    /// Where the bar is on the output, once it has drawn itself.
    public private(set) var barRegion: Region?
    private var homeCount = 0

    /// Checks that the bar can run here and makes its folders; throws, saying why, when it cannot.
    public init() throws {
        for program in ["sway", "waybar", "grim"] where Self.executable(program) == nil {
            throw TestFailure(
                "\(program) is not installed (apt-get install --no-install-recommends "
                    + Self.packages.joined(separator: " ") + ")")
        }
        for font in Self.fonts where !Self.hasFont(font) {
            throw TestFailure("the font \(font) is not installed (\(Self.packages.joined(separator: " ")))")
        }
        if getuid() == 0 {
            guard Self.executable("setpriv") != nil else { throw TestFailure("setpriv is not installed") }
            guard let nobody = getpwnam("nobody") else { throw TestFailure("there is no user nobody") }
            uid = nobody.pointee.pw_uid
            gid = nobody.pointee.pw_gid
        } else {
            uid = getuid()
            gid = getgid()
        }
        var template = Array((NSTemporaryDirectory() + "/weather-bar-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw TestFailure("mkdtemp failed")
        }
        root =
            URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
            .standardized.path
        runtimeDirectory = root + "/runtime"
        guard chown(root, uid, gid) == 0 else {
            throw TestFailure("cannot give \(root) to the bar's user: \(String(cString: strerror(errno)))")
        }
        // The bar's user must also get through every folder above: /tmp lets it, a private TMPDIR may not.
        var folder = URL(fileURLWithPath: root).deletingLastPathComponent()
        while uid != getuid(), folder.path != "/" {
            var info = stat()
            guard stat(folder.path, &info) == 0, info.st_uid == uid || info.st_mode & S_IXOTH != 0 else {
                throw TestFailure("the bar's user cannot get through \(folder.path) (set TMPDIR to another folder)")
            }
            folder.deleteLastPathComponent()
        }
        try makeDirectories(runtimeDirectory)
    }

    deinit {
        stop()
    }

    // MARK: Files and runs as the bar's user

    /// A new, empty HOME for the programs the bar runs, owned by the bar's user, under `root`.
    ///
    /// `weather` makes its folders 0700 and its files 0600: run it for this HOME with `runAsBarUser`, so that
    /// the bar's user can read what it saved.
    public func makeHome() throws -> String {
        homeCount += 1
        let home = root + "/home-\(homeCount)"
        try makeDirectories(home)
        return home
    }

    /// Writes `text` to `path` (under `root`) for the bar's user: the file and any missing folders are theirs.
    public func write(_ text: String, to path: String, mode: mode_t = 0o600) throws {
        // Never a file of the machine's own users, which a mistaken path would give away to `nobody`.
        guard URL(fileURLWithPath: path).standardized.path.hasPrefix(root + "/") else {
            throw TestFailure("\(path) is not under the bar's folder \(root)")
        }
        try makeDirectories(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        // Written beside and renamed into place, so that a program reading it meanwhile sees the old or the new.
        let temporary = path + ".writing"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        guard chown(temporary, uid, gid) == 0, chmod(temporary, mode) == 0, rename(temporary, path) == 0 else {
            throw TestFailure("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Copies `weather` (and `weather-commands` beside it: `TestPaths.copyWeather`) to `path` (under `root`,
    /// ending in `/weather`), executable and owned by the bar's user, with any missing folders: a `bin` folder
    /// for the bar's `PATH`, say, so that it runs by its bare name. A copy, not a link: the bar's user may not
    /// reach the original (a clone in a private 0700 folder).
    public func installWeather(at path: String) throws {
        guard URL(fileURLWithPath: path).standardized.path.hasPrefix(root + "/") else {
            throw TestFailure("\(path) is not under the bar's folder \(root)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try makeDirectories(folder)
        try TestPaths.copyWeather(to: path)
        for file in [path, folder + "/weather-commands"] {
            guard chown(file, uid, gid) == 0 else {
                throw TestFailure("cannot give \(file) to the bar's user: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Makes `path` and its missing parents (0700), owned by the bar's user.
    private func makeDirectories(_ path: String) throws {
        var missing: [String] = []
        var folder = path
        while !FileManager.default.fileExists(atPath: folder) {
            missing.append(folder)
            folder = URL(fileURLWithPath: folder).deletingLastPathComponent().path
        }
        for folder in missing.reversed() {
            guard mkdir(folder, 0o700) == 0, chown(folder, uid, gid) == 0 else {
                throw TestFailure("cannot make \(folder): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Runs `program arguments...` as the bar's user, with exactly `environment` (nothing inherited), and waits.
    @discardableResult
    public func runAsBarUser(program: String, arguments: [String] = [], environment: [String: String]) throws
        -> Sandbox.Run
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: switchUser.first ?? program)
        process.arguments = Array(switchUser.dropFirst()) + (switchUser.isEmpty ? [] : [program]) + arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        // Files, not pipes: reading one pipe to its end while the program fills the other would block both.
        let id = UUID().uuidString
        let stdoutFile = root + "/stdout-" + id
        let stderrFile = root + "/stderr-" + id
        defer {
            unlink(stdoutFile)
            unlink(stderrFile)
        }
        _ = FileManager.default.createFile(atPath: stdoutFile, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutFile))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrFile))
        process.standardInput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        return Sandbox.Run(
            status: process.terminationStatus,
            stdout: String(decoding: FileManager.default.contents(atPath: stdoutFile) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: stderrFile) ?? Data(), as: UTF8.self),
            elapsed: ContinuousClock.now - started)
    }

    /// The command that runs the rest as the bar's user: setpriv when root, nothing otherwise.
    private var switchUser: [String] {
        guard getuid() == 0, let setpriv = Self.executable("setpriv") else { return [] }
        return [setpriv, "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups"]
    }

    // MARK: The bar

    /// Starts sway with waybar as its bar, waybar reading `config` and `style` (the contents of its `config`
    /// and `style.css`), and waits until the bar is on screen. Throws, saying why, when it cannot be.
    ///
    /// `environment` reaches sway, waybar and the commands waybar runs (a custom module's `exec`); nothing of
    /// the test's own environment does. waybar finds its files through `XDG_CONFIG_HOME`: when `environment`
    /// sets it (a folder under `root`, such as `makeHome()` + `/.config`), the files go there beside those of
    /// the programs the bar runs, as on a real desktop; otherwise into a private folder.
    ///
    /// On return the bar is on screen, its modules perhaps not yet drawn: wait for them with
    /// `screenshot(until:)`, for example until `colors()` is not empty.
    public func start(config: String, style: String, environment: [String: String] = [:]) throws {
        guard session == 0 else { throw TestFailure("the bar is already running") }
        let configHome = environment["XDG_CONFIG_HOME"] ?? root + "/config"
        try write(config, to: configHome + "/waybar/config")
        try write(style, to: configHome + "/waybar/style.css")
        // swaybar_command takes no arguments, hence XDG_CONFIG_HOME.
        try startSway(bar: "swaybar_command waybar", environment: environment)
    }

    /// Starts sway with its own bar, swaybar, set up by `block`: the lines of sway's `bar { ... }` block (such
    /// as a `status_command`), and waits until the bar is on screen. `environment` as for waybar's `start`.
    public func start(swaybar block: String, environment: [String: String] = [:]) throws {
        guard session == 0 else { throw TestFailure("the bar is already running") }
        try startSway(bar: block, environment: environment)
    }

    /// Starts sway with `bar` as the lines of its `bar { ... }` block, and waits until the bar is on screen.
    private func startSway(bar: String, environment: [String: String]) throws {
        let configHome = environment["XDG_CONFIG_HOME"] ?? root + "/config"
        // sway's parser wants a block's braces on lines of their own: `bar { swaybar_command waybar }` on one
        // line is an error. No Xwayland: nothing here needs X11, and sway would look for it in vain.
        let swayConfig = root + "/sway.config"
        try write(
            """
            xwayland disable
            output HEADLESS-1 resolution \(Self.outputWidth)x\(Self.outputHeight)
            bar {
            \(bar)
            }

            """, to: swayConfig)
        let swayEnvironment = ["PATH": "/usr/bin:/bin", "HOME": root, "LANG": "C.UTF-8"]
            .merging(environment) { $1 }
            .merging([
                "XDG_CONFIG_HOME": configHome,
                "XDG_RUNTIME_DIR": runtimeDirectory,
                // No display, no GPU, no seat: the headless backend renders in software.
                "WLR_BACKENDS": "headless",
                "WLR_RENDERER": "pixman",
            ]) { $1 }
        try spawnSway(config: swayConfig, environment: swayEnvironment)
        do {
            try waitForDisplay()
            try waitForBar()
        } catch {
            stop(removingFiles: false)
            throw error
        }
    }

    /// Starts sway in a session of its own, so that `stop()` finds every process of the bar by session ID:
    /// waybar is double-forked (its parent is PID 1), and so are the commands it runs.
    private func spawnSway(config: String, environment: [String: String]) throws {
        guard let swayPath = Self.executable("sway") else { throw TestFailure("sway is not installed") }
        // posix_spawn, not Foundation's Process: sway and waybar outlive any pipe a Process would wait on.
        // In a session of its own, so that sway's PID is the session's ID.
        let command = (switchUser.isEmpty ? [] : switchUser) + [swayPath, "-c", config]
        do {
            session = try spawnWithCleanSignals(
                command, environment: environment, stdout: logFile, stderr: nil, newSession: true)
        } catch {
            session = 0
            throw TestFailure("cannot start sway: \(error)")
        }
    }

    /// Waits until sway's Wayland socket takes connections (well under a second) or sway exits. The file
    /// appears when sway binds it, before it listens: a client in between, such as grim on a loaded machine,
    /// is refused ("failed to create display").
    private func waitForDisplay() throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let socket = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory))?
                .first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                Self.acceptsConnections(runtimeDirectory + "/" + socket)
            {
                display = socket
                return
            }
            guard !swayExited() else { throw TestFailure("sway exited at once: \(logTail())") }
            usleep(20_000)
        }
        throw TestFailure("sway made no Wayland socket in 10 s: \(logTail())")
    }

    /// Waits until waybar's surface is on the output, and finds where: the rows at the top or the bottom that
    /// differ from the empty desktop (sway's plain clear colour, read at the output's centre, which no bar of
    /// a sensible height covers). A bar with a fully transparent background cannot be found this way.
    private func waitForBar() throws {
        let full = Region(x: 0, y: 0, width: Self.outputWidth, height: Self.outputHeight)
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            if let found = try Self.bar(in: screenshot(full)) {
                barRegion = found
                return
            }
            guard !swayExited() else { throw TestFailure("sway exited: \(logTail())") }
            usleep(50_000)
        }
        throw TestFailure("no bar drawn in 15 s: \(logTail())")
    }

    /// Whether the Unix socket at `path` takes a connection now.
    public static func acceptsConnections(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Whether sway has exited; waits for it if so.
    private func swayExited() -> Bool {
        var status: Int32 = 0
        if !swayReaped, waitpid(session, &status, WNOHANG) == session { swayReaped = true }
        return swayReaped
    }

    /// Where the bar is in a screenshot of the whole output, or `nil` when it is not there (yet).
    static func bar(in picture: Screenshot) -> Region? {
        let desktop = picture[picture.width / 2, picture.height / 2]
        func differs(_ y: Int) -> Bool { (0..<picture.width).contains { picture[$0, y] != desktop } }
        var rows = Array((0..<picture.height / 2).prefix(while: differs))
        if rows.isEmpty { rows = Array((picture.height / 2..<picture.height).reversed().prefix(while: differs)) }
        guard let top = rows.min(), let bottom = rows.max() else { return nil }
        let columns = (0..<picture.width).filter { x in (top...bottom).contains { picture[x, $0] != desktop } }
        return Region(x: columns[0], y: top, width: columns.last! - columns[0] + 1, height: bottom - top + 1)
    }

    /// The last lines sway and waybar printed.
    private func logTail() -> String {
        let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
        return String(log.split(separator: "\n").suffix(15).joined(separator: "\n"))
    }

    /// A screenshot of `region` of the output, by default of the whole bar.
    public func screenshot(_ region: Region? = nil) throws -> Screenshot {
        guard let area = region ?? barRegion else { throw TestFailure("the bar is not running") }
        // PPM: a header and raw RGB, nothing to decode.
        return try Screenshot(ppm: grim(["-t", "ppm", "-g", area.geometry, "-"]), region: area)
    }

    /// Saves `region` of the output (by default the whole bar) as a PNG at `path`, compressed as much as grim
    /// can (`-l 9`): a picture for people, such as the README's. `path` is written by the test's user.
    public func savePNG(_ region: Region? = nil, to path: String) throws {
        guard let area = region ?? barRegion else { throw TestFailure("the bar is not running") }
        let png = try grim(["-t", "png", "-l", "9", "-g", area.geometry, "-"])
        try png.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// What `grim arguments...` writes to its standard output: a picture of the output.
    private func grim(_ arguments: [String]) throws -> Data {
        guard session != 0 else { throw TestFailure("the bar is not running") }
        let grim = Process()
        grim.executableURL = URL(fileURLWithPath: Self.executable("grim") ?? "/usr/bin/grim")
        // The test's user can reach the socket: it is root, or the bar's user itself.
        grim.arguments = arguments
        grim.environment = ["XDG_RUNTIME_DIR": runtimeDirectory, "WAYLAND_DISPLAY": display]
        let output = Pipe()
        let errors = Pipe()
        grim.standardOutput = output
        grim.standardError = errors
        grim.standardInput = FileHandle.nullDevice
        try grim.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        grim.waitUntilExit()
        guard grim.terminationStatus == 0 else {
            throw TestFailure("grim failed: \(String(decoding: message, as: UTF8.self))")
        }
        return data
    }

    /// Screenshots of the bar, every 100 ms, until one satisfies `condition`, or until `timeout` seconds have
    /// passed: then the last one, for the test's assertions to describe. waybar redraws a polled module only
    /// at its next `interval`, so the timeout must cover one interval and a little more.
    public func screenshot(timeout: TimeInterval = 10, until condition: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            let picture = try screenshot()
            if condition(picture) || ContinuousClock.now >= deadline { return picture }
            usleep(100_000)
        }
    }

    /// Ends every process of the bar's session and removes `root` with everything in it. Safe to call twice.
    public func stop() {
        stop(removingFiles: true)
    }

    private func stop(removingFiles: Bool) {
        if session != 0 {
            for signal in [SIGTERM, SIGKILL] {
                for pid in Self.processes(inSession: session) { kill(pid, signal) }
                let deadline = ContinuousClock.now + .seconds(signal == SIGTERM ? 2 : 5)
                while ContinuousClock.now < deadline, !Self.processes(inSession: session).isEmpty { usleep(20_000) }
                if Self.processes(inSession: session).isEmpty { break }
            }
            // sway is our child: wait for it. The others' parent is PID 1, which waits for them.
            var status: Int32 = 0
            if !swayReaped { waitpid(session, &status, 0) }
            session = 0
            swayReaped = false
            barRegion = nil
        }
        if removingFiles { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The live processes (not zombies) of session `session`, from `/proc/PID/stat`.
    static func processes(inSession session: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return nil }
            // After the command's closing parenthesis: state, ppid, pgrp, session.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 3, fields[0] != "Z", fields[3] == "\(session)" else { return nil }
            return pid
        }
    }

    /// Whether fontconfig knows a font of `family` (`fc-list -q` fails when none matches).
    private static func hasFont(_ family: String) -> Bool {
        let fcList = Process()
        fcList.executableURL = URL(fileURLWithPath: executable("fc-list") ?? "/usr/bin/fc-list")
        fcList.arguments = ["-q", family]
        fcList.standardOutput = FileHandle.nullDevice
        fcList.standardError = FileHandle.nullDevice
        guard (try? fcList.run()) != nil else { return false }
        fcList.waitUntilExit()
        return fcList.terminationStatus == 0
    }

    /// The path of `program` in the usual folders, or `nil`.
    private static func executable(_ program: String) -> String? {
        ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"].map { $0 + "/" + program }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension RealBar {
    /// A rectangle of the output, or of a screenshot, in pixels.
    public struct Region: Sendable, Equatable, CustomStringConvertible {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// grim's `-g` form: `x,y widthxheight`.
        public var geometry: String { "\(x),\(y) \(width)x\(height)" }
        public var description: String { geometry }
        public var maxX: Int { x + width - 1 }
        public var maxY: Int { y + height - 1 }
    }

    /// An sRGB colour, 8 bits a channel.
    public struct Color: Hashable, Sendable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// A CSS colour as `#rrggbb`; a malformed one is a mistake in the test, and traps.
        public init(_ hex: String) {
            precondition(hex.count == 7 && hex.first == "#", "not #rrggbb: \(hex)")
            let value = UInt32(hex.dropFirst(), radix: 16)!
            self.init(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
        }

        /// The largest difference of one channel: a tolerance in the same units reads as "each channel within".
        public func distance(to other: Color) -> Int {
            max(
                abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
                abs(Int(blue) - Int(other.blue)))
        }

        /// How far the channels are apart: 0 for a pure grey, large for a vivid colour.
        public var spread: Int { Int(max(red, green, blue)) - Int(min(red, green, blue)) }

        /// A grey: channels within 2 of each other. Grey text anti-aliased in greyscale over a grey background
        /// is grey all over; the pixels of a colour emoji are tinted.
        public var isGrey: Bool { spread <= 2 }

        public var description: String {
            "#" + [red, green, blue].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }
    }

    /// The pixels of a screenshot, and ways to ask about their colours rather than compare whole images.
    public struct Screenshot: Sendable, CustomStringConvertible {
        /// Where on the output it was taken.
        public let region: Region
        public let width: Int
        public let height: Int
        /// Row by row, left to right.
        public let pixels: [Color]

        /// Reads a binary PPM (P6, 8 bits), as `grim -t ppm` writes it.
        public init(ppm data: Data, region: Region) throws {
            let bytes = [UInt8](data)
            var index = 0
            // The header: magic, width, height, maximum value, separated by blanks (comments allowed), and one
            // blank before the pixels.
            func token() -> String {
                var text = ""
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "#") {
                        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    } else if byte == 0x20 || (0x09...0x0d).contains(byte) {
                        if !text.isEmpty { break }
                        index += 1
                    } else {
                        text.append(Character(Unicode.Scalar(byte)))
                        index += 1
                    }
                }
                return text
            }
            let magic = token()
            guard magic == "P6", let width = Int(token()), let height = Int(token()), token() == "255" else {
                throw TestFailure("not an 8-bit binary PPM (\(bytes.prefix(20)))")
            }
            index += 1
            guard bytes.count - index == width * height * 3 else {
                throw TestFailure("a \(width)x\(height) PPM with \(bytes.count - index) bytes of pixels")
            }
            self.region = region
            self.width = width
            self.height = height
            pixels = stride(from: index, to: bytes.count, by: 3).map {
                Color(red: bytes[$0], green: bytes[$0 + 1], blue: bytes[$0 + 2])
            }
        }

        /// The colour at (`x`, `y`) of the screenshot.
        public subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }

        /// The whole screenshot, as an area.
        public var bounds: Region { Region(x: 0, y: 0, width: width, height: height) }

        /// The most common colour: the bar's background.
        public var background: Color {
            Dictionary(pixels.map { ($0, 1) }, uniquingKeysWith: +).max { $0.value < $1.value }!.key
        }

        /// How many pixels of each colour `area` (all by default) holds, the background left out: empty when
        /// nothing is drawn there.
        public func colors(in area: Region? = nil) -> [Color: Int] {
            let background = background
            var histogram: [Color: Int] = [:]
            forEach(in: area) { if $0 != background { histogram[$0, default: 0] += 1 } }
            return histogram
        }

        /// How many pixels of `area` (all by default) satisfy `condition`.
        public func count(in area: Region? = nil, where condition: (Color) -> Bool) -> Int {
            var count = 0
            forEach(in: area) { if condition($0) { count += 1 } }
            return count
        }

        /// Whether some pixel of `area` (all by default) has every channel within `tolerance` of `color`.
        public func hasPixel(near color: Color, tolerance: Int, in area: Region? = nil) -> Bool {
            count(in: area) { $0.distance(to: color) <= tolerance } > 0
        }

        /// The smallest area holding every pixel that is not the background: what the modules drew (with a
        /// single module, that module's text), without its padding.
        public var contentBounds: Region? {
            let background = background
            var columns: ClosedRange<Int>?
            var rows: ClosedRange<Int>?
            for y in 0..<height {
                for x in 0..<width where self[x, y] != background {
                    columns = columns.map { min($0.lowerBound, x)...max($0.upperBound, x) } ?? x...x
                    rows = rows.map { min($0.lowerBound, y)...max($0.upperBound, y) } ?? y...y
                }
            }
            guard let columns, let rows else { return nil }
            return Region(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count)
        }

        /// The most common colours but the background, for failure messages.
        public var description: String {
            let top = colors().sorted { $0.value > $1.value }.prefix(8).map { "\($0.key)×\($0.value)" }
            return "\(width)x\(height) at \(region), background \(background), drawn: "
                + (top.isEmpty ? "nothing" : top.joined(separator: " "))
        }

        private func forEach(in area: Region?, _ body: (Color) -> Void) {
            let area = area ?? bounds
            // Clipped to the screenshot: an area beyond its edges holds fewer pixels, or none.
            let left = max(area.x, 0)
            let top = max(area.y, 0)
            let columns = left..<max(left, min(area.x + area.width, width))
            for y in top..<max(top, min(area.y + area.height, height)) {
                for x in columns { body(self[x, y]) }
            }
        }
    }
}

extension String {
    /// The string with zeros before it, up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
