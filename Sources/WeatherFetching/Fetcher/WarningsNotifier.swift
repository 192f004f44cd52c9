package import WeatherModel
package import WeatherSystem

/// Who tells the user of the saved place's warnings once the fetcher brought them up to date: the
/// fetcher owns the question, the layer that words notifications answers it (WeatherPresentation's
/// `Notifier`), given to the run's context where the context is built (`WeatherContext.notifier`).
package protocol WarningsNotifier: Sendable {
    /// Why the run's last notifications were not all delivered, in one line; `nil` when they were.
    var lastProblem: String? { get }

    /// Tells of the warnings in `alerts` (`nil`: none, or none fetched) that are new or changed,
    /// replaces those updated by `replacements` and withdraws those that ended; `result` is the place's
    /// weather. Under the fetch lock, within `deadline`.
    func notify(
        of alerts: SavedAlerts?, at result: WeatherResult, replacements: [String: [String]], before deadline: Deadline)

    /// Withdraws every notification told of, before `logout` forgets the place.
    func withdrawAll(before deadline: Deadline)
}
