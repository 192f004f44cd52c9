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

    public init(context: WeatherContext, json: Bool, count: Int) {
        fetcher = context.fetcher
        console = context.console
        self.json = json
        self.count = count
    }

    /// Looks `query` up (one request, always: a search is asked for) and prints the matches.
    public func show(_ query: PlaceQuery) throws(WeatherError) {
        guard query.coordinates == nil else {
            throw .usage(
                "coordinates name a place directly, with nothing to search; weather show takes them as they are")
        }
        let activity = console.beginActivity("Looking up \(query.name)…")
        let found: (matches: [PlaceCandidate], note: String?)
        do {
            defer { activity.stop() }
            // Qualifiers are matched among the service's 100 best; the list is cut after that.
            found = try fetcher.matches(for: query, count: query.qualifiers.isEmpty ? count : nil)
        }
        let shown = Array(found.matches.prefix(count))
        if json { return console.printLine(Self.json(shown, for: query, total: found.matches.count)) }
        if let note = found.note { console.printError(note) }
        console.printLine(Self.text(shown, for: query, total: found.matches.count))
    }

    /// The matches as a table, with a line on which is chosen and how to choose another.
    package static func text(_ matches: [PlaceCandidate], for query: PlaceQuery, total: Int) -> String {
        let counted = total == 1 ? "1 place" : "\(total) places"
        var text = "\(counted) called \"\(query.name)\""
        if !query.qualifiers.isEmpty { text += " in \"\(query.qualifiers.joined(separator: ", "))\"" }
        if total > 1 {
            text += ", the most populous first"
            if matches.count < total { text += " (the first \(matches.count))" }
        }
        text += "; weather set \(query.text) chooses the first:\n"
        var rows = [["", "Place", "People", "Latitude", "Longitude", "Choose it with"]]
        for (index, match) in matches.enumerated() {
            let location = match.location
            rows.append([
                String(index + 1), location.displayName, location.population.map(Self.grouped) ?? "",
                location.latitude.fixed(decimals: 4), location.longitude.fixed(decimals: 4),
                choosing(match, among: matches, query: query),
            ])
        }
        text += WeatherFormatter.table(rows, rightAligned: [0, 2, 3, 4])
        while text.last == "\n" { text.removeLast() }
        return text
    }

    /// The matches as one JSON object: the query, the number of matches, and each match's place (as
    /// `show --json` writes a location) with the query that picks it.
    package static func json(_ matches: [PlaceCandidate], for query: PlaceQuery, total: Int) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("query", query.text)
            writer.field("total", total)
            writer.array("matches", matches) { writer, match in
                match.location.write(into: &writer)
                writer.field("choose", choosing(match, among: matches, query: query))
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The words that choose `match`: the query itself when it is the only match, otherwise the name with
    /// its country, or its region where the matches have several in one country.
    static func choosing(_ match: PlaceCandidate, among matches: [PlaceCandidate], query: PlaceQuery) -> String {
        matches.count == 1 ? query.text : PlaceChoice.qualifiedName(of: match, among: matches)
    }

    /// `1234567` as "1,234,567".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
