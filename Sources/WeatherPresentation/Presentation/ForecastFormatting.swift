import WeatherFetching
package import WeatherModel
import WeatherSources
import WeatherSystem

/// The forecast for people (`weather forecast`, the waybar tooltip) and for scripts (`weather forecast
/// --json`), in the place's local time and the user's units.
extension WeatherFormatter {
    // MARK: Text

    /// The forecast as two tables, the hours under a heading for each of the place's days, then the days,
    /// under the place and above the age:
    ///
    ///     Berlin, Land Berlin, Germany: the next 3 hours and 2 days
    ///     Sun 22 Nov
    ///       22:00  ⛅  11°C  10%
    ///       23:00  🌦  12°C  60%  0.2 mm
    ///     Mon 23 Nov
    ///       00:00  🌦  12°C  40%
    ///
    ///       Sun 22  🌧  14°C / 6°C  80%  4.2 mm  sunrise 07:41, sunset 16:05  🌔
    ///       Mon 23  ☀️  12°C / 3°C   0%          sunrise 07:43, sunset 16:04  🌔
    ///     Updated 4 min ago
    ///
    /// `refreshing` says on the last line that new values are on their way. Within `columns` (a
    /// terminal's width), the sentences wrap between words and the tables' rows are cut short, so that a
    /// narrow terminal never breaks a word or a row.
    package func forecastText(
        _ forecast: Forecast, of result: WeatherResult, stale: Bool, refreshing: Bool = false, columns: Int? = nil
    ) -> String {
        var span = Self.forecastSpan(forecast)
        if stale { span += " " + style.warning(tr("(stale)")) }
        let heading = Self.placeLine(style.bold(result.location.displayName), span)
        var lines = columns.map { heading.wrapped(toColumns: $0) } ?? [heading]
        if !forecast.hours.isEmpty {
            let hours = Self.tableLines(
                forecast.hours.map { hourRow($0, at: result) }, rightAligned: [2, 3, 4], fitting: columns)
            var shownDay: Int?
            for (hour, line) in zip(forecast.hours, hours) {
                let day = result.clock.day(of: hour.time)
                if day != shownDay { lines.append(style.bold(Self.dayHeading(day))) }
                shownDay = day
                lines.append(line)
            }
        }
        if !forecast.hours.isEmpty, !forecast.days.isEmpty { lines.append("") }
        var days = Self.tableLines(forecast.days.map { dayRow($0, at: result) }, rightAligned: [2, 3, 4])
        if let columns, days.contains(where: { $0.terminalColumns > columns }) {
            days = Self.tableLines(
                forecast.days.map { dayRow($0, at: result, compact: true) }, rightAligned: [2, 3, 4], fitting: columns)
        }
        lines += days
        let age = Self.updated(now - result.updatedAt, data: result.provider.attribution, refreshing: refreshing)
        lines += (columns.map { age.wrapped(toColumns: $0) } ?? [age]).map(style.dim)
        return lines.joinedText("\n")
    }

    /// "Sun 22 Nov": the heading of a day's hours, the day counted in days since 1970-01-01 of the place's
    /// calendar, as wttr.in heads its days; in the words and order of the user's language and locale.
    static func dayHeading(_ day: Int) -> String {
        Conventions.current.date(timeFormat("%a %-d %b"), Self.date(day))
    }

    /// "Sun 22": a day of the table and the tooltip (`outlook` writes it as this does).
    static func dayName(_ day: Int) -> String {
        Conventions.current.date(timeFormat("%a %-d"), Self.date(day))
    }

    /// "Sun": the weekday of `day`, as the locale abbreviates it.
    static func weekday(_ day: Int) -> String {
        Conventions.current.date("%a", Self.date(day))
    }

    /// The date of `day`, counted in days since 1970-01-01.
    private static func date(_ day: Int) -> CivilTime {
        CivilTime(secondsSince1970: Int64(day) * 86_400, utcOffset: 0)
    }

    /// "the next 12 hours and 7 days".
    static func forecastSpan(_ forecast: Forecast) -> String {
        switch (forecast.hours.count, forecast.days.count) {
        case (0, 0): tr("no hours or days to show")
        case (let hours, 0): trn("the next %d hour", "the next %d hours", hours, String(hours))
        case (0, let days): trn("the next %d day", "the next %d days", days, String(days))
        case (let hours, let days):
            // Plural by the hours, which the adjective agrees with ("příštích 12 hodin", "die nächste
            // Stunde"); the count last, which a form for one hour may leave out, as printf allows.
            trn(
                "the next %2$d hour and %1$s", "the next %2$d hours and %1$s", hours,
                trn("%d day", "%d days", days, String(days)), String(hours))
        }
    }

    /// "11:00" (or "11 AM"), icon, "11°C", "10%", "0.2 mm".
    func hourRow(_ hour: HourForecast, at result: WeatherResult) -> [String] {
        [
            Conventions.current.hour(Self.civilTime(hour.time, at: result)),
            icon(hour.sky, isDay: hour.isDay ?? true, twilight: hour.isPolarTwilight),
            hour.temperature.map(units.shortTemperature) ?? "",
            hour.precipitationProbability.map(Self.percent) ?? "",
            hour.precipitation.flatMap(visiblePrecipitation) ?? "",
        ]
    }

    /// "Sun 22", icon, "14°C / 6°C", "80%", "4.2 mm", "sunrise 07:41, sunset 16:05", the moon at noon
    /// ("🌘"); `compact`, for a narrow terminal: "↑07:41 ↓16:05". A day of the evening's hours alone
    /// (`isTonight`) has the night's icon and "tonight 10°C" for its temperatures.
    func dayRow(_ day: DayForecast, at result: WeatherResult, compact: Bool = false) -> [String] {
        let tonight = Self.isTonight(day, of: result)
        let sun: String
        switch day.sun {
        case .upAllDay: sun = tr("sun up all day")
        case .downAllDay: sun = tr("sun down all day")
        case .risesAndSets:
            sun = [
                day.risingTime.map {
                    compact ? "↑" + Self.clock($0, at: result) : tr("sunrise %s", Self.clock($0, at: result))
                },
                day.settingTime.map {
                    compact ? "↓" + Self.clock($0, at: result) : tr("sunset %s", Self.clock($0, at: result))
                },
            ].compactMap { $0 }.joinedText(compact ? " " : ", ")
        }
        return [
            Self.dayName(day.day), icon(day.sky, isDay: !tonight), temperatures(of: day, tonight: tonight),
            day.precipitationProbabilityMax.map(Self.percent) ?? "",
            day.precipitationSum.flatMap(visiblePrecipitation) ?? "", sun,
            MoonPhase(noonOf: day.day, clock: result.clock).map { icons.moon($0.name) } ?? "",
        ]
    }

    /// "14°C / 6°C", the day's high and low ("?" for the one missing, "" without both); "tonight 10°C" (or
    /// "tonight 9°C to 11°C") for the evening's hours alone, which are no day's high and low.
    func temperatures(of day: DayForecast, tonight: Bool) -> String {
        let high = day.temperatureMax.map(units.shortTemperature)
        let low = day.temperatureMin.map(units.shortTemperature)
        if tonight {
            return Self.tonightRange(low: low, high: high).map {
                tr(context: "a forecast's day of the evening's hours alone", "tonight %s", $0)
            } ?? ""
        }
        guard high != nil || low != nil else { return "" }
        return (high ?? "?") + " / " + (low ?? "?")
    }

    /// "4.2 mm", or nothing for an amount that would print as zero ("0.00 in" says nothing).
    func visiblePrecipitation(_ millimetres: Double) -> String? {
        let shown = units.precipitation(millimetres)
        return shown.contains(where: { ("1"..."9").contains($0) }) ? shown : nil
    }

    /// The icon of a sky; "" without one or without icons.
    func icon(_ sky: Sky?, isDay: Bool, twilight: Bool = false) -> String {
        guard let sky else { return "" }
        return icons.icon(for: sky, isDay: isDay, twilight: twilight)
    }

    /// Rows as columns two spaces apart, each as wide as its widest cell on a terminal (an emoji takes
    /// two columns), the columns in `rightAligned` aligned right, each row indented by two spaces and
    /// without trailing spaces, a line break after each.
    static func table(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        var text = ""
        for line in tableLines(rows, rightAligned: rightAligned) {
            text += line
            text += "\n"
        }
        return text
    }

    /// `table`'s rows, one line each; `fitting` a terminal's width, without the last columns while the
    /// rows are wider than it, and cut short (`truncated(toColumns:)`) when the first alone is.
    static func tableLines(_ rows: [[String]], rightAligned: Set<Int>, fitting columns: Int? = nil) -> [String] {
        let lines = rowLines(rows, rightAligned: rightAligned)
        guard let columns, lines.contains(where: { $0.terminalColumns > columns }) else { return lines }
        guard rows.contains(where: { $0.count > 1 }) else { return lines.map { $0.truncated(toColumns: columns) } }
        return tableLines(rows.map { Array($0.dropLast()) }, rightAligned: rightAligned, fitting: columns)
    }

    /// `table`'s rows, one line each, whatever their width.
    private static func rowLines(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        var widths: [Int] = []
        for row in rows {
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.terminalColumns)
            }
        }
        return rows.map { row in
            var line = " "
            for (column, cell) in row.enumerated() where widths[column] > 0 {
                let padding = String(repeating: " ", count: widths[column] - cell.terminalColumns)
                line += " "
                line += rightAligned.contains(column) ? padding + cell : cell + padding
                line += " "
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    // MARK: The tooltip

    /// What a status bar's tooltip shows of the result's outlook: the hours on one line (at 3-hour steps,
    /// as far ahead as `tooltip.hours`), then one line a day (`tooltip.days` of them); "" without an
    /// outlook. Hours and days already past on the place's clock are left out, so that an old result
    /// never starts with yesterday. Written as bytes into one buffer: waybar runs it every
    /// few seconds, and a string grown piece by piece cost twice as much. A day of the evening's hours
    /// alone reads as `dayRow` says it: "Sun 22 🌙 tonight 8°C 70%".
    ///
    ///     14:00 ⛅ 12°C 10%   17:00 ☁️ 11°C 20%   20:00 ☁️ 9°C 40%   23:00 🌧 8°C 70%
    ///     Sun 22 🌧 14°C / 6°C 80%
    func outlook(_ result: WeatherResult) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        var hours = 0
        var days = 0
        let today = result.clock.day(of: now)
        let lastHour = now + Double(tooltip.hours) * 3600
        let percentSpace = Conventions.percentSpace
        // The run's conventions and the day's format, looked up once for every row (each look-up takes a
        // lock).
        let conventions = Conventions.current
        let dayFormat = timeFormat("%a %-d")
        let tonight = Self.tonight(of: result)
        Forecast.forEach(
            inPacked: result.packedOutlook,
            hour: { hour in
                guard hour.time + 3600 > now, hour.time < lastHour else { return }
                if hours > 0 { bytes += "   ".utf8 }
                hours += 1
                conventions.appendHour(Self.civilTime(hour.time, at: result), to: &bytes)
                Self.append(icon(hour.sky, isDay: hour.isDay ?? true, twilight: hour.isPolarTwilight), to: &bytes)
                if let temperature = hour.temperature {
                    bytes.append(UInt8(ascii: " "))
                    units.appendShortTemperature(temperature, to: &bytes)
                }
                if let chance = hour.precipitationProbability {
                    Self.appendPercent(chance, space: percentSpace, to: &bytes)
                }
            },
            day: { day in
                guard day.day >= today, days < tooltip.days else { return }
                days += 1
                if !bytes.isEmpty { bytes.append(UInt8(ascii: "\n")) }
                bytes += conventions.date(dayFormat, Self.date(day.day)).utf8
                Self.append(icon(day.sky, isDay: day.day != tonight), to: &bytes)
                if day.day == tonight {
                    Self.append(temperatures(of: day, tonight: true), to: &bytes)
                } else if let high = day.temperatureMax, let low = day.temperatureMin {
                    bytes.append(UInt8(ascii: " "))
                    units.appendShortTemperature(high, to: &bytes)
                    bytes += " / ".utf8
                    units.appendShortTemperature(low, to: &bytes)
                }
                if let chance = day.precipitationProbabilityMax {
                    Self.appendPercent(chance, space: percentSpace, to: &bytes)
                }
            })
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `piece` after a space, if there is a piece.
    private static func append(_ piece: String, to bytes: inout [UInt8]) {
        guard !piece.isEmpty else { return }
        bytes.append(UInt8(ascii: " "))
        bytes += piece.utf8
    }

    /// " 81%": `percent(_:)` after a space, `space` (`Conventions.percentSpace`) before its sign.
    private static func appendPercent(_ value: Double, space: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: " "))
        CivilTime.append(Int(saturating: value.rounded()), width: 1, to: &bytes)
        bytes += space.utf8
        bytes.append(UInt8(ascii: "%"))
    }

    // MARK: JSON

    /// The forecast for a script, one JSON object: `location`, `updatedAt`, `age`, `stale`, `hourly` and
    /// `daily` (every value of each hour and day, `null` where the service had none), in SI units whatever
    /// the units setting, times in UTC, days as the place's calendar dates; `units` names each unit.
    /// `condition` is in English; `conditionText`, the same in the user's language, is there when that
    /// is not English.
    package func forecastJSON(_ forecast: Forecast, of result: WeatherResult, stale: Bool) -> String {
        let translated = Catalogue.isTranslating
        var writer = JSONWriter()
        writer.object { writer in
            writer.object("location") { place(of: result, into: &$0) }
            writer.field("provider", result.provider.rawValue)
            writer.field("updatedAt", result.updatedAt.iso8601())
            writer.field("age", age(of: result))
            writer.field("stale", stale)
            writer.field("utcOffsetSeconds", result.utcOffsetSeconds)
            writer.array("hourly", forecast.hours) { writer, hour in
                writer.field("time", hour.time.iso8601())
                writer.nullableField("temperature", hour.temperature)
                writer.nullableField("precipitationProbability", hour.precipitationProbability)
                writer.nullableField("precipitation", hour.precipitation)
                hour.writeCondition(into: &writer)
                if translated { writer.nullableField("conditionText", hour.summary.map(translation(of:))) }
                writer.nullableField("windSpeed", hour.windSpeed)
                writer.nullableField("isDay", hour.isDay)
            }
            writer.array("daily", forecast.days) { writer, day in
                writer.field("date", day.isoDate)
                day.writeCondition(into: &writer)
                if translated { writer.nullableField("conditionText", day.summary.map(translation(of:))) }
                writer.nullableField("temperatureMax", day.temperatureMax)
                writer.nullableField("temperatureMin", day.temperatureMin)
                writer.nullableField("precipitationProbabilityMax", day.precipitationProbabilityMax)
                writer.nullableField("precipitationSum", day.precipitationSum)
                writer.nullableField("uvIndexMax", day.uvIndexMax)
                writer.nullableField("sunrise", day.risingTime?.iso8601())
                writer.nullableField("sunset", day.settingTime?.iso8601())
                writer.field("sun", day.sun.rawValue)
                writer.nullableField("moonPhase", MoonPhase(noonOf: day.day, clock: result.clock)?.name.key)
            }
            writer.object("units") { writer in
                writer.field("temperature", "°C")
                writer.field("precipitationProbability", "%")
                writer.field("precipitation", "mm")
                writer.field("windSpeed", "m/s")
            }
        }
        return writer.text
    }
}
