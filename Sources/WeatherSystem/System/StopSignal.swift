import Glibc
import Synchronization
import WeatherModel

/// SIGTERM and SIGINT while a run fetches or writes: the expiration handler of iOS background tasks.
///
/// systemd stops the timer's run with SIGTERM when it outlives `TimeoutStartSec=` and at shutdown; a person
/// presses Ctrl-C. Once `install()` has run, either signal only sets a flag: the transfer under way aborts
/// (libcurl's progress callback checks it), a wait for the fetch lock ends, and a write in progress
/// removes its temporary file instead of committing it. The run then reports that it was stopped, with
/// everything saved exactly as it was before. `weather watch` has them write into a pipe instead
/// (`writeIntoPipe()`), which its wait watches.
package enum StopSignal {
    // Process-wide: a signal handler reaches nothing but statics. The signal caught, whether `install()`
    // ran, and the pipe's read and write ends (`writeIntoPipe()`).
    private static let caught = Atomic<Int32>(0)
    private static let installed = Atomic<Bool>(false)
    private static let pipeRead = Atomic<Int32>(-1)
    private static let pipeWrite = Atomic<Int32>(-1)

    /// The signal that asked the run to stop, if one did.
    package static var received: Int32? {
        let signal = caught.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// Catches SIGTERM and SIGINT from now on; calling it again does nothing. Before it runs, either
    /// signal ends the process at once, which is right while nothing is being written.
    package static func install() {
        guard !installed.exchange(true, ordering: .relaxed) else { return }
        _ = caught.load(ordering: .relaxed)  // initialised here, never first inside the handler
        // No SA_RESTART: a wait in progress returns with EINTR and sees the flag at once.
        handle(flags: 0) { signal in
            StopSignal.caught.store(signal, ordering: .relaxed)
        }
    }

    /// Has SIGTERM and SIGINT write a byte into a pipe that `FolderWatch.wait` watches (the self-pipe trick:
    /// no signal is lost between two waits), which ends the watch with `.stopped`, exit 0.
    package static func writeIntoPipe() {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        pipeRead.store(ends[0], ordering: .relaxed)
        pipeWrite.store(ends[1], ordering: .relaxed)
        handle(flags: SA_RESTART) { _ in
            var byte: UInt8 = 1
            _ = Glibc.write(StopSignal.pipeWrite.load(ordering: .relaxed), &byte, 1)
        }
    }

    /// Has SIGTERM and SIGINT run `handler`, with `flags`, and unblocks them.
    private static func handle(flags: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(SIGTERM, &action, nil)
        sigaction(SIGINT, &action, nil)
        mask(SIG_UNBLOCK)
    }

    /// The read end of the pipe SIGTERM and SIGINT write into; -1 before `writeIntoPipe()`.
    package static var pipe: Int32 { pipeRead.load(ordering: .relaxed) }

    /// Blocks (`SIG_BLOCK`) or unblocks (`SIG_UNBLOCK`) SIGTERM and SIGINT in the calling thread. Catching
    /// them unblocks them: a parent may have started us with them blocked (a thread pool's mask is
    /// inherited across exec); blocked, they would be neither caught nor able to end the run.
    static func mask(_ how: Int32) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(how, &signals, nil)
    }

    /// "SIGTERM", "SIGINT".
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: tr("signal %d", String(signal))
        }
    }
}
