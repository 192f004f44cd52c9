import Glibc

/// A file operation that failed, with the system's words for why.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder concerned.
    var path: String
    /// What we were doing: "read", "write", "create the folder".
    var operation: String
    /// `errno`.
    var code: Int32

    public var description: String {
        let reason =
            switch code {
            case Self.notRegularFile: "it is not a regular file (a FIFO, a device or a folder stands there)"
            case EFBIG: "it is larger than \(FileIO.maximumFileSize / 1_048_576) MiB"
            case ECANCELED: "the run was stopped"
            default: String(cString: strerror(code))
            }
        return "cannot \(operation) \(path): \(reason)"
    }

    /// The `code` for a path that holds something other than a regular file.
    static let notRegularFile: Int32 = -1
}
