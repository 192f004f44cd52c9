import Foundation
import TestSupport
import Testing

@testable import WeatherKit

@Suite("The crontab line without systemd")
struct CronLineTests {
    @Test(
        "without systemd, a crontab line that runs the same refresh",
        arguments: [
            (900.0, "2-59/15 * * * *"), (1800.0, "2-59/30 * * * *"), (7200.0, "2 */2 * * *"),
            (2700.0, "2-59/15 * * * *"),
        ])
    func cronLine(interval: Double, when: String) throws {
        let line = try CronLine.line(
            every: interval,
            environment: [("WEATHER_FORECAST_URL", "http://h/f?a=1&b=50%"), ("XDG_STATE_HOME", "/my state")],
            executable: "/home/ann/bin/weather"
        )
        #expect(
            line
                == "\(when) WEATHER_FORECAST_URL='http://h/f?a=1&b=50\\%' XDG_STATE_HOME='/my state' /home/ann/bin/weather refresh >/dev/null 2>&1"
        )
    }
}
