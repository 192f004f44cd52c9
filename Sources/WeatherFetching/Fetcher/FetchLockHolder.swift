import Synchronization
import WeatherModel
package import WeatherSystem

/// This run's hold on the fetch lock (`FetchLock`), under which every file of weather's is written: the
/// results, the place, the back-offs, the chosen interval and the timer's units. So the holder knows that
/// a temporary file beside them was left by a killed run, and removes it (`cleanUp`). Holds nest: only the
/// outermost takes the lock.
package final class FetchLockHolder: Sendable {
    private let lockFile: String
    private let cleanUp: @Sendable () -> Void
    /// How deep this process is in `withLock`.
    private let depth = Mutex(0)

    package init(lockFile: String, cleanUp: @escaping @Sendable () -> Void) {
        self.lockFile = lockFile
        self.cleanUp = cleanUp
    }

    /// Runs `body` holding the lock, waiting for another run at most until `deadline`. From here on
    /// SIGTERM and SIGINT stop the run cleanly (`StopSignal`): whatever `body` throws after one of them
    /// arrived becomes `.stopped`.
    package func withLock<T>(before deadline: Deadline, _ body: () throws(WeatherError) -> T) throws(WeatherError) -> T
    {
        if depth.withLock({ $0 }) > 0 { return try body() }
        StopSignal.install()
        do {
            let lock = try FetchLock.acquire(lockFile, before: deadline)
            defer { withExtendedLifetime(lock) {} }
            cleanUp()
            depth.withLock { $0 += 1 }
            defer { depth.withLock { $0 -= 1 } }
            return try body()
        } catch {
            if let signal = StopSignal.received { throw .stopped(signal: signal) }
            throw error
        }
    }
}
