/// What the program says about itself.
public enum WeatherKitInfo {
    /// The release, as `weather --version` prints it.
    public static let version = "0.1.0"
    /// Where to learn about the program and reach its authors.
    static let projectURL = "https://github.com/weather-cli/weather"
    /// Sent with every request, so that a service can tell us apart and reach us.
    static let userAgent = "weather/\(version) (+\(projectURL))"
}
