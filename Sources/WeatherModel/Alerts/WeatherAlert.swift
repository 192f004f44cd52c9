/// One official warning, as every output shows it: what, how grave, and when. Its long texts (the
/// description, the area) are kept apart (`AlertDetails`), as only `weather alerts` prints them.
public struct WeatherAlert: Sendable, Equatable {
    /// The service's identifier of the message (CAP's `identifier`), unique per issue and update.
    package var id: String
    /// What is warned of, such as "Severe Thunderstorm Warning" or "Gale-force gusts".
    package var event: String
    package var severity: AlertSeverity
    /// The service's one-line summary, such as "Severe Thunderstorm Warning issued October 8 at 11:47AM
    /// CDT until October 8 at 12:45PM CDT by NWS Springfield MO".
    package var headline: String?
    /// What to do, when the service says.
    package var instruction: String?
    /// When the hazard begins; `nil` for one in force since it was issued.
    package var onset: Timestamp?
    /// When the message stops being current: the service lists it no more after that, and expects to
    /// have sent an update by then when its hazard goes on (`ends`).
    package var expires: Timestamp?
    /// When the hazard ends, when the service says (the NWS's `ends`; a watch may end after the message
    /// expires, and be issued again before).
    package var ends: Timestamp?
    /// The event in the other language the service gave it in (Bright Sky's `event_de` beside
    /// `event_en`), for a reader of that language until the warnings are asked for again in it.
    package var eventTranslation: Translation?

    /// A text in a language (ISO 639).
    package struct Translation: Sendable, Equatable {
        package var language: String
        package var text: String

        package init(language: String, text: String) {
            self.language = language
            self.text = text
        }
    }

    package init(
        id: String, event: String, severity: AlertSeverity, headline: String? = nil, instruction: String? = nil,
        onset: Timestamp? = nil, expires: Timestamp? = nil, ends: Timestamp? = nil,
        eventTranslation: Translation? = nil
    ) {
        self.id = id
        self.event = event
        self.severity = severity
        self.headline = headline
        self.instruction = instruction
        self.onset = onset
        self.expires = expires
        self.ends = ends
        self.eventTranslation = eventTranslation
    }

    /// The moment the warning disappears from every output, by the clock alone: when its hazard ends,
    /// else when its message expires; `nil` when the service gave neither. A message that expires before
    /// its hazard ends (an NWS watch, updated every few hours) leaves the warning shown, its update
    /// expected (`awaitsUpdate`), until an answer replaces it.
    package var over: Timestamp? { ends ?? expires }

    /// Whether at `now` the warning's message has expired while its hazard goes on: the service meant to
    /// update it by then, and the next answer will say how it stands.
    package func awaitsUpdate(at now: Timestamp) -> Bool {
        guard let expires, now >= expires else { return false }
        return !isOver(at: now)
    }

    /// When the hazard ends as people read it ("until 21:00"): its end, else its message's expiry.
    package var until: Timestamp? { ends ?? expires }

    /// Whether the warning is over at `now`.
    package func isOver(at now: Timestamp) -> Bool {
        guard let over else { return false }
        return now >= over
    }

    /// Whether the warning is in force at `now`: begun and not over.
    package func isInForce(at now: Timestamp) -> Bool {
        !isOver(at: now) && (onset.map { now >= $0 } ?? true)
    }

    /// Whether the warning is announced at `now`: issued for a hazard that has not begun yet.
    package func isAnnounced(at now: Timestamp) -> Bool {
        !isOver(at: now) && (onset.map { now < $0 } ?? false)
    }

    /// Whether `self` goes before `other` in a list: the graver first, then the one that begins first,
    /// then by identifier, so that every run lists the same warnings in the same order.
    package func precedes(_ other: WeatherAlert) -> Bool {
        if severity != other.severity { return severity > other.severity }
        let start = onset?.secondsSince1970 ?? -.infinity
        let otherStart = other.onset?.secondsSince1970 ?? -.infinity
        if start != otherStart { return start < otherStart }
        return id < other.id
    }
}

/// The long texts of a warning, which only `weather alerts` prints: kept in a file of their own
/// (`AlertTexts`), so that `weather show` never reads them.
package struct AlertDetails: Sendable, Equatable {
    /// The areas it covers, as the service names them ("Greene, MO; Polk, MO").
    package var area: String?
    /// What the service says of the hazard: paragraphs with a blank line between (`String.paragraphs`).
    package var description: String?
    /// Who issued it, when the service names an office ("NWS Springfield MO").
    package var sender: String?

    package init(area: String? = nil, description: String? = nil, sender: String? = nil) {
        self.area = area
        self.description = description
        self.sender = sender
    }
}
