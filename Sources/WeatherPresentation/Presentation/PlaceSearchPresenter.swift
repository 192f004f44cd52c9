public import WeatherFetching
import WeatherModel
public import WeatherSources
import WeatherSystem

/// `weather search`: the places the geocoding service knows by a name, the most populous first (the one
/// `weather set` and one-off lookups choose), each with the query that picks it, so that users see why
/// one was chosen and how to ask for another.
public struct PlaceSearchPresenter: Sendable {
    let fetcher: WeatherFetcher
    let console: any Console
    /// `--json`.
    let json: Bool
    /// How many matches to list at most.
    let count: Int

    public init(fetcher: WeatherFetcher, json: Bool, count: Int) {
        self.fetcher = fetcher
        let context = fetcher.context
        console = context.console
        self.json = json
        self.count = count
    }

    /// Looks `query` up (one request, always: a search is asked for) and prints the matches.
    public func show(_ query: PlaceQuery) throws(WeatherError) {
        guard query.coordinates == nil else {
            throw .usage(
                tr("coordinates name a place directly, with nothing to search; weather show takes them as they are"))
        }
        let activity = console.beginActivity(tr("Looking up %s…", query.name))
        let found: PlaceMatches
        do {
            defer { activity.stop() }
            // The same request as every lookup of the name: the list, its order and the words that choose
            // each match do not depend on how many are shown.
            found = try fetcher.placeMatches(for: query)
        } catch {
            // A search that found nothing is still an answer for a script: no matches, and the same exit.
            if json, case .provider(let problem) = error, problem.isPlaceNotFound {
                console.printLine(Self.json(nothingFor: query))
            }
            throw error
        }
        if json { return console.printLine(Self.json(found, count: count)) }
        if let note = found.note { console.printError(note) }
        console.printLine(Self.text(found, count: count, columns: console.columns))
    }

    /// The first `count` of `found`'s matches as a table, with a line on how many there are (at least:
    /// the service lists at most 100), which is chosen and how to choose another; fitted to a terminal
    /// `columns` wide when one says.
    package static func text(_ found: PlaceMatches, count: Int, columns: Int? = nil) -> String {
        let (query, total) = (found.query, found.fitting.count)
        let shown = found.fitting.prefix(count)
        var text =
            found.mayHaveMore
            ? trn(
                "at least %1$d place called \"%2$s\"", "at least %1$d places called \"%2$s\"", total, String(total),
                query.name)
            : trn("%1$d place called \"%2$s\"", "%1$d places called \"%2$s\"", total, String(total), query.name)
        if !query.qualifiers.isEmpty { text = tr("%1$s in \"%2$s\"", text, query.qualifiers.joined(separator: ", ")) }
        if total > 1 {
            text = tr("%s, the most populous first", text)
            if shown.count < total {
                text = trn("%1$s (the first %2$d)", "%1$s (the first %2$d)", shown.count, text, String(shown.count))
            }
        }
        // The command stays whole on one line, to be read (and copied) as one: it stands in the sentence
        // as one word, a mark the words never hold, until the sentence is cut into lines.
        let command = "weather set " + query.text
        let mark: Character = "\u{1}"
        let units = tr("%1$s; %2$s chooses the first:", text, String(mark)).split(separator: " ").map {
            $0.split(separator: mark, omittingEmptySubsequences: false).map(String.init).joinedText(command)
        }
        text = units.wrapped(toColumns: columns ?? .max).joinedText("\n") + "\n"
        var rows = [["", tr("Place"), tr("People"), tr("Latitude"), tr("Longitude"), tr("Choose it with")]]
        let conventions = Conventions.current
        for (index, match) in shown.enumerated() {
            let location = match.location
            rows.append([
                String(index + 1), location.displayName, location.population.map(conventions.grouped) ?? "",
                conventions.decimal(location.latitude.fixed(decimals: 4)),
                conventions.decimal(location.longitude.fixed(decimals: 4)),
                found.words(choosing: match),
            ])
        }
        text += Self.table(rows, fitting: columns ?? .max)
        while text.last == "\n" { text.removeLast() }
        return text
    }

    /// The rows (number, place, people, latitude, longitude, words) as a table at most `columns` wide
    /// where it can be: without the coordinates, then without the population, then with the places cut
    /// short, then without them. The words that choose a place are never cut: they are to be typed.
    static func table(_ rows: [[String]], fitting columns: Int) -> String {
        func width(_ table: String) -> Int {
            table.split(separator: "\n").reduce(0) { max($0, String($1).terminalColumns) }
        }
        for kept in [[0, 1, 2, 3, 4, 5], [0, 1, 2, 5], [0, 1, 5]] {
            let table = WeatherFormatter.table(
                rows.map { row in kept.map { row[$0] } },
                rightAligned: Set(kept.indices.filter { [0, 2, 3, 4].contains(kept[$0]) }))
            if width(table) <= columns { return table }
        }
        let withoutPlaces = WeatherFormatter.table(rows.map { [$0[0], "", $0[5]] }, rightAligned: [0])
        // A column takes its width and a space either side.
        let room = columns - width(withoutPlaces) - 2
        guard room >= 8 else { return withoutPlaces }
        return WeatherFormatter.table(
            rows.map { [$0[0], $0[1].truncated(toColumns: room), $0[5]] }, rightAligned: [0])
    }

    /// The first `count` of `found`'s matches as one JSON object: the query, the number of matches, and
    /// each shown match's place (as `show --json` writes a location) with the words that choose it.
    package static func json(_ found: PlaceMatches, count: Int) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("query", found.query.text)
            writer.field("total", found.fitting.count)
            writer.array("matches", Array(found.fitting.prefix(count))) { writer, match in
                match.location.write(into: &writer)
                writer.field("choose", found.words(choosing: match))
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `{"query":...,"total":0,"matches":[]}`: the answer of `--json` when nothing matched.
    static func json(nothingFor query: PlaceQuery) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("query", query.text)
            writer.field("total", 0)
            writer.array("matches", [PlaceCandidate]()) { _, _ in }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

}
