import WeatherModel
import WeatherSystem

/// Query strings.
enum URLQuery {
    /// `url` with `parameters` appended as a percent-encoded query, built as bytes: a request's URL costs
    /// a few thousand instructions, not a few hundred thousand.
    package static func append(_ parameters: [(String, String)], to url: String) -> String {
        var bytes = Array(url.utf8)
        if !bytes.contains(UInt8(ascii: "?")) {
            bytes.append(UInt8(ascii: "?"))
        } else if bytes.last != UInt8(ascii: "?") && bytes.last != UInt8(ascii: "&") {
            bytes.append(UInt8(ascii: "&"))
        }
        for (index, (name, value)) in parameters.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "&")) }
            bytes += encode(name).utf8
            bytes.append(UInt8(ascii: "="))
            bytes += encode(value).utf8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes all but RFC 3986's unreserved characters.
    package static func encode(_ text: String) -> String {
        text.escaping(unreserved) { byte, output in
            let hex = Array("0123456789ABCDEF".utf8)
            output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
        }
    }

    /// Every byte but RFC 3986's unreserved characters.
    private static let unreserved = SpecialBytes(
        allBut: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
