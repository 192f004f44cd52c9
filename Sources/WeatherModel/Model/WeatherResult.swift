/// The last fetched weather: what `weather show` prints and the background fetch keeps up to date.
public struct WeatherResult: Sendable, Equatable {
    /// The place the values are for.
    package var location: Location
    /// The service the values came from; a file without one is Open-Meteo's, the only one there was.
    package var provider: ProviderID = .openMeteo
    /// The values a user sees.
    package var conditions: CurrentConditions
    /// The moment the values describe (Open-Meteo's `current.time`, in UTC).
    package var observedAt: Timestamp
    /// The place's clock: its offset from UTC, and its zone's daylight-saving changes over the forecast.
    package var clock: PlaceClock
    /// The place's offset from UTC at the observation, in seconds.
    package var utcOffsetSeconds: Int {
        get { clock.utcOffset }
        set { clock.utcOffset = newValue }
    }
    /// How often the service makes new values, in seconds (Open-Meteo's `current.interval`, 900).
    package var interval: Double?
    /// Today's sunrise and sunset at the place; none in a polar day or night.
    package var sunrise: Timestamp?
    package var sunset: Timestamp?
    /// What a status bar's tooltip shows of the forecast (`Forecast.outlook(after:)`), as the file keeps
    /// it (`Forecast.packed`), read only when asked for: `show` reads one day of it, `--waybar` all of it.
    /// The whole forecast is in a file of its own, which `show` does not read.
    package var packedOutlook: String
    /// Precipitation over the two hours after the fetch, for "rain in 20 min" (`Nowcast`); none from a
    /// service or a file without it.
    package var nowcast: Nowcast?
    /// When the result was fetched or last revalidated.
    package var updatedAt: Timestamp
    /// How many values of the response were implausible and left out as gaps (`ForecastResponse.implausible`).
    package var implausibleValues = 0
    /// How many values the result lacks, implausible or not sent (`null`, a variable the model lacks):
    /// a response that lacks more, for the same observation, never replaces it. `nil` in a file written
    /// before weather counted them.
    package var gaps: Int?
    /// The response's caching headers, for conditional requests and freshness.
    package var cachingHeaders: CachingHeaders
    /// When the result turns stale by the server's word or the data's own clock (`Freshness.natural`),
    /// worked out when the result was made and stored with it, so that `weather show` parses no date.
    package var naturalStaleAt: Freshness.Moment
    /// When this result's replacement is overdue, a moment the fetching layer works out when it stores the
    /// result (from its schedule, which the model does not know): a status bar marks the result stale only
    /// then. `nil` when no replacement is scheduled (a place looked up once, `weather schedule never`): the
    /// data's own clock decides.
    package var overdueAt: Timestamp?

    /// A result of these values; its `naturalStaleAt` is worked out from them unless given.
    package init(
        location: Location, conditions: CurrentConditions, observedAt: Timestamp, utcOffsetSeconds: Int = 0,
        clock: PlaceClock? = nil, interval: Double? = nil, sunrise: Timestamp? = nil, sunset: Timestamp? = nil,
        outlook: Forecast = Forecast(),
        updatedAt: Timestamp,
        cachingHeaders: CachingHeaders = CachingHeaders(),
        naturalStaleAt: Freshness.Moment? = nil
    ) {
        self.location = location
        self.conditions = conditions
        self.observedAt = observedAt
        self.clock = clock ?? PlaceClock(utcOffset: utcOffsetSeconds)
        self.interval = interval
        self.sunrise = sunrise
        self.sunset = sunset
        self.packedOutlook = outlook.isEmpty ? "" : outlook.packed
        self.updatedAt = updatedAt
        self.cachingHeaders = cachingHeaders
        self.naturalStaleAt = Freshness.Moment(moment: updatedAt, source: .data)
        self.naturalStaleAt = naturalStaleAt ?? Freshness.natural(for: self)
    }

    /// The outlook; none when there is none, or when what the file holds cannot be read (it is then only
    /// left out: the current values stand).
    package var outlook: Forecast {
        get { packedOutlook.isEmpty ? Forecast() : Forecast(packed: packedOutlook) ?? Forecast() }
        set { packedOutlook = newValue.isEmpty ? "" : newValue.packed }
    }

    /// The forecast of the place's day at `moment` (today, for now), with its high, low, chance of precipitation
    /// and sun, when the outlook has it: a result fetched on an earlier day never calls its own day today.
    package func day(at moment: Timestamp) -> DayForecast? {
        guard !packedOutlook.isEmpty else { return nil }
        return Forecast.day(clock.day(of: moment), inPacked: packedOutlook)
    }

    /// The next moment after `moment` at which what is shown of the outlook changes by the clock alone:
    /// the end of the first hour still shown, or the place's next midnight, when today's entry changes.
    package func nextOutlookChange(after moment: Timestamp) -> Timestamp? {
        guard !packedOutlook.isEmpty else { return nil }
        var next = Timestamp(secondsSince1970: Double(clock.day(of: moment) + 1) * 86_400)
        next = next - Double(clock.offset(at: next))
        Forecast.forEach(
            inPacked: packedOutlook,
            hour: { hour in
                let end = hour.time + 3600
                if end > moment, end < next { next = end }
            }, day: { _ in })
        return next
    }

    /// Sunrise and sunset of the place's day at `moment`: the result's own when it was observed that day,
    /// else `day`'s (from `day(at:)`); none when neither is known.
    package func sun(at moment: Timestamp, day: DayForecast?) -> (sunrise: Timestamp?, sunset: Timestamp?) {
        if clock.day(of: observedAt) == clock.day(of: moment) { return (sunrise, sunset) }
        return (day?.risingTime, day?.settingTime)
    }

    /// Whether `other` shows anything else than this result: other current values or another outlook.
    /// Only then is a fetch new data (`newData`, `WeatherUpdated`); a change further ahead in the forecast
    /// alone is saved, and shown by `weather forecast`, without one.
    package func showsTheSame(as other: WeatherResult) -> Bool {
        conditions == other.conditions && packedOutlook == other.packedOutlook && sunrise == other.sunrise
            && sunset == other.sunset && nowcast == other.nowcast
    }

    /// Whether this result, just fetched, would replace `stored` with something worse: an observation
    /// older than the one saved (a server behind the others), or the same observation lacking more values
    /// (by `gaps`, or by the implausible values alone when `stored` was saved without a count).
    package func isWorse(than stored: WeatherResult) -> Bool {
        if observedAt < stored.observedAt { return true }
        guard observedAt == stored.observedAt else { return false }
        if let gaps, let storedGaps = stored.gaps { return gaps > storedGaps }
        return implausibleValues > stored.implausibleValues
    }

    /// The result revalidated by a `304 Not Modified` at `moment`: its headers renewed (RFC 9111, 4.3.4),
    /// `updatedAt` now, its freshness worked out again.
    package func renewed(by headers: CachingHeaders, at moment: Timestamp) -> WeatherResult {
        var renewed = self
        renewed.cachingHeaders = cachingHeaders.renewed(by: headers)
        renewed.updatedAt = moment
        renewed.naturalStaleAt = Freshness.natural(for: renewed)
        return renewed
    }
}

extension WeatherResult {
    /// The version of the cache file's layout. Format 2 keeps times as seconds since 1970 and the
    /// precomputed `naturalStaleAt`; format 1 kept ISO 8601 times and worked freshness out from the
    /// stored headers at every read, and is still read (and then rewritten, see `WeatherFetcher`).
    package static let fileFormat: Int64 = 2

    /// The result as the cache file stores it.
    package var fileContents: [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("format", Int(Self.fileFormat))
            writer.field("provider", provider.rawValue)
            writer.object("location") { location.write(into: &$0) }
            writer.object("conditions") { conditions.write(into: &$0, words: false) }
            writer.field("observedAt", observedAt.secondsSince1970)
            writer.field("utcOffsetSeconds", utcOffsetSeconds)
            writer.field("zone", clock.zoneName)
            if clock.followsZoneRules { writer.field("offsets", clock.packedOffsets) }
            writer.field("interval", interval)
            writer.field("sunrise", sunrise?.secondsSince1970)
            writer.field("sunset", sunset?.secondsSince1970)
            if !packedOutlook.isEmpty { writer.field("outlook", packedOutlook) }
            if let nowcast { writer.field("nowcast", nowcast.packed) }
            writer.field("updatedAt", updatedAt.secondsSince1970)
            writer.field("staleAt", naturalStaleAt.moment.secondsSince1970)
            writer.field("staleAtSource", naturalStaleAt.source.rawValue)
            writer.field("overdueAt", overdueAt?.secondsSince1970)
            if implausibleValues > 0 { writer.field("implausible", implausibleValues) }
            writer.field("gaps", gaps)
            writer.object("http") { cachingHeaders.write(into: &$0) }
        }
        return writer.bytes
    }

    /// Reads what `fileContents` wrote, in this format or the one before; `isOutdated` says which.
    package init(reading reader: JSONReader) throws(JSONShapeError) {
        let format = try reader.int("format")
        guard format == 1 || format == Self.fileFormat else {
            throw .invalid(
                path: "format",
                reason: Message(
                    "is %1$d; this version of weather reads formats 1 and %2$d", String(format), String(Self.fileFormat)
                ))
        }
        let current = format == Self.fileFormat
        let updatedAt = current ? try reader.moment("updatedAt") : try reader.iso8601("updatedAt")
        self.init(
            location: try Location(reading: reader.field("location")),
            conditions: try CurrentConditions(reading: reader.field("conditions")),
            observedAt: current ? try reader.moment("observedAt") : try reader.iso8601("observedAt"),
            clock: PlaceClock(
                utcOffset: try reader.optionalInt("utcOffsetSeconds", within: PlaceClock.utcOffsets) ?? 0,
                zoneName: try reader.optionalString("zone").flatMap { ZoneRules.isZoneName($0) ? $0 : nil },
                offsets: PlaceClock.offsets(packed: try reader.optionalString("offsets") ?? "")),
            interval: try reader.optionalDouble("interval", within: Freshness.intervals),
            sunrise: try reader.optionalMoment("sunrise"),
            sunset: try reader.optionalMoment("sunset"),
            updatedAt: updatedAt,
            cachingHeaders: try reader.optionalField("http").map { reader throws(JSONShapeError) in
                try CachingHeaders(reading: reader)
            } ?? CachingHeaders(),
            naturalStaleAt: current ? try Freshness.Moment(reading: reader, updatedAt: updatedAt) : nil
        )
        if let name = try reader.optionalString("provider") {
            guard let provider = ProviderID(rawValue: name) else {
                throw .invalid(path: "provider", reason: Message("is not the name of a forecast service"))
            }
            self.provider = provider
        }
        // Never more than a day past the moment it stands in for (a file not written by weather).
        overdueAt = try reader.optionalMoment("overdueAt").map { min($0, naturalStaleAt.moment + 86_400) }
        implausibleValues = try reader.optionalInt("implausible", within: 0...100_000) ?? 0
        gaps = try reader.optionalInt("gaps", within: 0...100_000)
        // A series that cannot be read is left out: the result stands without it.
        if let packed = try? reader.optionalString("nowcast") { nowcast = Nowcast(packed: packed) }
        // At most the size of a whole packed forecast; read when asked for (see `outlook`).
        let outlook = try reader.optionalString("outlook") ?? ""
        packedOutlook = outlook.utf8.count <= 8192 ? outlook : ""
    }

    /// Whether the file in `reader` is in a format older than the one weather writes.
    package static func isOutdated(_ reader: JSONReader) -> Bool {
        (try? reader.int("format")) != Int(fileFormat)
    }
}

extension Freshness.Moment {
    /// Reads `staleAt` and `staleAtSource`; a moment more than `Freshness.longestLifetime` after
    /// `updatedAt` was not written by weather, and counts as already passed.
    package init(reading reader: JSONReader, updatedAt: Timestamp) throws(JSONShapeError) {
        let moment = try reader.moment("staleAt")
        let sourceField = try reader.field("staleAtSource")
        guard let source = Freshness.Source(rawValue: try sourceField.string()), source != .setting else {
            throw .invalid(path: sourceField.path, reason: Message("is not server or data"))
        }
        self.init(moment: moment - updatedAt > Freshness.longestLifetime ? updatedAt : moment, source: source)
    }
}

extension JSONReader {
    /// An ISO 8601 time with a zone, such as `2026-10-08T17:00:00Z` (the cache file's format 1).
    package func iso8601(_ key: String) throws(JSONShapeError) -> Timestamp {
        let field = try field(key)
        guard let timestamp = Timestamp(iso8601: try field.string()) else {
            throw .invalid(path: field.path, reason: Message("is not an ISO 8601 time with a zone"))
        }
        return timestamp
    }

    /// A moment as seconds since 1970, within the years 1 to 9999.
    package func moment(_ key: String) throws(JSONShapeError) -> Timestamp {
        Timestamp(secondsSince1970: try double(key, within: Timestamp.validRange))
    }

    /// A moment as seconds since 1970, within the years 1 to 9999, or none.
    package func optionalMoment(_ key: String) throws(JSONShapeError) -> Timestamp? {
        try optionalDouble(key, within: Timestamp.validRange).map { Timestamp(secondsSince1970: $0) }
    }
}
