/// Which desktop notifications the runs that fetch send (`notify`, `WEATHER_NOTIFY`): the background
/// fetch's local notifications.
package enum NotifySetting: String, Sendable, CaseIterable {
    /// A new official warning of severity moderate or higher: one notification each, updated in place and
    /// withdrawn when it ends (`Notifier`).
    case warnings
    /// The warnings, and rain (or snow) to start within 30 minutes where it is dry, once a spell.
    case all
    /// None: no notification is sent, and nothing is loaded for one.
    case off
}
