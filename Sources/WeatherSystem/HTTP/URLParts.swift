import WeatherModel

/// The parts of a URL that requests and messages need.
package struct URLParts: Sendable, Equatable {
    /// `http` or `https`, lowercased.
    var scheme: String
    /// The host with its port when it has one: `127.0.0.1:8080`.
    package var authority: String

    /// Splits an absolute `http` or `https` URL; `nil` for anything else. Reads bytes, not characters:
    /// every delimiter is ASCII, and `weather show` checks the endpoints of the environment at each start.
    package init?(_ url: String) {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes[colon...].starts(with: "://".utf8)
        else { return nil }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = bytes[(colon + 3)...]
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        let host = authority.lastIndex(of: UInt8(ascii: "@")).map { authority[($0 + 1)...] } ?? authority
        guard !host.isEmpty, !host.contains(where: { $0 <= 0x20 }) else { return nil }
        self.scheme = scheme
        self.authority = String(decoding: host, as: UTF8.self)
    }
}
