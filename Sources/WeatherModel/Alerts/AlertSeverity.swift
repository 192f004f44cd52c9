/// How grave an official warning is, in the words of the Common Alerting Protocol (CAP) that all three
/// services speak: `Minor`, `Moderate`, `Severe`, `Extreme`, or `Unknown`. Ordered from the least grave.
public enum AlertSeverity: Int, Sendable, Comparable, CaseIterable {
    case unknown
    case minor
    case moderate
    case severe
    case extreme

    /// The lower-case word `--json` and waybar's class use: `severe`.
    package var name: String {
        switch self {
        case .unknown: "unknown"
        case .minor: "minor"
        case .moderate: "moderate"
        case .severe: "severe"
        case .extreme: "extreme"
        }
    }

    /// The severity CAP's word names, whatever its case (`Severe`, `severe`); `nil` for any other word.
    package init?(word: String) {
        switch word.lowercased() {
        case "unknown": self = .unknown
        case "minor": self = .minor
        case "moderate": self = .moderate
        case "severe": self = .severe
        case "extreme": self = .extreme
        default: return nil
        }
    }

    /// Whether a warning this grave marks the first line and the short line (`⚠`): Moderate or higher.
    /// A minor one (DWD's level 1, a yellow wind gust in most autumn weeks) is listed, not flagged.
    package var marksTheWeather: Bool { self >= .moderate }

    public static func < (lhs: AlertSeverity, rhs: AlertSeverity) -> Bool { lhs.rawValue < rhs.rawValue }
}
