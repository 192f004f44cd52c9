import Foundation
import TestSupport
import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

/// Sunrise and sunset worked out locally (issue 27): against what Open-Meteo answered, at the poles and the
/// date line, on daylight-saving days, and against the sky itself.
@Suite("Sunrise and sunset, worked out locally")
struct SunTimesTests {
    // MARK: Against Open-Meteo

    /// One day of an answer of api.open-meteo.com, as a public repository recorded it (Fixtures/README.md,
    /// "Sunrise and sunset"). The answer's grid point, which Open-Meteo works the sun out for; the day in
    /// the place's own zone, the calendar weather counts in (Open-Meteo's day is the same day wherever the
    /// place's clock is within 12 hours of its solar time); the times as written: local minutes at
    /// `written` seconds from UTC (Open-Meteo drops the seconds), or Unix seconds.
    struct Recorded: Sendable, CustomTestStringConvertible {
        var place: String
        var latitude: Double
        var longitude: Double
        var zone: String
        var date: String
        var sunrise: String
        var sunset: String
        /// The offset the times are written with; `nil` for Unix seconds.
        var written: Int?

        var testDescription: String { "\(place) \(date)" }

        /// Days of one answer, in order.
        static func answer(
            _ place: String, _ latitude: Double, _ longitude: Double, zone: String, written: Int?, dates: [String],
            sunrises: [String], sunsets: [String]
        ) -> [Recorded] {
            dates.indices.map {
                Recorded(
                    place: place, latitude: latitude, longitude: longitude, zone: zone, date: dates[$0],
                    sunrise: sunrises[$0], sunset: sunsets[$0], written: written)
            }
        }

        /// The instant `text` stands for: the middle of its minute (within 30 s of what Open-Meteo
        /// worked out), or the second.
        func instant(_ text: String) throws -> Timestamp {
            guard let written else { return Timestamp(secondsSince1970: try #require(Double(text))) }
            return try #require(Timestamp(iso8601: text, assumingUTCOffset: written)) + 30
        }

        static let all: [Recorded] =
            // Clovis, California, 7 days from 2024-02-07: a web weather widget's development stub ("snapshot
            // taken at 22:52 on Feb 7, 2024 for Clovis,CA", `weatherStub`), iso8601 times at -08:00.
            answer(
                "Clovis", 36.825104, -119.68613, zone: "America/Los_Angeles", written: -28_800,
                dates: [
                    "2024-02-07", "2024-02-08", "2024-02-09", "2024-02-10", "2024-02-11", "2024-02-12", "2024-02-13",
                ],
                sunrises: [
                    "2024-02-07T06:55", "2024-02-08T06:54", "2024-02-09T06:53", "2024-02-10T06:52", "2024-02-11T06:51",
                    "2024-02-12T06:50", "2024-02-13T06:49",
                ],
                sunsets: [
                    "2024-02-07T17:30", "2024-02-08T17:31", "2024-02-09T17:32", "2024-02-10T17:33", "2024-02-11T17:34",
                    "2024-02-12T17:35", "2024-02-13T17:36",
                ])
            // Central Park, New York, 7 days from 2024-10-31: a Python assistant's "Example weather API
            // response" comment. Every time at -04:00, the offset when asked, past the change to EST on
            // November 3.
            + answer(
                "New York", 40.78858, -73.96611, zone: "America/New_York", written: -14_400,
                dates: [
                    "2024-10-31", "2024-11-01", "2024-11-02", "2024-11-03", "2024-11-04", "2024-11-05", "2024-11-06",
                ],
                sunrises: [
                    "2024-10-31T07:26", "2024-11-01T07:27", "2024-11-02T07:28", "2024-11-03T07:29", "2024-11-04T07:30",
                    "2024-11-05T07:31", "2024-11-06T07:33",
                ],
                sunsets: [
                    "2024-10-31T17:52", "2024-11-01T17:51", "2024-11-02T17:50", "2024-11-03T17:49", "2024-11-04T17:48",
                    "2024-11-05T17:46", "2024-11-06T17:45",
                ])
            // The coast of Gujarat, India, 10 days from 2024-04-29: an iOS app's `testResponse`, asked in GMT,
            // so that each sunrise is read on the place's clock, 5:30 ahead.
            + answer(
                "Gujarat", 21.625, 69.625, zone: "Asia/Kolkata", written: 0,
                dates: [
                    "2024-04-29", "2024-04-30", "2024-05-01", "2024-05-02", "2024-05-03", "2024-05-04", "2024-05-05",
                    "2024-05-06", "2024-05-07", "2024-05-08",
                ],
                sunrises: [
                    "2024-04-29T00:51", "2024-04-30T00:50", "2024-05-01T00:50", "2024-05-02T00:49", "2024-05-03T00:48",
                    "2024-05-04T00:48", "2024-05-05T00:47", "2024-05-06T00:47", "2024-05-07T00:46", "2024-05-08T00:45",
                ],
                sunsets: [
                    "2024-04-29T13:46", "2024-04-30T13:46", "2024-05-01T13:47", "2024-05-02T13:47", "2024-05-03T13:47",
                    "2024-05-04T13:48", "2024-05-05T13:48", "2024-05-06T13:49", "2024-05-07T13:49", "2024-05-08T13:50",
                ])
            // Post Falls, Idaho, 7 days from 2025-07-28: a Python test script's `forecast_string`, asked in
            // GMT: each sunset falls on the next UTC day.
            + answer(
                "Post Falls", 47.685364, -116.784294, zone: "America/Los_Angeles", written: 0,
                dates: [
                    "2025-07-28", "2025-07-29", "2025-07-30", "2025-07-31", "2025-08-01", "2025-08-02", "2025-08-03",
                ],
                sunrises: [
                    "2025-07-28T12:20", "2025-07-29T12:21", "2025-07-30T12:22", "2025-07-31T12:23", "2025-08-01T12:25",
                    "2025-08-02T12:26", "2025-08-03T12:27",
                ],
                sunsets: [
                    "2025-07-29T03:27", "2025-07-30T03:25", "2025-07-31T03:24", "2025-08-01T03:23", "2025-08-02T03:21",
                    "2025-08-03T03:20", "2025-08-04T03:18",
                ])
            // Western Nepal, 2025-04-14: a status-display applet's `SAMPLE_DATA`, asked with New York's zone:
            // the sunrise is written on the day before.
            + answer(
                "Nepal", 28.375, 81.25, zone: "Asia/Kathmandu", written: -14_400, dates: ["2025-04-14"],
                sunrises: ["2025-04-13T20:10"], sunsets: ["2025-04-14T08:59"])
            // Blacktown, Sydney, 2026-09-28: a Rust program's test, "A real reply to the full request (28 Sep
            // 2026, 9:30 PM in Blacktown)", with timeformat=unixtime: to the second. Sunrise falls on the
            // previous UTC day.
            + answer(
                "Blacktown", -33.77856, 150.89552, zone: "Australia/Sydney", written: nil, dates: ["2026-09-28"],
                sunrises: ["1790537898"], sunsets: ["1790582201"])
            // Husum, Germany, 2026-08-09 and 10: a design note's answer "observed live", asked in GMT (the
            // coordinates asked, not the grid point, which the models there put a few kilometres off at most).
            + answer(
                "Husum", 54.4858, 9.0517, zone: "Europe/Berlin", written: 0, dates: ["2026-08-09", "2026-08-10"],
                sunrises: ["2026-08-09T03:49", "2026-08-10T03:51"], sunsets: ["2026-08-09T19:09", "2026-08-10T19:06"])
    }

    @Test("sunrise and sunset within a minute of what Open-Meteo answered", arguments: Recorded.all)
    func recorded(_ vector: Recorded) throws {
        let day = try Self.day(vector.date)
        let times = try #require(
            SunTimes.on(
                day: day, latitude: vector.latitude, longitude: vector.longitude,
                clock: Self.clock(vector.zone, around: day)))
        #expect(times.sun == .risesAndSets)
        let sunrise = try #require(times.sunrise)
        let sunset = try #require(times.sunset)
        #expect(abs(sunrise - (try vector.instant(vector.sunrise))) <= 60, "\(sunrise.iso8601())")
        #expect(abs(sunset - (try vector.instant(vector.sunset))) <= 60, "\(sunset.iso8601())")
    }

    /// Open-Meteo's own tests (`Tests/AppTests/ZensunTests.swift` in its server): the sunrise and sunset
    /// its code works out at Los Angeles and Vancouver on 2021-11-06, to the second, and its polar night
    /// and day at 85.05° north and south that day. The method is the same: what is left is the ephemeris
    /// (NREL's SPA there, Meeus here), seconds.
    @Test("Open-Meteo's own values to within seconds, and its polar night and day")
    func openMeteoTests() throws {
        let day = try Self.day("2021-11-06")
        let pacific = PlaceClock(utcOffset: -25_200)
        for (latitude, longitude, sunrise, sunset) in [
            (34.05223, -118.24368, 1_636_208_261.0, 1_636_246_534.0), (49.25, -123.12, 1_636_211_364, 1_636_245_772),
        ] {
            let times = try #require(SunTimes.on(day: day, latitude: latitude, longitude: longitude, clock: pacific))
            #expect(abs(try #require(times.sunrise) - Timestamp(secondsSince1970: sunrise)) <= 15)
            #expect(abs(try #require(times.sunset) - Timestamp(secondsSince1970: sunset)) <= 15)
        }
        let north = try #require(SunTimes.on(day: day, latitude: 85.05223, longitude: -118.24368, clock: pacific))
        let south = try #require(SunTimes.on(day: day, latitude: -85.05223, longitude: -118.24368, clock: pacific))
        #expect(north.sun == .downAllDay && north.sunrise == nil && north.sunset == nil)
        #expect(south.sun == .upAllDay && south.sunrise == nil && south.sunset == nil)
    }

    /// Published day lengths (timeanddate.com's tables, as Open-Meteo's `ZensunTests.daylightDuration`
    /// quotes them): Los Angeles on 2021-11-01, 10:46:48; 43°N 2°E on 2021-01-01, 9:04:53.
    @Test("the day lengths of published tables, within a minute")
    func publishedDayLengths() throws {
        for (latitude, longitude, offset, date, length) in [
            (34.05223, -118.24368, -25_200, "2021-11-01", 10 * 3600 + 46 * 60 + 48),
            (43, 2, 3600, "2021-01-01", 9 * 3600 + 4 * 60 + 53),
        ] {
            let times = try #require(
                SunTimes.on(
                    day: try Self.day(date), latitude: latitude, longitude: longitude,
                    clock: PlaceClock(utcOffset: offset)))
            let daylight = try #require(times.sunset) - (try #require(times.sunrise))
            #expect(abs(daylight - Double(length)) <= 60, "\(date): \(daylight) s")
        }
    }

    /// The forecast fixtures written whole by Tests/TestSupport/make-forecast-fixtures.py, from NOAA's
    /// equations too: a consistency check, not a proof (the others fit their first day to other times,
    /// and Alert's is worked out further north). Like Open-Meteo, the script takes the sun of the UTC date
    /// at the longitude: at Apia that is the next local day's, under a minute from this one's.
    @Test(
        "the generated fixtures agree within a minute, polar days included",
        arguments: [
            "open-meteo/forecast/sydney.json", "open-meteo/forecast/santiago.json", "open-meteo/forecast/apia.json",
            "open-meteo/forecast-alert-june.json",
        ])
    func generatedFixtures(name: String) throws {
        let body = try TestPaths.fixture(name)
        let response = try ForecastResponse.decode(body)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let latitude = try #require(document["latitude"] as? Double)
        let longitude = try #require(document["longitude"] as? Double)
        #expect(response.forecast.days.count == 7)
        for day in response.forecast.days {
            let times = try #require(
                SunTimes.on(day: day.day, latitude: latitude, longitude: longitude, clock: response.clock))
            #expect(times.sun == day.sun, "\(day.isoDate)")
            if let sunrise = day.risingTime, let sunset = day.settingTime {
                #expect(abs(try #require(times.sunrise) - sunrise) <= 60, "\(day.isoDate)")
                #expect(abs(try #require(times.sunset) - sunset) <= 60, "\(day.isoDate)")
            }
        }
    }

    // MARK: Poles

    /// Alert, Nunavut, 82.5°N, on Eastern time. The days the seasons turn are pinned, and `sky` checks each
    /// against the sun's altitude as an independent formula has it.
    @Test("Alert: polar night in winter, midnight sun in summer, and the days the sun comes and goes")
    func alert() throws {
        let clock = PlaceClock(
            utcOffset: -18_000, zoneName: "America/Toronto", from: try Self.noon("2026-01-01"),
            to: try Self.noon("2026-12-31"), zones: .system)
        try #require(clock.followsZoneRules)
        func sun(_ date: String) throws -> SunTimes {
            let day = try Self.day(date)
            let times = try #require(SunTimes.on(day: day, latitude: 82.5, longitude: -62.375, clock: clock))
            Self.sky(times, day: day, latitude: 82.5, longitude: -62.375, utcOffset: clock.offset(at: times.noon))
            // Slotted into a day of the forecast, it says the same.
            let (sunrise, sunset) = times.forecastTimes
            #expect(DayForecast(day: day, sunrise: sunrise, sunset: sunset).sun == times.sun, "\(date)")
            return times
        }
        #expect(try sun("2026-12-21").sun == .downAllDay)
        #expect(try sun("2026-06-21").sun == .upAllDay)
        // The first sun after the polar night, low and brief.
        #expect(try sun("2026-02-26").sun == .downAllDay)
        let first = try sun("2026-02-27")
        let firstLight = try #require(first.sunset) - (try #require(first.sunrise))
        #expect(first.sun == .risesAndSets && firstLight < 2 * 3600)
        // The day the sun first does not set, after a day when it sets just before midnight.
        let lastNight = try sun("2026-04-06")
        #expect(lastNight.sun == .risesAndSets && lastNight.sunrise != nil && lastNight.sunset != nil)
        #expect(try sun("2026-04-07").sun == .upAllDay)
        // And the first day it sets again.
        #expect(try sun("2026-09-04").sun == .upAllDay)
        #expect(try sun("2026-09-05").sun == .risesAndSets)
        // The last sun before the polar night, and the first day without it.
        #expect(try sun("2026-10-14").sun == .risesAndSets)
        #expect(try sun("2026-10-15").sun == .downAllDay)
    }

    /// Tromsø, 69.65°N, has the midnight sun "from about 18 May to 26 July" and the polar night "from about
    /// 26 November to 15 January" (Wikipedia's article on Tromsø, "Light and darkness"; arctic.travel
    /// says 27 November to 15 January): here 18 May to 25 July, and 28 November to 14 January. The poles
    /// themselves: up all day at the June solstice in the north, down in the south, and the other way round
    /// in December.
    @Test("Tromsø's midnight sun and polar night, and the poles at the solstices")
    func tromsoAndThePoles() throws {
        let oslo = PlaceClock(
            utcOffset: 3600, zoneName: "Europe/Oslo", from: try Self.noon("2026-01-01"),
            to: try Self.noon("2026-12-31"), zones: .system)
        func sun(_ date: String, latitude: Double = 69.6489, longitude: Double = 18.9551) throws -> DayForecast.Sun {
            let day = try Self.day(date)
            let times = try #require(SunTimes.on(day: day, latitude: latitude, longitude: longitude, clock: oslo))
            Self.sky(times, day: day, latitude: latitude, longitude: longitude, utcOffset: oslo.offset(at: times.noon))
            return times.sun
        }
        #expect(try ["2026-05-16", "2026-05-17"].map { try sun($0) } == [.risesAndSets, .risesAndSets])
        #expect(
            try ["2026-05-18", "2026-06-21", "2026-07-25"].map { try sun($0) } == [.upAllDay, .upAllDay, .upAllDay])
        #expect(try sun("2026-07-26") == .risesAndSets)
        #expect(try sun("2026-11-27") == .risesAndSets)
        #expect(try ["2026-11-28", "2026-12-21"].map { try sun($0) } == [.downAllDay, .downAllDay])
        #expect(try sun("2026-01-14") == .downAllDay)
        #expect(try sun("2026-01-15") == .risesAndSets)
        for (date, north, south) in [
            ("2026-06-21", DayForecast.Sun.upAllDay, DayForecast.Sun.downAllDay),
            ("2026-12-21", .downAllDay, .upAllDay),
        ] {
            #expect(try sun(date, latitude: 90, longitude: 0) == north)
            #expect(try sun(date, latitude: -90, longitude: 0) == south)
        }
    }

    // MARK: Calendars

    /// Apia keeps the calendar of the western Pacific at 171°W; Pago Pago, 100 km away, keeps the
    /// American one, a day behind. The same sun rises on Apia's Tuesday and Pago Pago's Monday; Apia's
    /// sunrise is on the previous UTC day, Los Angeles's sunset on the next.
    @Test("the date line moves the calendar, not the sun; the UTC day is not the place's")
    func dateLine() throws {
        let day = try Self.day("2026-10-13")
        let apia = try #require(
            SunTimes.on(day: day, latitude: -13.83, longitude: -171.77, clock: PlaceClock(utcOffset: 46_800)))
        let pagoPago = try #require(
            SunTimes.on(day: day - 1, latitude: -13.83, longitude: -171.77, clock: PlaceClock(utcOffset: -39_600)))
        #expect(apia == pagoPago)
        let sunrise = try #require(apia.sunrise)
        #expect(sunrise.day(utcOffset: 0) == day - 1)
        #expect((5...7).contains(PlaceClock(utcOffset: 46_800).civilTime(sunrise).hour))
        let losAngeles = try #require(
            SunTimes.on(day: day, latitude: 34.05, longitude: -118.24, clock: PlaceClock(utcOffset: -25_200)))
        #expect(try #require(losAngeles.sunset).day(utcOffset: 0) == day + 1)
        // Kiritimati, 14 hours ahead at 157°W: its noon is still near its clock's.
        let kiritimati = try #require(
            SunTimes.on(day: day, latitude: 1.87, longitude: -157.43, clock: PlaceClock(utcOffset: 50_400)))
        #expect((11...13).contains(PlaceClock(utcOffset: 50_400).civilTime(kiritimati.noon).hour))
    }

    /// On the days the clocks change (Berlin in March and October at 02:00 and 03:00, Sydney in October,
    /// Santiago in September at midnight, so that its day begins at 01:00), the sunrise is the same instant
    /// whatever the clock; it reads an hour later or earlier, and moves a minute or two from the day before.
    @Test(
        "on a daylight-saving day the sunrise is an instant, read on the place's clock",
        arguments: [
            ("Europe/Berlin", 52.52, 13.41, "2026-03-29"), ("Europe/Berlin", 52.52, 13.41, "2026-10-25"),
            ("Australia/Sydney", -33.87, 151.21, "2026-10-04"), ("America/Santiago", -33.45, -70.67, "2026-09-06"),
        ])
    func daylightSaving(zone: String, latitude: Double, longitude: Double, date: String) throws {
        let day = try Self.day(date)
        let clock = Self.clock(zone, around: day)
        try #require(clock.followsZoneRules)
        let before = try #require(SunTimes.on(day: day - 1, latitude: latitude, longitude: longitude, clock: clock))
        let changed = try #require(SunTimes.on(day: day, latitude: latitude, longitude: longitude, clock: clock))
        let rise = try #require(changed.sunrise)
        let set = try #require(changed.sunset)
        let riseBefore = try #require(before.sunrise)
        let fixed = PlaceClock(utcOffset: clock.offset(at: rise))
        #expect(SunTimes.on(day: day, latitude: latitude, longitude: longitude, clock: fixed) == changed)
        #expect(clock.day(of: rise) == day && clock.day(of: set) == day)
        #expect(abs(rise - riseBefore - 86_400) < 180)
        let shift = clock.offset(at: rise) - clock.offset(at: riseBefore)
        #expect(abs(shift) == 3600)
        func minutes(_ moment: Timestamp) -> Int { clock.civilTime(moment).hour * 60 + clock.civilTime(moment).minute }
        #expect(abs(minutes(rise) - minutes(riseBefore) - shift / 60) <= 3)
    }

    // MARK: The sky

    @Test("over many places and days, sunrise before sunset within the day, or absent as the sky has it")
    func everywhere() throws {
        var days = 0
        var kinds: Set<String> = []
        for latitude in stride(from: -89.5, through: 89.5, by: 3.5) {
            for longitude in stride(from: -180.0, to: 180, by: 27.5) {
                // Clocks at the sun's, and 3 hours ahead of it or behind, as some zones are.
                let solar = Int((longitude / 15).rounded()) * 3600
                for (index, date) in stride(from: 20_454, to: 20_454 + 365, by: 7).enumerated() {
                    let offset = solar + [0, 10_800, 0, -10_800][index % 4]
                    let times = try #require(
                        SunTimes.on(
                            day: date, latitude: latitude, longitude: longitude, clock: PlaceClock(utcOffset: offset)))
                    Self.sky(times, day: date, latitude: latitude, longitude: longitude, utcOffset: offset)
                    kinds.insert("\(times.sun)-\(times.sunrise == nil)-\(times.sunset == nil)")
                    days += 1
                }
            }
        }
        #expect(days > 10_000)
        // Every kind of day came up: both times, polar days and nights, and days missing one time.
        #expect(kinds.isSuperset(of: ["risesAndSets-false-false", "upAllDay-true-true", "downAllDay-true-true"]))
        #expect(kinds.contains("risesAndSets-true-false") && kinds.contains("risesAndSets-false-true"))
    }

    /// Checks a day against the sky as an independent formula has it (`altitude`): noon is the sun's
    /// highest; a sunrise or sunset is in the day, rising or setting through the horizon; a missing one
    /// means the sun was up when the day began, or still up when it ended; a polar day has the sun up at
    /// both midnights, a polar night has it down at noon. The tolerance is the declination's movement in
    /// half a day (at most 0.2°), which `SunTimes` takes as it stands at noon.
    static func sky(_ times: SunTimes, day: Int, latitude: Double, longitude: Double, utcOffset: Int) {
        let horizon = -0.833
        let tolerance = 0.25
        func altitude(_ moment: Timestamp) -> Double {
            Self.altitude(at: moment, latitude: latitude, longitude: longitude)
        }
        let start = Timestamp(secondsSince1970: Double(day * 86_400 - utcOffset))
        let end = start + 86_400
        let context =
            "\(latitude), \(longitude) on \(CivilTime(secondsSince1970: Int64(day) * 86_400, utcOffset: 0).date)"
        #expect(abs(times.noon - (start + 43_200)) < 6 * 3600, "\(context)")
        #expect(altitude(times.noon) >= altitude(times.noon - 1200) - 0.01, "\(context)")
        #expect(altitude(times.noon) >= altitude(times.noon + 1200) - 0.01, "\(context)")
        switch times.sun {
        case .downAllDay:
            #expect(times.sunrise == nil && times.sunset == nil, "\(context)")
            #expect(altitude(times.noon) < horizon + tolerance, "\(context)")
        case .upAllDay:
            #expect(times.sunrise == nil && times.sunset == nil, "\(context)")
            #expect(altitude(times.noon - 43_200) > horizon - tolerance, "\(context)")
            #expect(altitude(times.noon + 43_200) > horizon - tolerance, "\(context)")
        case .risesAndSets:
            #expect(altitude(times.noon) > horizon - tolerance, "\(context)")
            if let sunrise = times.sunrise {
                #expect(start <= sunrise && sunrise < times.noon, "\(context)")
                #expect(abs(altitude(sunrise) - horizon) < tolerance, "\(context)")
                #expect(altitude(sunrise + 600) > altitude(sunrise - 600), "\(context)")
            } else {
                #expect(altitude(start) > horizon - tolerance, "\(context): the sun rose before the day began")
            }
            if let sunset = times.sunset {
                #expect(times.noon < sunset && sunset < end, "\(context)")
                #expect(abs(altitude(sunset) - horizon) < tolerance, "\(context)")
                #expect(altitude(sunset + 600) < altitude(sunset - 600), "\(context)")
            } else {
                #expect(altitude(end) > horizon - tolerance, "\(context): the sun sets after the day ended")
            }
        }
    }

    /// The altitude of the sun's centre in degrees, without refraction, by a method other than
    /// `SunTimes`'s: the U.S. Naval Observatory's approximate solar coordinates ("Approximate Solar
    /// Coordinates", good to about 1′ within two centuries of 2000) and Greenwich mean sidereal time.
    static func altitude(at moment: Timestamp, latitude: Double, longitude: Double) -> Double {
        let degree = Double.pi / 180
        let n = moment.secondsSince1970 / 86_400 - 10_957.5
        let meanAnomaly = (357.529 + 0.985_600_28 * n) * degree
        let meanLongitude = 280.459 + 0.985_647_36 * n
        let eclipticLongitude = (meanLongitude + 1.915 * sin(meanAnomaly) + 0.020 * sin(2 * meanAnomaly)) * degree
        let obliquity = (23.439 - 0.000_000_36 * n) * degree
        let rightAscension = atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude))
        let declination = asin(sin(obliquity) * sin(eclipticLongitude))
        let siderealHours = 18.697_374_558 + 24.065_709_824_419_08 * n
        let hourAngle = (siderealHours * 15 + longitude) * degree - rightAscension
        let place = latitude * degree
        return asin(sin(place) * sin(declination) + cos(place) * cos(declination) * cos(hourAngle)) / degree
    }

    // MARK: Hostile input

    @Test("nothing traps: the poles, NaN, infinities, huge days and longitudes, absurd clocks")
    func hostileInput() throws {
        let clock = PlaceClock(utcOffset: 3600)
        let day = try Self.day("2026-03-20")
        for latitude in [Double.nan, .infinity, -.infinity, 90.000_001, -91, .greatestFiniteMagnitude] {
            #expect(SunTimes.on(day: day, latitude: latitude, longitude: 0, clock: clock) == nil, "\(latitude)")
        }
        for longitude in [Double.nan, .infinity, -.infinity] {
            #expect(SunTimes.on(day: day, latitude: 0, longitude: longitude, clock: clock) == nil, "\(longitude)")
        }
        for bad in [Int.min, Int.max, SunTimes.days.lowerBound - 1, SunTimes.days.upperBound + 1] {
            #expect(SunTimes.on(day: bad, latitude: 0, longitude: 0, clock: clock) == nil, "\(bad)")
        }
        // Far longitudes are the same meridians; the first and last days of year 1 and 9999 work out.
        let far = SunTimes.on(day: day, latitude: 45, longitude: 10 + 360 * 1_000_000, clock: clock)
        #expect(far != nil && far == SunTimes.on(day: day, latitude: 45, longitude: 10, clock: clock))
        #expect(SunTimes.on(day: day, latitude: 45, longitude: 1e300, clock: clock) != nil)
        #expect(SunTimes.on(day: day, latitude: 45, longitude: -540, clock: clock)?.sun == .risesAndSets)
        for edge in [SunTimes.days.lowerBound, SunTimes.days.upperBound] {
            for latitude in [-90.0, 0, 90] {
                #expect(SunTimes.on(day: edge, latitude: latitude, longitude: 180, clock: clock) != nil)
            }
        }
        // The equinox at the poles: the sun grazes the horizon there, and is called one way or the other.
        for latitude in [-90.0, 90, -89.999_999, 89.999_999] {
            #expect(SunTimes.on(day: day, latitude: latitude, longitude: 0, clock: clock)?.sun != .risesAndSets)
        }
        // Clocks no file or server could give: no trap, and an answer.
        for offset in [Int.min, Int.max, 86_400 * 400, -86_400 * 400] {
            let absurd = PlaceClock(utcOffset: offset, offsets: [0, offset])
            _ = SunTimes.on(day: day, latitude: 45, longitude: 10, clock: absurd)
            _ = SunTimes.on(day: SunTimes.days.upperBound, latitude: 89, longitude: -179, clock: absurd)
        }
    }

    // MARK: Helpers

    /// The day of `date` ("2026-03-20"), in days since 1970.
    static func day(_ date: String) throws -> Int {
        try #require(Timestamp(iso8601: date + "T00:00Z")).day(utcOffset: 0)
    }

    /// Noon UTC of `date`.
    static func noon(_ date: String) throws -> Timestamp {
        try #require(Timestamp(iso8601: date + "T12:00Z"))
    }

    /// The clock of the zone `name` from three days before `day` to three after, as `refresh` builds it.
    static func clock(_ name: String, around day: Int) -> PlaceClock {
        let offset = ZoneRules(named: name, in: .system)?.offset(at: Int64(day) * 86_400) ?? 0
        return PlaceClock(
            utcOffset: offset, zoneName: name, from: Timestamp(secondsSince1970: Double(day - 3) * 86_400),
            to: Timestamp(secondsSince1970: Double(day + 3) * 86_400), zones: .system)
    }
}
