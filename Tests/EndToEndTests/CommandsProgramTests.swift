import Foundation
import Glibc
import TestSupport
import Testing

/// Which `weather-commands` a `weather` becomes: beside it, then `../libexec/weather/` from a `bin`
/// folder, and only one that no one but root and the user could have written. And the path the timer and
/// cron are given when the program's file was replaced while it ran.
@Suite("weather finds its own weather-commands, and no one else's")
struct CommandsProgramTests {
    /// The sandbox's folder as the kernel names it (weather's messages name folders so).
    func root(_ sandbox: Sandbox) -> String {
        guard let resolved = realpath(sandbox.root, nil) else { return sandbox.root }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A program planted where weather might look: it leaves a mark when run.
    static func plant(_ path: String, mark: String, owner: uid_t = 65_534, mode: mode_t = 0o755) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ntouch \(mark)\necho PLANTED\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chown(path, owner, owner) == 0)
        #expect(chmod(path, mode) == 0)
    }

    /// `program search Berlin` in the sandbox.
    static func search(_ sandbox: Sandbox, with program: String) throws -> Sandbox.Run {
        try sandbox.run(program: program, ["search", "Berlin"])
    }

    @Test("beside weather comes first: a program planted in ../libexec/weather of a shared folder is not run")
    func besideFirst() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let weather = root(sandbox) + "/x/weather"
        try FileManager.default.createDirectory(atPath: root(sandbox) + "/x", withIntermediateDirectories: true)
        try TestPaths.copyWeather(to: weather)
        let mark = root(sandbox) + "/ran"
        try Self.plant(root(sandbox) + "/libexec/weather/weather-commands", mark: mark)
        let run = try Self.search(sandbox, with: weather)
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Berlin"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: mark))
    }

    @Test("the installed layout: bin/weather runs libexec/weather/weather-commands")
    func installedLayout() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try FileManager.default.createDirectory(atPath: root(sandbox) + "/p/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root(sandbox) + "/p/libexec/weather", withIntermediateDirectories: true)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: root(sandbox) + "/p/bin/weather")
        try TestPaths.copyProgram(
            TestPaths.commandsBinary, to: root(sandbox) + "/p/libexec/weather/weather-commands")
        let run = try Self.search(sandbox, with: root(sandbox) + "/p/bin/weather")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Berlin"), "\(run)")
    }

    /// What makes ../libexec/weather/weather-commands untrustworthy, and the words that say so.
    enum Untrusted: String, CaseIterable, CustomStringConvertible {
        case fileOfAnotherUser, folderOfAnotherUser, folderOthersWrite, fileOthersWrite
        var description: String { rawValue }
    }

    @Test(
        "from bin, ../libexec/weather is used only when no one but root and the user could have written it",
        arguments: Untrusted.allCases)
    func untrustedLibexec(how: Untrusted) throws {
        let sandbox = try Sandbox(at: .fixtures)
        let prefix = root(sandbox) + "/p"
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: prefix + "/bin/weather")
        let mark = root(sandbox) + "/ran"
        let planted = prefix + "/libexec/weather/weather-commands"
        let expected: String
        switch how {
        case .fileOfAnotherUser:
            try Self.plant(planted, mark: mark)
            expected = "\(planted) belongs to user 65534, not to you or root"
        case .folderOfAnotherUser:
            try Self.plant(planted, mark: mark, owner: 0)
            #expect(chown(prefix + "/libexec", 65_534, 65_534) == 0)
            expected = "\(prefix)/libexec belongs to user 65534, not to you or root"
        case .folderOthersWrite:
            try Self.plant(planted, mark: mark, owner: 0)
            #expect(chmod(prefix + "/libexec/weather", 0o777) == 0)
            expected = "\(prefix)/libexec/weather may be written by others"
        case .fileOthersWrite:
            try Self.plant(planted, mark: mark, owner: 0, mode: 0o757)
            expected = "\(planted) may be written by others"
        }
        let run = try Self.search(sandbox, with: prefix + "/bin/weather")
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "weather: not running \(planted): \(expected); reinstall weather\n", "\(run)")
        #expect(!FileManager.default.fileExists(atPath: mark))
    }

    @Test("a file beside weather that may not be run is passed over for the installed one; alone, it is named")
    func notExecutable() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let prefix = root(sandbox) + "/p"
        try FileManager.default.createDirectory(atPath: prefix + "/libexec/weather", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: prefix + "/bin/weather")
        try TestPaths.copyProgram(TestPaths.commandsBinary, to: prefix + "/libexec/weather/weather-commands")
        let mark = root(sandbox) + "/ran"
        try Self.plant(prefix + "/bin/weather-commands", mark: mark, owner: 0, mode: 0o644)
        let run = try Self.search(sandbox, with: prefix + "/bin/weather")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("Berlin"))

        try FileManager.default.removeItem(atPath: prefix + "/libexec")
        // As nobody, who may not run a file without its run bits (root may run any file with one).
        #expect(chown(prefix + "/bin/weather", 65_534, 65_534) == 0)
        #expect(chown(prefix + "/bin/weather-commands", 65_534, 65_534) == 0)
        #expect(
            try sandbox.run(program: "/bin/chown", ["65534:65534", sandbox.root, prefix, prefix + "/bin"]).status == 0)
        let alone = try sandbox.run(
            program: "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", prefix + "/bin/weather", "search", "Berlin"])
        #expect(alone.status == 1, "\(alone)")
        #expect(
            alone.stderr
                == "weather: not running \(prefix)/bin/weather-commands: it may not be run (Permission denied); reinstall weather\n",
            "\(alone)")
        #expect(!FileManager.default.fileExists(atPath: mark))
    }

    @Test("in a folder every user may write in (sticky, as /tmp), only a weather-commands of root's or the user's runs")
    func stickyFolder() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let shared = root(sandbox) + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o1777) == 0)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: shared + "/weather")
        let mark = root(sandbox) + "/ran"
        try Self.plant(shared + "/weather-commands", mark: mark)
        let planted = try Self.search(sandbox, with: shared + "/weather")
        #expect(planted.status == 1, "\(planted)")
        #expect(planted.stderr.hasPrefix("weather: not running \(shared)/weather-commands: "), "\(planted)")
        #expect(!FileManager.default.fileExists(atPath: mark))

        try FileManager.default.removeItem(atPath: shared + "/weather-commands")
        try TestPaths.copyProgram(TestPaths.commandsBinary, to: shared + "/weather-commands")
        let own = try Self.search(sandbox, with: shared + "/weather")
        #expect(own.status == 0, "\(own)")
    }

    @Test("a link planted as weather-commands counts by its owner, wherever it leads")
    func plantedLink() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let folder = root(sandbox) + "/p"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: folder + "/weather")
        // A program of root's, in a folder only root may write: trusted by itself.
        let mark = root(sandbox) + "/ran"
        try Self.plant(root(sandbox) + "/rootonly/program", mark: mark, owner: 0)
        #expect(symlink(root(sandbox) + "/rootonly/program", folder + "/weather-commands") == 0)
        #expect(lchown(folder + "/weather-commands", 65_534, 65_534) == 0)
        let planted = try Self.search(sandbox, with: folder + "/weather")
        #expect(planted.status == 1, "\(planted)")
        #expect(
            planted.stderr
                == "weather: not running \(folder)/weather-commands: \(folder)/weather-commands belongs to user 65534, not to you or root; reinstall weather\n",
            "\(planted)")
        #expect(!FileManager.default.fileExists(atPath: mark))

        // The user's own link to the real program is followed.
        try FileManager.default.removeItem(atPath: folder + "/weather-commands")
        try TestPaths.copyProgram(TestPaths.commandsBinary, to: root(sandbox) + "/rootonly/weather-commands")
        #expect(symlink(root(sandbox) + "/rootonly/weather-commands", folder + "/weather-commands") == 0)
        let own = try Self.search(sandbox, with: folder + "/weather")
        #expect(own.status == 0, "\(own)")
        #expect(own.stdout.contains("Berlin"), "\(own)")
    }

    @Test("nothing found: one line naming where weather looked")
    func nothingFound() throws {
        let sandbox = try Sandbox(at: .fixtures)
        try FileManager.default.createDirectory(atPath: root(sandbox) + "/p/bin", withIntermediateDirectories: true)
        try TestPaths.copyProgram(TestPaths.weatherBinary, to: root(sandbox) + "/p/bin/weather")
        let run = try Self.search(sandbox, with: root(sandbox) + "/p/bin/weather")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "weather: cannot find weather-commands, which runs every command but show and refresh, in \(root(sandbox))/p/bin or \(root(sandbox))/p/libexec/weather; reinstall weather\n",
            "\(run)")
    }

    @Test("run from memory (a memfd), weather says it runs from no file instead of naming folders that are not")
    func fromMemory() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let script = """
            import os, sys
            fd = os.memfd_create("weather", 0)
            os.write(fd, open(sys.argv[1], "rb").read())
            os.execv("/proc/self/fd/%d" % fd, ["weather", "search", "Berlin"])
            """
        let run = try sandbox.run(program: "/usr/bin/python3", ["-c", script, TestPaths.weatherBinary])
        #expect(run.status == 1, "\(run)")
        #expect(
            run.stderr
                == "weather: cannot find weather-commands, which runs every command but show and refresh: this weather runs from no file in a folder (/proc/self/exe names none); run the installed weather\n",
            "\(run)")
    }

    @Test("weather-commands replaced while set runs (an upgrade): the crontab line names the file, not '(deleted)'")
    func replacedWhileRunning() throws {
        let sandbox = try Sandbox(at: .fixtures)
        let folder = root(sandbox) + "/p/bin"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestPaths.copyWeather(to: folder + "/weather")
        try sandbox.server.script(.forecast, [.init(fixture: "open-meteo/forecast/berlin.json", delay: 1.5)])
        let stderr = root(sandbox) + "/set-stderr"
        let set = try sandbox.launch(program: folder + "/weather", ["set", "Berlin"], stderr: stderr)
        // While the forecast is on its way, a new weather-commands takes the old one's name.
        usleep(700_000)
        try TestPaths.copyProgram(TestPaths.commandsBinary, to: folder + "/.weather-commands.new")
        #expect(rename(folder + "/.weather-commands.new", folder + "/weather-commands") == 0)
        #expect(set.wait() == 0)
        let text = String(decoding: FileManager.default.contents(atPath: stderr) ?? Data(), as: UTF8.self)
        #expect(!text.contains("(deleted)"), "\(text)")
        #expect(text.hasSuffix(" \(folder)/weather refresh >/dev/null 2>&1\n"), "\(text)")
    }
}
