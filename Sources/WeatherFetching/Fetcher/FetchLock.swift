import Glibc
import WeatherModel
import WeatherSystem

/// The lock that lets one process at a time fetch and write: `flock` on a file in the state folder.
///
/// The kernel releases it when its holder exits, however it exits, so a crashed run never blocks the
/// others; a waiter gives up when its own time budget runs out.
final class FetchLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock at `path`, waiting for another holder at most until `deadline`.
    static func acquire(_ path: String, before deadline: Deadline) throws(WeatherError) -> FetchLock {
        do {
            try FileIO.createDirectory(FileIO.parentDirectory(of: path))
        } catch {
            throw .store(.file(error))
        }
        // Non-blocking, so that a FIFO put in its place cannot stall the open; and only a regular file. A
        // link in its place is not weather's: removed as a link, its target never opened (nor created).
        let flags = O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW
        var descriptor = retryingOnInterrupt { open(path, flags, 0o600) }
        if descriptor < 0, errno == ELOOP, unlink(path) == 0 || errno == ENOENT {
            descriptor = retryingOnInterrupt { open(path, flags, 0o600) }
        }
        guard descriptor >= 0 else {
            throw .store(.file(FileError(path: path, operation: .openLock, code: errno)))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .store(.file(FileError(path: path, operation: .openLock, code: FileError.notRegularFile)))
        }
        var pause: UInt32 = 5_000
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let code = errno
                close(descriptor)
                throw .store(.file(FileError(path: path, operation: .lock, code: code)))
            }
            if let signal = StopSignal.received {
                close(descriptor)
                throw .stopped(signal: signal)
            }
            guard !deadline.hasPassed else {
                close(descriptor)
                throw .busy(budget: deadline.budget)
            }
            usleep(min(pause, UInt32(deadline.remaining.clamped(to: 0...1) * 1_000_000) + 1))
            pause = min(pause * 2, 50_000)
        }
        return FetchLock(descriptor: descriptor)
    }
}
