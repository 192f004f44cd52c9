import WeatherCommands
import WeatherFetching
import WeatherPresentation
import WeatherSystem

// `weather-commands`: every command line `weather` does not run itself, parsed by ArgumentParser (see
// Sources/weather/main.swift). `weather` becomes this program, with the same arguments.
// The run's parts are made here, once, and handed down: the environment, read once; the console; the
// language, by the locale and then by the settings (config.json's `language` too), before ArgumentParser
// reads any help; the context of the settings, the process's fetcher's.
let environment = Environment.current()
let console = TerminalConsole()
Catalogue.followUserLanguage(environment)
let live = LiveContext(environment: environment, console: console)
if case .built(let context) = live { Catalogue.choose(setting: context.settings.language, environment: environment) }
WeatherFetcher.start(with: live)
runWeatherCommand(CommandLine.arguments.dropFirst(), console: console)
