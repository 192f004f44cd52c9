package import WeatherModel

/// What a fetch brought.
package enum FetchOutcome: Sendable, Equatable {
    /// Values that differ from the ones saved before (or the first ones).
    case newData(WeatherResult)
    /// The same values as before, or `304 Not Modified`; the saved result was renewed.
    case noData(WeatherResult)
    /// Another run stored a newer result while this one waited for the fetch lock: no request was sent.
    case fetchedByAnotherRun(WeatherResult)

    /// The saved result after the fetch.
    package var result: WeatherResult {
        switch self {
        case .newData(let result), .noData(let result), .fetchedByAnotherRun(let result): result
        }
    }
}
