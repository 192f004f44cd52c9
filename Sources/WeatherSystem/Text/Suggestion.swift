/// What a person probably meant by a word that names nothing known: the known word a typo away, as the
/// command line's hints judge a command or an option (`UsageHint`) and `config.json`'s reading judges a key.
package enum Suggestion {
    /// The first of `known` that `word` is probably a typo of, ignoring letter case: one edit away (two
    /// for a known word longer than 4 characters); `nil` when `word` is one of them, shorter than 2
    /// characters, or close to none.
    package static func closest(to word: String, among known: [String]) -> String? {
        let typed = word.lowercased()
        guard !known.contains(word), typed.count >= 2 else { return nil }
        return known.first { isClose(typed, to: $0) }
    }

    /// Whether `typed` is a typo of `known`: one edit away, two for a word longer than 4 characters.
    package static func isClose(_ typed: String, to known: String) -> Bool {
        editDistance(Array(typed), Array(known)) <= (known.count > 4 ? 2 : 1)
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
