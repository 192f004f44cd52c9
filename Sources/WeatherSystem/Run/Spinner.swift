import Glibc
import Synchronization
import WeatherModel

/// A spinner on standard error, drawn by a thread of its own ten times a second while the main thread
/// waits for the network: `⠹ Refreshing Berlin…`. Stopping it clears its line.
final class Spinner: Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    private let message: String
    private let running = Atomic<Bool>(true)
    private let thread = Mutex<pthread_t?>(nil)

    /// Starts drawing `message`; `nil` when no thread can be started (then nothing is drawn).
    package init?(message: String) {
        self.message = message
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                let spinner = Unmanaged<Spinner>.fromOpaque(context!).takeRetainedValue()
                spinner.draw()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Spinner>.fromOpaque(context).release()
            return nil
        }
        self.thread.withLock { $0 = thread }
    }

    /// Stops the thread and clears the spinner's line.
    package func stop() {
        guard running.exchange(false, ordering: .relaxed), let thread = thread.withLock({ $0 }) else { return }
        pthread_join(thread, nil)
        TerminalConsole.writeAll(STDERR_FILENO, "\r\u{1B}[K")
    }

    private func draw() {
        // SIGINT and SIGTERM stay with the main thread, whose waits they must interrupt.
        StopSignal.mask(SIG_BLOCK)
        // The first frame after 100 ms, so that a quick answer shows no spinner at all; the flag is
        // checked every 10 ms, so that stopping is as quick.
        var tick = 0
        while running.load(ordering: .relaxed) {
            usleep(10_000)
            tick += 1
            guard tick % 10 == 0, running.load(ordering: .relaxed) else { continue }
            let frame = Self.frames[(tick / 10 - 1) % Self.frames.count]
            TerminalConsole.writeAll(STDERR_FILENO, "\r\u{1B}[K" + frame + " " + message)
        }
    }
}
