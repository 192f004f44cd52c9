import Glibc
package import WeatherModel

// The system's time-zone database, read by `refresh` (`show` reads none: a result carries its clock).

extension ZoneRules {
    /// The rules of the zone `name` (an IANA name such as `Europe/Berlin`, as Open-Meteo's `timezone`
    /// gives it), read from `folder`; `nil` for a name that is not one, a zone the database lacks, or a
    /// file that is not a TZif file.
    package init?(named name: String, in folder: String = ZoneRules.folder) {
        guard Self.isZoneName(name), let bytes = try? FileIO.read(folder + "/" + name, limit: 1 << 16),
            let rules = ZoneRules(tzif: bytes)
        else { return nil }
        self = rules
    }

    /// Where glibc looks: `TZDIR` when it names a folder by its full path, else the system's database.
    package static var folder: String {
        if let value = getenv("TZDIR"), value.pointee == UInt8(ascii: "/") { return String(cString: value) }
        return "/usr/share/zoneinfo"
    }
}

extension PlaceClock {
    /// The clock of the zone `zoneName` from `start` to `end`, read from the system's database; only the
    /// offset `utcOffset` where the database lacks the zone.
    package init(utcOffset: Int, zoneName: String?, from start: Timestamp, to end: Timestamp) {
        self.init(utcOffset: utcOffset, zoneName: zoneName)
        guard let zoneName, let rules = ZoneRules(named: zoneName) else { return }
        let first = Int64(start.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        let last = Int64(end.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        guard first <= last else { return }
        offsets = [Int(first), rules.offset(at: first)]
        for change in rules.changes(in: first...last).prefix(Self.maximumOffsets - 1) {
            offsets += [Int(change.at), change.offset]
        }
    }
}
