package import WeatherModel

/// Collects one transfer's headers and body, refusing bodies over a limit, and headers over another.
package final class ResponseSink {
    /// The most header bytes accepted across a transfer's responses: real ones send a kilobyte or two.
    static let headerLimit = 64 * 1024

    package let limit: Int
    package var body: [UInt8] = []
    package var headers = HTTPHeaders()
    var exceededLimit = false
    var exceededHeaderLimit = false
    private var headerBytes = 0

    package init(limit: Int) { self.limit = limit }

    /// Takes a chunk of body; `false` when it would exceed the limit.
    package func receive(body chunk: UnsafeRawBufferPointer) -> Bool {
        guard body.count + chunk.count <= limit else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// Takes one header line; a status line starts a new response (after a redirect or a 100 Continue).
    /// `false` when the headers exceed `headerLimit`, which ends the transfer.
    package func receive(headerLine chunk: UnsafeRawBufferPointer) -> Bool {
        headerBytes += chunk.count
        guard headerBytes <= Self.headerLimit else {
            exceededHeaderLimit = true
            return false
        }
        let line = String(decoding: chunk, as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            headers = HTTPHeaders()
            return true
        }
        guard let colon = line.firstIndex(of: ":") else { return true }
        let name = line[..<colon].trimmingWhitespace()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        if !name.isEmpty { headers.append(name: name, value: value) }
        return true
    }
}
