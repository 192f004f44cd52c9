// weather(1), written from what weather says of itself: the commands, their options and their help as
// ArgumentParser describes them (`commandDescriptions`, the JSON of --experimental-dump-help), the settings
// (`Setting.all`: variable, config.json key, default, and each at length), the --format codes with what each
// shows for an example place (`FormatHelp`), and the files (`WeatherPaths`). What only a man page says (the
// files' roles, the exit statuses) is here.
//
// Usage: weather-manual DATE > weather.1, in English (`Config/manual.sh` runs it with WEATHER_LANGUAGE=en);
// weather-manual --docs README.md, its table of settings (`make docs`).
import Foundation
import WeatherCommands
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// The page's text, line by line, in man(7): what mandoc, groff and lexgrog read.
struct Page {
    private(set) var lines: [String] = []

    mutating func macro(_ name: String, _ arguments: String...) {
        lines.append("." + ([name] + arguments).joined(separator: " "))
    }

    /// Text to fill, escaped: a sentence a line, as man pages are written, each line at most 80 bytes.
    mutating func text(_ text: String) {
        for line in text.split(separator: "\n") {
            var current = ""
            let escaped = Roff.escaped(String(line), guarded: false)
            let sentences = escaped.components(separatedBy: ". ")
            for (index, sentence) in sentences.enumerated() {
                let words = (index < sentences.count - 1 ? sentence + "." : sentence).split(separator: " ")
                for word in words {
                    if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > 80 {
                        lines.append(Roff.guarded(current))
                        current = ""
                    }
                    current += (current.isEmpty ? "" : " ") + word
                }
                lines.append(Roff.guarded(current))
                current = ""
            }
        }
    }

    /// Text already in roff (fonts chosen with \f), a line as it is.
    mutating func raw(_ line: String) {
        lines.append(line)
    }

    /// Lines printed as they are, indented: a list whose columns line up.
    mutating func verbatim(_ block: [String]) {
        macro("RS")
        macro("nf")
        for line in block { raw(Roff.escaped(line)) }
        macro("fi")
        macro("RE")
    }

    /// One item of a list: `label` (roff) and its text.
    mutating func item(_ label: String, _ description: String) {
        macro("TP")
        raw(label)
        text(description)
    }
}

/// man(7)'s escaping.
enum Roff {
    /// `text` for a text line, scalar by scalar: backslashes written as `\e`, an option's or a number's minus
    /// as `\-` (a hyphen after a letter or digit stays one), every scalar beyond ASCII as `\[uXXXX]`, and a line
    /// that would start with a control character (`.` or `'`) guarded by `\&`.
    static func escaped(_ text: String, guarded: Bool = true) -> String {
        var out = ""
        var afterWord = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-" where !afterWord: out += "\\-"
            case _ where !scalar.isASCII:
                out += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            default: out.unicodeScalars.append(scalar)
            }
            afterWord = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        return guarded ? Self.guarded(out) : out
    }

    /// A text line that starts with a control character (`.` or `'`) guarded by `\&`.
    static func guarded(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    /// `text` in italics.
    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }
}

extension String {
    /// The paragraphs of a help text: its parts between blank lines.
    fileprivate var paragraphs: [String] {
        components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
    }
}

/// One command as ArgumentParser describes it.
struct Command {
    var name: String
    var abstract: String
    var discussion: String
    var arguments: [Argument]
    var subcommands: [Command]

    init(_ json: [String: Any]) {
        name = json["commandName"] as? String ?? ""
        abstract = json["abstract"] as? String ?? ""
        discussion = json["discussion"] as? String ?? ""
        arguments = (json["arguments"] as? [[String: Any]] ?? []).map(Argument.init).filter(\.isShown)
        subcommands = (json["subcommands"] as? [[String: Any]] ?? []).map(Command.init)
    }
}

/// One argument, option or flag of a command.
struct Argument {
    var kind: String
    var names: [(kind: String, name: String)]
    var valueName: String
    var abstract: String
    var values: [String]
    var defaultValue: String?
    var section: String?
    var isRepeating: Bool
    var isShown: Bool

    init(_ json: [String: Any]) {
        kind = json["kind"] as? String ?? ""
        names = (json["names"] as? [[String: Any]] ?? []).map {
            ($0["kind"] as? String ?? "", $0["name"] as? String ?? "")
        }
        valueName = json["valueName"] as? String ?? ""
        abstract = json["abstract"] as? String ?? ""
        values = json["allValues"] as? [String] ?? []
        defaultValue = json["defaultValue"] as? String
        section = json["sectionTitle"] as? String
        isRepeating = json["isRepeating"] as? Bool ?? false
        isShown = json["shouldDisplay"] as? Bool ?? true
    }

    /// The global --help and --version, which every command takes and the page lists once.
    var isGlobal: Bool { names.contains { $0.name == "help" || $0.name == "version" } }

    /// Whether it is one of the display options (`--units`, `--icons`, `--color`), listed once.
    var isDisplay: Bool { section?.lowercased() == "display" }

    /// "\fB\-j\fR, \fB\-\-json\fR", "\fB\-\-format\fR \fIformat\fR", or "\fIplace\fR ...".
    var label: String {
        guard kind != "positional" else { return Roff.italic(valueName) + (isRepeating ? " ...\\&" : "") }
        let sorted = names.sorted { $0.kind == "short" && $1.kind != "short" }
        let spelled = sorted.map { Roff.bold(($0.kind == "short" ? "-" : "--") + $0.name) }.joined(separator: ", ")
        return spelled + (kind == "option" ? " " + Roff.italic(valueName) : "")
    }

    /// The argument in a synopsis: "[\fB\-\-json\fR]", "\fIcity\fR ...", "[\fIplace\fR ...]".
    func synopsis(required: Bool) -> String {
        let long = names.first { $0.kind == "long" } ?? names.first
        let shown =
            kind == "positional"
            ? Roff.italic(valueName) + (isRepeating ? " ...\\&" : "")
            : Roff.bold(((long?.kind == "short") ? "-" : "--") + (long?.name ?? ""))
                + (kind == "option" ? " " + Roff.italic(valueName) : "")
        return required ? shown : "[" + shown + "]"
    }

    /// What it does, with its values and default as --help lists them.
    var description: String {
        var text = abstract
        if !values.isEmpty { text += " Values: " + values.joined(separator: ", ") + "." }
        if let defaultValue { text += " Default: " + defaultValue + "." }
        return text
    }
}

/// Fails the build, saying why.
func fail(_ reason: String) -> Never {
    FileHandle.standardError.write(Data(("weather-manual: " + reason + "\n").utf8))
    exit(1)
}

// `weather-manual --docs FILE...`: the table of settings of each Markdown file written anew between its
// markers (`make docs`), in English as the page.
if CommandLine.arguments.dropFirst().first == "--docs" {
    for path in CommandLine.arguments.dropFirst(2) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let updated = SettingsDocs.updated(text)
        else { fail("\(path): no settings table between its marker comments (SettingsDocs.tableStart)") }
        do {
            try updated.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            fail("\(path): \(error)")
        }
    }
    exit(0)
}
guard CommandLine.arguments.count == 2 else { fail("usage: weather-manual DATE, or weather-manual --docs FILE...") }
let date = CommandLine.arguments[1]
guard let data = commandDescriptions().data(using: .utf8),
    let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
    let rootJSON = json["command"] as? [String: Any]
else { fail("no command description from ArgumentParser") }
var root = Command(rootJSON)
// ArgumentParser's own `help` command is --help by another name.
root.subcommands.removeAll { $0.name == "help" }
let rootParagraphs = root.discussion.paragraphs

/// The root help's paragraph that starts with `heading`; the build stops without one.
func rootParagraph(_ heading: String) -> String {
    guard let paragraph = rootParagraphs.first(where: { $0.hasPrefix(heading) }) else {
        fail("weather --help has no paragraph \"\(heading)\"")
    }
    return paragraph
}

/// The lines of a help list ("  weather Paris    another place, once"), without their two spaces.
func listLines(_ paragraph: String) -> [String] {
    paragraph.split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) }
}

// Every setting that --help lists, and the man page, come from the same keys.
let settingsHelp = rootParagraph("Settings, from ")
for setting in Setting.all where !settingsHelp.contains(setting.variable) {
    fail("weather --help does not list \(setting.variable)")
}

// The commands whose words name a place that must be given (the parser takes none, so that weather, not
// ArgumentParser, says what is missing).
let wordsRequired: Set = ["set", "search"]

// The display options, which several commands take, described once.
let display = root.subcommands.first { $0.arguments.contains(where: \.isDisplay) }?.arguments.filter(\.isDisplay) ?? []
let displayCommands = root.subcommands.filter { $0.arguments.contains(where: \.isDisplay) }.map(\.name)

var page = Page()
page.raw(".\\\" weather(1), written by Sources/weather-manual from weather's own descriptions: edit those.")
// No word broken across lines: an option's or a variable's name is typed as it is printed (groff's man
// macros hyphenate each paragraph by HY).
page.macro("nr", "HY", "0")
page.macro("TH", "WEATHER", "1", date, "\"weather \(WeatherKitInfo.version)\"", "\"weather manual\"")
page.macro("nh")
// Lines filled and left-aligned, not justified: long URLs leave no rivers of blanks.
page.macro("ad", "l")

page.macro("SH", "NAME")
page.raw("weather \\- " + Roff.escaped(root.abstract.prefix(1).lowercased() + root.abstract.dropFirst().dropLast()))

page.macro("SH", "SYNOPSIS")
for command in root.subcommands {
    let arguments = command.arguments.filter { !$0.isGlobal && !$0.isDisplay }
    page.macro("SY", "\"weather \(command.name)\"")
    for argument in arguments {
        page.raw(argument.synopsis(required: wordsRequired.contains(command.name) && argument.kind == "positional"))
    }
    if command.arguments.contains(where: \.isDisplay) { page.raw("[" + "\\fIdisplay\\ options\\fR" + "]") }
    page.macro("YS")
}
page.macro("SY", "weather")
page.raw("[" + Roff.italic("place") + " ...] [" + Roff.italic("options") + "]")
page.macro("YS")
page.macro("SY", "weather")
page.raw(Roff.bold("--help") + " | " + Roff.bold("--version"))
page.macro("YS")

page.macro("SH", "DESCRIPTION")
for (index, paragraph) in rootParagraphs.enumerated() {
    if ["Examples:", "Settings, from ", "Files:"].contains(where: { paragraph.hasPrefix($0) }) { continue }
    // "Exit status: ..." has a section of its own; the credits after it stay.
    let kept =
        paragraph.hasPrefix("Exit status:")
        ? paragraph.split(separator: "\n").dropFirst().joined(separator: "\n") : paragraph
    if index > 0 { page.macro("PP") }
    page.text(kept)
}
page.macro("PP")
page.text(
    "With no command, weather is weather show; weather Paris is weather show Paris. Each command's --help says what this page says of it."
)

page.macro("SH", "COMMANDS")
for command in root.subcommands {
    let arguments = command.arguments.filter { !$0.isGlobal && !$0.isDisplay }
    page.macro("SS", "\"weather \(command.name)\"")
    page.text(command.abstract)
    for paragraph in command.discussion.paragraphs {
        page.macro("PP")
        if paragraph.contains(FormatHelp.codes) {
            page.raw("The codes of " + Roff.bold("--format") + " are listed under")
            page.macro("B", "FORMAT CODES")
            page.text("below.")
            continue
        }
        let lines = paragraph.split(separator: "\n").map(String.init)
        let listed = lines.drop { !$0.hasPrefix("  ") }
        page.text(lines.prefix { !$0.hasPrefix("  ") }.joined(separator: "\n"))
        if !listed.isEmpty { page.verbatim(listed.map { String($0.dropFirst(2)) }) }
    }
    for argument in arguments { page.item(argument.label, argument.description) }
    if command.arguments.contains(where: \.isDisplay) {
        page.macro("TP")
        page.raw("\\fIdisplay\\ options\\fR")
        page.raw(
            display.compactMap { $0.names.first.map { Roff.bold("--" + $0.name) } }.joined(separator: ", ") + ", under")
        page.macro("B", "OPTIONS")
        page.text("below.")
    }
}

page.macro("SH", "OPTIONS")
page.text("Every command takes these:")
let global = root.subcommands.first?.arguments.filter(\.isGlobal) ?? []
for argument in global { page.item(argument.label, argument.description) }
page.macro("PP")
page.text(
    "The display options, taken by " + displayCommands.map { "weather " + $0 }.joined(separator: ", ")
        + ", change what people read, never the JSON:")
for argument in display { page.item(argument.label, argument.description) }

page.macro("SH", "FORMAT CODES")
page.text(
    "A --format line, the format setting, --short and --waybar's text are text and these codes. The letters that wttr.in uses mean the same as there. Each example is what the code shows for Berlin with a warning in force, rain 20 minutes away and the result 4 minutes old, stale; a code with nothing to show is empty, and a space before it goes with it."
)
for entry in FormatHelp.entries {
    page.item(
        Roff.bold("%" + String(entry.letter)),
        entry.meaning.prefix(1).uppercased() + entry.meaning.dropFirst() + ",")
    page.raw("for example " + Roff.bold(entry.example))
}
page.item(Roff.bold("%%"), "A percent sign.")
page.macro("PP")
let exampleFormat = "%l %c %t (feels %f) %w"
page.text("For example, weather show --format \"\(exampleFormat)\" prints a line such as")
page.verbatim([
    FormatHelp.entries.reduce(exampleFormat) { line, entry in
        line.replacingOccurrences(of: "%" + String(entry.letter), with: entry.example)
    }
])

page.macro("SH", "ENVIRONMENT")
page.text(
    "Each setting comes from its variable, else from its key in $XDG_CONFIG_HOME/weather/config.json (a JSON object, such as {\"units\": \"imperial\", \"timeout\": 20}), else its default. An empty variable, or empty text in the file, is unset. Choices are read in any letter case."
)
for setting in Setting.all {
    page.item(Roff.bold(setting.variable), setting.words.about)
    page.macro("br")
    // A line each, as a URL is longer than most.
    page.text("Default:\n" + setting.defaultText + ";\nin config.json:")
    page.raw(Roff.bold(setting.key) + ".")
}
page.item(
    Roff.bold("LANGUAGE") + ", " + Roff.bold("LC_ALL") + ", " + Roff.bold("LC_MESSAGES") + ", " + Roff.bold("LANG"),
    "Where WEATHER_LANGUAGE is unset, the language, read as gettext reads them (see WEATHER_LANGUAGE). LC_ALL, LC_NUMERIC, LC_TIME and LANG give numbers and times their form."
)
page.item(
    Roff.bold("NO_COLOR"),
    "Any non-empty value turns colour off; colour is only ever used on a terminal, unless --color always.")
page.item(
    Roff.bold("XDG_CONFIG_HOME") + ", " + Roff.bold("XDG_STATE_HOME") + ", " + Roff.bold("XDG_CACHE_HOME"),
    "The folders of the files below, taken only when absolute; else ~/.config, ~/.local/state and ~/.cache.")

page.macro("SH", "FILES")
let paths = WeatherPaths(
    configHome: "$XDG_CONFIG_HOME", cacheDirectory: "$XDG_CACHE_HOME/weather", stateDirectory: "$XDG_STATE_HOME/weather"
)
for (path, role) in [
    (paths.configFile, "Your settings, if you write any (see ENVIRONMENT)."),
    (paths.locationFile, "The saved place."),
    (paths.resultFile, "The last result, and the outlook a status bar shows (today, the next hours, three days)."),
    (paths.forecastFile, "The whole forecast of the last fetch, which weather forecast reads."),
    (paths.alertsFile, "The place's official warnings."),
    (paths.alertTextsFile, "Their long texts, for weather alerts."),
    (
        "$XDG_CACHE_HOME/weather/places/",
        "Places looked up once, a folder each (at most 8), and names.json, the place each name chose."
    ),
    (paths.scheduleFile, "The background-refresh interval chosen with weather schedule."),
    (paths.runsFile, "The background runs of the last weeks, for the adaptive schedule."),
    (paths.looksFile, "The quarter hours you looked in, for the adaptive schedule."),
    (paths.notifiedFile, "What the desktop notifications told of, to replace or withdraw it."),
    (paths.lockFile, "The lock that lets one run fetch at a time."),
    (paths.backoffFile, "The services' back-offs, and the last failed request, shared for a minute."),
    (
        paths.unitDirectory + "/weather-refresh.timer",
        "The background refresh, with its weather-refresh.service beside it."
    ),
]
    // The supplements' files, from the registry, as `--help` lists them.
    + SourceRegistry.supplements.map({
        (paths.cacheDirectory + "/" + $0.fileName, $0.fileHolds().capitalizedFirst + ".")
    })
{
    page.item(Roff.italic(path), role)
}
page.macro("PP")
page.text(
    "Folders are created 0700 and files 0600: the saved place is personal. Every file is written whole or not at all.")

page.macro("SH", "EXIT STATUS")
for (status, meaning) in [
    ("0", "Done; also weather alerts without warnings, and refresh with nothing to fetch."),
    ("1", "Failed: the network, a service or a file; the saved place and result stay as they were."),
    ("64", "Bad arguments, including a refused place name or format code."),
    ("78", "Bad settings, or a service whose terms need a setting (MET Norway's contact)."),
    ("128 + N", "Stopped by signal N (130 for Ctrl-C, 143 for SIGTERM) before it finished; nothing saved is lost."),
] {
    page.item(Roff.bold(status), meaning)
}
page.macro("PP")
page.text("Every error is one line on standard error: weather: what happened; what to do.")

page.macro("SH", "EXAMPLES")
page.verbatim(listLines(rootParagraph("Examples:")))
page.macro("PP")
page.text("A line for a status bar, and the same with a warning's mark and the rain to come:")
page.verbatim(["weather show --short", "weather show --format \"%l %c %t %W %r\""])

page.macro("SH", "SEE ALSO")
page.raw(
    [("crontab", "5"), ("systemctl", "1"), ("journalctl", "1"), ("systemd.timer", "5"), ("locale", "7")].map {
        ".BR " + $0.0 + " (" + $0.1 + ")"
    }.joined(separator: ",\n"))
page.macro("PP")
page.text(
    "README.md beside this page's package (share/doc/weather) has a session, the status bar recipes and the sources of the data."
)

print(page.lines.joined(separator: "\n"))
