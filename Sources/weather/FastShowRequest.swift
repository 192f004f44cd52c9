import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

// `show`'s status-bar forms, parsed by the program that runs them: the library knows what a request is,
// not how a command line spells it.
extension ShowRequest {
    /// The forms status bars run every few seconds, recognized without ArgumentParser (whose parsing
    /// costs about a millisecond of runtime reflection): `weather` or `weather show`, then each of
    /// `--json` (`-j`), `--short` (`-s`), `--waybar`, `--cached`, `--refresh`, `--format F`, `--units U`, `--icons I`
    /// and `--color C` at most once, in the combinations `show` accepts, with values it accepts. `nil`
    /// for anything else, which goes to ArgumentParser as usual; either way `show(in:)` runs.
    static func fast(_ arguments: ArraySlice<String>) -> ShowRequest? {
        var rest = arguments
        if rest.first == "show" { rest = rest.dropFirst() }
        var request = ShowRequest()
        var seen: [String] = []
        var format: FormatString?
        var json = false
        var short = false
        var waybar = false
        while let argument = rest.popFirst() {
            // The short flags are their long names, so that `-j --json` is a repeat, left to ArgumentParser.
            var name = argument == "-j" ? "--json" : argument == "-s" ? "--short" : argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard !seen.contains(name) else { return nil }
            seen.append(name)
            switch name {
            case "--json" where value == nil: json = true
            case "--short" where value == nil: short = true
            case "--waybar" where value == nil: waybar = true
            case "--cached" where value == nil, "--refresh" where value == nil:
                guard request.source == .automatic else { return nil }
                request.source = name == "--cached" ? .cached : .refresh
            case "--format", "--units", "--icons", "--color":
                guard let given = value ?? rest.popFirst(), !given.hasPrefix("-") else { return nil }
                switch name {
                case "--format":
                    guard let parsed = try? FormatString(parsing: given) else { return nil }
                    format = parsed
                case "--units":
                    guard let units = UnitSystem(anyCase: given) else { return nil }
                    request.display.units = units
                case "--icons":
                    guard let icons = IconSet(anyCase: given) else { return nil }
                    request.display.icons = icons
                default:
                    guard let color = TextStyle.Choice(anyCase: given) else { return nil }
                    request.display.color = color
                }
            default:
                return nil
            }
        }
        switch (json, short, waybar, format) {
        case (false, false, false, nil): request.output = .text
        case (true, false, false, nil): request.output = .json
        case (false, true, false, nil): request.output = .short
        case (false, false, true, _): request.output = .waybar(format)
        case (false, false, false, let format?): request.output = .format(format)
        default: return nil
        }
        return request
    }
}
