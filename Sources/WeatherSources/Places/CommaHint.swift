package import WeatherModel
import WeatherSystem

/// Words typed without the comma that would qualify them: `Paris Texas` for `Paris, Texas`.
package enum CommaHint {
    /// The ways to put a comma into `query`'s name: before its last word and before its last two, those
    /// whose words after the comma read as a place (`PlaceQualifier.readsAsPlace`) first; none for a
    /// query that has a comma or coordinates, or a name of one word.
    package static func splits(of query: PlaceQuery) -> [PlaceQuery] {
        guard query.qualifiers.isEmpty, query.coordinates == nil else { return [] }
        let words = query.name.split(whereSeparator: \.isWhitespace).map(String.init)
        var splits: [PlaceQuery] = []
        for count in 1...2 where count < words.count {
            let name = words.dropLast(count).joinedText(" ")
            guard name.count >= 2 else { continue }
            splits.append(PlaceQuery(name: name, qualifiers: [words.suffix(count).joinedText(" ")]))
        }
        return splits.filter { readsAsPlace($0) } + splits.filter { !readsAsPlace($0) }
    }

    /// Whether `split`'s qualifier reads as a place without asking anyone: a country code, a state's or
    /// province's abbreviation, or the name of a US state, a Canadian province or a country weather names.
    package static func readsAsPlace(_ split: PlaceQuery) -> Bool {
        guard let qualifier = split.qualifiers.first else { return false }
        if PlaceQualifier.countryCode(for: qualifier) != nil || PlaceQualifier.subdivision(for: qualifier) != nil {
            return true
        }
        let folded = PlaceQualifier.folded(qualifier)
        return [PlaceQualifier.usStates, PlaceQualifier.canadianProvinces, PlaceQualifier.countryNames].contains {
            $0.values.contains { PlaceQualifier.folded($0) == folded }
        }
    }

    /// The note when `query`'s words as a whole found `chosen`, which `split`'s qualifier does not
    /// describe, while `split` finds a place it does: `"Paris Texas" found Paris Texas Gardens, Florida,
    /// United States; for Paris in Texas write Paris, Texas`.
    package static func note(for query: PlaceQuery, found chosen: Location, split: PlaceQuery) -> String {
        let qualifier = split.qualifiers.joinedText(", ")
        return tr(
            "\"%1$s\" found %2$s; for %3$s in %4$s write %5$s", query.name, chosen.displayName, split.name, qualifier,
            split.text)
    }
}
