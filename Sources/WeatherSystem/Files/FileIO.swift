package import Glibc
package import WeatherModel

/// Small, careful file operations on top of the system calls: whole-file reads, atomic replacement,
/// private folders. Every descriptor is opened with `O_CLOEXEC`; every call is retried on `EINTR`.
package enum FileIO {
    /// The largest file weather reads or writes. Its own files are a few kilobytes; a larger one was not
    /// written by weather, and one weather wrote must always be readable again.
    package static let maximumFileSize = 1 << 20

    /// The whole file, or `nil` when it does not exist. Refuses files over `limit` bytes, and anything but
    /// a regular file: opening a FIFO does not wait for a writer, and reading one is refused. Links are
    /// followed: for files that are not weather's own (the zone database, the machine's identity, the
    /// user's `config.json`); weather's own are read with `read(_:below:limit:)`.
    package static func read(_ path: String, limit: Int = maximumFileSize) throws(FileError) -> [UInt8]? {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        var identity: Identity?
        return try read(opened: fd, path: path, limit: limit, identity: &identity)
    }

    /// The whole file `path`, one of weather's own below its folder `root`, or `nil` when it does not exist:
    /// `root` opened by its path (the user's to place, links followed), every folder below it and the file
    /// itself by name without following a link (`OwnFolder`, `O_NOFOLLOW`), so that what a link planted in
    /// weather's folders points to is never opened. A link in place of the file is refused as one; a link
    /// or anything but a folder in place of a folder on the way means there is no file. Otherwise as
    /// `read(_:limit:)`, and `identity` is set to the identity of the file read (by its own descriptor).
    package static func read(
        _ path: String, below root: String, limit: Int = maximumFileSize, identity: inout Identity?
    )
        throws(FileError) -> [UInt8]?
    {
        let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW
        // A file right in `root` (the saved place's, every `show`'s): by its path, which follows links only
        // up to `root`, as opening `root` does; no descriptor of the folder is needed.
        if isName(in: root, path) {
            let fd = retryingOnInterrupt { open(path, flags) }
            return try read(opened: fd, path: path, limit: limit, identity: &identity)
        }
        guard let folder = try OwnFolder.opened(parentDirectory(of: path), below: root, creating: false) else {
            return nil
        }
        let fd = retryingOnInterrupt { openat(folder.descriptor, baseName(of: path), flags) }
        return try read(opened: fd, path: path, limit: limit, identity: &identity)
    }

    /// Whether `path` is `folder`, a slash and a name without a slash: a file right in that folder.
    static func isName(in folder: String, _ path: String) -> Bool {
        below(folder, path) { $0.map { !$0.contains(0x2F) } ?? false }
    }

    /// Whether `path` is `folder`, a slash and more: something below that folder.
    static func lies(_ path: String, below folder: String) -> Bool {
        below(folder, path) { $0 != nil }
    }

    /// `body` given the bytes of `path` after `folder` and a slash, `nil` when it does not begin so: byte by
    /// byte, without a String made (each of `show`'s reads asks).
    private static func below(_ folder: String, _ path: String, _ body: (UnsafeRawBufferPointer?) -> Bool) -> Bool {
        var folder = folder
        var path = path
        return folder.withUTF8 { folder in
            path.withUTF8 { path in
                guard path.count > folder.count + 1, path[folder.count] == 0x2F,
                    memcmp(path.baseAddress!, folder.baseAddress!, folder.count) == 0
                else { return body(nil) }
                return body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(path)[(folder.count + 1)...]))
            }
        }
    }

    /// `read(_:below:limit:identity:)` without the identity.
    package static func read(_ path: String, below root: String, limit: Int = maximumFileSize) throws(FileError)
        -> [UInt8]?
    {
        var identity: Identity?
        return try read(path, below: root, limit: limit, identity: &identity)
    }

    /// The whole file open at `fd` (the result of `open`, negative when that failed, `errno` then saying
    /// why), closed when read.
    private static func read(opened fd: Int32, path: String, limit: Int, identity: inout Identity?) throws(FileError)
        -> [UInt8]?
    {
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            // `O_NOFOLLOW` met a link.
            if errno == ELOOP { throw FileError(path: path, operation: .read, code: FileError.symbolicLink) }
            throw FileError(path: path, operation: .read, code: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, operation: .read, code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(path: path, operation: .read, code: FileError.notRegularFile)
        }
        guard info.st_size <= limit else { throw FileError(path: path, operation: .read, code: EFBIG, limit: limit) }
        identity = Identity(info)
        var bytes: [UInt8] = []
        // A chunk of the file's size and one byte more, which ends the read at once: filling 16 KiB with
        // zeros for a 1 KiB file cost every `weather show` 17,000 instructions a file.
        var chunk = [UInt8](repeating: 0, count: min(Int(max(0, info.st_size)) + 1, 16_384))
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw FileError(path: path, operation: .read, code: errno) }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else {
                throw FileError(path: path, operation: .read, code: EFBIG, limit: limit)
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Replaces `path` with `bytes` atomically: a reader, or a `kill -9` at any instant, sees the old
    /// file or the new one, never a part. The new file is private (0600), and its data reach the disk
    /// before it replaces the old one, so that a power cut cannot leave an empty file behind the name
    /// either. (The folder is not synced: after a power cut the old file may come back, which is all
    /// that "the previous result or the new one" asks, and it saves every write a second disk flush.)
    ///
    /// Refuses more than `maximumFileSize` bytes, which could never be read back; and when the run is
    /// being stopped (`StopSignal`), removes the temporary file instead of committing it.
    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        guard bytes.count <= maximumFileSize else { throw FileError(path: path, operation: .write, code: EFBIG) }
        let directory = parentDirectory(of: path)
        var template = Array("\(directory)/\(temporaryPrefix(of: path))XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: path, operation: .write, code: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32 = 0
        if !writeAll(fd, bytes) || retryingOnInterrupt({ fdatasync(fd) }) != 0 { failure = errno }
        close(fd)
        if failure == 0, StopSignal.received != nil { failure = ECANCELED }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw FileError(path: path, operation: .write, code: failure)
        }
    }

    /// Appends `bytes` to the regular file at `path` in one `write(2)` (`O_APPEND`: a reader, or a second
    /// writer, sees whole lines), after `approve` has accepted the file's first `prefixLength` bytes. Writes
    /// nothing and returns `false` when the file is missing, not a regular file, larger than `limit`, or
    /// refused: then the caller rewrites it whole. Not synced to disk: for a log that may lose its last line.
    package static func append(
        _ bytes: [UInt8], to path: String, prefixLength: Int, limit: Int, approve: ([UInt8]) -> Bool
    ) throws(FileError) -> Bool {
        let fd = retryingOnInterrupt { open(path, O_RDWR | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW) }
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR || errno == ELOOP { return false }
            throw FileError(path: path, operation: .write, code: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size + bytes.count <= limit else {
            return false
        }
        var prefix = [UInt8](repeating: 0, count: prefixLength)
        let count = prefix.withUnsafeMutableBytes { buffer in
            retryingOnInterrupt { pread(fd, buffer.baseAddress, buffer.count, 0) }
        }
        guard count >= 0, approve(Array(prefix[..<count])) else { return false }
        guard writeAll(fd, bytes) else { throw FileError(path: path, operation: .write, code: errno) }
        return true
    }

    /// How the temporary files of `path` begin: `.current.json.` for `current.json`.
    static func temporaryPrefix(of path: String) -> String {
        "." + baseName(of: path) + "."
    }

    /// Removes `path`; a file that is already gone is fine.
    package static func remove(_ path: String) throws(FileError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileError(path: path, operation: .remove, code: errno)
        }
    }

    /// Creates `path` and any missing parents with mode 0700 (the XDG specification's mode).
    package static func createDirectory(_ path: String) throws(FileError) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST {
            guard isDirectory(path) else { throw FileError(path: path, operation: .createFolder, code: ENOTDIR) }
            return
        }
        guard errno == ENOENT else { throw FileError(path: path, operation: .createFolder, code: errno) }
        let parent = parentDirectory(of: path)
        guard parent != path else { throw FileError(path: path, operation: .createFolder, code: ENOENT) }
        try createDirectory(parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw FileError(path: path, operation: .createFolder, code: errno)
        }
    }

    /// Whether `path` is a folder (following links).
    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `path` with every link and `..` resolved, or `path` itself when it does not exist.
    package static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// When the file at `path` was last modified; `nil` when there is none.
    package static func modificationTime(_ path: String) -> Timestamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Timestamp(secondsSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// What tells one version of a file from another: a file replaced (a new inode) or changed in place
    /// (its size or times) has another identity.
    package struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        package var size: Int64
        package var modified: Int
        var modifiedNanoseconds: Int
        package var changed: Int
        var changedNanoseconds: Int

        package init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim.tv_sec
            modifiedNanoseconds = info.st_mtim.tv_nsec
            changed = info.st_ctim.tv_sec
            changedNanoseconds = info.st_ctim.tv_nsec
        }
    }

    /// The identity of the file at `path` now; `nil` when there is none.
    package static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(info)
    }

    /// Whether something exists at `path`.
    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The folder that holds `path`: `/a/b` for `/a/b/c`, `/` for `/a`.
    package static func parentDirectory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of `path`. (Both look for the slash among the bytes: among the characters, each call
    /// cost thousands of instructions of grapheme breaking.)
    package static func baseName(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Where `folder` (`libexec/weather`) begins in `path`, at its end after a slash; `nil` when `path` does
    /// not end so. Byte by byte, as `parentDirectory`.
    package static func index(ofFolder folder: String, endingPath path: String) -> String.Index? {
        let count = folder.utf8.count
        guard path.utf8.count > count, path.utf8.suffix(count).elementsEqual(folder.utf8) else { return nil }
        let start = path.utf8.index(path.utf8.endIndex, offsetBy: -count)
        let slash = path.utf8.index(before: start)
        return path.utf8[slash] == UInt8(ascii: "/") ? slash : nil
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = retryingOnInterrupt { write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

}

/// Calls `body` again while it fails with `EINTR`.
package func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result >= 0 || errno != EINTR { return result }
    }
}
