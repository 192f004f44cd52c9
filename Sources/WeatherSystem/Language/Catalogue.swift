import Glibc
package import WeatherModel

/// weather's message catalogue: the words people read, in their language (`po/LL.po`, compiled to
/// `share/locale/LL/LC_MESSAGES/weather.mo`, read by `MessageCatalogue`). The language is the process's,
/// chosen by `main`: by the environment it read (`followUserLanguage`), then by the settings (`choose`);
/// decided at the first word looked up.
///
/// English pays nothing: a run in English, C or POSIX never opens a catalogue, nor loads a locale; nothing
/// is done before the first word that has a translation to look up, so `show --short`, which prints no
/// word, pays nothing in any language. Otherwise the first look-up finds the catalogue beside the program
/// (`WeatherProgram.catalogues`), checks who could have written it, and maps it.
package enum Catalogue {
    /// gettext's name for weather's catalogues.
    static let domain = "weather"

    /// Makes this process speak its user's language, as the locale of `environment` (the process's, read
    /// once) and then the settings choose: what the programs' `main` (`weather`, `weather-commands`) do
    /// first. Any other process that links these layers (the tests, the fuzz target) speaks English and
    /// writes numbers and times as C does, whatever its environment, so that what it checks does not
    /// depend on the locale of the machine it runs on.
    package static func followUserLanguage(_ environment: Environment) {
        language.withLock { state in
            state.followsUser = true
            state.decide(setting: nil, environment: environment)
        }
    }

    /// Chooses the language from the `language` setting (`nil`: none) and `environment`: what `main` does
    /// once the settings are read. Decided at the first word or number that needs it.
    package static func choose(setting: String?, environment: Environment) {
        language.withLock { state in
            guard state.followsUser, state.setting != setting || state.environment != environment else { return }
            state.decide(setting: setting, environment: environment)
        }
    }

    /// `english` (a catalogue's `msgid`) in the run's language; itself in English or without a translation.
    /// `domain` names another catalogue of the system's: `iso_3166-1`, iso-codes' names of countries.
    package static func text(_ english: String, domain: String? = nil) -> String {
        guard !english.isEmpty, let words = catalogue else { return english }
        let catalogue = domain.map { systemCatalogue($0) } ?? words
        guard let catalogue else { return english }
        var english = english
        return english.withUTF8 { id in
            guard let found = catalogue.translation(of: id) else { return String(decoding: id, as: UTF8.self) }
            return printable(found, like: id) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The system's catalogue `domain` in the run's language (`/usr/share/locale/LL/LC_MESSAGES`, of the
    /// language's country first: `pt_BR`, then `pt`), mapped once; `nil` when the system has none.
    private static func systemCatalogue(_ domain: String) -> MessageCatalogue? {
        language.withLock { state in
            if let found = state.systemCatalogues[domain] { return found }
            var found: MessageCatalogue?
            if let name = state.catalogue {
                for candidate in [name, LocaleName(name).language] where found == nil {
                    found = MessageCatalogue(
                        path: "/usr/share/locale/" + candidate + "/LC_MESSAGES/" + domain + ".mo", followingLinks: true)
                }
            }
            state.systemCatalogues[domain] = .some(found)
            return found
        }
    }

    /// `body` given the bytes of a translation of `english` made printable: a catalogue is a file like any
    /// other, and none of its words reaches a terminal with a control character or an invisible formatting
    /// character (`String.printable`), but the line feeds of a message of several lines (`--help`'s).
    /// Clean bytes, as every catalogue weather ships has, go to `body` as they are. Never inlined: English
    /// never comes here, and `tr` stays small enough to be inlined where it is called.
    @inline(never)
    private static func printable(
        _ bytes: UnsafeBufferPointer<UInt8>, like english: UnsafeBufferPointer<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) -> String
    ) -> String {
        // One scan of the translation alone in the common case; the English is looked at only for a line
        // feed, which a message of several lines keeps.
        guard String.containsControlCharacters(bytes) else { return body(bytes) }
        let lines = english.contains(UInt8(ascii: "\n"))
        guard String.containsControlCharacters(bytes, keepingLineFeeds: lines) else { return body(bytes) }
        var clean = String(decoding: bytes, as: UTF8.self).printable(keepingLineFeeds: lines)
        return clean.withUTF8 { body($0) }
    }

    /// `body` given the bytes of `english`'s translation, as the catalogue holds them (no String made of
    /// them first: `tr` fills the format from them); `nil` in English, or without a translation.
    static func withTranslation(
        of english: String, _ body: (UnsafeBufferPointer<UInt8>) -> String
    ) -> String? {
        guard !english.isEmpty, let catalogue else { return nil }
        var english = english
        return english.withUTF8 { id in
            guard let found = catalogue.translation(of: id) else { return nil }
            return printable(found, like: id, body)
        }
    }

    /// `body` given the bytes of the translation of `english` in `context` (a catalogue's `msgctxt`: the
    /// unit `m` is not the minute `m`), looked up as gettext's `pgettext` does, by the context, U+0004 and
    /// the `msgid`; `nil` in English, or without a translation.
    static func withTranslation(
        of english: String, context: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> String
    ) -> String? {
        guard !english.isEmpty, let catalogue else { return nil }
        var key = String(
            decoding: UnsafeBufferPointer(start: context.utf8Start, count: context.utf8CodeUnitCount), as: UTF8.self)
        key += "\u{4}"
        key += english
        return key.withUTF8 { id in
            guard let found = catalogue.translation(of: id) else { return nil }
            return body(found)
        }
    }

    /// `body` given the bytes of the form of `one` and `other` (`msgid` and `msgid_plural`) for `count`: as
    /// many forms as the language has, chosen by the catalogue's `Plural-Forms`; `nil` in English.
    static func withTranslation(
        one: String, other: String, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> String
    ) -> String? {
        guard let catalogue else { return nil }
        var one = one
        var other = other
        return one.withUTF8 { one in
            guard let found = catalogue.translation(of: one, count: UInt(count.magnitude)) else { return nil }
            return count == 1 ? printable(found, like: one, body) : other.withUTF8 { printable(found, like: $0, body) }
        }
    }

    /// What `body` says, in English whatever the run's language: for words kept in a file that a run in
    /// another language may read (a failure's reason), and for `--json`. Only on the calling thread: the
    /// words of the others stay the run's, as do numbers and times.
    package static func inEnglish<Result>(_ body: () -> Result) -> Result {
        guard catalogue != nil else { return body() }
        let previous = pthread_getspecific(englishOnThisThread)
        pthread_setspecific(englishOnThisThread, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(englishOnThisThread, previous) }
        return body()
    }

    /// Set (to any value) on a thread inside `inEnglish`.
    private static let englishOnThisThread: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether words are looked up in a catalogue: the run speaks a language other than English, and its
    /// catalogue is installed. Finds and maps it at the first look-up that needs it.
    package static var isTranslating: Bool { catalogue != nil }

    /// The language of the catalogue the words come from (`de`, `pt` of `pt_BR`), or `nil` when they are
    /// English: what services are asked for their texts in, as the words are (`WeatherFetcher.textLanguage`).
    package static var spokenLanguage: String? {
        guard catalogue != nil else { return nil }
        return language.withLock { $0.catalogue.map { LocaleName($0).language } }
    }

    /// The catalogue the words come from; `nil` in English, without one, and inside `inEnglish`.
    private static var catalogue: MessageCatalogue? {
        let words = language.withLock { state -> MessageCatalogue? in
            switch state.words {
            case .english: return nil
            case .translating(let catalogue): return catalogue
            case .undecided:
                if !state.followsUser || state.setting == nil && state.plainlyEnglish() {
                    state.words = .english
                    return nil
                }
                let found = start(state.choice(), state: &state)
                state.words = found.map { .translating($0) } ?? .english
                return found
            }
        }
        guard let words, pthread_getspecific(englishOnThisThread) == nil else { return nil }
        return words
    }

    /// The catalogue of `choice`, found, checked and mapped; `nil` for English, and when no catalogue
    /// is there to read.
    private static func start(_ choice: LanguageChoice, state: inout UserLanguage) -> MessageCatalogue? {
        guard !state.choiceIsEnglish(), let program = WeatherProgram.runningPath() else { return nil }
        let folder = WeatherProgram.catalogues(besides: program)
        let catalogues = CatalogueFolder(folder: folder)
        guard let found = choice.catalogue(exists: { catalogues.has($0) }, territories: { catalogues.of($0) })
        else { return nil }
        // The one check of what weather runs or reads beside itself (`weather-commands`'s), before the file
        // is opened, without following a link.
        if let problem = catalogues.untrusted(found, user: getuid()) {
            refuse(catalogues.path(of: found), because: problem)
            return nil
        }
        guard let catalogue = catalogues.open(found) else { return nil }
        state.catalogue = found
        return catalogue
    }

    /// Says on standard error that the catalogue at `path` is not read, and why: the words are English,
    /// and the user learns why. In English, as the words are now (and without a look-up: the language's
    /// lock is held).
    @inline(never)
    private static func refuse(_ path: String, because problem: WeatherProgram.Untrusted) {
        let line = Message("not reading %1$s, so the words are English: %2$s", path, problem.message.description)
        let text = "weather: " + line.description.printable + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }

    // Process-wide: the language is the C library's and the catalogue's state, one per process, chosen by
    // `main` (`followUserLanguage`, `choose`) and read by every word looked up.
    static let language = Guarded()
}

/// The folder of weather's catalogues (`LL/LC_MESSAGES/weather.mo`), asked which languages it has: each
/// path written into a buffer on the stack, as `show` asks once or twice in a language of its own.
struct CatalogueFolder {
    let folder: String
    /// What follows a language's name: `Catalogue.domain`'s file.
    private static let file: StaticString = "/LC_MESSAGES/weather.mo"

    /// Whether the catalogue of `language` (`de`, `pt_BR`) is there to read.
    func has(_ language: String) -> Bool {
        withPath(of: language) {
            access(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), R_OK) == 0
        }
    }

    /// Why the catalogue of `language` could have been written by someone but root and `user`
    /// (`WeatherProgram.untrustedFile`); `nil` when it could not.
    func untrusted(_ language: String, user: uid_t) -> WeatherProgram.Untrusted? {
        withPath(of: language) { WeatherProgram.untrustedFile(inPlace: $0, user: user) }
    }

    /// `body` given the path of the catalogue of `language`, its bytes followed by a zero.
    private func withPath<Result>(of language: String, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Result)
        -> Result
    {
        var folder = folder
        var language = language
        return folder.withUTF8 { folder in
            language.withUTF8 { language in
                let count = folder.count + 1 + language.count + Self.file.utf8CodeUnitCount
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { path in
                    var end = 0
                    func append(_ bytes: UnsafeRawBufferPointer) {
                        UnsafeMutableRawBufferPointer(path).baseAddress!.advanced(by: end).copyMemory(
                            from: bytes.baseAddress!, byteCount: bytes.count)
                        end += bytes.count
                    }
                    append(UnsafeRawBufferPointer(folder))
                    path[end] = UInt8(ascii: "/")
                    end += 1
                    append(UnsafeRawBufferPointer(language))
                    append(UnsafeRawBufferPointer(start: Self.file.utf8Start, count: Self.file.utf8CodeUnitCount))
                    path[end] = 0
                    return body(UnsafeMutableBufferPointer(start: path.baseAddress, count: end))
                }
            }
        }
    }

    /// The catalogue of `language`, mapped; `nil` when it cannot be read or is not a catalogue.
    func open(_ language: String) -> MessageCatalogue? {
        withPath(of: language) {
            MessageCatalogue(path: UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    /// The path of the catalogue of `language`.
    func path(of language: String) -> String {
        folder + "/" + language + "/LC_MESSAGES/" + Catalogue.domain + ".mo"
    }

    /// The catalogues of `language` for a country (`pt` finds `pt_BR`), in order of name.
    func of(_ language: String) -> [String] {
        (OwnFolder(path: folder)?.names() ?? []).filter { $0.hasPrefix(language + "_") && has($0) }.sorted()
    }
}

/// What the process knows of its user's language; `Catalogue.language` guards it.
struct UserLanguage {
    /// Whether the process follows its user's language (the programs), or speaks English (tests).
    var followsUser = false
    /// The `language` setting, once the settings are read.
    var setting: String?
    /// The environment the run started with, as `main` read it (none in a process that does not follow its
    /// user's language).
    var environment = Environment([:])
    /// Whether words are looked up, or not yet decided.
    var words = Words.undecided
    /// The catalogue the words come from (`de`, `pt_BR`), once it is found.
    var catalogue: String?
    /// The conventions of numbers and times, once loaded.
    var conventions: Conventions?
    /// What comes between a number and its percent sign (`Conventions.percentSpace`), once asked.
    private var percentSpaceOfNumbers: String?
    /// The choice, once something needed more than a glance at the environment. In a box: assigning an
    /// optional `LanguageChoice` asked the Swift runtime for its type's metadata, 9,000 instructions of
    /// `show`'s, where an optional reference asks nothing.
    private var built: Built?
    /// The locales the environment gives the categories, once read.
    private var categories: CategoryLocales?
    /// The locales loaded, each with its messages, numbers and times, loaded once for all three: the
    /// last loaded first, each naming the one loaded before it (a run loads one, rarely two).
    private var loaded: LoadedLocale?

    /// The system's catalogues asked for (`iso_3166-1`), each once, `nil` where the system has none.
    var systemCatalogues: [String: MessageCatalogue?] = [:]

    enum Words {
        case undecided, english
        case translating(MessageCatalogue)
    }

    /// The choice made, boxed (see `built`).
    final class Built {
        let choice: LanguageChoice
        /// `choice.isEnglish`, asked once and again.
        let isEnglish: Bool
        init(choice: LanguageChoice) {
            self.choice = choice
            isEnglish = choice.isEnglish
        }
    }

    /// Forgets what was decided: the settings chose anew.
    mutating func decide(setting: String?, environment: Environment) {
        self.setting = setting
        self.environment = environment
        words = .undecided
        catalogue = nil
        systemCatalogues = [:]
        built = nil
        categories = nil
        conventions = nil
        percentSpaceOfNumbers = nil
    }

    /// `Conventions.percentSpace`: by the name of the numbers locale, worked out once; nothing for C's.
    mutating func percentSpace() -> String {
        if let percentSpaceOfNumbers { return percentSpaceOfNumbers }
        var space = ""
        if followsUser, setting != nil || !(categoryLocales().numbers.map(LocaleName.isPOSIX) ?? true),
            let numbers = choice().numbersLocale
        {
            space = Conventions.percentSpace(ofLanguage: LocaleName(numbers).language)
        }
        percentSpaceOfNumbers = space
        return space
    }

    /// The locales the environment gives the categories, read once.
    mutating func categoryLocales() -> CategoryLocales {
        if let categories { return categories }
        let read = CategoryLocales(environment)
        categories = read
        return read
    }

    /// Whether the words are plainly English without a look at the catalogues: by the choice when numbers
    /// or times have already built it, else by a glance at the environment.
    mutating func plainlyEnglish() -> Bool {
        if let built { return built.isEnglish }
        return LanguageChoice.plainlyEnglish(messages: categoryLocales().messages, environment)
    }

    /// The choice of the setting and the environment; English's for a process that does not follow its
    /// user's language.
    mutating func choice() -> LanguageChoice {
        if let built { return built.choice }
        let choice =
            followsUser
            ? LanguageChoice(setting: setting, locales: categoryLocales(), environment: environment) : .english
        built = Built(choice: choice)
        return choice
    }

    /// `choice().isEnglish`, worked out once.
    mutating func choiceIsEnglish() -> Bool {
        if let built { return built.isEnglish }
        _ = choice()
        return built?.isEnglish ?? true
    }

    /// The locale `name`, loaded once with its numbers and times; `nil` when the system lacks it.
    mutating func locale(named name: String) -> LoadedLocale? {
        var candidate = loaded
        while let found = candidate {
            if found.name == name { return found }
            candidate = found.before
        }
        guard let locale = LoadedLocale(name, after: loaded) else { return nil }
        loaded = locale
        return locale
    }
}

/// A lock around the process's `UserLanguage`: a C mutex in a class of its own, which asks the Swift
/// runtime for no generic type at its first use (a `Mutex<UserLanguage>` cost `show` tens of thousands of
/// instructions in metadata).
final class Guarded: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value = UserLanguage()

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    func withLock<Result>(_ body: (inout UserLanguage) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}

/// A locale the C library loaded (`newlocale`) with its numbers and times, kept for the life of the process.
package final class LoadedLocale: @unchecked Sendable {
    let handle: locale_t
    /// The name it was loaded by.
    let name: String
    /// The locale loaded before it, if any.
    let before: LoadedLocale?

    init?(_ name: String, after before: LoadedLocale? = nil) {
        guard let handle = newlocale(LC_NUMERIC_MASK | LC_TIME_MASK, name, nil) else { return nil }
        self.handle = handle
        self.name = name
        self.before = before
    }

    private init(handle: locale_t) {
        self.handle = handle
        name = "C"
        before = nil
    }

    /// The C locale, built into the C library: nothing is loaded.
    static let posix = LoadedLocale(handle: newlocale(LC_TIME_MASK | LC_NUMERIC_MASK, "C", nil)!)
}

/// `format`, the English words of a catalogue's `msgid`, in the run's language, its placeholders filled
/// with `arguments` (see `Message`): `tr("humidity %s", "81%")`. The format must be written here as a
/// literal, for `make pot` to find it.
package func tr(_ format: String, _ arguments: String...) -> String {
    Catalogue.withTranslation(of: format) { Message.fill($0, with: arguments) }
        ?? Message.fill(format, with: arguments)
}

/// `format` in `context`, the catalogue's `msgctxt` for words that mean more than one thing in English
/// ("in", the inch; "m", the metre): `tr(context: "unit of precipitation", "in")`. Both are literals, for
/// `make pot`.
package func tr(context: StaticString, _ format: String, _ arguments: String...) -> String {
    Catalogue.withTranslation(of: format, context: context) { Message.fill($0, with: arguments) }
        ?? Message.fill(format, with: arguments)
}

/// The form of `one` or `other` for `count`, in the run's language, filled with `arguments` (`count`
/// among them where the format shows it): `trn("%d day", "%d days", days, String(days))`.
package func trn(_ one: String, _ other: String, _ count: Int, _ arguments: String...) -> String {
    Catalogue.withTranslation(one: one, other: other, count: count) { Message.fill($0, with: arguments) }
        ?? Message.fill(count == 1 ? one : other, with: arguments)
}

/// `english`, words marked for the catalogue elsewhere (`english(_:)`: a weather code's words), in the
/// run's language.
package func translation(of english: String) -> String {
    Catalogue.text(english)
}

/// `english`, text of `--help` (a command's abstract and discussion, an option's help), in the run's
/// language: not a format, so a `%` stays as it is (`--format "%l %c %t %o"`). Written here as a literal,
/// for `make pot`.
package func helpText(_ english: String) -> String {
    Catalogue.text(english)
}

/// `english`, what a `--format` code shows, in the run's language, for the table of `weather show --help`:
/// like `helpText`, and `make check-po` holds its translations to 43 columns (`CODE_MEANING_WIDTH` in
/// `Config/po.py`): the table's line is then 2 + 2 (the code) + 2 + 43 + 2 + 28 (its widest example,
/// "Berlin, Land Berlin, Germany") = 79 columns, what ArgumentParser leaves a line of `--help` (it wraps an
/// 80th).
package func codeMeaning(_ english: String) -> String {
    Catalogue.text(english)
}

extension Message {
    /// The message in the run's language.
    package var translated: String {
        let arguments = arguments
        let translated =
            if let pluralFormat {
                Catalogue.withTranslation(one: format, other: pluralFormat, count: count) {
                    Message.fill($0, with: arguments)
                }
            } else {
                Catalogue.withTranslation(of: format) { Message.fill($0, with: arguments) }
            }
        return translated ?? description
    }
}

extension JSONShapeError {
    /// The error in the run's language.
    package var translated: String {
        switch self {
        case .missing(let path): tr("%s is missing", translation(of: path))
        case .mistyped(let path, let expected, let found):
            tr("%1$s is %2$s, expected %3$s", translation(of: path), translation(of: found), translation(of: expected))
        case .invalid(let path, let reason): tr("%1$s %2$s", path, reason.translated)
        }
    }
}
