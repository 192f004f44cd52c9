/// The parts of a URL that requests and messages need.
struct URLParts: Sendable, Equatable {
    /// `http` or `https`, lowercased.
    var scheme: String
    /// The host with its port when it has one: `127.0.0.1:8080`.
    var authority: String

    /// Splits an absolute `http` or `https` URL; `nil` for anything else.
    init?(_ url: String) {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        let scheme = url[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = url[url.index(colon, offsetBy: 3)...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace }) else { return nil }
        self.scheme = scheme
        self.authority = host
    }
}
