/// How a place's clock reads across the span of one result: its offset from UTC at the observation, and
/// the daylight-saving changes of its time zone from the day before the observation to the last day of
/// the forecast, as the system's time-zone database gives them (`ZoneRules`). Open-Meteo writes every
/// time of a response with one offset, today's; with these changes an hour or a sunrise after a switch
/// reads right. Worked out by `refresh` and saved with the result, so that `show` reads no database.
package struct PlaceClock: Sendable, Equatable {
    /// The offset at the observation, in seconds east of UTC (the service's `utc_offset_seconds`).
    package var utcOffset: Int
    /// The IANA name of the place's zone, as the service gave it.
    package var zoneName: String?
    /// The offsets from the start of the span on, in pairs: from `offsets[2k]` (seconds since 1970) on,
    /// `offsets[2k + 1]` (seconds east of UTC). Empty when the zone is not in the system's database: then
    /// `utcOffset` holds at every moment. Whole numbers in one array: as an array of pairs, setting up
    /// its type cost `show` 14,000 instructions.
    package var offsets: [Int]

    /// The UTC offsets places have (-12 h to +14 h), with room to spare.
    package static let utcOffsets = -18 * 3600...18 * 3600

    /// The most offsets a span holds: zones change twice a year, a few have changed more often.
    package static let maximumOffsets = 16

    package init(utcOffset: Int, zoneName: String? = nil, offsets: [Int] = []) {
        self.utcOffset = utcOffset
        self.zoneName = zoneName
        self.offsets = offsets
    }

    /// Whether the offsets come from the system's time-zone database, rather than the one offset.
    package var followsZoneRules: Bool { !offsets.isEmpty }

    /// The offset at `moment`, in seconds east of UTC.
    package func offset(at moment: Timestamp) -> Int {
        guard offsets.count >= 2 else { return utcOffset }
        var current = offsets[1]
        for index in stride(from: 2, to: offsets.count - 1, by: 2)
        where Double(offsets[index]) <= moment.secondsSince1970 {
            current = offsets[index + 1]
        }
        return current
    }

    /// `moment` on the place's calendar and clock.
    package func civilTime(_ moment: Timestamp) -> CivilTime {
        let seconds = Int64(moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down))
        return CivilTime(secondsSince1970: seconds, utcOffset: offset(at: moment))
    }

    /// The calendar day of `moment` at the place, as days since 1970-01-01.
    package func day(of moment: Timestamp) -> Int {
        moment.day(utcOffset: offset(at: moment))
    }

    // MARK: Saving

    /// The offsets as the files keep them: `at offset` pairs, `,` between them, read byte by byte as the
    /// outlook is (`show` reads them at every start; as a JSON array they cost it 4% more).
    package var packedOffsets: String {
        stride(from: 0, to: offsets.count - 1, by: 2).map { "\(offsets[$0]) \(offsets[$0 + 1])" }
            .joined(separator: ",")
    }

    /// Reads `packedOffsets`; none when they are not pairs of a moment and a plausible offset in order,
    /// at most `maximumOffsets` of them (a file not written by weather: the one offset then holds).
    package static func offsets(packed text: String) -> [Int] {
        var text = text
        return text.withUTF8 { bytes -> [Int] in
            var offsets: [Int] = []
            var index = 0
            func number() -> Int64? {
                let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
                if negative { index += 1 }
                let start = index
                var value: Int64 = 0
                while index < bytes.count, index - start < 15, (48...57).contains(bytes[index]) {
                    value = value * 10 + Int64(bytes[index] - 48)
                    index += 1
                }
                return index > start ? (negative ? -value : value) : nil
            }
            while index < bytes.count {
                if !offsets.isEmpty {
                    guard bytes[index] == UInt8(ascii: ","), offsets.count < 2 * maximumOffsets else { return [] }
                    index += 1
                }
                guard let at = number(), Timestamp.validRange.contains(Double(at)), index < bytes.count,
                    bytes[index] == 0x20
                else { return [] }
                index += 1
                guard let offset = number(), Self.utcOffsets.contains(Int(offset)),
                    offsets.count < 2 || offsets[offsets.count - 2] < at
                else { return [] }
                offsets += [Int(at), Int(offset)]
            }
            return offsets
        }
    }
}
