import WeatherFetching
package import WeatherModel
import WeatherSources
package import WeatherSystem

/// The warnings a desktop notification was sent for, each with the notification server's identifier of
/// it (`notified.txt` in the state folder): what makes a notification once per warning, replaced when the
/// warning is updated and withdrawn when it ends. Written by the run that notifies, under the fetch lock;
/// read only by a run that may notify, never by `weather show` in a pipe.
///
/// The file is a header and a line per warning, fields separated by tabs: `warning`, the notification's
/// identifier, the server that gave it (`NotificationServerIdentity`; `-` when unknown), when it was sent
/// (seconds since 1970), the fingerprint of what it said (`Fingerprint`), the event and the warning's
/// identifier. Another program may have written it: a line that is not one of these, or from the future,
/// counts as none, and at most `mostEntries` are read. A file of the first format, whose lines name no
/// server, is read with every server unknown: its identifiers may be another program's by now, and are
/// never acted on (`ShownNotification`).
package struct NotifiedWarnings: Sendable, Equatable {
    /// One warning told of.
    package struct Entry: Sendable, Equatable {
        /// The service's identifier of the warning (`WeatherAlert.id`).
        package var warningID: String
        /// The server's identifier of the notification, which replaces and closes it.
        package var notificationID: UInt32
        /// The server that gave the identifier, in its session; `nil` when not known (a line of the first
        /// format): then no run closes or replaces it.
        package var server: NotificationServerIdentity?
        /// When it was sent.
        package var at: Timestamp
        /// What it said (`Fingerprint`): a warning whose fingerprint changes is told of again, in place.
        package var fingerprint: UInt64
        /// The warning's event, by which an update under a new identifier finds it.
        package var event: String

        /// The notification, as a request to close or replace it names it.
        package var shown: ShownNotification {
            ShownNotification(id: notificationID, server: server)
        }
    }

    /// The warnings told of, in the order they were.
    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The first line of the file, with its format's version.
    static let header = "weather notified 2"
    /// The first line of the first format, whose lines name no server.
    static let firstHeader = "weather notified 1"
    /// The most warnings kept: as many as the warnings file keeps (`SavedAlerts.mostAlerts`).
    package static let mostEntries = SavedAlerts.mostAlerts
    /// The largest file read: `mostEntries` lines of the longest fields fit in it.
    static let maximumFileBytes = 65_536

    /// The file's contents.
    package var fileContents: [UInt8] {
        var text = Self.header + "\n"
        for entry in entries.prefix(Self.mostEntries) {
            let fields = [
                "warning", String(entry.notificationID), entry.server?.text ?? "-", Self.seconds(entry.at),
                Fingerprint.hex(entry.fingerprint), Self.field(entry.event), Self.field(entry.warningID),
            ]
            text += fields.joinedText("\t") + "\n"
        }
        return Array(text.utf8)
    }

    /// The entries of a file's `bytes` as of `now`: a file without the header counts as empty; a line that
    /// is not an entry, an entry sent after `now` (give or take `Timestamp.futureTolerance`) or one whose
    /// warning came before is left out; at most `mostEntries`.
    package init(fileContents bytes: [UInt8], now: Timestamp) {
        self.init()
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first else { return }
        let namesServers = first.elementsEqual(Self.header.utf8)
        guard namesServers || first.elementsEqual(Self.firstHeader.utf8) else { return }
        for line in lines.dropFirst() where entries.count < Self.mostEntries {
            guard let entry = Self.entry(line, namingServer: namesServers), entry.at - now <= Timestamp.futureTolerance,
                !entries.contains(where: { $0.warningID == entry.warningID })
            else { continue }
            entries.append(entry)
        }
    }

    /// The entry on one line, or `nil` when the line is not one; `namingServer`: a line of the current
    /// format, else of the first, which names no server.
    private static func entry(_ line: ArraySlice<UInt8>, namingServer: Bool) -> Entry? {
        var fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        var server: NotificationServerIdentity?
        if namingServer {
            guard fields.count == 7 else { return nil }
            let named = fields.remove(at: 2)
            if !named.elementsEqual("-".utf8) {
                guard let identity = NotificationServerIdentity(text: named) else { return nil }
                server = identity
            }
        }
        guard fields.count == 6, fields[0].elementsEqual("warning".utf8),
            let notificationID = fields[1].decimalField.flatMap(UInt32.init(exactly:)), notificationID > 0,
            let seconds = fields[2].decimalField, let fingerprint = hexadecimal(fields[3]),
            let event = text(fields[4], maximumLength: WeatherAlert.longestEvent),
            let warningID = text(fields[5], maximumLength: WeatherAlert.longestID),
            let at = Timestamp(checkingSecondsSince1970: Double(seconds))
        else { return nil }
        return Entry(
            warningID: warningID, notificationID: notificationID, server: server, at: at, fingerprint: fingerprint,
            event: event)
    }

    /// Whole seconds since 1970, as the file keeps a moment.
    static func seconds(_ moment: Timestamp) -> String {
        String(Int64(moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down)))
    }

    /// A text as a field: without tabs and line breaks (a service's texts have none already).
    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return text.oneLine(maximumLength: .max) ?? ""
    }

    /// A field of 16 lower-case hexadecimal digits (`Fingerprint.hex`), as a number.
    private static func hexadecimal(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard field.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in field {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    /// A field as printable text of at most `maximumLength` characters, not empty; `nil` otherwise.
    private static func text(_ field: ArraySlice<UInt8>, maximumLength: Int) -> String? {
        guard !field.isEmpty, field.count <= maximumLength * 4 else { return nil }
        let text = String(decoding: field, as: UTF8.self)
        guard text.unicodeScalars.count <= maximumLength else { return nil }
        return text.printable
    }
}

/// What a warning's notification says, as a number that changes when any of it does: its event,
/// severity, headline, instruction and times. FNV-1a over those fields, the same in every run (Swift's
/// `Hasher` is seeded anew in each process), so that a warning told of is told again only when it changed;
/// not over the notification's words, which change with the language and the day its times are read on.
package enum Fingerprint {
    package static func of(_ alert: WeatherAlert) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            // A separator no text holds, so that moving a character between fields changes the hash.
            hash ^= 0xFF
            hash = hash &* 0x100_0000_01b3
        }
        add(alert.event)
        add(alert.severity.name)
        add(alert.headline ?? "")
        add(alert.instruction ?? "")
        for moment in [alert.onset, alert.expires, alert.ends] { add(moment.map(NotifiedWarnings.seconds) ?? "") }
        return hash
    }

    /// 16 lower-case hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.utf8.count) + digits
    }
}

/// The warnings told of (`notified.txt`), kept by the notifications that tell them.
extension WeatherStore {
    /// The warnings told of by desktop notifications, as of `now`; a damaged or missing file counts as
    /// none told (`NotifiedWarnings` says what is left out).
    func loadNotified(now: Timestamp) -> NotifiedWarnings {
        guard let bytes = (try? read(paths.notifiedFile, limit: NotifiedWarnings.maximumFileBytes)) ?? nil else {
            return NotifiedWarnings()
        }
        return NotifiedWarnings(fileContents: bytes, now: now)
    }

    /// Saves the warnings told of (under the fetch lock).
    func saveNotified(_ notified: NotifiedWarnings) throws(StoreError) {
        try write(notified.fileContents, to: paths.notifiedFile, lineFeed: false)
    }
}
