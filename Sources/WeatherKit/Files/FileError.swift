import Glibc
import WeatherModel

/// A file operation that failed, with the system's words for why.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder concerned.
    var path: String
    /// What we were doing: "read", "write", "create the folder".
    var operation: String
    /// `errno`.
    var code: Int32
    /// For `EFBIG`, the largest size allowed, in bytes.
    var limit = FileIO.maximumFileSize

    public var description: String {
        let reason =
            switch code {
            case Self.notRegularFile: "it is not a regular file (a FIFO, a device or a folder stands there)"
            case EFBIG: "it is larger than \(Self.size(limit))"
            case ECANCELED: "the run was stopped"
            default: String(cString: strerror(code))
            }
        return "cannot \(operation) \(path): \(reason)"
    }

    /// `bytes` as people write a file's size: 1 MiB, 64 KiB, 4096 bytes.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes.counted("byte")
    }

    /// The `code` for a path that holds something other than a regular file.
    static let notRegularFile: Int32 = -1
}
