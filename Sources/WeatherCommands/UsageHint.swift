import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// What a person probably meant by a command line that names an option its command does not have: a
/// mistyped command (`weather forecst --days 2`), an option of another command (`weather Berlin --days 2`,
/// `weather forecast --short`), or a typo of one of the command's own (`--jsn`). Each suggestion is a
/// command line that ArgumentParser accepts, or an option of the command within a small edit distance;
/// otherwise nothing is suggested.
enum UsageHint {
    /// The line to print for `arguments`, which ArgumentParser refused with `message`; `nil` for a refusal
    /// that is not about an unknown option (then ArgumentParser's words are said in weather's voice).
    static func line(for arguments: [String], message: String) -> String? {
        guard let option = unknownOption(in: message) else { return nil }
        let named = arguments.first.flatMap { CommandNames.all.contains($0) ? $0 : nil }
        let command = named ?? "show"
        let rest = Array(named == nil ? arguments[...] : arguments.dropFirst())
        // A first word a command's name away from one, in place of the command (forecst --days 2).
        let first = named == nil ? arguments.first.flatMap { $0.hasPrefix("-") ? nil : $0 } : nil
        let meant = first.flatMap(CommandNames.closest)
        if let first, let meant, parses([meant] + arguments.dropFirst()) {
            return tr(
                "\"%1$s\" is not a command; did you mean weather %2$s?", first.typed,
                commandLine([meant] + arguments.dropFirst()))
        }
        // An option of another command (Sète --days 2 is forecast's, with the place).
        let owner = CommandNames.all.first { $0 != command && accepts($0, option) }
        if let owner, parses([owner] + rest) {
            return tr(
                "%1$s is an option of weather %2$s, not of weather %3$s; did you mean weather %4$s?", option.typed,
                owner, command, commandLine([owner] + rest))
        }
        if let first, let meant {
            return tr("\"%1$s\" is not a command (did you mean %2$s?); see weather %2$s --help", first.typed, meant)
        }
        if let owner {
            return tr(
                "%1$s is an option of weather %2$s, not of weather %3$s; see weather %2$s --help", option.typed, owner,
                command)
        }
        guard let close = closeOption(to: option, of: command) else {
            return tr("unknown option '%1$s'; see weather %2$s --help", option.typed, command)
        }
        return tr("unknown option '%1$s' (did you mean '%2$s'?); see weather %3$s --help", option.typed, close, command)
    }

    /// The option ArgumentParser's message names as unknown: `--days` in "Unknown option '--days'. Did
    /// you mean ...".
    static func unknownOption(in message: String) -> String? {
        let prefix = "Unknown option '"
        guard message.hasPrefix(prefix) else { return nil }
        let name = message.dropFirst(prefix.count).prefix { $0 != "'" }
        return name.isEmpty ? nil : String(name)
    }

    /// Whether ArgumentParser accepts `arguments` (and the command's checks pass).
    static func parses(_ arguments: [String]) -> Bool {
        (try? WeatherCommand.parseAsRoot(arguments)) != nil
    }

    /// Whether `command` has the option `option`: ArgumentParser does not call it unknown there (it may
    /// miss its value).
    static func accepts(_ command: String, _ option: String) -> Bool {
        do {
            _ = try WeatherCommand.parseAsRoot([command, option])
            return true
        } catch {
            return unknownOption(in: WeatherCommand.message(for: error)) == nil
        }
    }

    /// The option of `command` that `option` is probably a typo of: one edit away (two for longer names),
    /// as `CommandNames.closest` judges commands; the options are the ones its help lists.
    static func closeOption(to option: String, of command: String) -> String? {
        guard option.hasPrefix("--"),
            let type = WeatherCommand.configuration.subcommands.first(where: {
                $0.configuration.commandName == command
            })
        else { return nil }
        let typed = option.dropFirst(2).lowercased()
        let help = WeatherCommand.helpMessage(for: type, columns: 200)
        let names = help.split(whereSeparator: \.isNewline).drop { !$0.hasPrefix("OPTIONS:") }.flatMap { line in
            line.split(separator: " ").filter { $0.hasPrefix("--") }.map {
                String($0.prefix { $0 != "," && $0 != "=" })
            }
        }
        return names.first { name in
            let candidate = String(name.dropFirst(2))
            return candidate != typed && Suggestion.isClose(typed, to: candidate) && accepts(command, name)
        }
    }

    /// `arguments` as a person would type them again: each word that a shell would split or expand in
    /// single quotes, and a minus that `runWeatherCommand` turned into U+2212 a minus again.
    static func commandLine(_ arguments: [String]) -> String {
        arguments.map { word in
            let word = word.typed
            guard word.isEmpty || word.contains(any: shellSpecial) else { return word }
            return "'" + word.escaping(SpecialBytes("'")) { _, output in output += #"'\''"#.utf8 } + "'"
        }.joined(separator: " ")
    }

    /// What a shell splits words at or expands.
    static let shellSpecial = SpecialBytes(" \t\n'\"\\$`;&|<>()*?[]#~!{}")

    /// `error`, that of a command run from the command line `typed` with the place words `words`; when no
    /// place is found by the words and the first, the command line's first word, looks like a mistyped
    /// command (`weather sett Berlin`), the error says so too, with the command line that was probably meant.
    static func mistypedCommand(_ error: WeatherError, placeWords words: [String], typed: [String]) -> WeatherError {
        guard case .provider(let problem) = error, problem.isPlaceNotFound, let first = words.first,
            typed.first == first, let command = CommandNames.closest(to: first)
        else { return error }
        return .usage(
            tr(
                "\"%1$s\" is not a command, and no place called \"%2$s\" was found; did you mean weather %3$s?",
                first, words.joined(separator: " "), commandLine([command] + typed.dropFirst())))
    }
}

extension String {
    /// The word as the person typed it: a minus that `runWeatherCommand` turned into U+2212 (so that the
    /// parser reads `-33.87,151.21` as text) is a minus again.
    var typed: String { String(map { $0 == "\u{2212}" ? "-" : $0 }) }
}

/// The names of weather's commands, for a hint when one looks mistyped.
enum CommandNames {
    static var all: [String] {
        WeatherCommand.configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// The command `word` is probably a misspelling of (`Suggestion.closest`); `nil` when it is a command
    /// in any letter case, or close to none.
    static func closest(to word: String) -> String? {
        let all = all
        return all.contains(word.lowercased()) ? nil : Suggestion.closest(to: word, among: all)
    }
}
