import Glibc
import WeatherModel

/// A file operation that failed, with the system's words for why.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder concerned.
    package var path: String
    /// What we were doing.
    package var operation: Operation
    /// `errno`.
    package var code: Int32
    /// For `EFBIG`, the largest size allowed, in bytes.
    package var limit = FileIO.maximumFileSize

    package init(path: String, operation: Operation, code: Int32, limit: Int = FileIO.maximumFileSize) {
        self.path = path
        self.operation = operation
        self.code = code
        self.limit = limit
    }

    /// What weather was doing with a file or folder.
    package enum Operation: Sendable, Equatable {
        case read, write, remove, createFolder, openLock, lock, watch
    }

    /// Why, without the operation and the path: "it is larger than 1 MiB".
    package var reason: String {
        switch code {
        case Self.notRegularFile: tr("it is not a regular file (a FIFO, a device or a folder stands there)")
        case Self.symbolicLink: tr("it is a symbolic link, which weather never follows in its own folders")
        case EFBIG: tr("it is larger than %s", Self.size(limit))
        case ECANCELED: tr("the run was stopped")
        default: String(cString: strerror(code))
        }
    }

    /// Whether a file was found that weather cannot have written: a link, a FIFO, a device or a folder in
    /// its place, or one larger than any it writes. A damaged file, which the write of a new one replaces;
    /// not a refusal of the system (no permission, a failing disk), which no write of weather's mends.
    var isDamage: Bool {
        operation == .read && (code == Self.notRegularFile || code == Self.symbolicLink || code == EFBIG)
    }

    public var description: String {
        return switch operation {
        case .read: tr("cannot read %1$s: %2$s", path, reason)
        case .write: tr("cannot write %1$s: %2$s", path, reason)
        case .remove: tr("cannot remove %1$s: %2$s", path, reason)
        case .createFolder: tr("cannot create the folder %1$s: %2$s", path, reason)
        case .openLock: tr("cannot open the lock %1$s: %2$s", path, reason)
        case .lock: tr("cannot lock %1$s: %2$s", path, reason)
        case .watch: tr("cannot watch %1$s: %2$s", path, reason)
        }
    }

    /// `bytes` as people write a file's size: 1 MiB, 64 KiB, 4096 bytes.
    package static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return tr("%d MiB", String(bytes >> 20)) }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return tr("%d KiB", String(bytes >> 10)) }
        return trn("%d byte", "%d bytes", bytes, String(bytes))
    }

    /// The `code` for a path that holds something other than a regular file.
    package static let notRegularFile: Int32 = -1
    /// The `code` for a symbolic link where weather's own file belongs: never followed.
    package static let symbolicLink: Int32 = -2
}
