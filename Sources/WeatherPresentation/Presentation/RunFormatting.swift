public import WeatherFetching
import WeatherModel
import WeatherSources
public import WeatherSystem

/// How a run prints: the formatters of its settings and console, kept here rather than in the context,
/// which the layers below share and which knows no formatter.
extension WeatherContext {
    /// How this run prints results at a given moment: in the units, icons and colours of the settings,
    /// with `options` on top; never in colour when `plain`.
    func formatter(_ options: DisplayOptions, plain: Bool = false) -> @Sendable (Timestamp) -> WeatherFormatter {
        let style = plain ? .plain : TextStyle(options.color, console: console, environment: environment)
        let units = options.units?.units ?? settings.units
        let icons = options.icons ?? settings.icons
        let tooltip = WeatherFormatter.TooltipSpan(hours: settings.tooltipHours, days: settings.tooltipDays)
        return { [self] in
            var formatter = WeatherFormatter(
                now: $0, style: style, units: units, icons: icons, tooltip: tooltip,
                textLanguage: { self.textLanguage })
            formatter.supplements = { self.store.visitSupplements(of: $0, $1, settings: self.settings, $2) }
            return formatter
        }
    }

    /// The short line: the `format` setting, or "%l %c %t %o".
    public var shortLine: FormatString { settings.format ?? .shortLine }

    /// How this run prints results now.
    public func formatter(_ options: DisplayOptions) -> WeatherFormatter {
        formatter(options)(clock.now())
    }
}
