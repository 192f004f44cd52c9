import ArgumentParser

WeatherCommand.main()
