extension Notification.Name {
    /// Posted after a fetch stored values that differ from the ones before: the iOS `WeatherUpdated`.
    static let weatherUpdated = Notification.Name("WeatherUpdated")
}
