package import WeatherModel

/// The system's time-zone database, read by `refresh` (`show` reads none: a result carries its clock):
/// the folder of its TZif files.
package struct ZoneDatabase: Sendable, Equatable {
    /// The folder, or the environment that names it, asked only when a zone is read.
    private let source: Source

    private enum Source: Sendable, Equatable {
        case folder(String)
        case environment(Environment)
    }

    /// The database in `folder`, such as `/usr/share/zoneinfo`.
    package init(folder: String) {
        source = .folder(folder)
    }

    /// The system's database, where glibc looks without `TZDIR`.
    package static let system = ZoneDatabase(folder: "/usr/share/zoneinfo")

    /// Where glibc looks in `environment`: `TZDIR` when it names a folder by its full path, else the
    /// system's database. Read when a zone is, so that a run that reads none (`show`) reads no variable.
    package init(environment: Environment) {
        source = .environment(environment)
    }

    /// The folder of the files.
    package var folder: String {
        switch source {
        case .folder(let folder): return folder
        case .environment(let environment):
            return environment.nonEmpty("TZDIR").flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Self.system.folder
        }
    }
}

extension ZoneRules {
    /// The rules of the zone `name` (an IANA name such as `Europe/Berlin`, as Open-Meteo's `timezone`
    /// gives it), read from `zones`; `nil` for a name that is not one, a zone the database lacks, or a
    /// file that is not a TZif file.
    package init?(named name: String, in zones: ZoneDatabase) {
        guard Self.isZoneName(name), let bytes = try? FileIO.read(zones.folder + "/" + name, limit: 1 << 16),
            let rules = ZoneRules(tzif: bytes)
        else { return nil }
        self = rules
    }
}

extension PlaceClock {
    /// The clock of the zone `zoneName` from `start` to `end`, read from `zones`; only the offset
    /// `utcOffset` where the database lacks the zone.
    package init(utcOffset: Int, zoneName: String?, from start: Timestamp, to end: Timestamp, zones: ZoneDatabase) {
        self.init(utcOffset: utcOffset, zoneName: zoneName)
        guard let zoneName, let rules = ZoneRules(named: zoneName, in: zones) else { return }
        let first = Int64(start.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        let last = Int64(end.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        guard first <= last else { return }
        offsets = [Int(first), rules.offset(at: first)]
        for change in rules.changes(in: first...last).prefix(Self.maximumOffsets - 1) {
            offsets += [Int(change.at), change.offset]
        }
    }
}
