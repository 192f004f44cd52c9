/// The caching headers of the response a result came from: validators (`ETag`, `Last-Modified`) and
/// freshness (`Cache-Control`, `Expires`, `Date`, `Age`, `Retry-After`), kept verbatim.
package struct CachingHeaders: Sendable, Equatable {
    package var etag: String?
    package var lastModified: String?
    package var cacheControl: String?
    package var expires: String?
    package var date: String?
    package var age: String?
    package var retryAfter: String?
}

// The initializers below are in an extension, so that Swift writes the memberwise one.
extension CachingHeaders {
    /// The caching headers of `headers`; a value that could not be sent back safely is left out.
    package init(_ headers: HTTPHeaders) {
        func safe(_ name: String) -> String? { headers[name].flatMap(Self.safeValue) }
        self.init(
            etag: safe("ETag"), lastModified: safe("Last-Modified"), cacheControl: safe("Cache-Control"),
            expires: safe("Expires"), date: safe("Date"), age: safe("Age"), retryAfter: safe("Retry-After")
        )
    }

    /// The longest header value kept; real validators and dates are well under 100 bytes.
    package static let maximumValueLength = 512

    /// `value` when it can go back into a request header as it is: 1 to 512 bytes of visible ASCII,
    /// spaces and tabs. A line break would split the header; anything else is not a value a cache needs,
    /// and an empty one says nothing.
    package static func safeValue(_ value: String) -> String? {
        guard !value.isEmpty, value.utf8.count <= maximumValueLength,
            value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) })
        else { return nil }
        return value
    }

    /// These headers renewed by a `304 Not Modified`: each one it sends replaces the stored one
    /// (RFC 9111, section 4.3.4); the rest stay.
    package func renewed(by notModified: CachingHeaders) -> CachingHeaders {
        CachingHeaders(
            etag: notModified.etag ?? etag, lastModified: notModified.lastModified ?? lastModified,
            cacheControl: notModified.cacheControl ?? cacheControl, expires: notModified.expires ?? expires,
            date: notModified.date ?? date, age: notModified.age, retryAfter: notModified.retryAfter
        )
    }

    /// Writes the headers present, as members of the object being written.
    package func write(into writer: inout JSONWriter) {
        writer.field("etag", etag)
        writer.field("lastModified", lastModified)
        writer.field("cacheControl", cacheControl)
        writer.field("expires", expires)
        writer.field("date", date)
        writer.field("age", age)
        writer.field("retryAfter", retryAfter)
    }

    /// Reads what `write(into:)` wrote; a value that is not safe to send back (another program may have written
    /// the file) is dropped, which costs at most an unconditional request.
    package init(reading reader: JSONReader) throws(JSONShapeError) {
        func safe(_ key: String) throws(JSONShapeError) -> String? {
            try reader.optionalString(key).flatMap(Self.safeValue)
        }
        self.init(
            etag: try safe("etag"), lastModified: try safe("lastModified"), cacheControl: try safe("cacheControl"),
            expires: try safe("expires"), date: try safe("date"), age: try safe("age"),
            retryAfter: try safe("retryAfter")
        )
    }
}
