/// Which forecast service a result comes from: the `provider` setting's values, and what the result
/// file, `show --json` and `forecast --json` say. Only a name: what each service is (its credit, endpoint,
/// terms, request and decoder) is its descriptor in the sources' registry (`SourceRegistry`), so that a
/// new provider is a folder and a line there, not a case here.
public struct ProviderID: Sendable, Hashable, RawRepresentable {
    public let rawValue: String

    /// `rawValue` when it could name a source (`SourceName`): what a result file says is checked
    /// against the registry only where it is used, and a name it does not know is credited as written.
    public init?(rawValue: String) {
        guard SourceName.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Open-Meteo, the default provider: a result file written before there were others names none.
    package static let openMeteo = ProviderID(known: "open-meteo")

    /// A name written in weather's own code.
    package init(known rawValue: StaticString) {
        self.rawValue = rawValue.description
    }
}

/// The names of the sources (forecast providers, warning services, the air service) in the files and
/// `--json`: lower-case ASCII letters, digits and hyphens, at most 32, so that a name read from a file
/// can be shown, written to a file or put in a message as it is.
package enum SourceName {
    package static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 32
            && name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
