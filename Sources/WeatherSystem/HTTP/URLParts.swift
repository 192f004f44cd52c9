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

extension URLParts {
    /// Whether `value` is an endpoint weather may be pointed at: an absolute http or https URL with a host,
    /// as `init` reads one, with no control character, invisible formatting character or blank anywhere.
    /// Every start checks each endpoint the environment sets, so the bytes are read once and nothing is
    /// built: `init`, which builds the scheme and the host as text, and a scan for blanks by characters
    /// cost about 5,500 instructions an endpoint.
    package static func isEndpoint(_ value: String) -> Bool {
        var value = value
        let plain = value.withUTF8 { bytes -> Bool? in
            guard !String.containsControlCharacters(bytes), !bytes.contains(UInt8(ascii: " ")) else { return false }
            // The scheme, in any case, then "://".
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon == 4 || colon == 5,
                bytes.count >= colon + 3, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
            else { return false }
            let scheme: StaticString = "https"
            for index in 0..<colon where bytes[index] | 0x20 != scheme.utf8Start[index] { return false }
            // A host: what follows the authority's last "@", up to its end; not empty.
            var hostStart = colon + 3
            var index = hostStart
            while index < bytes.count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
                bytes[index] != UInt8(ascii: "#")
            {
                if bytes[index] == UInt8(ascii: "@") { hostStart = index + 1 }
                index += 1
            }
            guard index > hostStart else { return false }
            // Blanks beyond ASCII (a no-break space) only where there is text beyond ASCII.
            return bytes.contains { $0 >= 0x80 } ? nil : true
        }
        return plain ?? !value.unicodeScalars.contains { $0.properties.isWhitespace }
    }
}
