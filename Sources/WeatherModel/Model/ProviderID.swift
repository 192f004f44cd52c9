/// Which forecast service a result comes from: the `provider` setting's values, and what the result
/// file, `show --json` and `forecast --json` say. Geocoding is Open-Meteo's for both.
public enum ProviderID: String, Sendable, CaseIterable {
    /// Open-Meteo (open-meteo.com): raw model values every 15 minutes, no validators.
    case openMeteo = "open-meteo"
    /// MET Norway's Locationforecast 2.0 (api.met.no): `Expires` and `Last-Modified`, a contact required.
    case metNorway = "met-norway"

    /// The synthesized initializer, written out: that one searches an array of the names, whose type the
    /// runtime sets up on first use, and `show` reads a provider from every result file.
    public init?(rawValue: String) {
        switch rawValue {
        case "open-meteo": self = .openMeteo
        case "met-norway": self = .metNorway
        default: return nil
        }
    }

    /// Whether its answer gives today only from the hour it was made (MET Norway's series starts at the
    /// current hour), so that today's high and low are of the hours left; Open-Meteo's days are whole.
    package var givesTodayFromNow: Bool { self == .metNorway }

    /// The name the text credits, "Data: Open-Meteo": the source as its licence asks to be named
    /// (CC BY 4.0 for both; MET Norway's NLOD 2.0 too).
    package var attribution: String {
        switch self {
        case .openMeteo: "Open-Meteo"
        case .metNorway: "MET Norway"
        }
    }
}
