public import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// `--units`, `--icons` and `--color`: how a command prints values, over the settings. Named as `show`'s
/// (`ShowOption`), for every command that takes them.
struct DisplayFlags: ParsableArguments {
    @Option(
        name: ShowOption.units.names,
        help: ArgumentHelp(
            helpText("Units, in place of the units settings: °C and km/h, °F and mph, or °C and m/s."),
            valueName: "system"))
    var units: UnitSystem?

    @Option(
        name: ShowOption.icons.names,
        help: ArgumentHelp(
            helpText(
                "Icons, in place of the icons setting: emoji, Nerd Font glyphs, wttr.in's plain-text symbols, or none."),
            valueName: "set"))
    var icons: IconSet?

    @Option(
        name: ShowOption.color.names,
        help: ArgumentHelp(helpText("When to colour: auto is on a terminal unless NO_COLOR is set."), valueName: "when")
    )
    var color: TextStyle.Choice = .auto

    var options: DisplayOptions { DisplayOptions(units: units, icons: icons, color: color) }
}

/// `--format`'s text as a format, refused with its reason (exit 64): what `validate()` and `run(with:)` of
/// the commands that take one share. `command` names the help to see.
func parsedFormat(_ text: String?, command: String) throws(WeatherError) -> FormatString? {
    do throws(FormatError) {
        return try text.map(FormatString.init(parsing:))
    } catch {
        throw .usage(tr("%1$s; see weather %2$s --help", formatProblem(error), command))
    }
}

/// `--format` for `run(with:)` of a command that may print for waybar: without `waybar`, `parsedFormat`;
/// with it, a format that cannot be used is said on stderr and is the module's warning object (waybar's ⚠
/// with the reason as its tooltip), as any other failure of `--waybar`: a module that printed nothing would
/// vanish from the bar. `nil` when that was printed.
func runFormat(_ text: String?, command: String, waybar: Bool, console: any Console) throws(WeatherError)
    -> FormatString??
{
    do throws(WeatherError) {
        return .some(try parsedFormat(text, command: command))
    } catch {
        guard waybar else { throw error }
        console.printError(error.description)
        console.printLine(WeatherFormatter.waybar(error: error.description))
        return nil
    }
}

/// `parsedFormat` for `validate()`: ArgumentParser's validation error, with the same words.
func validateFormat(_ text: String?) throws {
    do throws(FormatError) {
        _ = try text.map(FormatString.init(parsing:))
    } catch {
        throw ValidationError(formatProblem(error))
    }
}

/// What is wrong with a `--format`, and for an empty one the other way to the short line.
private func formatProblem(_ error: FormatError) -> String {
    error == .blank
        ? tr(
            "--format: %s; give %% codes, such as --format \"%%l %%c %%t\", or leave out --format for the short line",
            "\(error)")
        : tr("--format: %s", "\(error)")
}

/// `--refresh` or `--cached`: where `show` and `forecast` may get their data.
struct SourceFlags: ParsableArguments {
    @Flag(
        name: ShowOption.refresh.names,
        help: ArgumentHelp(helpText("Refresh a stale result first, even when stdout is not a terminal.")))
    var refresh = false

    @Flag(
        name: ShowOption.cached.names, help: ArgumentHelp(helpText("Never touch the network, even in a terminal.")))
    var cached = false

    func validate() throws {
        guard !(refresh && cached) else {
            throw ValidationError(
                tr("--refresh and --cached cannot be combined (--refresh may fetch, --cached never does)"))
        }
    }

    /// `--refresh`, `--cached`, or neither.
    var source: WeatherPresenter.Source { refresh ? .refresh : cached ? .cached : .automatic }
}

/// What `show`, `forecast` and `alerts` take alike, in this order in their help: `--refresh` or `--cached`,
/// another place, and the Display options.
struct LookOptions: ParsableArguments {
    @OptionGroup
    var source: SourceFlags

    @OptionGroup
    var place: PlaceArguments

    @OptionGroup(title: helpText("Display"))
    var display: DisplayFlags
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
