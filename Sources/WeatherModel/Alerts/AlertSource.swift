/// The service official warnings come from, by the country of the place: the National Weather Service
/// (United States), DWD through Bright Sky (Germany), MET Norway's MetAlerts (Norway).
public enum AlertSource: Sendable, Equatable, CaseIterable {
    case nws
    case dwd
    case metNorway

    /// The word `--json` and the warnings file use: `nws`, `dwd`, `met-norway`.
    package var name: String {
        switch self {
        case .nws: "nws"
        case .dwd: "dwd"
        case .metNorway: "met-norway"
        }
    }

    /// The source `name` names.
    package init?(name: String) {
        switch name {
        case "nws": self = .nws
        case "dwd": self = .dwd
        case "met-norway": self = .metNorway
        default: return nil
        }
    }

    /// The source for a place in the country `countryCode` (ISO 3166-1 alpha-2): the United States and the
    /// territories the NWS forecasts for (Puerto Rico, the Virgin Islands, Guam, the Northern Marianas,
    /// American Samoa); Germany; Norway with Svalbard and Jan Mayen. `nil` elsewhere: no request at all.
    package init?(countryCode: String?) {
        switch countryCode?.uppercased() {
        case "US", "PR", "VI", "GU", "MP", "AS": self = .nws
        case "DE": self = .dwd
        case "NO", "SJ": self = .metNorway
        default: return nil
        }
    }
}
