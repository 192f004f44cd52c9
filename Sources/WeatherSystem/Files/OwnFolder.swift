import Glibc
import WeatherModel

/// A folder of weather's own, held by a descriptor, in which everything weather removes is found and
/// removed: by name relative to the descriptor (`openat`, `fstatat`, `unlinkat`), every folder below it
/// opened with `O_NOFOLLOW | O_DIRECTORY`. A symbolic link planted anywhere below, to a file, a folder,
/// `/` or itself, is removed as a link; what it points to is never opened, listed or touched.
///
/// The folder itself is opened by its path, links followed: `$XDG_CACHE_HOME` and the rest are the
/// user's to point anywhere, and whoever could plant a link there could remove the files anyway.
package final class OwnFolder {
    /// The open folder.
    package let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The folder at `path`; `nil` when it is missing or not a folder.
    package convenience init?(path: String) {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        self.init(descriptor: fd)
    }

    deinit {
        close(descriptor)
    }

    /// The folder called `name` in this one; `nil` when it is missing, or is a link or anything but a
    /// folder.
    package func folder(_ name: String) -> OwnFolder? {
        let fd = retryingOnInterrupt { openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        return OwnFolder(descriptor: fd)
    }

    /// The folder `path`, opened from weather's own folder `root` down: `root` by its path (created when
    /// missing, links followed: it is the user's to place), every part below it by `openat` with
    /// `O_NOFOLLOW | O_DIRECTORY`, so that nothing below `root` can lead out of it. With `creating`, a
    /// missing part is made (0700), and a link or a file standing where a folder of weather's belongs is
    /// removed as what it is (never followed) and replaced by a folder; without, such a part means there is
    /// no folder (`nil`). `path` must be `root` or lie below it.
    package static func opened(_ path: String, below root: String, creating: Bool) throws(FileError) -> OwnFolder? {
        if creating { try FileIO.createDirectory(root) }
        guard var folder = OwnFolder(path: root) else {
            if !creating { return nil }
            throw FileError(path: root, operation: .createFolder, code: ENOTDIR)
        }
        guard path != root else { return folder }
        guard let below = Self.relativePath(of: path, below: root) else {
            throw FileError(path: path, operation: .createFolder, code: EXDEV)
        }
        for part in below.split(separator: UInt8(ascii: "/")) {
            let name = String(decoding: part, as: UTF8.self)
            if let next = folder.folder(name) {
                folder = next
                continue
            }
            guard creating else { return nil }
            // Missing, a link or a file: made anew as a folder of weather's.
            _ = unlinkat(folder.descriptor, name, 0)
            guard mkdirat(folder.descriptor, name, 0o700) == 0 || errno == EEXIST, let made = folder.folder(name) else {
                throw FileError(path: path, operation: .createFolder, code: errno == 0 ? ENOTDIR : errno)
            }
            folder = made
        }
        return folder
    }

    /// The bytes of `path` after `root` and a slash; `nil` when `path` does not lie below `root`. Byte by
    /// byte, as the kernel compares paths: a name in another Unicode normal form is another name.
    static func relativePath(of path: String, below root: String) -> Substring.UTF8View? {
        let prefix = (root + "/").utf8
        guard path.utf8.starts(with: prefix) else { return nil }
        return path.utf8.dropFirst(prefix.count)
    }

    /// Replaces the file `name` in this folder with `bytes`, as `FileIO.writeAtomically` does (a private
    /// temporary file, its data synced, renamed over the old one), each step by name relative to the
    /// folder: a link at `name` is replaced, never written through, and a folder there (none of weather's
    /// files is one) is removed with what it holds, as `remove` does. `path` names the file in errors.
    package func writeAtomically(_ bytes: [UInt8], to name: String, path: String) throws(FileError) {
        guard bytes.count <= FileIO.maximumFileSize else { throw FileError(path: path, operation: .write, code: EFBIG) }
        let prefix = FileIO.temporaryPrefix(of: name)
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<16 {
            temporary = prefix + Self.randomSuffix()
            fd = retryingOnInterrupt {
                openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o600)
            }
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw FileError(path: path, operation: .write, code: errno) }
        var failure: Int32 = 0
        if !FileIO.writeAll(fd, bytes) || retryingOnInterrupt({ fdatasync(fd) }) != 0 { failure = errno }
        close(fd)
        if failure == 0, StopSignal.received != nil { failure = ECANCELED }
        if failure == 0, renameat(descriptor, temporary, descriptor, name) != 0 {
            failure = errno
            if failure == EISDIR {
                remove(name)
                if renameat(descriptor, temporary, descriptor, name) == 0 { failure = 0 }
            }
        }
        guard failure == 0 else {
            _ = unlinkat(descriptor, temporary, 0)
            throw FileError(path: path, operation: .write, code: failure)
        }
    }

    /// Removes the file (or link, as a link) `name` from this folder; one already gone is fine, and a
    /// folder in its place (none of weather's files is one) goes with what it holds, as `remove` does.
    /// `path` names it in errors.
    func removeFile(_ name: String, path: String) throws(FileError) {
        guard unlinkat(descriptor, name, 0) == 0 || errno == ENOENT else {
            guard errno == EISDIR else { throw FileError(path: path, operation: .remove, code: errno) }
            remove(name)
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) != 0 else {
                throw FileError(path: path, operation: .remove, code: ENOTEMPTY)
            }
            return
        }
    }

    /// Sets the modification time of `name` in this folder to now, without following a link.
    package func touch(_ name: String) {
        _ = utimensat(descriptor, name, nil, AT_SYMLINK_NOFOLLOW)
    }

    /// Six characters of `mkstemp`'s alphabet, from the system's random generator (`getrandom`).
    private static func randomSuffix() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var generator = SystemRandomNumberGenerator()
        let random = (0..<6).map { _ in UInt8.random(in: 0...UInt8(alphabet.count - 1), using: &generator) }
        return String(decoding: random.map { alphabet[Int($0)] }, as: UTF8.self)
    }

    /// One name in the folder, as `lstat` sees it: a link is a link.
    package struct Entry {
        package var name: String
        package var isFolder: Bool
        /// When it was last modified, in seconds since 1970.
        package var modified: Double
    }

    /// The names in the folder but `.` and `..`; none when it cannot be read.
    package func names() -> [String] {
        // fdopendir takes the descriptor it is given: a copy, so that this one stays open. The copy
        // shares the position of the folder's listing: back to its start, for a second listing.
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { found.append(name) }
        }
        return found
    }

    /// The folder's entries, as `lstat` sees them: a link is a link, never a folder.
    package func entries() -> [Entry] {
        names().compactMap { name in
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return Entry(
                name: name, isFolder: (info.st_mode & S_IFMT) == S_IFDIR,
                modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        }
    }

    /// How deep `remove` goes: weather's own folders are two deep; a deeper tree was not made by weather,
    /// and what lies below this depth stays rather than cost a descriptor per level.
    static let deepestRemoval = 8

    /// Removes `name` from this folder: a file or a link by `unlinkat` (a link as a link), a folder with
    /// everything in it, each part the same way. Missing is fine; what cannot be removed stays.
    package func remove(_ name: String) {
        remove(name, depth: 0)
    }

    private func remove(_ name: String, depth: Int) {
        // unlinkat removes anything but a folder, and never follows a link; a folder answers EISDIR.
        guard unlinkat(descriptor, name, 0) != 0, errno == EISDIR, depth < Self.deepestRemoval else { return }
        // Opened without following: a folder swapped for a link since is not entered.
        guard let folder = folder(name) else { return }
        for entry in folder.names() { folder.remove(entry, depth: depth + 1) }
        _ = unlinkat(descriptor, name, AT_REMOVEDIR)
    }

    /// Removes the files `FileIO.writeAtomically` left in this folder for `files` (names in it) when its
    /// run was killed: `.current.json.` and six characters for `current.json`. `unlinkat` removes a link
    /// as a link and leaves a folder. `sparing`, when given, spares a file modified fewer seconds ago than
    /// its `age` by its `clock`: a write that does not take the lock may be under way.
    package func removeTemporaryFiles(of files: [String], sparing: (age: Double, clock: any WallClock)? = nil) {
        let prefixes = files.map(FileIO.temporaryPrefix(of:))
        // Only names that begin with a dot can be temporary files: the rest are not looked at twice.
        for name in names() where name.utf8.first == UInt8(ascii: ".") {
            let temporary = prefixes.contains { prefix in
                name.utf8.count == prefix.utf8.count + 6 && name.hasPrefix(prefix)
            }
            guard temporary else { continue }
            if let sparing {
                // The kernel stamps files by the real clock: the time read as the run's clock shows it.
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                let modified = Timestamp(secondsSince1970: Double(info.st_mtim.tv_sec))
                guard sparing.clock.moment(atSystemTime: modified) < sparing.clock.now() - sparing.age else { continue }
            }
            _ = unlinkat(descriptor, name, 0)
        }
    }
}
