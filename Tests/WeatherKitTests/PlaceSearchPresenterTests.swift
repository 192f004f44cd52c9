import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("search in a narrow terminal")
struct PlaceSearchPresenterTests {
    /// `search name` against the fixture `file`, as PlaceMatches.
    func found(_ file: String, _ words: String) throws -> PlaceMatches {
        let candidates = try GeocodingResponse.decode(try TestPaths.fixture("open-meteo/geocoding/\(file).json"))
        return try PlaceMatches(try PlaceQuery(words: [words]), candidates: candidates, language: "en")
    }

    @Test(
        "at any width every line fits (but for words that choose, which are never cut) and no row breaks",
        arguments: [("springfield", "Springfield"), ("berlin", "Berlin"), ("new-york", "New York"), ("alert", "Alert")])
    func fits(file: String, words: String) throws {
        let found = try found(file, words)
        let wide = PlaceSearchPresenter.text(found, count: 100)
        let rows = found.fitting.count
        for columns in [120, 100, 80, 60, 50, 40, 30, 20] {
            let text = PlaceSearchPresenter.text(found, count: 100, columns: columns)
            let lines = text.split(separator: "\n").map(String.init)
            let header = try #require(lines.firstIndex { $0.hasSuffix("Choose it with") })
            #expect(lines.count == header + 1 + rows, "\(columns): \(text)")
            for (line, match) in zip(lines[(header + 1)...], found.fitting) {
                let choose = found.words(choosing: match)
                #expect(line.hasSuffix("  " + choose), "\(columns): the words whole")
                #expect(
                    line.terminalColumns <= max(columns, "  99  ".count + choose.terminalColumns), "\(columns): \(line)"
                )
            }
            // The command is never broken: longer than the line, it has a line of its own.
            let command = "weather set \(words)"
            #expect(lines[..<header].contains { $0.includes(command) }, "\(columns): \(text)")
            for line in lines[...header] where line != command {
                #expect(line.terminalColumns <= columns, "\(columns): \(line)")
            }
            if columns >= 120 { #expect(text == wide) }
        }
    }

    @Test("what is dropped first: the coordinates, then the population, then the rest of the place's name")
    func order() throws {
        let found = try found("springfield", "Springfield")
        let at90 = PlaceSearchPresenter.text(found, count: 3, columns: 90)
        #expect(at90.includes("People") && !at90.includes("Latitude"), "\(at90)")
        let at60 = PlaceSearchPresenter.text(found, count: 3, columns: 60)
        #expect(!at60.includes("People") && at60.includes("Springfield, Massachusetts…"), "\(at60)")
        #expect(PlaceSearchPresenter.text(found, count: 3).includes("Latitude"), "a pipe keeps everything")
    }

    @Test(
        "text is cut by display width, an ellipsis where it was cut",
        arguments: [
            ("Springfield", 20, "Springfield"), ("Springfield", 11, "Springfield"), ("Springfield", 6, "Sprin…"),
            ("東京都, 日本", 7, "東京都…"), ("東京都, 日本", 6, "東京…"), ("São Paulo", 4, "São…"), ("Zürich ☀️", 8, "Zürich …"),
            ("abc", 0, ""),
            ("abc", 1, "…"),
        ])
    func truncation(text: String, columns: Int, cut: String) {
        #expect(text.truncated(toColumns: columns) == cut)
        #expect(text.truncated(toColumns: columns).terminalColumns <= max(columns, 0))
    }
}
