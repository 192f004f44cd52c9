import WeatherModel

/// A setting or a folder that cannot be used.
public enum SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `WEATHER_*` variable holds something we cannot read.
    case invalidVariable(String, value: String, expected: String)
    /// The config file cannot be read or makes no sense.
    case invalidConfig(path: String, reason: String)
    /// A folder lies under the home folder, which neither `HOME` nor the password database tells.
    case noHome(variable: String)
    /// A folder's variable holds bytes that are not UTF-8.
    case notUTF8(variable: String)
    /// The provider's terms require a contact in every request (MET Norway's), and none is set: no
    /// request is sent.
    case contactRequired(provider: String)

    /// What to set so that a service requiring a contact can be asked.
    package static var contactAdvice: String {
        tr(
            "set WEATHER_CONTACT=you@example.org (your email address or a web page of yours), or \"contact\" in config.json"
        )
    }

    public var description: String {
        switch self {
        case .invalidVariable(let name, let value, let expected):
            tr("%1$s=\"%2$s\" is not valid: it must be %3$s", name, value, expected)
        case .invalidConfig(let path, let reason):
            tr("%1$s: %2$s; fix or remove the file", path, reason)
        case .noHome(let variable):
            tr("cannot tell where the home folder is: set HOME, or %s to an absolute path", variable)
        case .notUTF8(let variable):
            tr(
                "%1$s names a folder whose name is not UTF-8 text, which weather cannot name exactly; set %1$s to a folder with a UTF-8 name",
                variable)
        case .contactRequired(let provider):
            tr(
                "%1$s's terms require a contact in every request, so that its operators can reach you rather than block you, and none is set: %2$s",
                provider, Self.contactAdvice)
        }
    }
}
