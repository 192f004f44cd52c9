import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Query strings")
struct URLQueryTests {
    @Test("parameters are percent-encoded but for RFC 3986's unreserved characters, after ? or &")
    func append() {
        let parameters = [("name", "São Paulo, BR"), ("count", "10"), ("x~y", "a-b.c_d/e&f=g")]
        let query = "name=S%C3%A3o%20Paulo%2C%20BR&count=10&x~y=a-b.c_d%2Fe%26f%3Dg"
        #expect(URLQuery.append(parameters, to: "http://h/v1/search") == "http://h/v1/search?" + query)
        #expect(URLQuery.append(parameters, to: "http://h/s?key=1") == "http://h/s?key=1&" + query)
        #expect(URLQuery.append(parameters, to: "http://h/s?") == "http://h/s?" + query)
        #expect(URLQuery.append(parameters, to: "http://h/s?key=1&") == "http://h/s?key=1&" + query)
        #expect(URLQuery.encode("\u{0}\n%") == "%00%0A%25")
    }
}

@Suite("Endpoints")
struct EndpointTests {
    /// What an endpoint setting takes, by its definition: a URL `URLParts` reads, without control
    /// characters, invisible formatting characters or blanks.
    static func isEndpointByDefinition(_ value: String) -> Bool {
        URLParts(value) != nil && !value.containsControlCharacters
            && !value.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    @Test(
        "the byte scan takes what the definition takes, and nothing else",
        arguments: [
            "https://api.open-meteo.com/v1/forecast", "http://127.0.0.1:8080/v1/forecast?x=1", "HTTPS://A/b",
            "HtTp://host", "http://user:pw@host:1/p", "https://host#frag", "https://host?q", "http://ä.example/ü",
            "https://", "https:///path", "https://user@/p", "http:/host", "http//host", "ftp://host", "httpss://host",
            "htt://host", "https:host", "", ":", "https://ho st/", "https://host/a b", "https://host/\u{00A0}",
            "https://host/\u{3000}", "https://host\u{2028}/", "https://host/\u{200B}", "https://host/\u{1B}[2J",
            "https://host/\u{85}", "https://host\t/", "\u{0130}ttps://host", "https://h@o@st/", "ΗTTP://host",
        ])
    func scanMatchesDefinition(_ value: String) {
        #expect(URLParts.isEndpoint(value) == Self.isEndpointByDefinition(value))
    }

    @Test("any text of a URL's bytes and a few others: the scan agrees with the definition")
    func scanMatchesDefinitionOnMutations() {
        // Every one- and two-byte change of a good endpoint, over the bytes that matter to either reading.
        let base = Array("https://a@b.example:8080/v1?x#y".utf8)
        let bytes: [UInt8] = [0x00, 0x09, 0x20, 0x2F, 0x3A, 0x3F, 0x23, 0x40, 0x48, 0x53, 0x68, 0x7F, 0xC2, 0xA0, 0x85]
        var checked = 0
        for position in base.indices {
            for byte in bytes {
                var changed = base
                changed[position] = byte
                let text = String(decoding: changed, as: UTF8.self)
                #expect(URLParts.isEndpoint(text) == Self.isEndpointByDefinition(text), "\(changed)")
                checked += 1
            }
        }
        #expect(checked == base.count * bytes.count)
    }
}
