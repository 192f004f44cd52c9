/// The service official warnings come from, by name: `nws`, `dwd`, `met-norway`, as `--json` and the
/// warnings file write it. What each service is (whom it covers, its credit, its languages, its request
/// and decoder) is its descriptor in the sources' registry (`WarningServiceDescriptor`).
public struct AlertSource: Sendable, Hashable {
    /// The word `--json` and the warnings file use.
    package let name: String

    /// The source `name` names, when it could name one (`SourceName`).
    package init?(name: String) {
        guard SourceName.isValid(name) else { return nil }
        self.name = name
    }

    /// A name written in weather's own code.
    package init(known name: StaticString) {
        self.name = name.description
    }

    /// The services `WarningCoverage`'s outlines are drawn for.
    package static let nws = AlertSource(known: "nws")
    package static let dwd = AlertSource(known: "dwd")
    package static let metNorway = AlertSource(known: "met-norway")
}
