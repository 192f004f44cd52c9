package import WeatherModel
import WeatherSources
package import WeatherSystem

/// The official warnings saved for a place, as every form that shows them reads them: in the saved
/// place's files, or in a looked-up place's own (`WarningsUpdater` writes them).
extension WeatherFetcher {
    /// The warnings saved for `location` in `store` (the saved place's unless given: `store(for:)` of a
    /// place looked up once), when weather fetches warnings for it: no file is even looked for where no
    /// source covers the place. `brief`: for what shows no headline or instruction (all but `--json`).
    package func savedAlerts(for location: Location, in store: WeatherStore? = nil, brief: Bool = false) -> SavedAlerts?
    {
        guard context.settings.alerts, AlertSource(for: location) != nil else { return nil }
        guard let alerts = (store ?? context.store).loadAlerts(brief: brief), alerts.isFor(location) else { return nil }
        return alerts
    }

    /// The store of `location`'s files: the saved place's, or its own as a place looked up once.
    package func store(for location: Location) -> WeatherStore {
        let saved = (try? savedLocation()).flatMap { $0 }
        return saved?.isSamePlace(as: location) ?? false ? context.store : lookups.store(for: location)
    }
}
