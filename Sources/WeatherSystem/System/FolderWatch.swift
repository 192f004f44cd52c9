import Glibc
package import WeatherModel

/// The kernel's word (inotify) that files of given names changed in given folders, and a wait for it that
/// uses no CPU: `weather watch` blocks here between events.
///
/// Folders, not files, are watched: an atomic write is a rename into the folder (one `IN_MOVED_TO` with
/// the file's name), `logout` deletes, and a folder removed, or moved away, is watched again where it
/// belongs (made again here, 0700, as any write of weather's would). When the kernel's queue overflowed
/// (`IN_Q_OVERFLOW`: events were lost), every folder is watched again, and the wait ends as for a change,
/// so that the caller reads everything again.
package final class FolderWatch {
    /// What ended a wait.
    package enum Wake: Equatable {
        /// A watched file changed (or a watched folder went away and is watched again).
        case changed
        /// The time given ran out.
        case timeout
        /// SIGTERM or SIGINT.
        case stopped
        /// Standard output's reader went away (a closed pipe), or the terminal hung up.
        case outputClosed
    }

    private let descriptor: Int32
    /// A timerfd on the wall clock, or -1 where there is none (then `poll`'s own timeout).
    private let timer: Int32
    private let folders: [String]
    private let names: Set<String>
    /// Each watched folder by its watch descriptor.
    private var watches: [Int32: String] = [:]

    private static let mask: UInt32 =
        UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    /// Watches `folders` (made when missing) for changes to files called one of `names`.
    package init(folders: [String], names: Set<String>) throws(FileError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw FileError(path: tr("the cache and state folders"), operation: .watch, code: errno)
        }
        self.folders = folders
        self.names = names
        timer = WallClockTimer.create()
        for folder in folders { try watch(folder) }
    }

    deinit {
        close(descriptor)
        if timer >= 0 { close(timer) }
    }

    private func watch(_ folder: String) throws(FileError) {
        try FileIO.createDirectory(folder)
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else { throw FileError(path: folder, operation: .watch, code: errno) }
        watches[watch] = folder
    }

    /// Blocks until a watched file changes, `clock` reaches `moment` (`nil`: no limit), SIGTERM or SIGINT
    /// arrives (after `StopSignal.writeIntoPipe()`), or standard output's reader goes away.
    ///
    /// The moment is kept by a timerfd on the wall clock, absolute: a laptop that sleeps past it wakes to
    /// it at once, and a clock set forward or back ends the wait so that the caller looks again. (A
    /// relative timeout would stand still while the machine sleeps, and show a result hours old as fresh.)
    /// The kernel's timer keeps the real clock: a test's clock (`WEATHER_TEST_NOW`) is armed at the real
    /// time it shows the moment, and one that stands still never gets there.
    package func wait(until moment: Timestamp?, clock: any WallClock) -> Wake {
        let now = clock.now()
        // The moment on the real clock and how far ahead it is; a moment past is due at once (the timer
        // armed for 1970 fires at once).
        let due = moment.flatMap { moment -> (systemTime: Timestamp, seconds: Double)? in
            guard moment > now else { return (Timestamp(secondsSince1970: 0), 0) }
            return clock.systemTime(at: moment).map { ($0, moment - now) }
        }
        let armed = timer >= 0 && WallClockTimer.arm(timer, at: due?.systemTime)
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: StopSignal.pipe, events: Int16(POLLIN), revents: 0),
            pollfd(fd: STDOUT_FILENO, events: 0, revents: 0),
            pollfd(fd: armed ? timer : -1, events: Int16(POLLIN), revents: 0),
        ]
        let seconds = due.flatMap { $0.seconds.isFinite ? max(0, min($0.seconds, 86_400)) : nil }
        let fallback = armed ? nil : seconds.map { MonotonicInstant.now().seconds + $0 }
        while true {
            let left = fallback.map { Int32(max(0, (($0 - MonotonicInstant.now().seconds) * 1000).rounded(.up))) } ?? -1
            let ready = poll(&fds, nfds_t(fds.count), left)
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 { return .stopped }
            if fds[2].revents & Int16(POLLERR | POLLHUP) != 0 { return .outputClosed }
            if ready == 0 { return .timeout }
            if fds[3].revents != 0 {
                WallClockTimer.drain(timer)
                return .timeout
            }
            if readEvents() { return .changed }
        }
    }

    /// Reads every pending event; whether one was about a watched name, or a watched folder itself.
    private func readEvents() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: the folders may have been replaced too.
                    watchAgain(Array(watches.keys))
                    relevant = true
                } else if mask & UInt32(IN_IGNORED | IN_MOVE_SELF) != 0, watches[watch] != nil {
                    // The folder went away (removed: IN_IGNORED) or was moved elsewhere (IN_MOVE_SELF,
                    // whose watch would follow it): watch the folder at its path, made again if need be.
                    watchAgain([watch])
                    relevant = true
                } else if names.contains(String(decoding: nameBytes, as: UTF8.self)) {
                    relevant = true
                }
            }
        }
        return relevant
    }

    /// Stops the watches `stale` and watches their folders again by path. The `IN_IGNORED` that removing
    /// a watch brings later names a watch no longer known, and is passed over.
    private func watchAgain(_ stale: [Int32]) {
        for watch in stale {
            guard let folder = watches.removeValue(forKey: watch) else { continue }
            _ = inotify_rm_watch(descriptor, watch)
            try? self.watch(folder)
        }
    }
}

/// `timerfd_create` and `timerfd_settime`, which Swift's Glibc module does not export, looked up in the C
/// library once.
private enum WallClockTimer {
    private typealias Create = @convention(c) (Int32, Int32) -> Int32
    private typealias SetTime =
        @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) -> Int32

    private static let functions: (create: Create, setTime: SetTime)? = {
        guard let create = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "timerfd_create"),
            let setTime = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "timerfd_settime")
        else { return nil }
        return (unsafeBitCast(create, to: Create.self), unsafeBitCast(setTime, to: SetTime.self))
    }()

    /// TFD_CLOEXEC and TFD_NONBLOCK (the values of O_CLOEXEC and O_NONBLOCK); TFD_TIMER_ABSTIME and
    /// TFD_TIMER_CANCEL_ON_SET.
    private static let flags: Int32 = 0o2_000_000 | 0o4_000
    private static let absoluteCancelOnSet: Int32 = 1 | 2

    /// A timer on CLOCK_REALTIME, or -1.
    static func create() -> Int32 {
        functions?.create(CLOCK_REALTIME, flags) ?? -1
    }

    /// Arms `timer` for `moment` on the wall clock, or disarms it for `nil`; whether that worked.
    static func arm(_ timer: Int32, at moment: Timestamp?) -> Bool {
        guard let functions else { return false }
        var spec = itimerspec()
        if let moment, moment.secondsSince1970.isFinite {
            // An absolute time of 0 would disarm the timer: a moment already passed fires at once.
            let seconds = max(1, moment.secondsSince1970.clamped(to: 1...253_402_300_799))
            spec.it_value.tv_sec = Int(seconds.rounded(.down))
            spec.it_value.tv_nsec = Int((seconds - seconds.rounded(.down)) * 1e9)
        }
        return functions.setTime(timer, absoluteCancelOnSet, &spec, nil) == 0
    }

    /// Reads the expiry count (or the ECANCELED of a clock that was set) so that the timer is quiet again.
    static func drain(_ timer: Int32) {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, 8)
    }
}
