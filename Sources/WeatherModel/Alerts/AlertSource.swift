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

    /// The language (ISO 639) of the texts the service gives a reader of `language`: the NWS's are
    /// English; DWD's (through Bright Sky) German for a German reader, else English; MET Norway's
    /// Norwegian (`no`) for a Norwegian reader (`nb`, `nn`, `no`), else English. `language` is worked out
    /// only for a source with more than one (`show` pays nothing for the NWS's warnings).
    package func textLanguage(for language: @autoclosure () -> String) -> String {
        switch self {
        case .nws: return "en"
        case .dwd: return language() == "de" ? "de" : "en"
        case .metNorway: return ["nb", "nn", "no"].contains(language()) ? "no" : "en"
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
