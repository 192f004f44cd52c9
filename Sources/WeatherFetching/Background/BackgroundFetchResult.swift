/// What a background fetch reports to the system, as iOS's `UIBackgroundFetchResult`.
package enum BackgroundFetchResult: String, Sendable, Equatable {
    /// New values were fetched and saved.
    case newData
    /// Nothing new: the result was still fresh, the values were the same, or no place is saved.
    case noData
    /// The fetch failed; the saved result is untouched.
    case failed
}
