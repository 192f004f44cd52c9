import WeatherModel
package import WeatherSystem

/// `show`'s options: one table, read by both of `show`'s parsers, the fast program's (`ShowRequest.fast`, the
/// forms status bars run every few seconds) and ArgumentParser's in weather-commands (`ShowCommand`,
/// `SourceFlags` and `DisplayFlags` take their names from here), so that both accept and refuse the same
/// command lines.
package enum ShowOption: Int, CaseIterable, Sendable {
    case json, short, waybar, refresh, cached, format, units, icons, color

    /// Its long name, `json` of `--json`.
    package var name: String {
        switch self {
        case .json: "json"
        case .short: "short"
        case .waybar: "waybar"
        case .refresh: "refresh"
        case .cached: "cached"
        case .format: "format"
        case .units: "units"
        case .icons: "icons"
        case .color: "color"
        }
    }

    /// The letter of its short form (`-j`), if it has one.
    package var letter: Character? {
        switch self {
        case .json: "j"
        case .short: "s"
        default: nil
        }
    }

    /// Whether it takes a value: `--units si`, or `--units=si`.
    package var takesValue: Bool {
        switch self {
        case .format, .units, .icons, .color: true
        default: false
        }
    }

    /// The option `argument` names, `--json` or `-j`, and the value given after `=` in `--units=si`. By raw
    /// value rather than `allCases`, whose array would be the fast program's first of its type.
    static func named(_ argument: String) -> (option: ShowOption, value: String?)? {
        var name = Substring(argument)
        var value: String?
        let long = argument.hasPrefix("--")
        if long {
            name = name.dropFirst(2)
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = name[..<equals]
            }
        } else {
            guard argument.utf8.count == 2, argument.hasPrefix("-") else { return nil }
            name = name.dropFirst()
        }
        var index = 0
        while let option = ShowOption(rawValue: index) {
            index += 1
            if long ? option.name == name : option.letter == name.first { return (option, value) }
        }
        return nil
    }
}

extension ShowRequest.Output {
    /// What `show`'s output options choose: at most one of `--json`, `--format`, `--short` and `--waybar`, or
    /// `--waybar` with a `--format` for its text; `nil` for any other combination.
    package static func chosen(json: Bool, short: Bool, waybar: Bool, format: FormatString?) -> Self? {
        switch (json, short, waybar, format) {
        case (false, false, false, nil): .text
        case (true, false, false, nil): .json
        case (false, true, false, nil): .short
        case (false, false, true, _): .waybar(format)
        case (false, false, false, let format?): .format(format)
        default: nil
        }
    }
}

extension ShowRequest {
    /// The forms status bars run every few seconds, recognized without ArgumentParser (whose parsing costs
    /// about a millisecond of runtime reflection): `weather` or `weather show`, then `show`'s options
    /// (`ShowOption`), each at most once, in the combinations `show` accepts (`Output.chosen`), with values it
    /// accepts. `nil` for anything else, which goes to ArgumentParser as usual: a place, `--help`, a repeat
    /// (which ArgumentParser takes, the last one winning), or a refusal it words; either way `show(in:)` runs.
    package static func fast(_ arguments: ArraySlice<String>) -> ShowRequest? {
        var rest = arguments
        if rest.first == "show" { rest = rest.dropFirst() }
        var request = ShowRequest()
        var seen = 0
        var format: FormatString?
        var json = false
        var short = false
        var waybar = false
        while let argument = rest.popFirst() {
            // A repeat is ArgumentParser's, where the last one wins.
            guard let (option, inline) = ShowOption.named(argument), seen & 1 << option.rawValue == 0 else {
                return nil
            }
            seen |= 1 << option.rawValue
            var value = ""
            if option.takesValue {
                // A word that is an option is no value, as to ArgumentParser: a lone "-" is one.
                guard let given = inline ?? rest.popFirst(), given == "-" || !given.hasPrefix("-") else { return nil }
                value = given
            } else if inline != nil {
                return nil
            }
            switch option {
            case .json: json = true
            case .short: short = true
            case .waybar: waybar = true
            case .refresh, .cached:
                guard request.source == .automatic else { return nil }
                request.source = option == .cached ? .cached : .refresh
            case .format:
                guard let parsed = try? FormatString(parsing: value) else { return nil }
                format = parsed
            case .units:
                guard let units = UnitSystem(anyCase: value) else { return nil }
                request.display.units = units
            case .icons:
                guard let icons = IconSet(anyCase: value) else { return nil }
                request.display.icons = icons
            case .color:
                guard let color = TextStyle.Choice(anyCase: value) else { return nil }
                request.display.color = color
            }
        }
        guard let output = Output.chosen(json: json, short: short, waybar: waybar, format: format) else { return nil }
        request.output = output
        return request
    }
}
