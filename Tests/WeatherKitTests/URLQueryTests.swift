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
