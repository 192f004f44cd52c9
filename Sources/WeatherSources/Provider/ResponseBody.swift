package import WeatherModel
import WeatherSystem

/// Checks common to every JSON body before its shape is read.
package enum ResponseBody {
    /// The body as JSON, or the problem in words: empty, HTML, cut off, not JSON, an error object.
    package static func json(_ body: [UInt8], headers: HTTPHeaders) throws(ResponseProblem) -> JSONReader {
        guard let first = body.first(where: { !$0.isASCIIWhitespace }) else {
            throw ResponseProblem(tr("the body is empty"))
        }
        let contentType = headers["Content-Type"]?.lowercased() ?? ""
        if first == UInt8(ascii: "<") || contentType.hasPrefix("text/html") {
            throw ResponseProblem(tr("it is an HTML page, not JSON"))
        }
        let reader: JSONReader
        do throws(JSONSyntaxError) {
            reader = try JSONDocument(parsing: body).reader
        } catch {
            if let words = brokenOffStream(body) { throw ResponseProblem(words, brokeOff: true) }
            // jansson's words for input that stops in the middle, as opposed to text after the end.
            let cutOff = error.text.includes("premature end of input") || error.text.hasSuffix("near end of file")
            throw ResponseProblem(
                cutOff
                    ? tr("it is not valid JSON (%s), it looks cut off", "\(error)")
                    : tr("it is not valid JSON (%s)", "\(error)"))
        }
        guard reader.kind == .object else {
            throw ResponseProblem(tr("it is %s, not an object", translation(of: reader.kindDescription)))
        }
        if (try? reader.bool("error")) == true {
            let reason = (try? reader.string("reason")) ?? tr("no reason given")
            throw ResponseProblem(tr("it reports an error: %s", reason))
        }
        return reader
    }

    /// What Open-Meteo writes, after whatever JSON it had sent, when its server fails while streaming a 200
    /// answer: "Unexpected error while streaming data: <error>" (`JsonWriter.swift` in its source). Those
    /// words from the marker on, at most 200 characters, when `body` holds them.
    static func brokenOffStream(_ body: [UInt8]) -> String? {
        let marker = Array("Unexpected error while streaming data".utf8)
        guard body.count >= marker.count else { return nil }
        for start in 0...(body.count - marker.count) where body[start] == marker[0] {
            guard body[start..<(start + marker.count)].elementsEqual(marker) else { continue }
            let words = String(decoding: body[start...].prefix(200), as: UTF8.self).printable
            return words.trimmingWhitespace()
        }
        return nil
    }

    /// The `reason` of an Open-Meteo error body, such as "Parameter count must be between 1 and 100.".
    package static func errorReason(_ body: [UInt8]) -> String? {
        guard let reason = try? JSONDocument(parsing: body).reader.string("reason") else { return nil }
        let trimmed = reason.trimmingWhitespace()
        return trimmed.isEmpty ? nil : String(trimmed.prefix(300)).printable
    }
}

/// Why a 200 response cannot be read, in one phrase for "sent a response weather cannot read: …".
package struct ResponseProblem: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
    /// The service broke off its answer and said so (`ResponseBody.brokenOffStream`): its failure, not a
    /// body we misread; `description` holds its words.
    package var brokeOff = false

    package init(_ description: String, brokeOff: Bool = false) {
        self.description = description.printable
        self.brokeOff = brokeOff
    }
}
