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

extension UnitSystem: ExpressibleByArgument {}
extension IconSet: ExpressibleByArgument {}
extension TextStyle.Choice: ExpressibleByArgument {}
