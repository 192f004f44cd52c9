import Foundation

/// Text made to catch an escaper that walks Swift `Character`s (grapheme clusters) instead of what its
/// reader reads: the characters readers treat specially, each often followed by a combining mark or a
/// spacing mark, or preceded by a prepend character (U+0600...U+0605, U+06DD, U+110BD), so that it is part
/// of a cluster that equals no special character; among zero-width-joiner sequences, regional indicators,
/// Hangul syllables made of jamo, and text of one to four UTF-8 bytes a character.
///
/// Deterministic: each test draws from fixed seeds and names the seed and the input on failure;
/// `WEATHER_PROPERTY_SEED=N` runs seed N alone, to replay one or to explore new ones. The inputs that
/// once broke an escaper are in `Tests/Fuzz/hostile-text.json`, which every property test reads first and
/// the fuzzer's seeds (`Tests/Fuzz/seeds.py`) put into its corpus.
public struct HostileText: RandomNumberGenerator {
    private var state: UInt64

    /// The seeds the tests run with, or the one `WEATHER_PROPERTY_SEED` names.
    public static var seeds: [UInt64] {
        if let seed = ProcessInfo.processInfo.environment["WEATHER_PROPERTY_SEED"].flatMap({ UInt64($0) }) {
            return [seed]
        }
        return [1, 38, 2_026]
    }

    /// The hostile inputs kept in the fuzzer's folder.
    public static let corpus: [String] = {
        let path = TestPaths.repository + "/Tests/Fuzz/hostile-text.json"
        guard let data = FileManager.default.contents(atPath: path),
            let strings = try? JSONSerialization.jsonObject(with: data) as? [String], !strings.isEmpty
        else { fatalError("cannot read \(path)") }
        return strings
    }()

    public init(seed: UInt64) { state = seed }

    /// SplitMix64.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// What clusters with the character before it: combining marks (U+0301, U+0308, U+0327, U+20DD), a
    /// variation selector, a skin tone, a zero-width joiner, a spacing mark (U+0903).
    static let extenders: [String] = [
        "\u{301}", "\u{308}", "\u{327}", "\u{20DD}", "\u{FE0F}", "\u{1F3FB}", "\u{200D}", "\u{903}",
    ]
    /// What clusters with the character after it: the prepend characters.
    static let prepends: [String] = [
        "\u{600}", "\u{601}", "\u{602}", "\u{603}", "\u{604}", "\u{605}", "\u{6DD}", "\u{110BD}",
    ]
    /// Whole clusters of many scalars, and plain text.
    static let others: [String] = [
        "a", "Z", "0", "é", "ß", "雨", "𝔸", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}",
        "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
        "\u{1F1E9}", "\u{1F1EA}", "\u{1F1E9}\u{1F1EA}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1100}\u{1161}\u{11A8}",
        "\u{E01}\u{E31}", "-", ".", "_", "/", ":", "=", "@", "+", ",", "~", "A\u{301}",
    ]
    /// The characters some reader treats specially.
    public static let specials = Array(#"'"\%&<>$`;|*?[]#~!{}() =+/:@"#).map(String.init)

    /// A string of up to `length` pieces: specials, each often with an extender after it or a prepend
    /// character before it, among other clusters.
    public mutating func string(length: Int = 24) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...length, using: &self) {
            switch Int.random(in: 0..<10, using: &self) {
            case 0..<4:
                let special = Self.specials.randomElement(using: &self)!
                let before = Bool.random(using: &self) ? Self.prepends.randomElement(using: &self)! : ""
                let after = Int.random(in: 0..<3, using: &self) > 0 ? Self.extenders.randomElement(using: &self)! : ""
                text += before + special + after
            case 4, 5: text += Self.extenders.randomElement(using: &self)!
            case 6: text += Self.prepends.randomElement(using: &self)!
            default: text += Self.others.randomElement(using: &self)!
            }
        }
        return text
    }

    /// A name for a file made of `text`: without slashes, never `.` or `..`, under 200 bytes, and
    /// `index` to keep it apart from others.
    public static func fileName(_ text: String, _ index: Int) -> String {
        String(decoding: text.utf8.filter { $0 != UInt8(ascii: "/") }.prefix(180), as: UTF8.self) + "-\(index)"
    }

    /// The corpus, then `count` strings drawn from `seed`.
    public static func inputs(seed: UInt64, count: Int, length: Int = 24) -> [String] {
        var generator = HostileText(seed: seed)
        return corpus + (0..<count).map { _ in generator.string(length: length) }
    }
}
