import Testing

@testable import WeatherKit

@Suite("weather's two programs")
struct WeatherProgramTests {
    @Test("weather-commands is looked for in ../libexec/weather, then beside weather")
    func candidates() {
        #expect(
            WeatherProgram.commandsCandidates(besides: "/usr/bin/weather") == [
                "/usr/bin/../libexec/weather/weather-commands", "/usr/bin/weather-commands",
            ])
        #expect(
            WeatherProgram.commandsCandidates(besides: "/home/a b/.local/bin/weather") == [
                "/home/a b/.local/bin/../libexec/weather/weather-commands", "/home/a b/.local/bin/weather-commands",
            ])
    }

    @Test("the timer runs weather, also when weather-commands writes its unit or crontab line")
    func weatherForTheTimer() {
        #expect(WeatherProgram.weather(for: "/usr/bin/weather") == "/usr/bin/weather")
        #expect(WeatherProgram.weather(for: "/usr/libexec/weather/weather-commands") == "/usr/bin/weather")
        #expect(
            WeatherProgram.weather(for: "/home/a/.local/libexec/weather/weather-commands")
                == "/home/a/.local/bin/weather")
        #expect(WeatherProgram.weather(for: "/src/.build/debug/weather-commands") == "/src/.build/debug/weather")
        #expect(WeatherProgram.weather(for: "/opt/my-weather-commands") == "/opt/my-weather-commands")
    }
}
