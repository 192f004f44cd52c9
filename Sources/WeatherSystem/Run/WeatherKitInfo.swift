/// What the program says about itself.
public enum WeatherKitInfo {
    /// The release, as `weather --version` prints it.
    public static let version = "0.1.0"

    /// Sent with every request, so that a service can tell us apart: `weather/0.1.0`, and the user's
    /// `contact` setting in parentheses when there is one, so that its operators can reach them.
    package static func userAgent(contact: String?) -> String {
        guard let contact else { return "weather/\(version)" }
        return "weather/\(version) (\(contact))"
    }
}
