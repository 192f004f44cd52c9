import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("Times as systemctl prints them")
struct SystemdTimeTests {
    @Test("systemd's times are read")
    func systemdTimes() throws {
        #expect(SystemdTime.sinceBoot("1h 2min 3.5s") == 3723.5)
        #expect(SystemdTime.sinceBoot("0") == nil)
        #expect(SystemdTime.sinceBoot("") == nil)
        let earlier = try #require(SystemdTime.wallClock("Sat 2026-11-21 07:02:07 UTC"))
        let later = try #require(SystemdTime.wallClock("Sun 2026-11-22 08:03:08 UTC"))
        #expect(later - earlier == 86_400 + 3661)
        #expect(SystemdTime.wallClock("n/a") == nil)
        #expect(SystemdTime.wallClock("") == nil)
    }
}
