import Glibc

/// A file operation that failed, with the system's words for why.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder concerned.
    public var path: String
    /// What we were doing: "read", "write", "create the folder".
    public var operation: String
    /// `errno`.
    public var code: Int32

    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(code)))"
    }
}

/// Small, careful file operations on top of the system calls: whole-file reads, atomic replacement,
/// private folders. Every descriptor is opened with `O_CLOEXEC`; every call is retried on `EINTR`.
public enum FileIO {
    /// The whole file, or `nil` when it does not exist. Refuses files over `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 20) throws(FileError) -> [UInt8]? {
        let fd = retryingOnInterrupt { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileError(path: path, operation: "read", code: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
            }
            if count < 0 { throw FileError(path: path, operation: "read", code: errno) }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw FileError(path: path, operation: "read", code: EFBIG) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Replaces `path` with `bytes` atomically: a reader, or a `kill -9` at any instant, sees the old
    /// file or the new one, never a part. The new file is private (0600), and its data reach the disk
    /// before it replaces the old one, so that a power cut cannot leave an empty file behind the name
    /// either. (The folder is not synced: after a power cut the old file may come back, which is all
    /// that "the previous result or the new one" asks, and it saves every write a second disk flush.)
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileError) {
        let directory = parentDirectory(of: path)
        var template = Array("\(directory)/.\(baseName(of: path)).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: path, operation: "write", code: errno) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32 = 0
        if !writeAll(fd, bytes) || retryingOnInterrupt({ fdatasync(fd) }) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw FileError(path: path, operation: "write", code: failure)
        }
    }

    /// Removes `path`; a file that is already gone is fine.
    public static func remove(_ path: String) throws(FileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileError(path: path, operation: "remove", code: errno) }
    }

    /// Creates `path` and any missing parents with mode 0700 (the XDG specification's mode).
    public static func createDirectory(_ path: String) throws(FileError) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST {
            guard isDirectory(path) else { throw FileError(path: path, operation: "create the folder", code: ENOTDIR) }
            return
        }
        guard errno == ENOENT else { throw FileError(path: path, operation: "create the folder", code: errno) }
        let parent = parentDirectory(of: path)
        guard parent != path else { throw FileError(path: path, operation: "create the folder", code: ENOENT) }
        try createDirectory(parent)
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw FileError(path: path, operation: "create the folder", code: errno)
        }
    }

    /// Whether `path` is a folder (following links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `path` with every link and `..` resolved, or `path` itself when it does not exist.
    public static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The folder that holds `path`: `/a/b` for `/a/b/c`, `/` for `/a`.
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of `path`.
    public static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
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
func retryingOnInterrupt<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result >= 0 || errno != EINTR { return result }
    }
}
