import ArgumentParser
import WeatherKit

/// The words that name another place for one look (`weather show Paris`, `weather Springfield, MO`,
/// `weather forecast 52.52,13.41`), leaving the saved place alone.
struct PlaceArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Another place, looked up once: a name, Name, Qualifier or coordinates. The saved place stays.",
            valueName: "place"))
    var words: [String] = []

    /// The place asked for, or `nil` for the saved place.
    func query() throws(WeatherError) -> PlaceQuery? {
        words.isEmpty ? nil : try placeQuery(words)
    }

    /// Runs `body` with the place asked for; when no place is found by the words and the first looks like
    /// a mistyped command (`weather sett Berlin`), the error says so too.
    func run(_ body: (PlaceQuery?) throws(WeatherError) -> Void) throws(WeatherError) {
        let query = try query()
        do {
            try body(query)
        } catch {
            guard case .provider(let problem) = error, problem.isPlaceNotFound, let first = words.first,
                let command = CommandNames.closest(to: first)
            else { throw error }
            let rest = words.dropFirst().joined(separator: " ")
            throw .usage(
                "\"\(first)\" is not a command, and no place called \"\(words.joined(separator: " "))\" was found; "
                    + "did you mean weather \(command) \(rest)?")
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

/// The names of weather's commands, for a hint when one looks mistyped.
enum CommandNames {
    static var all: [String] {
        WeatherCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The command `word` is probably a misspelling of: one edit away (two for longer words), ignoring
    /// letter case; `nil` when it is a command or close to none.
    static func closest(to word: String) -> String? {
        let typed = Array(word.lowercased())
        let all = all
        guard !all.contains(String(typed)), typed.count >= 2 else { return nil }
        return all.first { command in
            editDistance(typed, Array(command)) <= (command.count > 4 ? 2 : 1)
        }
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours (`shwo` is one edit from `show`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
