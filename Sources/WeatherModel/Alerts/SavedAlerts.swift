/// The official warnings for one place as the warnings file keeps them (`alerts.txt`, beside the
/// result): the service's last answer, when it came, how long it stays fresh, its validators for the next
/// request, and the failure of the last try when it failed (the warnings are then the last known ones).
///
/// `weather show` reads this file at every start, so it holds only what every output shows; the long
/// texts are in `AlertTexts`. Written by the run that fetches, under the fetch lock.
public struct SavedAlerts: Sendable, Equatable {
    /// Who issued them.
    package var source: AlertSource
    /// The place they are for.
    package var latitude: Double
    package var longitude: Double
    /// The language of the texts (ISO 639): the one the service gives a reader of the language they were
    /// asked in (`AlertSource.textLanguage(for:)`).
    package var language: String
    /// When the service last answered (200 or 304); `nil` when it never has for this place.
    package var checkedAt: Timestamp?
    /// No request before this moment: the service's own freshness (`Cache-Control`, `Expires`), or the
    /// source's pace when it says nothing.
    package var freshUntil: Timestamp
    /// The answer's validators and freshness headers.
    package var cachingHeaders: CachingHeaders
    /// Why the last try failed, and when: the warnings are then the last known ones, said to be.
    package var failure: Failure?
    /// The warnings, the most severe first (`WeatherAlert.precedes`).
    package var alerts: [WeatherAlert]

    /// A failed try.
    package struct Failure: Sendable, Equatable {
        package var at: Timestamp
        /// What went wrong, in one line.
        package var reason: String

        package init(at: Timestamp, reason: String) {
            self.at = at
            self.reason = reason
        }
    }

    package init(
        source: AlertSource, latitude: Double, longitude: Double, language: String, checkedAt: Timestamp?,
        freshUntil: Timestamp, cachingHeaders: CachingHeaders = CachingHeaders(), failure: Failure? = nil,
        alerts: [WeatherAlert]
    ) {
        self.source = source
        self.latitude = latitude
        self.longitude = longitude
        self.language = language
        self.checkedAt = checkedAt
        self.freshUntil = freshUntil
        self.cachingHeaders = cachingHeaders
        // A pause asked for is the back-off's; the next request needs the validators alone.
        self.cachingHeaders.retryAfter = nil
        self.failure = failure
        // Sorted only when out of order: a file weather wrote keeps them in order, and `show` reads one at
        // every start (sorting, stable, would copy them into a new array to the same order).
        var ordered = true
        var index = 1
        while ordered, index < alerts.count {
            ordered = !alerts[index].precedes(alerts[index - 1])
            index += 1
        }
        self.alerts = ordered ? alerts : alerts.sorted { $0.precedes($1) }
    }

    /// The most warnings kept, the gravest: more than any place has had in force at once.
    package static let mostAlerts = 30

    /// Whether these are the warnings for `location`: the same coordinates (`Location.isSamePlace`).
    package func isFor(_ location: Location) -> Bool {
        abs(location.latitude - latitude) < 1e-4 && abs(location.longitude - longitude) < 1e-4
    }

    /// How long after the service's last answer a warning it gave no end is shown. Such a warning (Bright
    /// Sky's `expires` may be `null`; a time that contradicted the others, dropped) lasts until an answer
    /// leaves it out; when none comes (the service failing, the machine off), a day at most, so that it
    /// cannot stay for ever.
    package static let longestWithoutEnd = 86_400.0

    /// When the service last answered, as `now` may believe it: `checkedAt`, unless it lies further after
    /// `now` than `Timestamp.futureTolerance`, a time no run of weather's wrote (another program, a clock
    /// set back), which would keep the warnings fresh, and those without an end shown, for ever.
    package func lastAnswer(at now: Timestamp) -> Timestamp? {
        guard let checkedAt, checkedAt - now <= Timestamp.futureTolerance else { return nil }
        return checkedAt
    }

    /// The moment `alert` is over, as seen at `now`: its own (`WeatherAlert.over`), else
    /// `longestWithoutEnd` after the last answer; without one, it never was listed by an answer, and is
    /// over already.
    package func over(_ alert: WeatherAlert, at now: Timestamp) -> Timestamp {
        alert.over ?? (lastAnswer(at: now) ?? Timestamp(secondsSince1970: -.infinity)) + Self.longestWithoutEnd
    }

    /// The earliest moment after `now` at which the message of a warning not over by then expires, its
    /// hazard going on: the service's update is due, and so the next answer (`WarningsUpdater` ends the
    /// answer's freshness there). `nil` when no update is due.
    package func nextUpdateDue(after now: Timestamp) -> Timestamp? {
        alerts.compactMap { alert in
            alert.expires.flatMap { $0 > now && $0 < over(alert, at: now) ? $0 : nil }
        }.min()
    }

    /// Whether `alert` is over at `now`.
    package func isOver(_ alert: WeatherAlert, at now: Timestamp) -> Bool {
        now >= over(alert, at: now)
    }

    /// Whether `alert` is in force at `now`: begun and not over.
    package func isInForce(_ alert: WeatherAlert, at now: Timestamp) -> Bool {
        !isOver(alert, at: now) && (alert.onset.map { now >= $0 } ?? true)
    }

    /// The warnings not over at `now`: in force or announced, the most severe first.
    package func current(at now: Timestamp) -> [WeatherAlert] {
        alerts.filter { !isOver($0, at: now) }
    }

    /// The warnings in force at `now`, the most severe first.
    package func inForce(at now: Timestamp) -> [WeatherAlert] {
        alerts.filter { isInForce($0, at: now) }
    }

    /// The next moment after `now` at which a warning begins, awaits its update or ends, and so what is
    /// shown changes by the clock alone; `nil` when none will.
    package func nextChange(after now: Timestamp) -> Timestamp? {
        var next: Timestamp?
        for alert in alerts {
            for moment in [alert.onset, alert.expires, over(alert, at: now)] {
                guard let moment, moment > now else { continue }
                if next.map({ moment < $0 }) ?? true { next = moment }
            }
        }
        return next
    }
}

extension SavedAlerts {
    /// The first line of a warnings file, with its format's version.
    package static let fileHeader: StaticString = "weather alerts 1"

    /// The warnings as the file stores them: lines of fields separated by tabs, the header first, then
    /// `source`, `place`, `language`, `checked`, `fresh`, a `header` line for each caching header, a
    /// `failure`, and an `alert` line for each warning: identifier, severity, onset, expires, ends (whole
    /// seconds since 1970, empty when none), event, headline, instruction; after it, an `event` line with
    /// the event in another language and that language, when the service gave one. Not JSON: jansson spends about
    /// 150 instructions on each byte of a text, and `weather show` reads this file at every start; the
    /// texts hold no tab or line break (`String.oneLine`), so they need no escaping.
    package var fileContents: [UInt8] {
        var lines = [Self.fileHeader.description, "source\t" + source.name]
        lines.append("place\t" + String(latitude) + "\t" + String(longitude))
        lines.append("language\t" + language)
        if let checkedAt { lines.append("checked\t" + Self.seconds(checkedAt)) }
        lines.append("fresh\t" + Self.seconds(freshUntil))
        let headers = [
            ("ETag", cachingHeaders.etag), ("Last-Modified", cachingHeaders.lastModified),
            ("Cache-Control", cachingHeaders.cacheControl), ("Expires", cachingHeaders.expires),
            ("Date", cachingHeaders.date), ("Age", cachingHeaders.age),
        ]
        for case (let name, let value?) in headers { lines.append("header\t" + name + "\t" + value) }
        if let failure { lines.append("failure\t" + Self.seconds(failure.at) + "\t" + Self.field(failure.reason)) }
        for alert in alerts {
            let fields = [
                alert.id, alert.severity.name, alert.onset.map(Self.seconds) ?? "",
                alert.expires.map(Self.seconds) ?? "", alert.ends.map(Self.seconds) ?? "", alert.event,
                alert.headline ?? "", alert.instruction ?? "",
            ]
            lines.append("alert\t" + fields.map(Self.field).joinedText("\t"))
            if let translation = alert.eventTranslation {
                lines.append("event\t" + Self.field(translation.language) + "\t" + Self.field(translation.text))
            }
        }
        return Array((lines.joinedText("\n") + "\n").utf8)
    }

    /// Reads what `fileContents` wrote, with the checks of anything from outside (another program may
    /// have written the file): known words, times in range, texts within their bounds and printable, at
    /// most `mostAlerts` warnings, a freshness at most a day after the last answer. `nil` for anything
    /// else: the file then counts as none.
    ///
    /// `weather show` reads it at every start, so it is read in one pass over the bytes, by index,
    /// without splitting them into arrays (whose generic types the runtime would set up first); `brief`
    /// leaves out what only `--json`, `weather alerts` and the next request use (headlines,
    /// instructions, caching headers): their bytes are passed over, not made into text.
    package init?(fileContents bytes: [UInt8], brief: Bool = false) {
        var reader = FieldReader(bytes)
        guard reader.line(equals: Self.fileHeader) else { return nil }
        var source: AlertSource?
        var latitude: Double?
        var longitude: Double?
        var language = "en"
        var checkedAt: Timestamp?
        var freshUntil: Timestamp?
        var headers = CachingHeaders()
        var failure: Failure?
        var alerts: [WeatherAlert] = []
        while !reader.atEnd {
            guard let key = reader.key() else { return nil }
            switch key {
            case .source:
                guard let name = reader.lastField(), let known = AlertSource(name: name) else { return nil }
                source = known
            case .place:
                latitude = reader.field().flatMap(Double.init)
                longitude = reader.lastField().flatMap(Double.init)
                guard let latitude, let longitude, (-90...90).contains(latitude), (-180...180).contains(longitude)
                else { return nil }
            case .language:
                guard let code = reader.lastField(), (1...3).contains(code.utf8.count) else { return nil }
                language = code
            case .checked:
                guard let moment = reader.moment(last: true) else { return nil }
                checkedAt = moment
            case .fresh:
                guard let moment = reader.moment(last: true) else { return nil }
                freshUntil = moment
            case .header:
                if brief {
                    guard reader.skipLine() else { return nil }
                    continue
                }
                // The value is the rest of the line: a header's value may hold a tab.
                guard let name = reader.field(), let value = reader.restOfLine() else { return nil }
                let safe = CachingHeaders.safeValue(value)
                switch name {
                case "ETag": headers.etag = safe
                case "Last-Modified": headers.lastModified = safe
                case "Cache-Control": headers.cacheControl = safe
                case "Expires": headers.expires = safe
                case "Date": headers.date = safe
                case "Age": headers.age = safe
                default: break
                }
            case .failure:
                guard let at = reader.moment(last: false), let reason = reader.text(maximumLength: 400, last: true)
                else {
                    return nil
                }
                failure = Failure(at: at, reason: reason)
            case .alert:
                guard alerts.count < Self.mostAlerts, let alert = WeatherAlert(reading: &reader, brief: brief) else {
                    return nil
                }
                alerts.append(alert)
            case .event:
                guard !alerts.isEmpty, let code = reader.field(), (1...3).contains(code.utf8.count),
                    code.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }),
                    let text = reader.text(maximumLength: WeatherAlert.longestEvent, last: true), !text.isEmpty
                else { return nil }
                alerts[alerts.count - 1].eventTranslation = WeatherAlert.Translation(language: code, text: text)
            }
        }
        guard let source, let latitude, let longitude, let freshUntil else { return nil }
        let latest = (checkedAt ?? failure?.at ?? Timestamp(secondsSince1970: 0)) + 86_400
        self.init(
            source: source, latitude: latitude, longitude: longitude, language: language, checkedAt: checkedAt,
            freshUntil: min(freshUntil, latest), cachingHeaders: headers, failure: failure, alerts: alerts)
    }

    /// Whole seconds since 1970, as the file keeps a moment.
    static func seconds(_ moment: Timestamp) -> String {
        String(Int64(moment.secondsSince1970.clamped(to: Timestamp.validRange).rounded(.down)))
    }

    /// A text as a field: without tabs and line breaks (already so for what `String.oneLine` made).
    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        return text.oneLine(maximumLength: .max) ?? ""
    }
}

extension WeatherAlert {
    /// The longest texts kept, in characters; a service's longer ones are cut (`String.oneLine`).
    package static let longestID = 300
    package static let longestEvent = 200
    package static let longestHeadline = 500
    package static let longestInstruction = 2000

    /// Reads the fields of an `alert` line of the warnings file (`SavedAlerts.fileContents`), after its
    /// key; `brief`: without its headline and instruction.
    init?(reading reader: inout FieldReader, brief: Bool) {
        var onset: Timestamp?
        var expires: Timestamp?
        var ends: Timestamp?
        guard let id = reader.text(maximumLength: Self.longestID, last: false), !id.isEmpty,
            let severity = reader.field().flatMap(AlertSeverity.init(word:)),
            reader.optionalMoment(into: &onset), reader.optionalMoment(into: &expires),
            reader.optionalMoment(into: &ends),
            let event = reader.text(maximumLength: Self.longestEvent, last: false), !event.isEmpty
        else { return nil }
        var headline = ""
        var instruction = ""
        if brief {
            guard reader.skipLine() else { return nil }
        } else {
            guard let full = reader.text(maximumLength: Self.longestHeadline, last: false),
                let what = reader.text(maximumLength: Self.longestInstruction, last: true)
            else { return nil }
            headline = full
            instruction = what
        }
        self.init(
            id: id, event: event, severity: severity, headline: headline.isEmpty ? nil : headline,
            instruction: instruction.isEmpty ? nil : instruction, onset: onset, expires: expires, ends: ends)
    }
}
