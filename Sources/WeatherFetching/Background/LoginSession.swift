import Glibc
import WeatherModel
import WeatherSystem

/// The user's session as logind knows it, for the adaptive schedule: active when the user has a session
/// that is neither idle (`IdleHint`) nor locked (`LockedHint`); `unknown` where there is no logind to ask
/// (a container), so that the looks alone decide.
package enum LoginSession {
    /// Asks logind through `loginctl`, which the user's own service may run.
    package static func current() -> AdaptiveSchedule.Session {
        guard let user = properties(["show-user", String(getuid()), "--property=State,IdleHint,Sessions"]) else {
            return .unknown
        }
        guard user["State"] == "active", user["IdleHint"] != "yes" else { return .idle }
        let sessions = (user["Sessions"] ?? "").split(separator: " ").map(String.init)
        for session in sessions {
            guard let properties = properties(["show-session", session, "--property=Active,IdleHint,LockedHint"])
            else { continue }
            if properties["Active"] == "yes", properties["IdleHint"] != "yes", properties["LockedHint"] != "yes" {
                return .active
            }
        }
        return sessions.isEmpty ? .active : .idle
    }

    /// `loginctl arguments...` as `Name=value` pairs; `nil` when it cannot be run or fails.
    private static func properties(_ arguments: [String]) -> [String: String]? {
        guard let result = try? Subprocess.run("loginctl", arguments), result.succeeded else { return nil }
        var properties: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            properties[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return properties
    }
}
