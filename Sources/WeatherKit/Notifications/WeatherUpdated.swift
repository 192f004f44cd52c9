extension Notification.Name {
    /// Posted after a fetch stored values that differ from the ones before: the iOS `WeatherUpdated`.
    public static let weatherUpdated = Notification.Name("WeatherUpdated")
}
