/// A notification server as the session bus knows it in one session: the bus's own identifier
/// (`org.freedesktop.DBus.GetId`, new each time a bus starts, so a new login's or a restarted bus's) and the
/// server's unique name on it (`:1.42`, never given twice on one bus, so a restarted server's is another).
/// A notification's identifier means something only to the server that gave it: another server, or the
/// same program after a restart or a new login, numbers other notifications, another program's among
/// them, with the same numbers.
package struct NotificationServerIdentity: Sendable, Equatable {
    /// 32 lower-case hexadecimal digits.
    package let busID: String
    /// `:` and the bus's numbering, as `GetNameOwner` and a reply's sender name it.
    package let uniqueName: String

    /// The identity of `uniqueName` on the bus `busID`; `nil` when either is not what a bus sends.
    package init?(busID: String, uniqueName: String) {
        guard Self.isBusID(busID.utf8), Self.isUniqueName(uniqueName.utf8) else { return nil }
        self.busID = busID
        self.uniqueName = uniqueName
    }

    /// The identity as `text` writes it (`notified.txt`); `nil` when the bytes are not one.
    package init?(text bytes: some Collection<UInt8>) {
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let busID = bytes[..<slash]
        let uniqueName = bytes[bytes.index(after: slash)...]
        guard Self.isBusID(busID), Self.isUniqueName(uniqueName) else { return nil }
        self.busID = String(decoding: busID, as: UTF8.self)
        self.uniqueName = String(decoding: uniqueName, as: UTF8.self)
    }

    /// `busID/uniqueName`: no blank, tab or line break, as a field of `notified.txt` must be.
    package var text: String { busID + "/" + uniqueName }

    private static func isBusID(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.count == 32
            && bytes.allSatisfy { (0x30...0x39).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// A unique connection name as the D-Bus specification allows it: `:`, then letters, digits, `_`, `-`
    /// and `.`, at most 255 bytes.
    private static func isUniqueName(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: ":"), (2...255).contains(bytes.count) else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                true
            default: false
            }
        }
    }
}

/// A notification a server showed: its identifier, and the server that gave it. A run closes or replaces
/// it only on that server, in that session (`DesktopNotifier`): a planted or stale identifier, or one from
/// before weather kept the server (`server` `nil`), is never acted on, so that weather closes and replaces
/// only its own notifications.
package struct ShownNotification: Sendable, Equatable {
    /// The server's identifier of it.
    package var id: UInt32
    /// The server that gave `id`; `nil` when not known.
    package var server: NotificationServerIdentity?

    package init(id: UInt32, server: NotificationServerIdentity?) {
        self.id = id
        self.server = server
    }

    /// Whether it may be closed or replaced on `current`, the server now on the bus: it came from that
    /// server, in this session.
    package func isOwn(on current: NotificationServerIdentity?) -> Bool {
        server != nil && server == current
    }
}
