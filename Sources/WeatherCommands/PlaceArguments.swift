import ArgumentParser
import Synchronization
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

    /// The place asked for, or `nil` for the saved place.
    func query() throws(WeatherError) -> PlaceQuery? {
        words.isEmpty ? nil : try placeQuery(words)
    }

    /// Runs `body` with the place asked for; when no place is found by the words and the first, the
    /// command line's first word, looks like a mistyped command (`weather sett Berlin`), the error says so
    /// too, with the command line that was probably meant.
    func run(_ body: (PlaceQuery?) throws(WeatherError) -> Void) throws(WeatherError) {
        let query = try query()
        do {
            try body(query)
        } catch {
            let typed = UsageHint.typed.withLock { $0 } ?? words
            guard case .provider(let problem) = error, problem.isPlaceNotFound, let first = words.first,
                typed.first == first, let command = CommandNames.closest(to: first)
            else { throw error }
            throw .usage(
                tr(
                    "\"%1$s\" is not a command, and no place called \"%2$s\" was found; did you mean weather %3$s?",
                    first, words.joined(separator: " "), UsageHint.commandLine([command] + typed.dropFirst())))
        }
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
