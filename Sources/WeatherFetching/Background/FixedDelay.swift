import Glibc
import WeatherModel
import WeatherSystem

/// Each user's own delay after the schedule's clock times, the same at every run: what systemd adds to
/// the timer with `RandomizedDelaySec=` and `FixedRandomDelay=true`, worked out as systemd does (SipHash-2-4
/// of the machine id, whether the manager is the system's, the user id and the unit's name, modulo the
/// spread), so that the crontab line without systemd spreads users the same way, and a status bar knows
/// when this user's next run is due.
package struct FixedDelay: Sendable, Equatable {
    /// `/etc/machine-id`, as 16 bytes; zeros when it cannot be read (as systemd proceeds).
    package var machineID: [UInt8]
    package var uid: UInt32

    package init(machineID: [UInt8], uid: UInt32) {
        self.machineID = machineID
        self.uid = uid
    }

    /// This machine's and this user's.
    package static func current() -> FixedDelay {
        FixedDelay(machineID: machineID(), uid: getuid())
    }

    /// The delay in seconds, within `spread` seconds, of the timer unit `unit` of a user manager.
    package func seconds(within spread: Double, unit: String = RefreshUnits.timerName) -> Double {
        let microseconds = UInt64(max(0, spread) * 1_000_000)
        guard microseconds > 0 else { return 0 }
        var message = machineID
        message.append(0)  // a user manager, not the system's
        withUnsafeBytes(of: uid.littleEndian) { message += $0 }
        message += unit.utf8
        return Double(Self.sipHash24(message, key: Self.systemdKey) % microseconds) / 1_000_000
    }

    /// The key systemd's `timer_get_fixed_delay_hash` hashes with.
    static let systemdKey: [UInt8] = [
        0x51, 0x0a, 0xdb, 0x76, 0x29, 0x51, 0x42, 0xc2, 0x80, 0x35, 0xea, 0xe6, 0x8e, 0x3a, 0x37, 0xbd,
    ]

    /// `/etc/machine-id`'s 32 hexadecimal digits as 16 bytes; zeros when it cannot be read.
    package static func machineID(path: String = "/etc/machine-id") -> [UInt8] {
        let zeros = [UInt8](repeating: 0, count: 16)
        guard let text = try? FileIO.read(path, limit: 4096) else { return zeros }
        let digits = text.prefix(32).compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard digits.count == 32 else { return zeros }
        return (0..<16).map { digits[2 * $0] << 4 | digits[2 * $0 + 1] }
    }

    /// SipHash-2-4 (Aumasson and Bernstein) of `message` with a 16-byte `key`.
    static func sipHash24(_ message: [UInt8], key: [UInt8]) -> UInt64 {
        func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
            bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        let k0 = word(key[0..<8])
        let k1 = word(key[8..<16])
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ k0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ k1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ k0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1
        func round() {
            v0 &+= v1
            v1 = v1.rotatedLeft(13) ^ v0
            v0 = v0.rotatedLeft(32)
            v2 &+= v3
            v3 = v3.rotatedLeft(16) ^ v2
            v0 &+= v3
            v3 = v3.rotatedLeft(21) ^ v0
            v2 &+= v1
            v1 = v1.rotatedLeft(17) ^ v2
            v2 = v2.rotatedLeft(32)
        }
        let whole = message.count / 8 * 8
        for start in stride(from: 0, to: whole, by: 8) {
            let m = word(message[start..<start + 8])
            v3 ^= m
            round()
            round()
            v0 ^= m
        }
        let last = UInt64(message.count & 0xff) << 56 | word(message[whole...])
        v3 ^= last
        round()
        round()
        v0 ^= last
        v2 ^= 0xff
        for _ in 0..<4 { round() }
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        self << count | self >> (64 - count)
    }
}
