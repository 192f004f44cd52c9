import ArgumentParser
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

struct WatchCommand: FetcherCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: helpText(
            "Print the weather line now and again whenever it changes: for a bar that keeps one process."),
        discussion: [
            helpText(
                """
                For status bars that keep a command running (waybar without an interval, polybar's tail = true, \
                i3blocks' interval=persist). It prints the line at once, then a new line only when what it shows \
                changes: new data stored by any run (the timer, a terminal, set), the result turning stale (at \
                the moment it does) or fresh again, an official warning beginning or ending (at that moment) or \
                new warnings stored, the place replaced or forgotten, the age where the line \
                shows it (at most once a minute), config.json edited (while it cannot be read, the reason: \
                waybar's warning object; the weather again once it is fixed). It sends no request itself \
                and uses no CPU in between: the kernel tells it when the files change. It ends, exit 0, on \
                SIGTERM or SIGINT, or when the bar stops reading.
                """),
            helpText(
                """
                Examples:
                  weather watch                     the short line ("%l %c %t %W %o", or the format setting)
                  weather watch --waybar            for waybar's return-type json, without interval
                  weather watch --format "%c %t"
                """),
        ].joinedText("\n\n")
    )

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(helpText("Print one JSON object a line, its values always in SI units.")))
    var json = false

    @Option(help: ArgumentHelp(helpText("Print lines of % codes (see weather show --help)."), valueName: "format"))
    var format: String?

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(
            helpText("Print the short line, as without an option: the format setting, or \"%l %c %t %W %o\"."))
    )
    var short = false

    @Flag(
        help: ArgumentHelp(
            helpText("Print one JSON object a line for waybar: text (the short line or --format), tooltip, class.")))
    var waybar = false

    @OptionGroup(title: helpText("Display"))
    var display: DisplayFlags

    func validate() throws {
        guard [json, format != nil && !waybar, short, waybar].filter({ $0 }).count <= 1 else {
            throw ValidationError(
                tr("choose one of --json, --format, --short and --waybar (--waybar takes a --format)"))
        }
        // For waybar, a format that cannot be used is its warning object, not a module gone (`run`).
        if !waybar { try validateFormat(format) }
    }

    /// Runs in this process's context, which starts even when config.json cannot be used: watch shows
    /// why (waybar's ⚠ object) and goes on when the file is fixed.
    func runShared(typed: [String]) -> Int32 {
        WeatherFetcher.runShared(watchingConfig: waybar) { (fetcher, problem) throws(WeatherError) in
            try watch(with: fetcher, settingsProblem: problem)
        }
    }

    func run(with fetcher: WeatherFetcher) throws(WeatherError) -> Int32 {
        try watch(with: fetcher, settingsProblem: nil)
    }

    private func watch(with fetcher: WeatherFetcher, settingsProblem: SettingsError?) throws(WeatherError) -> Int32 {
        guard let line = try runFormat(format, command: "watch", waybar: waybar, console: fetcher.context.console)
        else { return 0 }
        let output: ShowRequest.Output = json ? .json : waybar ? .waybar(line) : line.map { .format($0) } ?? .short
        return try WeatherWatcher(
            fetcher: fetcher, output: output, options: display.options, settingsProblem: settingsProblem
        ).run()
    }
}
