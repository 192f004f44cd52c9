import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("String.includes, the release build's contains")
struct TextIncludesTests {
    @Test("finds text anywhere, byte for byte, and nothing that is not there")
    func includes() {
        #expect("premature end of input near 'x'".includes("premature end of input"))
        #expect("abc".includes("c") && "abc".includes("abc") && "abc".includes(""))
        #expect(!"abc".includes("abcd") && !"abc".includes("ac") && !"".includes("a"))
        #expect("Zürich 😀".includes("ü") && "Zürich 😀".includes("😀"))
        #expect(!"e\u{301}".includes("é"), "bytes, not characters: a decomposed é is not the composed one")
    }
}
