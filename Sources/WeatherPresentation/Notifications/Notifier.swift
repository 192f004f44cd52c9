import Synchronization
package import WeatherFetching
package import WeatherModel
import WeatherSources
package import WeatherSystem

/// The local notifications of a run that fetched, as an app's background fetch posts them: after the
/// saved place's warnings were brought up to date, what `NotificationDecision` calls for goes to the
/// user's notification server (`DesktopNotifier`), and what was told is kept (`NotifiedWarnings`).
/// Under the fetch lock, so that two runs never tell the same thing twice.
///
/// Nothing is read or loaded unless the `notify` setting allows a notification, and the bus library
/// only when one is due: a run with nothing new to tell reads one small file.
package final class Notifier: WarningsNotifier {
    private let context: WeatherContext
    /// Why this run's last notifications were not all delivered, in one line; `nil` when they were.
    private let problem = Mutex<String?>(nil)

    package init(context: WeatherContext) {
        self.context = context
    }

    /// Why this run's last notifications were not all delivered (no session bus, no notification
    /// server...), for the run's line; `nil` when they were, or none was due.
    package var lastProblem: String? { problem.withLock { $0 } }

    /// Tells of the warnings in `alerts` (the saved place's, after an update; `nil` when there are none or
    /// none are fetched) that are new or changed since the last notifications, replaces the notifications
    /// of updated ones and withdraws those of warnings that ended; `result` is the place's weather, whose
    /// clock the times are read on. `replacements`: the warnings each update replaces, as this run's
    /// answer said. All within `deadline`.
    package func notify(
        of alerts: SavedAlerts?, at result: WeatherResult, replacements: [String: [String]], before deadline: Deadline
    ) {
        let decision = NotificationDecision(setting: context.settings.notify)
        guard decision.setting != .off else { return }
        let now = context.clock.now()
        let current = alerts?.current(at: now) ?? []
        let soon = decision.setting == .all ? result.nowcast?.soon(at: now) : nil
        let store = self.context.store
        // What the supplements (the air) call for: read only with `notify all`.
        let notices =
            decision.setting == .all
            ? store.loadSupplements(
                of: result.location.latitude, result.location.longitude, settings: self.context.settings
            ).flatMap { $0.1.notices(settings: self.context.settings, day: result.clock.day(of: now)) } : []
        // Most runs have nothing to withdraw and nothing to tell: no file to read.
        let hasFile = FileIO.exists(store.paths.notifiedFile)
        guard
            hasFile || current.contains(where: NotificationDecision.isNotable) || soon?.kind == .starting
                || !notices.isEmpty
        else {
            return
        }
        let notified = hasFile ? store.loadNotified(now: now) : NotifiedWarnings()
        var actions = decision.actions(notified: notified, current: current, replacements: replacements)
        if let rain = decision.rainAction(notified: notified, soon: soon, now: now) { actions.append(rain) }
        actions += decision.supplementActions(notified: notified, notices: notices)
        guard !actions.isEmpty else { return }

        let context = context
        let formatter = WeatherFormatter(
            now: now, units: context.settings.units, textLanguage: { context.textLanguage })
        let requests = actions.map { action -> NotificationRequest in
            switch action {
            case .warn(let alert, let replacing):
                var notification = DesktopNotification(warning: alert, at: result, formatter: formatter)
                notification.replaces = replacing?.shown
                return .show(notification)
            case .withdraw(let entry):
                return .close(entry.shown)
            case .rain(let soon, let replacing):
                var notification = DesktopNotification(rain: soon, at: result, formatter: formatter)
                notification.replaces = replacing?.shown
                return .show(notification)
            case .supplement(let notice, let replacing):
                var notification = DesktopNotification(
                    summary: notice.summary, body: result.location.displayName.oneLine(maximumLength: 200) ?? "",
                    icon: notice.icon, urgency: .normal)
                notification.replaces = replacing?.shown
                return .show(notification)
            }
        }
        let delivery = context.desktop.deliver(requests, before: deadline)
        problem.withLock { $0 = delivery.problem }

        var state = notified
        for (action, shown) in zip(actions, delivery.shown) {
            switch action {
            case .warn(let alert, let replacing):
                // Not delivered: told at the next run that fetches, as it was not told now.
                guard let shown else { continue }
                state.entries.removeAll { $0.warningID == alert.id || $0.warningID == replacing?.warningID }
                state.entries.append(
                    NotifiedWarnings.Entry(
                        warningID: alert.id, notificationID: shown.id, server: shown.server, at: now,
                        fingerprint: Fingerprint.of(alert), event: alert.event))
            case .withdraw(let entry):
                // Gone whether or not the server heard: a warning that ended is not told of again.
                state.entries.removeAll { $0.warningID == entry.warningID }
            case .rain(let soon, _):
                guard let shown else { continue }
                state.entries.removeAll { $0.warningID == NotificationDecision.rainID }
                state.entries.append(
                    NotifiedWarnings.Entry(
                        warningID: NotificationDecision.rainID, notificationID: shown.id, server: shown.server, at: now,
                        fingerprint: NotificationDecision.spellEnd(of: soon, at: now), event: "rain"))
            case .supplement(let notice, _):
                guard let shown else { continue }
                let id = NotificationDecision.supplementPrefix + notice.key
                state.entries.removeAll { $0.warningID == id }
                state.entries.append(
                    NotifiedWarnings.Entry(
                        warningID: id, notificationID: shown.id, server: shown.server, at: now,
                        fingerprint: notice.once, event: notice.episode ? "episode" : "daily"))
            }
        }
        guard state != notified else { return }
        try? store.saveNotified(state)
    }
}

extension Notifier {
    /// Withdraws every notification told of, before `logout` forgets the place, and the file with them:
    /// nothing is left on the screen about a place weather no longer knows (of those the server now on the
    /// bus gave: `DesktopNotifier`). Nothing is loaded when none was told.
    package func withdrawAll(before deadline: Deadline) {
        let store = context.store
        guard FileIO.exists(store.paths.notifiedFile) else { return }
        let told = store.loadNotified(now: context.clock.now())
        guard !told.entries.isEmpty else { return }
        _ = context.desktop.deliver(told.entries.map { .close($0.shown) }, before: deadline)
    }
}

extension DesktopNotification {
    /// How a warning is told: "⚠ Severe Thunderstorm Warning, Springfield", then when it begins or ends on
    /// the place's clock and what to do (or its headline), shortened. Critical for a severe or extreme
    /// warning (a server keeps it until it is dismissed), normal for a moderate one. Every text from the
    /// service or the file one printable line.
    package init(warning alert: WeatherAlert, at result: WeatherResult, formatter: WeatherFormatter) {
        let place = result.location.name.oneLine(maximumLength: 100) ?? ""
        let event = alert.event.oneLine(maximumLength: WeatherAlert.longestEvent) ?? ""
        var lines: [String] = []
        let begun = alert.isInForce(at: formatter.now)
        let span = formatter.span(from: begun ? nil : alert.onset, until: alert.until, at: result)
        if !span.isEmpty { lines.append(span.capitalizedFirst) }
        if let advice = (alert.instruction ?? alert.headline)?.oneLine(maximumLength: Self.longestAdvice) {
            lines.append(advice)
        }
        self.init(
            summary: tr("⚠ %1$s, %2$s", event, place), body: lines.joinedText("\n"), icon: "weather-severe-alert",
            urgency: alert.severity >= .severe ? .critical : .normal)
    }

    /// How rain soon is told: "Rain in 20 min" and the place, normal urgency, the icon of showers.
    package init(rain soon: RainSoon, at result: WeatherResult, formatter: WeatherFormatter) {
        let sentence = formatter.rainSoon(result) ?? ""
        self.init(
            summary: sentence.capitalizedFirst, body: result.location.displayName.oneLine(maximumLength: 200) ?? "",
            icon: soon.snow ? "weather-snow" : "weather-showers", urgency: .normal)
    }

    /// The longest instruction told, in characters: a notification is read at a glance; `weather alerts`
    /// has the rest.
    static let longestAdvice = 200
}
