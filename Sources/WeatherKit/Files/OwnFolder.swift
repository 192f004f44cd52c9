import Glibc
import WeatherModel

/// A folder of weather's own, held by a descriptor, in which everything weather removes is found and
/// removed: by name relative to the descriptor (`openat`, `fstatat`, `unlinkat`), every folder below it
/// opened with `O_NOFOLLOW | O_DIRECTORY`. A symbolic link planted anywhere below, to a file, a folder,
/// `/` or itself, is removed as a link; what it points to is never opened, listed or touched.
///
/// The folder itself is opened by its path, links followed: `$XDG_CACHE_HOME` and the rest are the
/// user's to point anywhere, and whoever could plant a link there could remove the files anyway.
final class OwnFolder {
    /// The open folder.
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The folder at `path`; `nil` when it is missing or not a folder.
    convenience init?(path: String) {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        self.init(descriptor: fd)
    }

    deinit {
        close(descriptor)
    }

    /// The folder called `name` in this one; `nil` when it is missing, or is a link or anything but a
    /// folder.
    func folder(_ name: String) -> OwnFolder? {
        let fd = retryingOnInterrupt { openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        return OwnFolder(descriptor: fd)
    }

    /// One name in the folder, as `lstat` sees it: a link is a link.
    struct Entry {
        var name: String
        var isFolder: Bool
        /// When it was last modified, in seconds since 1970.
        var modified: Double
    }

    /// The names in the folder but `.` and `..`; none when it cannot be read.
    func names() -> [String] {
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
    func entries() -> [Entry] {
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
    func remove(_ name: String) {
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
    /// as a link and leaves a folder. `sparingYoungerThan`, when given, spares a file modified fewer
    /// seconds ago: a write that does not take the lock may be under way.
    func removeTemporaryFiles(of files: [String], sparingYoungerThan age: Int? = nil) {
        let prefixes = files.map(FileIO.temporaryPrefix(of:))
        // Only names that begin with a dot can be temporary files: the rest are not looked at twice.
        for name in names() where name.utf8.first == UInt8(ascii: ".") {
            let temporary = prefixes.contains { prefix in
                name.utf8.count == prefix.utf8.count + 6 && name.hasPrefix(prefix)
            }
            guard temporary else { continue }
            if let age {
                var info = stat()
                guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mtim.tv_sec < time(nil) - age
                else { continue }
            }
            _ = unlinkat(descriptor, name, 0)
        }
    }
}
