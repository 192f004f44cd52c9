import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("HTTP dates")
struct HTTPDateTests {
    @Test(
        "HTTP dates in all three forms",
        arguments: [
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
        ])
    func httpDates(text: String) {
        #expect(HTTPDate.parse(text)?.secondsSince1970 == 784_111_777)
    }

    @Test(
        "HTTP dates that are none",
        arguments: ["0", "", "-1", "Sun, 32 Nov 1994 08:49:37 GMT", "tomorrow", "Sun, 06 Nov 1994 08:49:37 CET"])
    func notHTTPDates(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }
}
