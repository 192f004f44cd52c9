import Foundation
import Glibc
import TestSupport
import Testing

/// Every removal weather makes (evicting a one-off place, `logout`, the temporary files of killed runs)
/// against links planted in its folders: what a link points to is never opened, listed or removed.
///
/// The runs are made as the user nobody, in a sandbox that user owns: a link to `/` is among the
/// variants, and should weather ever follow one again, nobody can remove next to nothing outside it.
@Suite("Removals never leave weather's own folders")
struct RemovalTests {
    /// Where a planted link points.
    enum Target: String, CaseIterable, CustomStringConvertible {
        case folder, file, root, home, loop, dangling
        var description: String { rawValue }
    }

    /// A sandbox owned by nobody, a copy of weather there, and the things a link may point to: a folder
    /// with files and a subfolder, and a file, outside weather's folders.
    struct Setup {
        let sandbox: Sandbox
        let binary: String
        var victim: String { sandbox.root + "/victim" }
        var victimFile: String { sandbox.root + "/victim.txt" }
        var places: String { sandbox.cacheHome + "/weather/places" }

        init() throws {
            sandbox = try Sandbox(at: .fixtures)
            binary = sandbox.root + "/bin/weather"
            try FileManager.default.createDirectory(atPath: sandbox.root + "/bin", withIntermediateDirectories: true)
            try TestPaths.copyWeather(to: binary)
            try FileManager.default.createDirectory(atPath: victim + "/inner", withIntermediateDirectories: true)
            try sandbox.write("keep", to: victim + "/a.txt")
            try sandbox.write("keep", to: victim + "/inner/b.txt")
            try sandbox.write("keep", to: victimFile)
        }

        /// `weather arguments...` as nobody.
        @discardableResult
        func run(_ arguments: String...) throws -> Sandbox.Run {
            #expect(try sandbox.run(program: "/bin/chown", ["-R", "65534:65534", sandbox.root]).status == 0)
            return try sandbox.run(
                program: "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", binary] + arguments)
        }

        /// Plants a link at `path` to `target`, with its own modification time (and, when it points to
        /// something, that thing's) a year ago: the least recently used by any reading.
        func plant(_ path: String, to target: Target) throws {
            let destination =
                switch target {
                case .folder: victim
                case .file: victimFile
                case .root: "/"
                case .home: sandbox.home
                case .loop: path
                case .dangling: sandbox.root + "/nothing"
                }
            #expect(symlink(destination, path) == 0, "symlink \(path): \(errno)")
            // wall clock: a file's time, older than those the kernel stamps now.
            var old = [timespec(tv_sec: time(nil) - 365 * 86_400, tv_nsec: 0)]
            old.append(old[0])
            _ = utimensat(AT_FDCWD, path, old, AT_SYMLINK_NOFOLLOW)
            if target == .folder || target == .file { _ = utimensat(AT_FDCWD, destination, old, 0) }
        }

        /// Whether everything outside weather's folders is as it was: the victim folder holds exactly its
        /// two files, the victim file its word, the home folder nothing but the three XDG folders.
        func expectUntouched(sourceLocation: SourceLocation = #_sourceLocation) {
            for path in [victim + "/a.txt", victim + "/inner/b.txt", victimFile, sandbox.home] {
                #expect(
                    FileManager.default.fileExists(atPath: path), "\(path) was removed", sourceLocation: sourceLocation)
            }
            let victimTree = (FileManager.default.subpaths(atPath: victim) ?? []).sorted()
            #expect(victimTree == ["a.txt", "inner", "inner/b.txt"], "\(victimTree)", sourceLocation: sourceLocation)
            #expect(
                (try? String(contentsOfFile: victimFile, encoding: .utf8)) == "keep", sourceLocation: sourceLocation)
            let home = (try? FileManager.default.contentsOfDirectory(atPath: sandbox.home))?.sorted() ?? []
            let ours: Set = [".cache", ".config", ".local"]
            #expect(Set(home).isSubset(of: ours), "\(home)", sourceLocation: sourceLocation)
            #expect(
                (try? FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/bin"))?.count == 2,
                sourceLocation: sourceLocation)
        }
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    @Test(
        "evicting the least recently used place passes over a link among the places, wherever it points",
        arguments: Target.allCases)
    func evictionPassesOverLinks(target: Target) throws {
        let setup = try Setup()
        #expect(try setup.run("show", "1,10", "--short").status == 0)
        try setup.plant(setup.places + "/zzevil", to: target)
        for latitude in 2...9 {
            let run = try setup.run("show", "\(latitude),10", "--short")
            #expect(run.status == 0, "\(run)")
        }
        setup.expectUntouched()
        #expect(Self.isLink(setup.places + "/zzevil"), "the planted link is not weather's to remove")
        let folders = try FileManager.default.contentsOfDirectory(atPath: setup.places).filter { $0.contains(",") }
        #expect(folders.count == 8, "\(folders)")
        #expect(!folders.contains("1.0000,10.0000"))
    }

    @Test("a place evicted with a link inside it goes, the link as a link", arguments: Target.allCases)
    func linkInsideAnEvictedPlace(target: Target) throws {
        let setup = try Setup()
        #expect(try setup.run("show", "1,10", "--short").status == 0)
        try setup.plant(setup.places + "/1.0000,10.0000/evil", to: target)
        try FileManager.default.createDirectory(
            atPath: setup.places + "/1.0000,10.0000/deeper", withIntermediateDirectories: true)
        try setup.plant(setup.places + "/1.0000,10.0000/deeper/evil", to: target)
        // wall clock: a file's time, older than those the kernel stamps now.
        var old = [timespec(tv_sec: time(nil) - 86_400, tv_nsec: 0)]
        old.append(old[0])
        _ = utimensat(AT_FDCWD, setup.places + "/1.0000,10.0000", old, 0)
        for latitude in 2...9 { #expect(try setup.run("show", "\(latitude),10", "--short").status == 0) }
        setup.expectUntouched()
        #expect(!FileManager.default.fileExists(atPath: setup.places + "/1.0000,10.0000"))
        #expect(!Self.isLink(setup.places + "/1.0000,10.0000/evil"))
    }

    @Test(
        "logout removes a places folder that is a link as a link, and a link inside it as a link",
        arguments: Target.allCases)
    func logoutRemovesLinksAsLinks(target: Target) throws {
        let setup = try Setup()
        #expect(try setup.run("set", "Berlin").status == 0)
        #expect(try setup.run("show", "1,10", "--short").status == 0)
        try setup.plant(setup.places + "/1.0000,10.0000/evil", to: target)
        #expect(try setup.run("logout").status == 0)
        setup.expectUntouched()
        #expect(!FileManager.default.fileExists(atPath: setup.places))

        #expect(try setup.run("show", "1,10", "--short").status == 0)
        try FileManager.default.removeItem(atPath: setup.places)
        try setup.plant(setup.places, to: target)
        let logout = try setup.run("logout")
        #expect(logout.status == 0, "\(logout)")
        setup.expectUntouched()
        #expect(!Self.isLink(setup.places))
    }

    @Test(
        "a link planted as a place's folder, or as places, leads no write or removal out: it is replaced by a folder",
        arguments: Target.allCases)
    func linkAsAPlaceFolder(target: Target) throws {
        let setup = try Setup()
        // 1,10 is covered by no warning service: the run removes the place's warnings files as well.
        #expect(try setup.run("show", "2,10", "--short").status == 0)
        try setup.plant(setup.places + "/1.0000,10.0000", to: target)
        let lookup = try setup.run("show", "1,10", "--short")
        #expect(lookup.status == 0, "\(lookup)")
        setup.expectUntouched()
        #expect(!Self.isLink(setup.places + "/1.0000,10.0000"))
        #expect(FileManager.default.fileExists(atPath: setup.places + "/1.0000,10.0000/current.json"))

        try FileManager.default.removeItem(atPath: setup.places)
        try setup.plant(setup.places, to: target)
        let again = try setup.run("show", "3,10", "--short")
        #expect(again.status == 0, "\(again)")
        setup.expectUntouched()
        #expect(!Self.isLink(setup.places))
        #expect(FileManager.default.fileExists(atPath: setup.places + "/3.0000,10.0000/current.json"))
    }

    @Test("the next run that takes the lock removes every temporary file killed runs left, in every folder")
    func temporaryFilesEverywhere() throws {
        let setup = try Setup()
        #expect(try setup.run("set", "Berlin").status == 0)
        #expect(try setup.run("show", "1,10", "--short").status == 0)
        let state = setup.sandbox.stateHome + "/weather"
        let left = [
            setup.places + "/.names.json.Ab12Cd", setup.places + "/1.0000,10.0000/.current.json.Xy34Zw",
            setup.places + "/1.0000,10.0000/.forecast.json.Qq99Rr",
            setup.sandbox.cacheHome + "/weather/.current.json.Aa00Bb",
            state + "/.location.json.Cc11Dd", state + "/.runs.txt.Ee22Ff", state + "/.looks.json.Gg33Hh",
            setup.sandbox.cacheHome + "/weather/.alerts.txt.Oo77Pp", state + "/.backoff.json.Ss88Tt",
            setup.places + "/1.0000,10.0000/.alerts.txt.Uu99Vv",
            setup.sandbox.configHome + "/systemd/user/.weather-refresh.timer.Ww00Xx",
        ]
        for path in left { try setup.sandbox.write("{", to: path) }
        // wall clock: a file's time, older than those the kernel stamps now.
        var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        old.append(old[0])
        _ = utimensat(AT_FDCWD, state + "/.looks.json.Gg33Hh", old, 0)
        // A looks file written by a terminal this instant (looks are saved without the lock) stays; so
        // does a folder with a temporary file's name; a link with one goes, as a link.
        try setup.sandbox.write("{", to: state + "/.looks.json.Ii44Jj")
        try FileManager.default.createDirectory(
            atPath: state + "/.backoff.json.Kk55Ll", withIntermediateDirectories: true)
        try setup.plant(state + "/.schedule.json.Mm66Nn", to: .file)
        // Another place, fetched under the lock: the one place whose files were left is not this one.
        #expect(try setup.run("show", "2,10", "--short").status == 0)
        for path in left {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) stayed")
        }
        #expect(FileManager.default.fileExists(atPath: state + "/.looks.json.Ii44Jj"))
        #expect(FileManager.default.fileExists(atPath: state + "/.backoff.json.Kk55Ll"))
        #expect(!Self.isLink(state + "/.schedule.json.Mm66Nn"))
        setup.expectUntouched()
    }
}
