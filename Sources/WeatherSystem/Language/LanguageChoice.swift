import WeatherModel

/// Which language a run speaks, and whose ways of writing numbers and times it follows: the `language`
/// setting when there is one, which then decides both; else the environment, as gettext and the C library
/// read it. Words follow `LANGUAGE`'s list, then `LC_ALL`, `LC_MESSAGES`, `LANG`; numbers follow `LC_ALL`,
/// `LC_NUMERIC`, `LANG`, and times `LC_ALL`, `LC_TIME`, `LANG`. In the `C` or `POSIX` locale (`LANGUAGE`
/// then counts for nothing, as for gettext), and in English, the words are the program's own and no
/// catalogue is opened; C's numbers and times are the program's own too.
package struct LanguageChoice: Sendable, Equatable {
    /// The languages asked for, the most wanted first, as gettext names them (`de`, `pt_BR`, `sr@latin`);
    /// empty for English. The first that is English, or has a catalogue, is the one spoken.
    package var wanted: [String]
    /// Whether the `language` setting asked (then a bare language also takes its catalogue for another
    /// country: `pt` reads `pt_BR`).
    package var fromSetting: Bool
    /// The locale to take numbers from (`LC_NUMERIC`); `nil` for C's.
    package var numbersLocale: String?
    /// The locale to take times, weekdays and months from (`LC_TIME`); `nil` for C's.
    package var timesLocale: String?

    /// English words and C's numbers and times: what weather printed before it spoke other languages.
    package static let english = LanguageChoice(
        wanted: [], fromSetting: false, numbersLocale: nil, timesLocale: nil)

    package init(
        wanted: [String], fromSetting: Bool, numbersLocale: String?, timesLocale: String?
    ) {
        self.wanted = wanted
        self.fromSetting = fromSetting
        self.numbersLocale = numbersLocale
        self.timesLocale = timesLocale
    }

    /// The choice of the `language` setting (`de`, `pt_BR`), or without one of `environment`.
    package init(setting: String?, environment: Environment) {
        self.init(setting: setting, locales: CategoryLocales(environment), environment: environment)
    }

    /// The choice of the setting, or without one of the environment, whose categories' locales `locales`
    /// has read.
    package init(setting: String?, locales: CategoryLocales, environment: Environment) {
        let (messages, numbers, times) = (locales.messages, locales.numbers, locales.times)
        guard let setting else {
            fromSetting = false
            numbersLocale = numbers.flatMap { LocaleName.isPOSIX($0) ? nil : $0 }
            timesLocale = times.flatMap { LocaleName.isPOSIX($0) ? nil : $0 }
            // As gettext: the C and POSIX locales speak English whatever LANGUAGE says.
            guard let messages, messages != "C", messages != "POSIX" else {
                wanted = []
                return
            }
            let list = environment.nonEmpty("LANGUAGE").map { $0.split(separator: ":").map(String.init) } ?? []
            wanted = list.isEmpty ? [messages] : list
            return
        }
        fromSetting = true
        wanted = [setting]
        let language = LocaleName(setting).language
        // Numbers and times of the setting's language: the environment's locale when it is of that
        // language (de_AT stays Austrian), else the language's own country's; English's are C's.
        func locale(_ given: String?) -> String? {
            if let given, LocaleName(given).language == language { return given }
            guard language != "en" else { return nil }
            return (LocaleName(setting).territory.map { language + "_" + $0 } ?? Self.usualLocale(of: language))
                + ".UTF-8"
        }
        numbersLocale = locale(numbers)
        timesLocale = locale(times)
    }

    /// Whether the choice is English without a look at the catalogues: nothing wanted, or English first.
    package var isEnglish: Bool {
        guard let first = wanted.first else { return true }
        return LocaleName(first).speaksEnglish
    }

    /// Whether `environment`, without a `language` setting, plainly asks for English words (a messages
    /// locale that is unset, C, POSIX or English, and no `LANGUAGE` that could say otherwise): decided
    /// without building a choice, as every `show` in such a locale asks.
    static func plainlyEnglish(_ environment: Environment) -> Bool {
        plainlyEnglish(messages: locale(environment, "LC_MESSAGES"), environment)
    }

    /// `plainlyEnglish(_:)` for the messages locale `messages` the environment gives.
    static func plainlyEnglish(messages: String?, _ environment: Environment) -> Bool {
        guard let messages else { return true }
        if messages == "C" || messages == "POSIX" { return true }
        guard LocaleName(messages).speaksEnglish else { return false }
        guard let list = environment.nonEmpty("LANGUAGE") else { return true }
        return LocaleName(list).speaksEnglish
    }

    /// The catalogue spoken: the first wanted language that `exists` (as gettext looks for it: `de_AT`,
    /// then `de`), stopping at English; `nil` for English. For the setting, a bare language without a
    /// catalogue of its own takes the first of `territories(language)` (`pt` reads `pt_BR`).
    /// A name with a `/` names no catalogue: it would be a path out of the catalogues' folder.
    package func catalogue(exists: (String) -> Bool, territories: (String) -> [String] = { _ in [] }) -> String? {
        for entry in wanted where !entry.utf8.contains(UInt8(ascii: "/")) {
            // A bare language (`de`, as LANGUAGE names it): its own catalogue, or what follows.
            if entry.utf8.allSatisfy({ (0x61...0x7A).contains($0) }), entry != "en", exists(entry) { return entry }
            let name = LocaleName(entry)
            if name.speaksEnglish { return nil }
            if let found = name.catalogueCandidates.first(where: exists) { return found }
            if fromSetting, name.territory == nil, let found = territories(name.language).first { return found }
        }
        return nil
    }

    /// The locale the environment gives `category`: `LC_ALL`, else the category's variable, else `LANG`.
    package static func locale(_ environment: Environment, _ category: String) -> String? {
        environment.nonEmpty("LC_ALL") ?? environment.nonEmpty(category) ?? environment.nonEmpty("LANG")
    }

    /// The locale (without its codeset) of a language's own country, for the setting: `de_DE`, `sv_SE`.
    static func usualLocale(of language: String) -> String {
        let country: String =
            switch language {
            case "cs": "CZ"
            case "nb", "nn": "NO"
            case "pt": "BR"
            case "sv": "SE"
            case "uk": "UA"
            default: language.uppercased()
            }
        return language + "_" + country
    }
}

/// The locales the environment gives the categories weather follows (`LanguageChoice.locale`), each
/// variable read once: `LC_ALL` and `LANG` serve all three, and every `show` in a locale of its own reads
/// them.
package struct CategoryLocales: Equatable {
    /// `LC_MESSAGES`'s: the words.
    package var messages: String?
    /// `LC_NUMERIC`'s.
    package var numbers: String?
    /// `LC_TIME`'s.
    package var times: String?

    package init(_ environment: Environment) {
        if let all = environment.nonEmpty("LC_ALL") {
            (messages, numbers, times) = (all, all, all)
            return
        }
        messages = environment.nonEmpty("LC_MESSAGES")
        numbers = environment.nonEmpty("LC_NUMERIC")
        times = environment.nonEmpty("LC_TIME")
        guard messages == nil || numbers == nil || times == nil, let lang = environment.nonEmpty("LANG") else { return }
        messages = messages ?? lang
        numbers = numbers ?? lang
        times = times ?? lang
    }

    /// Whether neither numbers nor times have a locale but C's: C's conventions, without a look at a locale.
    var numbersAndTimesArePOSIX: Bool {
        (numbers.map(LocaleName.isPOSIX) ?? true) && (times.map(LocaleName.isPOSIX) ?? true)
    }
}

/// A locale's name in its parts, as gettext reads it: `language[_territory][.codeset][@modifier]`. Read as
/// bytes: every `show` in a locale of its own reads one.
struct LocaleName: Equatable {
    package var language: String
    var territory: String?
    var modifier: String?

    package init(_ name: String) {
        let bytes = Array(name.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "@")) ?? bytes.count
        let dot = bytes[..<at].firstIndex(of: UInt8(ascii: ".")) ?? at
        let underscore = bytes[..<dot].firstIndex(of: UInt8(ascii: "_")) ?? dot
        language = String(decoding: bytes[..<underscore], as: UTF8.self)
        territory = underscore < dot ? String(decoding: bytes[(underscore + 1)..<dot], as: UTF8.self) : nil
        modifier = at < bytes.count ? String(decoding: bytes[(at + 1)...], as: UTF8.self) : nil
    }

    /// Whether the words are weather's own: English, and C's and POSIX's, which gettext never translates.
    var speaksEnglish: Bool { language == "en" || language == "C" || language == "POSIX" || language.isEmpty }

    /// Whether `locale` is C's, whose numbers and times are weather's own: `C`, `POSIX`, `C.UTF-8`. Read
    /// in place, without the parts made into strings: every `show` in a locale asks it of two or three.
    static func isPOSIX(_ locale: String) -> Bool {
        var locale = locale
        return locale.withUTF8 { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != UInt8(ascii: "_"), bytes[end] != UInt8(ascii: "."),
                bytes[end] != UInt8(ascii: "@")
            {
                end += 1
            }
            let language = UnsafeBufferPointer(rebasing: bytes[..<end])
            return language.elementsEqual("C".utf8) || language.elementsEqual("POSIX".utf8)
        }
    }

    /// The catalogue folders gettext tries for this name, the most particular first.
    var catalogueCandidates: [String] {
        var names: [String] = []
        let modifier = modifier.map { "@" + $0 } ?? ""
        if let territory {
            if !modifier.isEmpty { names.append(language + "_" + territory + modifier) }
            names.append(language + "_" + territory)
        }
        if !modifier.isEmpty { names.append(language + modifier) }
        names.append(language)
        return names
    }
}
