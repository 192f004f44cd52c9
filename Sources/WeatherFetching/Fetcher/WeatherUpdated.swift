package import WeatherSystem

extension Notification.Name {
    /// Posted after a fetch stored values that differ from the ones before: the iOS `WeatherUpdated`.
    package static let weatherUpdated = Notification.Name("WeatherUpdated")
}
