public import ArgumentParser
import WeatherKit

/// `--units`, `--icons` and `--color`: how a command prints values, over the settings.
struct DisplayFlags: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Units, in place of the units settings: °C and km/h, °F and mph, or °C and m/s.", valueName: "system"))
    var units: UnitSystem?

    @Option(
        help: ArgumentHelp(
            "Icons, in place of the icons setting: emoji, Nerd Font glyphs, wttr.in's plain-text symbols, or none.",
            valueName: "set"))
    var icons: IconSet?

    @Option(help: ArgumentHelp("When to colour: auto is on a terminal unless NO_COLOR is set.", valueName: "when"))
    var color: TextStyle.Choice = .auto

    var options: DisplayOptions { DisplayOptions(units: units, icons: icons, color: color) }
}

/// `--format`'s text as a format, refused with its reason (exit 64): what `validate()` and `run(in:)` of the
/// commands that take one share. `command` names the help to see.
func parsedFormat(_ text: String?, command: String) throws(WeatherError) -> FormatString? {
    do throws(FormatError) {
        return try text.map(FormatString.init(parsing:))
    } catch {
        throw .usage("--format: \(error); see weather \(command) --help")
    }
}

/// `parsedFormat` for `validate()`: ArgumentParser's validation error, with the same words.
func validateFormat(_ text: String?) throws {
    do throws(FormatError) {
        _ = try text.map(FormatString.init(parsing:))
    } catch {
        throw ValidationError("--format: \(error)")
    }
}

extension WeatherPresenter.Source {
    /// `--refresh`, `--cached`, or neither.
    init(_ flag: ShowCommand.Source?) {
        switch flag {
        case .refresh: self = .refresh
        case .cached: self = .cached
        case nil: self = .automatic
        }
    }
}

// The choices in any letter case (--units Imperial), as the settings take them.
extension UnitSystem: ExpressibleByArgument {
    init?(argument: String) { self.init(anyCase: argument) }
}

extension IconSet: ExpressibleByArgument {
    init?(argument: String) { self.init(anyCase: argument) }
}

extension TextStyle.Choice: ExpressibleByArgument {
    init?(argument: String) { self.init(anyCase: argument) }
}
