import CCurl
import WeatherModel

/// One libcurl easy handle, cleaned up with its header list when released.
final class EasyHandle {
    private let curl: weather_curl_api
    private let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl writes its detailed error message here (`CURLOPT_ERRORBUFFER`).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    package init() throws(CurlError) {
        let curl: weather_curl_api
        switch CurlLibrary.shared {
        case .success(let library): curl = library.api
        case .failure(let error):
            errorBuffer.deallocate()
            throw error
        }
        guard let handle = curl.easy_init() else {
            errorBuffer.deallocate()
            throw CurlError(code: Int(CURLE_FAILED_INIT.rawValue), message: tr("libcurl could not start"))
        }
        self.curl = curl
        self.handle = handle
        errorBuffer.initialize(to: 0)
        withUnsafePointer(to: curl) { api in
            _ = weather_curl_setopt_pointer(api, handle, CURLOPT_ERRORBUFFER, errorBuffer)
        }
    }

    deinit {
        curl.easy_cleanup(handle)
        curl.slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Sets a numeric option.
    package func set(_ option: CURLoption, _ value: Int) throws(CurlError) {
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_long($0, handle, option, value) })
    }

    /// Sets a size option (`curl_off_t`).
    package func set(_ option: CURLoption, offset value: Int64) throws(CurlError) {
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_offset($0, handle, option, curl_off_t(value)) })
    }

    /// Sets a string option; libcurl keeps its own copy.
    package func set(_ option: CURLoption, _ value: String) throws(CurlError) {
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_string($0, handle, option, value) })
    }

    /// Replaces the extra request headers; the list lives as long as the handle.
    func setHeaders(_ lines: [String]) throws(CurlError) {
        var list: UnsafeMutablePointer<curl_slist>?
        for line in lines {
            guard let appended = curl.slist_append(list, line) else {
                curl.slist_free_all(list)
                throw CurlError(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: tr("out of memory"))
            }
            list = appended
        }
        try check(withUnsafePointer(to: curl) { weather_curl_setopt_list($0, handle, CURLOPT_HTTPHEADER, list) })
        curl.slist_free_all(headerList)
        headerList = list
    }

    /// Runs the transfer, sending headers and body to `sink`; returns the `CURLcode`.
    func perform(into sink: ResponseSink) -> Int {
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let onBody: weather_curl_data_callback = { buffer, size, count, context in
            let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
            let chunk = UnsafeRawBufferPointer(start: buffer, count: size * count)
            return sink.receive(body: chunk) ? size * count : 0
        }
        let onHeader: weather_curl_data_callback = { buffer, size, count, context in
            let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
            return sink.receive(headerLine: UnsafeRawBufferPointer(start: buffer, count: size * count))
                ? size * count : 0
        }
        // Called about once a second even while nothing arrives: the moment to give up when stopped.
        let onProgress: weather_curl_progress_callback = { _, _, _, _, _ in
            StopSignal.received == nil ? 0 : 1
        }
        withUnsafePointer(to: curl) { api in
            _ = weather_curl_setopt_callback(api, handle, CURLOPT_WRITEFUNCTION, onBody)
            _ = weather_curl_setopt_pointer(api, handle, CURLOPT_WRITEDATA, context)
            _ = weather_curl_setopt_callback(api, handle, CURLOPT_HEADERFUNCTION, onHeader)
            _ = weather_curl_setopt_pointer(api, handle, CURLOPT_HEADERDATA, context)
            _ = weather_curl_setopt_progress(api, handle, CURLOPT_XFERINFOFUNCTION, onProgress)
            _ = weather_curl_setopt_long(api, handle, CURLOPT_NOPROGRESS, 0)
        }
        return withExtendedLifetime(sink) { Int(curl.easy_perform(handle).rawValue) }
    }

    /// The last response's status code.
    var responseCode: Int {
        var code = 0
        withUnsafePointer(to: curl) { _ = weather_curl_getinfo_long($0, handle, CURLINFO_RESPONSE_CODE, &code) }
        return code
    }

    /// How many bytes of the last response's body came over the wire, before they were decoded
    /// (`CURLINFO_SIZE_DOWNLOAD_T`).
    var bodyBytesReceived: Int {
        var bytes: curl_off_t = 0
        withUnsafePointer(to: curl) { _ = weather_curl_getinfo_offset($0, handle, CURLINFO_SIZE_DOWNLOAD_T, &bytes) }
        return Int(bytes)
    }

    /// `code` in libcurl's words: the detailed message if it left one, else `curl_easy_strerror`.
    package func error(_ code: Int) -> CurlError {
        let detail = String(cString: errorBuffer)
        let words =
            curl.easy_strerror(CURLcode(rawValue: UInt32(code))).map { String(cString: $0) }
            ?? tr("curl error %d", String(code))
        let message = detail.isEmpty ? words : detail
        return CurlError(code: code, message: message)
    }

    private func check(_ code: CURLcode) throws(CurlError) {
        guard code == CURLE_OK else { throw error(Int(code.rawValue)) }
    }
}
