import Glibc

/// A place's time zone as the system's time-zone database describes it: the offset from UTC at any
/// moment, daylight-saving changes included. Read from a TZif file (RFC 8536) under `TZDIR` or
/// `/usr/share/zoneinfo`, as glibc reads it, with the POSIX TZ string at its end for the years after its
/// last listed change. Only `refresh` reads one: the changes a result needs are saved with it
/// (`PlaceClock`), so that `show` opens no file of the database.
package struct ZoneRules: Sendable, Equatable {
    /// The offsets in use, in seconds east of UTC.
    private var offsets: [Int]
    /// The listed changes: from `at` (seconds since 1970) on, `offsets[type]`.
    private var changes: [(at: Int64, type: Int)]
    /// The offset before the first listed change.
    private var initialOffset: Int
    /// The rule for the years after the last listed change.
    private var rule: PosixRule?

    package static func == (lhs: ZoneRules, rhs: ZoneRules) -> Bool {
        lhs.offsets == rhs.offsets && lhs.initialOffset == rhs.initialOffset && lhs.rule == rhs.rule
            && lhs.changes.elementsEqual(rhs.changes) { $0.at == $1.at && $0.type == $1.type }
    }

    /// A name of the database's form: words of letters, digits, `_`, `-` and `+` joined by `/`, never a
    /// path out of the database's folder.
    package static func isZoneName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard (1...64).contains(bytes.count) else { return false }
            var partStart = true
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    guard !partStart else { return false }
                    partStart = true
                    continue
                }
                if partStart, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") { return false }
                partStart = false
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                    UInt8(ascii: "."):
                    continue
                default: return false
                }
            }
            return !partStart
        }
    }

    /// The offset from UTC at `seconds` since 1970.
    package func offset(at seconds: Int64) -> Int {
        guard let first = changes.first, seconds >= first.at else { return initialOffset }
        if let rule, let last = changes.last, seconds >= last.at {
            return rule.offset(at: seconds)
        }
        var low = 0
        var high = changes.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if changes[middle].at <= seconds { low = middle } else { high = middle - 1 }
        }
        return offsets[changes[low].type]
    }

    /// The moments in `range` (seconds since 1970) at which the offset changes, each with the offset from
    /// then on, in order.
    package func changes(in range: ClosedRange<Int64>) -> [(at: Int64, offset: Int)] {
        var moments = changes.map(\.at).filter { range.contains($0) }
        if let rule {
            let firstYear = CivilTime(secondsSince1970: range.lowerBound, utcOffset: 0).year - 1
            let lastYear = CivilTime(secondsSince1970: range.upperBound, utcOffset: 0).year + 1
            for year in firstYear...lastYear {
                for moment in rule.changes(in: year) where range.contains(moment) {
                    if let last = changes.last, moment <= last.at { continue }
                    moments.append(moment)
                }
            }
        }
        var result: [(at: Int64, offset: Int)] = []
        var previous = offset(at: range.lowerBound)
        for moment in moments.sorted() {
            let next = offset(at: moment)
            if next != previous { result.append((moment, next)) }
            previous = next
        }
        return result
    }

    // MARK: Reading TZif

    /// Reads a TZif file of version 1 (32-bit times) or 2 and later (64-bit times and a footer).
    package init?(tzif bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard let header = reader.header() else { return nil }
        var counts = header.counts
        var timeSize = 4
        if header.version >= UInt8(ascii: "2") {
            // Skip the 32-bit data to the 64-bit header and data.
            guard reader.skip(counts.dataSize(timeSize: 4)), let second = reader.header() else { return nil }
            counts = second.counts
            timeSize = 8
        }
        guard counts.types >= 1, counts.types <= 256, counts.times <= 4000, counts.characters <= 4096 else {
            return nil
        }
        var moments: [Int64] = []
        for _ in 0..<counts.times {
            guard let moment = reader.signed(size: timeSize) else { return nil }
            moments.append(moment)
        }
        var types: [Int] = []
        for _ in 0..<counts.times {
            guard let type = reader.byte(), Int(type) < counts.types else { return nil }
            types.append(Int(type))
        }
        var offsets: [Int] = []
        for _ in 0..<counts.types {
            guard let offset = reader.signed(size: 4), abs(offset) <= 26 * 3600, reader.skip(2) else { return nil }
            offsets.append(Int(offset))
        }
        guard zip(moments, moments.dropFirst()).allSatisfy({ $0 < $1 }),
            reader.skip(counts.dataSize(timeSize: timeSize) - counts.times * (timeSize + 1) - counts.types * 6)
        else { return nil }
        self.offsets = offsets
        self.changes = zip(moments, types).map { ($0, $1) }
        self.initialOffset = offsets[0]
        self.rule = nil
        if timeSize == 8, reader.byte() == UInt8(ascii: "\n"), let footer = reader.line() {
            self.rule = PosixRule(footer)
        }
        if changes.isEmpty, let rule {
            // A zone with no listed change at all: the footer says everything.
            self.initialOffset = rule.standardOffset
            self.changes = [(Int64.min, 0)]
            self.offsets = [rule.standardOffset]
        }
    }

    private struct Counts {
        var utcIndicators = 0, standardIndicators = 0, leaps = 0, times = 0, types = 0, characters = 0

        package func dataSize(timeSize: Int) -> Int {
            times * timeSize + times + types * 6 + characters + leaps * (timeSize + 4) + standardIndicators
                + utcIndicators
        }
    }

    private struct ByteReader {
        let bytes: [UInt8]
        var index = 0

        package init(_ bytes: [UInt8]) { self.bytes = bytes }

        package mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            index += 1
            return bytes[index - 1]
        }

        package mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= bytes.count - index else { return false }
            index += count
            return true
        }

        package mutating func signed(size: Int) -> Int64? {
            guard size <= bytes.count - index else { return nil }
            var value: UInt64 = 0
            for _ in 0..<size {
                value = value << 8 | UInt64(bytes[index])
                index += 1
            }
            if size == 4 { return Int64(Int32(bitPattern: UInt32(value))) }
            return Int64(bitPattern: value)
        }

        package mutating func header() -> (version: UInt8, counts: Counts)? {
            guard bytes.count - index >= 44, bytes[index..<index + 4].elementsEqual("TZif".utf8) else { return nil }
            let version = bytes[index + 4]
            index += 20
            var numbers: [Int] = []
            for _ in 0..<6 {
                guard let number = signed(size: 4), (0...100_000).contains(number) else { return nil }
                numbers.append(Int(number))
            }
            return (
                version,
                Counts(
                    utcIndicators: numbers[0], standardIndicators: numbers[1], leaps: numbers[2], times: numbers[3],
                    types: numbers[4], characters: numbers[5])
            )
        }

        /// The text up to the next newline, which must come.
        package mutating func line() -> String? {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")), end - index <= 128 else { return nil }
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
    }
}

/// The rule of a POSIX TZ string such as `CET-1CEST,M3.5.0,M10.5.0/3` (RFC 8536, 3.3): a standard
/// offset, and a daylight-saving offset with the days it starts and ends. Only the `Mm.w.d` form of the
/// days, the one the database writes, is read; a string in another form is not used.
package struct PosixRule: Sendable, Equatable {
    /// Seconds east of UTC.
    package var standardOffset: Int
    package var daylight: Daylight?

    package struct Daylight: Sendable, Equatable {
        var offset: Int
        var start: Day
        var end: Day
    }

    /// `Mm.w.d/time`: weekday `d` (0 Sunday) of week `w` (5 the last) of month `m`, at `time` seconds
    /// after local midnight (from -167 to 167 hours).
    package struct Day: Sendable, Equatable {
        var month, week, weekday, time: Int

        /// The moment in `year` on a local clock at `offset`, in seconds since 1970.
        package func moment(in year: Int, offset: Int) -> Int64 {
            let first = CivilTime.daysSince1970(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = ((first + 4) % 7 + 7) % 7
            var day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            while day > CivilTime.daysIn(month: month, year: year) { day -= 7 }
            let local = Int64(first + day - 1) * 86_400 + Int64(time)
            return local - Int64(offset)
        }
    }

    package init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        guard !scanner.atEnd else { return }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.at(UInt8(ascii: ",")) {
            guard let value = scanner.offset() else { return nil }
            daylightOffset = -value
        }
        guard scanner.skip(UInt8(ascii: ",")), let start = scanner.day(), scanner.skip(UInt8(ascii: ",")),
            let end = scanner.day(), scanner.atEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    /// The offset at `seconds` since 1970.
    package func offset(at seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = CivilTime(secondsSince1970: seconds, utcOffset: standardOffset).year
        let start = daylight.start.moment(in: year, offset: standardOffset)
        let end = daylight.end.moment(in: year, offset: daylight.offset)
        let inDaylight = start < end ? (start <= seconds && seconds < end) : (seconds < end || seconds >= start)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// The moments of `year` at which the offset changes.
    package func changes(in year: Int) -> [Int64] {
        guard let daylight else { return [] }
        return [
            daylight.start.moment(in: year, offset: standardOffset),
            daylight.end.moment(in: year, offset: daylight.offset),
        ]
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        package init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        package func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        package mutating func skip(_ byte: UInt8) -> Bool {
            guard at(byte) else { return false }
            index += 1
            return true
        }

        /// `CET` or `<-03>`.
        package mutating func name() -> Bool {
            if skip(UInt8(ascii: "<")) {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                return skip(UInt8(ascii: ">"))
            }
            let start = index
            while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index] | 0x20) {
                index += 1
            }
            return index - start >= 3
        }

        package mutating func number(maximum: Int) -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, index - start < 3, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return index > start && value <= maximum ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, as written (west of UTC positive).
        package mutating func offset(maximumHours: Int = 24) -> Int? {
            let sign = skip(UInt8(ascii: "-")) ? -1 : (skip(UInt8(ascii: "+")) ? 1 : 1)
            guard let hours = number(maximum: maximumHours) else { return nil }
            var seconds = hours * 3600
            if skip(UInt8(ascii: ":")) {
                guard let minutes = number(maximum: 59) else { return nil }
                seconds += minutes * 60
                if skip(UInt8(ascii: ":")) {
                    guard let rest = number(maximum: 59) else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        /// `Mm.w.d[/time]`; time 02:00 when not given.
        package mutating func day() -> Day? {
            guard skip(UInt8(ascii: "M")), let month = number(maximum: 12), month >= 1, skip(UInt8(ascii: ".")),
                let week = number(maximum: 5), week >= 1, skip(UInt8(ascii: ".")), let weekday = number(maximum: 6)
            else { return nil }
            var time = 7200
            if skip(UInt8(ascii: "/")) {
                guard let value = offset(maximumHours: 167) else { return nil }
                time = value
            }
            return Day(month: month, week: week, weekday: weekday, time: time)
        }
    }
}
