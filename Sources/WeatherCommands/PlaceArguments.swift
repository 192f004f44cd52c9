import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherSources
import WeatherSystem

/// The words that name another place for one look (`weather show Paris`, `weather Springfield, MO`,
/// `weather forecast 52.52,13.41`), leaving the saved place alone.
struct PlaceArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            helpText("Another place, looked up once: a name, Name, Qualifier or coordinates. The saved place stays."),
            valueName: "place"))
    var words: [String] = []

    /// The place asked for, or `nil` for the saved place. (When none is found by the words, and the first
    /// looks like a mistyped command, `UsageHint.mistypedCommand` says so.)
    func query() throws(WeatherError) -> PlaceQuery? {
        words.isEmpty ? nil : try placeQuery(words)
    }
}

/// The place `words` name, as `set`, `search` and one-off lookups read them; refused input is a usage error.
func placeQuery(_ words: [String]) throws(WeatherError) -> PlaceQuery {
    do throws(PlaceQueryError) {
        return try PlaceQuery(words: words)
    } catch {
        throw .query(error)
    }
}
