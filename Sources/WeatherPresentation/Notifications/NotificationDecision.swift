import WeatherFetching
package import WeatherModel
package import WeatherSources
package import WeatherSystem

/// What a run tells the user's desktop after a fetch: from what was told before (`NotifiedWarnings`) and
/// what is known now, the notifications to send, replace and withdraw. No I/O: `Notifier` reads the state,
/// sends what this decides and keeps the state. Each trigger is a few lines here: the warnings now; rain
/// soon, with `notify` set to `all`, next.
package struct NotificationDecision: Sendable {
    /// One thing to do.
    package enum Action: Sendable, Equatable {
        /// Tell of `alert`: a new notification, or in place of `replacing`'s when it is an earlier form of
        /// the same warning (an update, or the same warning changed).
        case warn(WeatherAlert, replacing: NotifiedWarnings.Entry?)
        /// Withdraw the notification of a warning that ended, was cancelled or fell below moderate.
        case withdraw(NotifiedWarnings.Entry)
        /// Tell that rain (or snow) starts soon, in place of the last such notification.
        case rain(RainSoon, replacing: NotifiedWarnings.Entry?)
        /// Tell what a supplement calls for (the air turning poor, high pollen), in place of its last.
        case supplement(SupplementNotice, replacing: NotifiedWarnings.Entry?)
    }

    /// The identifiers the state file keeps a supplement's notices under begin with this, beside the
    /// warnings' and the rain's; their event says whether an episode (`episode`) or once a day (`daily`).
    static let supplementPrefix = "supplement/"

    /// The identifier the state file keeps a rain spell told of under, beside the warnings'.
    static let rainID = "rain"
    /// How near rain must be to be told of, with `notify` set to `all`.
    static let rainNotice = 1800.0

    /// The `notify` setting.
    let setting: NotifySetting

    package init(setting: NotifySetting) {
        self.setting = setting
    }

    /// Whether a warning this grave is told of: moderate or higher, as marks the weather (`⚠`).
    static func isNotable(_ alert: WeatherAlert) -> Bool { alert.severity.marksTheWeather }

    /// The actions for the warnings `current` (in force or announced now, the place's), after `notified`:
    /// withdrawals first, then each notable warning not told of yet, or told of in another form.
    /// `replacements` names, by the identifier of an update, the warnings it replaces, as the service said
    /// in this run's answer (the NWS's `references`); an update that names none (Bright Sky, MET Norway)
    /// takes the place of a warning of the same event that is gone.
    package func actions(
        notified: NotifiedWarnings, current: [WeatherAlert], replacements: [String: [String]] = [:]
    ) -> [Action] {
        guard setting != .off else { return [] }
        var unmatched = notified.entries.filter {
            $0.warningID != Self.rainID && !$0.warningID.hasPrefix(Self.supplementPrefix)
        }
        var warnings: [Action] = []
        var unknown: [WeatherAlert] = []
        // The same warning: told again, in place, only when what it says changed.
        for alert in current where Self.isNotable(alert) {
            guard let index = unmatched.firstIndex(where: { $0.warningID == alert.id }) else {
                unknown.append(alert)
                continue
            }
            let entry = unmatched.remove(at: index)
            if entry.fingerprint != Fingerprint.of(alert) { warnings.append(.warn(alert, replacing: entry)) }
        }
        // An update that names what it replaces.
        var new: [WeatherAlert] = []
        for alert in unknown {
            let replaced = replacements[alert.id] ?? []
            if let index = unmatched.firstIndex(where: { replaced.contains($0.warningID) }) {
                warnings.append(.warn(alert, replacing: unmatched.remove(at: index)))
            } else {
                new.append(alert)
            }
        }
        // An update under a new identifier that names nothing: the same event, the one before gone.
        let standing = Set(current.map(\.id))
        for alert in new {
            if let index = unmatched.firstIndex(where: { $0.event == alert.event && !standing.contains($0.warningID) })
            {
                warnings.append(.warn(alert, replacing: unmatched.remove(at: index)))
            } else {
                warnings.append(.warn(alert, replacing: nil))
            }
        }
        return unmatched.map { Action.withdraw($0) } + warnings
    }

    /// With `notify` set to `all`: rain (or snow) to start within 30 minutes where it is dry now (`soon`,
    /// at `now`), once per spell: not again until the spell told of last is over (its end, kept in the
    /// state file as the entry's fingerprint), however its start moves from one fetch to the next.
    package func rainAction(notified: NotifiedWarnings, soon: RainSoon?, now: Timestamp) -> Action? {
        guard setting == .all, let soon, soon.kind == .starting, let startsAt = soon.startsAt,
            startsAt - now <= Self.rainNotice
        else { return nil }
        let told = notified.entries.first { $0.warningID == Self.rainID }
        if let told, now.secondsSince1970 < Double(told.fingerprint) { return nil }
        return .rain(soon, replacing: told)
    }

    /// With `notify` set to `all`: each of the supplements' `notices` not told yet, or told for another
    /// day; and the withdrawal of an episode's notification once it no longer stands, so that the next
    /// episode is told.
    package func supplementActions(notified: NotifiedWarnings, notices: [SupplementNotice]) -> [Action] {
        guard setting == .all else { return [] }
        let told = notified.entries.filter { $0.warningID.hasPrefix(Self.supplementPrefix) }
        var actions: [Action] = told.filter { entry in
            entry.event == "episode" && !notices.contains { Self.supplementPrefix + $0.key == entry.warningID }
        }.map { .withdraw($0) }
        for notice in notices {
            let entry = told.first { $0.warningID == Self.supplementPrefix + notice.key }
            if let entry, entry.fingerprint == notice.once { continue }
            actions.append(.supplement(notice, replacing: entry))
        }
        return actions
    }

    /// When the spell `soon` is over, as the rain entry keeps it: its end, or two hours after its start
    /// when the series does not know its end.
    static func spellEnd(of soon: RainSoon, at now: Timestamp) -> UInt64 {
        let end = soon.endsAt ?? (soon.startsAt ?? now) + Nowcast.horizon
        return UInt64(max(0, end.secondsSince1970.rounded(.up)))
    }
}
