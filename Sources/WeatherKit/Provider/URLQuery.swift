import WeatherModel

/// Query strings.
enum URLQuery {
    /// `url` with `parameters` appended as a percent-encoded query, built as bytes: a request's URL costs
    /// a few thousand instructions, not a few hundred thousand.
    static func append(_ parameters: [(String, String)], to url: String) -> String {
        var bytes = Array(url.utf8)
        if !bytes.contains(UInt8(ascii: "?")) {
            bytes.append(UInt8(ascii: "?"))
        } else if bytes.last != UInt8(ascii: "?") && bytes.last != UInt8(ascii: "&") {
            bytes.append(UInt8(ascii: "&"))
        }
        for (index, (name, value)) in parameters.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            encode(name, into: &bytes)
            bytes.append(UInt8(ascii: "="))
            encode(value, into: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        encode(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func encode(_ text: String, into bytes: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
    }
}
