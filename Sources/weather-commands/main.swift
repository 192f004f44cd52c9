import WeatherCommands

// `weather-commands`: every command line `weather` does not run itself, parsed by ArgumentParser (see
// Sources/weather/main.swift). `weather` becomes this program, with the same arguments.
runWeatherCommand(CommandLine.arguments.dropFirst())
