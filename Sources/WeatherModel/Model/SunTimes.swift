import Glibc

/// Sunrise and sunset on one day of a place's calendar, worked out here rather than asked of a service:
/// MET Norway sends neither, and weather makes no second request for them.
///
/// The algorithm is NOAA's Solar Calculator (NOAA Global Monitoring Laboratory, gml.noaa.gov/grad/solcalc,
/// whose equations its spreadsheet sets out in calcdetails.html): the low-precision solar coordinates and
/// equation of time of Jean Meeus, *Astronomical Algorithms* (2nd ed., 1998), chapters 25 and 28, good to
/// about 0.01°. The sun rises or sets when the upper limb of its disc touches the horizon under standard
/// refraction, its centre 0.833° below it (Meeus, chapter 15). As in NOAA's spreadsheet, and as Open-Meteo
/// works out the sunrises this stands in for (`Zensun.calculateSunTransit` in its server), the declination
/// and the equation of time are taken once, at the day's solar noon: the times agree with Open-Meteo's own
/// to seconds, and within the minute it writes (`SunTimesTests`, sources in Fixtures/README.md). Near the
/// poles that one declination also decides, as Open-Meteo's does, which day is the first of a midnight sun
/// or a polar night; the sun's path moves by up to 0.2° in half a day, so at 80° the sky may turn a day
/// earlier or later.
///
/// The sunrise and sunset of a day are those around its solar noon, and only when they fall within the
/// day: beyond the polar circles the sun may have risen before midnight, or set after the next one.
package struct SunTimes: Sendable, Equatable {
    /// What the sun does around the day's noon.
    package var sun: DayForecast.Sun
    /// The day's solar noon, when the sun crosses the meridian: highest in a polar day, least low in a
    /// polar night.
    package var noon: Timestamp
    /// When the upper limb of the sun rises above the horizon that day; none in a polar day or night, or
    /// when it rose before the day began.
    package var sunrise: Timestamp?
    /// When it sets below the horizon that day; none in a polar day or night, or when it sets after the
    /// day ends.
    package var sunset: Timestamp?

    /// `sunrise` and `sunset` as `DayForecast` keeps them, which reads a polar day from a span of 24 hours
    /// and a polar night from an empty one (Open-Meteo's encoding; these spans lie around `noon`).
    package var forecastTimes: (sunrise: Timestamp?, sunset: Timestamp?) {
        switch sun {
        case .risesAndSets: (sunrise, sunset)
        case .upAllDay: (noon - 43_200, noon + 43_200)
        case .downAllDay: (noon, noon)
        }
    }

    /// The altitude of the sun's centre at sunrise and sunset, in radians: its semidiameter (0.266°) and
    /// the standard refraction at the horizon (0.567°) below the horizon.
    package static let horizon = -0.833 * Double.pi / 180

    /// The days `on` works out, in days since 1970-01-01: the years 1 to 9999, as `Timestamp.validRange`.
    package static let days = -719_162...2_932_896

    /// The sun at `latitude` and `longitude` (degrees, north and east positive) on `day`, counted in days
    /// since 1970-01-01 of the place's calendar as `clock` reads it: the day's sunrise and sunset are
    /// instants, whatever the offset that day. `nil` for what names no place or day: NaN or infinity, a
    /// latitude beyond ±90°, a day outside the years 1 to 9999.
    package static func on(day: Int, latitude: Double, longitude: Double, clock: PlaceClock) -> SunTimes? {
        guard days.contains(day), (-90...90).contains(latitude), longitude.isFinite else { return nil }
        // The mean solar noon nearest noon on the place's clock that day (read with the offset in force
        // about then), which the equation of time moves by at most 17 minutes to the true one.
        let clockNoon = Double(day) * 86_400 + 43_200
        let aroundNoon = Timestamp(secondsSince1970: clockNoon - Double(clock.utcOffset))
        let meanNoon = meanNoon(near: clockNoon - Double(clock.offset(at: aroundNoon)), longitude: longitude)
        var noon = meanNoon
        for _ in 0..<2 {
            noon = meanNoon - SolarPosition(at: noon).equationOfTime * 60
        }
        let position = SolarPosition(at: noon)
        let latitude = latitude * .pi / 180
        // The cosine of the hour angle at which the sun's centre stands at `horizon`; beyond ±1 it never
        // does. The latitude's cosine is never 0 (not even at ±90°, in floating point), and the
        // declination's never near it.
        let cosine =
            (sin(horizon) - sin(latitude) * sin(position.declination))
            / (cos(latitude) * cos(position.declination))
        guard cosine < 1 else {
            return SunTimes(sun: .downAllDay, noon: Timestamp(secondsSince1970: noon))
        }
        guard cosine > -1 else {
            return SunTimes(sun: .upAllDay, noon: Timestamp(secondsSince1970: noon))
        }
        // The hour angle in seconds of time: 360° of it to a day.
        let halfDay = acos(cosine) / (2 * .pi) * 86_400
        func ofTheDay(_ seconds: Double) -> Timestamp? {
            let moment = Timestamp(secondsSince1970: seconds)
            return clock.day(of: moment) == day ? moment : nil
        }
        return SunTimes(
            sun: .risesAndSets, noon: Timestamp(secondsSince1970: noon), sunrise: ofTheDay(noon - halfDay),
            sunset: ofTheDay(noon + halfDay))
    }

    /// The moment nearest `moment` (seconds since 1970) when the mean sun crosses the meridian of
    /// `longitude` (degrees east): 720 − 4 × longitude minutes after a midnight in UTC. NOAA's solar noon
    /// is this less the equation of time.
    private static func meanNoon(near moment: Double, longitude: Double) -> Double {
        let midnight = (moment / 86_400).rounded(.down) * 86_400
        let noon = midnight + (720 - 4 * remainder(longitude, 360)) * 60
        return noon + ((moment - noon) / 86_400).rounded() * 86_400
    }
}

/// The sun's declination and the equation of time at a moment, by NOAA's equations (Meeus, chapters 25
/// and 28). Universal time stands in for dynamical time, as in NOAA's calculator: the minute or so between
/// them moves the sun by a thousandth of a degree.
private struct SolarPosition {
    /// Radians.
    package var declination: Double
    /// Apparent minus mean solar time, in minutes.
    package var equationOfTime: Double

    package init(at seconds: Double) {
        let degree = Double.pi / 180
        // Julian centuries since J2000.0, 2000-01-01 12:00, 10,957.5 days after 1970 began.
        let t = (seconds / 86_400 - 10_957.5) / 36_525
        let meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.000_303_2)) * degree
        let meanAnomaly = (357.52911 + t * (35_999.05029 - t * 0.000_153_7)) * degree
        let eccentricity = 0.016_708_634 - t * (0.000_042_037 + t * 0.000_000_126_7)
        let centre =
            (sin(meanAnomaly) * (1.914602 - t * (0.004817 + t * 0.000014))
                + sin(2 * meanAnomaly) * (0.019993 - t * 0.000101) + sin(3 * meanAnomaly) * 0.000289) * degree
        // The longitude of the Moon's ascending node, for nutation and aberration.
        let node = (125.04 - 1934.136 * t) * degree
        let apparentLongitude = meanLongitude + centre - (0.00569 + 0.00478 * sin(node)) * degree
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        let obliquity = (meanObliquity + 0.00256 * cos(node)) * degree
        declination = asin(sin(obliquity) * sin(apparentLongitude))
        let y = tan(obliquity / 2) * tan(obliquity / 2)
        let equation =
            y * sin(2 * meanLongitude) - 2 * eccentricity * sin(meanAnomaly)
            + 4 * eccentricity * y * sin(meanAnomaly) * cos(2 * meanLongitude) - 0.5 * y * y
            * sin(4 * meanLongitude) - 1.25 * eccentricity * eccentricity * sin(2 * meanAnomaly)
        // Radians of hour angle to minutes of time: 4 minutes a degree.
        equationOfTime = 4 * equation / degree
    }
}
