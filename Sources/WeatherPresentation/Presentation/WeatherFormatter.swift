import WeatherFetching
public import WeatherModel
package import WeatherSources
package import WeatherSystem

/// Turns a result into what people, status bars and scripts read. Values are stored in SI units and
/// converted here, in the units and with the icons the settings choose.
public struct WeatherFormatter: Sendable {
    /// The moment ages are counted to.
    var now: Timestamp
    var style: TextStyle
    var units: DisplayUnits
    var icons: IconSet
    /// How much of the outlook waybar's tooltip shows.
    var tooltip: TooltipSpan
    /// The language the run asks services for their texts in (`WeatherContext.textLanguage`), worked
    /// out only when a warning is shown: warnings saved in another are said to be (`eventWords`).
    var textLanguage: @Sendable () -> String
    /// What else is known of a place (the air), read only where it is shown: the registry's supplements
    /// whose settings are on, as their files keep them (`WeatherStore.loadSupplements`).
    package var supplements:
        @Sendable (
            _ latitude: Double, _ longitude: Double, _ body: (SupplementDescriptor, any SupplementData) -> Void
        ) -> Void = { _, _, _ in }

    /// The settings `tooltip_hours` and `tooltip_days`: the hours ahead the tooltip shows, at 3-hour steps,
    /// and the days it lists.
    package struct TooltipSpan: Sendable, Equatable {
        package var hours = 12
        package var days = 3

        package init(hours: Int = 12, days: Int = 3) {
            self.hours = hours
            self.days = days
        }
    }

    /// A formatter that counts ages to `now`, decorates with `style`, and prints values in `units`
    /// with `icons`; the tooltip shows `tooltip` of the outlook.
    package init(
        now: Timestamp, style: TextStyle = .plain, units: DisplayUnits = UnitSystem.metric.units,
        icons: IconSet = .emoji, tooltip: TooltipSpan = TooltipSpan(),
        textLanguage: @escaping @Sendable () -> String = { Catalogue.spokenLanguage ?? "en" }
    ) {
        self.now = now
        self.style = style
        self.units = units
        self.icons = icons
        self.tooltip = tooltip
        self.textLanguage = textLanguage
    }

    /// "10.9 °C, partly cloudy": the temperature and the condition, as `refresh` reports them;
    /// "unknown conditions" for a condition the service did not give or weather does not know (a MET
    /// Norway symbol it has not listed), never a guess.
    func summary(of conditions: CurrentConditions) -> String {
        var text = units.temperature(conditions.temperature)
        text += ", "
        text += conditions.summary.map(translation(of:)) ?? tr("unknown conditions")
        return text
    }

    /// The icon of the sky in `conditions`, by day or night; "" without a condition or icons.
    func icon(_ conditions: CurrentConditions, in set: IconSet? = nil) -> String {
        guard let sky = conditions.sky else { return "" }
        return (set ?? icons).icon(for: sky, isDay: conditions.isDay ?? true, twilight: conditions.isPolarTwilight)
    }

    // MARK: Text

    /// The result for a person. The first line is whole on its own, as status bars and `head -n1` keep
    /// only that, and carries the stale mark:
    ///
    ///     Berlin, Land Berlin, Germany: ⛅ 10.9 °C, partly cloudy ⚠ (stale)
    ///     ⚠ Gale-force gusts until 19:50
    ///     Rain in 20 min
    ///     Feels like 8.2 °C, humidity 81%, wind 14 km/h from SW, gusts 30 km/h
    ///     Today: high 14.2 °C, low 6.1 °C, chance of precipitation 40%, precipitation 2.1 mm
    ///     Sunrise 07:21, sunset 18:34, pressure 1016 hPa
    ///     Updated 4 min ago · Data: Open-Meteo · Warnings: DWD
    ///
    /// The first line carries `⚠` while a warning of severity moderate or higher is in force, and the one
    /// under it the most severe warning in force (or announced), then when rain comes or stops in the next
    /// two hours (`rainSoon`, left out with `rainLine` false: waybar's tooltip says it first); the last
    /// credits the warnings' source while they are shown. `refreshing` says on the last line that
    /// new values are on their way. Written into one string as it goes: `show` prints it at every start.
    /// Within `columns` (a terminal's width), a longer line is broken between its clauses.
    public func text(
        _ result: WeatherResult, stale: Bool, refreshing: Bool = false, alerts: SavedAlerts? = nil,
        rainLine: Bool = true, columns: Int? = nil
    ) -> String {
        let values = result.conditions
        var weather = icon(values)
        if !weather.isEmpty { weather += " " }
        weather += summary(of: values)
        let mark = alertMark(alerts)
        if !mark.isEmpty {
            weather += " "
            weather += style.warning(mark)
        }
        if stale {
            weather += " "
            weather += style.warning(tr("(stale)"))
        }
        var text = Self.placeLine(style.bold(result.location.displayName), weather)
        let warningLine = alertLine(alerts, at: result)
        if let warningLine {
            text += "\n"
            text += style.warning(warningLine)
        }
        if rainLine, let rain = rainSoon(result) {
            text += "\n"
            text += rain.capitalizedFirst
        }

        // A line whose values are all there is one message, a sentence to translate whole (and one
        // look-up in the catalogue, not one an item); a line with gaps is said item by item.
        var list = List(into: consume text)
        let feels = values.apparentTemperature.map(units.temperature)
        let humidity = values.relativeHumidity.map(Self.percent)
        let wind = values.windSpeed.map { speed in
            guard let direction = values.windDirection, speed > 0 else { return units.speed(speed) }
            return units.speed(speed) + " " + Self.windFrom(direction)
        }
        let gusts = values.windGusts.map { units.speed($0) }
        if let feels, let humidity, let wind, let gusts {
            list.add(tr("feels like %1$s, humidity %2$s, wind %3$s, gusts %4$s", feels, humidity, wind, gusts))
        } else {
            if let feels { list.add(tr("feels like %s", feels)) }
            if let humidity { list.add(tr("humidity %s", humidity)) }
            if let wind { list.add(tr("wind %s", wind)) }
            if let gusts { list.add(tr("gusts %s", gusts)) }
        }
        if let precipitation = values.precipitation, precipitation > 0 {
            list.add(tr("precipitation %s", units.precipitation(precipitation)))
        }
        list.endLine()
        let today = result.day(at: now)
        if let today {
            let high = today.temperatureMax.map(units.temperature)
            let low = today.temperatureMin.map(units.temperature)
            let chance = today.precipitationProbabilityMax.map(Self.percent)
            if Self.isTonight(today, of: result) {
                // The evening's few hours are all the service gave of the day: their range, not a day's high
                // and low.
                let range = Self.tonightRange(low: low, high: high)
                if let range, let chance {
                    list.add(tr("tonight: %1$s, chance of precipitation %2$s", range, chance))
                } else {
                    if let range { list.add(tr("tonight: %s", range)) }
                    if let chance { list.add(tr("chance of precipitation %s", chance)) }
                }
            } else if let high, let low, let chance {
                list.add(tr("today: high %1$s, low %2$s, chance of precipitation %3$s", high, low, chance))
            } else {
                if let high { list.add(tr("today: high %s", high)) }
                if let low { list.add(tr("low %s", low)) }
                if let chance { list.add(tr("chance of precipitation %s", chance)) }
            }
            if let sum = today.precipitationSum, sum > 0 { list.add(tr("precipitation %s", units.precipitation(sum))) }
            list.endLine()
        }
        let pressure = values.pressure.map { units.pressure($0) }
        var sunAndPressure = false
        switch today?.sun {
        case .upAllDay?: list.add(tr("sun up all day"))
        case .downAllDay?: list.add(tr("sun down all day"))
        default:
            let sun = result.sun(at: now, day: today)
            let sunrise = sun.sunrise.map { Self.clock($0, at: result) }
            let sunset = sun.sunset.map { Self.clock($0, at: result) }
            if let sunrise, let sunset, let pressure {
                list.add(tr("sunrise %1$s, sunset %2$s, pressure %3$s", sunrise, sunset, pressure))
                sunAndPressure = true
            } else {
                if let sunrise { list.add(tr("sunrise %s", sunrise)) }
                if let sunset { list.add(tr("sunset %s", sunset)) }
            }
        }
        if let pressure, !sunAndPressure { list.add(tr("pressure %s", pressure)) }
        if let uv = values.uvIndex, let band = UVBand(uv) { list.add(Self.uv(uv, band)) }
        list.endLine()
        text = list.text
        // A line for each supplement with something to show, credited on the last line while shown.
        var credits = ""
        supplements(result.location.latitude, result.location.longitude) { supplement, data in
            guard let line = data.line else { return }
            text += "\n"
            text += line
            text += aged(data, of: result)
            credits += " · "
            credits += supplement.credit()
        }
        text += "\n"
        // The warnings' source credited beside the forecast's while its warnings are shown (DWD's terms
        // ask for it): "Data: Open-Meteo · Warnings: DWD".
        let credit = warningLine == nil ? nil : alerts?.source.credit
        text += style.dim(
            Self.updated(
                now - result.updatedAt, data: result.provider.attribution, warnings: credit, refreshing: refreshing)
                + credits)
        guard let columns else { return text }
        return text.brokenBetweenClauses(toColumns: columns)
    }

    /// Whether `day`'s values are of the evening alone (`tonight(of:)`): `show` then says them as
    /// tonight's, `forecast`'s row and the tooltip's line as "tonight 10°C" with the night's icon, and
    /// `%H`, `%L` nothing, never the hours left as a day's high and low.
    static func isTonight(_ day: DayForecast, of result: WeatherResult) -> Bool {
        tonight(of: result) == day.day
    }

    /// The day of `result`'s outlook whose values are of the evening alone, counted in days since
    /// 1970-01-01 of the place's calendar: the result's service gives a day only from the hour it answered
    /// (MET Norway's series starts then), and it answered at 18:00 or later on the place's clock, when
    /// what is left of that day is a night, not a day with a high and a low. `nil` for any other result.
    static func tonight(of result: WeatherResult) -> Int? {
        guard result.provider.givesTodayFromNow, civilTime(result.observedAt, at: result).hour >= 18 else {
            return nil
        }
        return result.clock.day(of: result.observedAt)
    }

    /// "10.2 °C", or "9.8 °C to 10.5 °C": the temperatures of tonight's hours, `low` and `high` as shown,
    /// once when they read the same; `nil` without either.
    static func tonightRange(low: String?, high: String?) -> String? {
        guard let low, let high else { return low ?? high }
        return low == high ? low : tr("%1$s to %2$s", low, high)
    }

    /// "Berlin, Land Berlin, Germany: ⛅ 10.9 °C": the place, then what is said of it (its weather, the
    /// forecast's span), as the language punctuates it (French "Germany : ⛅", with a no-break space).
    static func placeLine(_ place: String, _ weather: String) -> String {
        tr(context: "the place, then its weather", "%1$s: %2$s", place, weather)
    }

    /// "Updated 4 min ago · Data: MET Norway", the last line of the text and the forecast: the age of a
    /// result and the source its licence asks to be credited (`data`, a name, not translated), and the
    /// source of the warnings shown (`warnings`, likewise): "Updated 4 min ago · Data: Open-Meteo ·
    /// Warnings: DWD"; "..., refreshing…" while new values are on their way. One message a line, so that
    /// the credit costs `show` no look-up in the catalogue of its own.
    static func updated(_ age: Double, data: String, warnings: String? = nil, refreshing: Bool) -> String {
        let ago = RelativeTime.ago(age).translated
        guard let warnings else {
            return refreshing
                ? tr("Updated %1$s · Data: %2$s, refreshing…", ago, data)
                : tr("Updated %1$s · Data: %2$s", ago, data)
        }
        return refreshing
            ? tr("Updated %1$s · Data: %2$s · Warnings: %3$s, refreshing…", ago, data, warnings)
            : tr("Updated %1$s · Data: %2$s · Warnings: %3$s", ago, data, warnings)
    }

    /// Lines of "label value, label value" items after the text so far, each line's first letter a capital.
    private struct List {
        var text: String
        private var itemsOnLine = 0

        init(into text: String) { self.text = text }

        mutating func add(_ item: String) {
            if itemsOnLine == 0 {
                text += "\n"
                text += item.capitalizedFirst
            } else {
                text += ", "
                text += item
            }
            itemsOnLine += 1
        }

        mutating func endLine() { itemsOnLine = 0 }
    }

    /// What `output` prints for `result` and its warnings: the text (within `columns`, a terminal's width),
    /// `--json`, a `--format` line or `--waybar`'s object.
    func render(
        _ output: WeatherPresenter.Output, _ result: WeatherResult, stale: Bool, alerts: SavedAlerts?,
        columns: Int? = nil
    ) -> String {
        switch output {
        case .text: text(result, stale: stale, alerts: alerts, columns: columns)
        case .json: json(result, stale: stale, alerts: alerts)
        case .format(let format): line(format, result, stale: stale, alerts: alerts)
        case .waybar(let format): waybar(result, stale: stale, format: format, alerts: alerts)
        }
    }

    // MARK: JSON

    /// The result for a script, one JSON object: `location`, the values in SI units whatever the units
    /// setting, `observedAt`, `updatedAt`, `age` in seconds, `stale`, `units` naming the unit of each
    /// value, and the official warnings (`alerts`, `writeAlerts`). `condition` is English, for scripts to
    /// match; `conditionText`, the same words in the user's language, is there when that language is not
    /// English (in English, `condition` is the text).
    package func json(_ result: WeatherResult, stale: Bool, alerts: SavedAlerts? = nil) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.object("location") { place(of: result, into: &$0) }
            writer.field("provider", result.provider.rawValue)
            result.conditions.write(into: &writer, words: true)
            if Catalogue.isTranslating, let words = result.conditions.summary {
                writer.field("conditionText", translation(of: words))
            }
            let today = result.day(at: now)
            let sun = result.sun(at: now, day: today)
            writer.field("sunrise", sun.sunrise?.iso8601())
            writer.field("sunset", sun.sunset?.iso8601())
            if let today {
                writer.object("today") { writer in
                    writer.nullableField("temperatureMax", today.temperatureMax)
                    writer.nullableField("temperatureMin", today.temperatureMin)
                    writer.nullableField("precipitationProbabilityMax", today.precipitationProbabilityMax)
                    writer.nullableField("precipitationSum", today.precipitationSum)
                    writer.field("sun", today.sun.rawValue)
                }
            }
            if let moon = MoonPhase(at: now) {
                writer.object("moonPhase") { writer in
                    writer.field("name", moon.name.key)
                    writer.field("illuminated", (moon.illuminated * 100).rounded() / 100)
                }
            }
            writer.field("observedAt", result.observedAt.iso8601())
            writer.field("updatedAt", result.updatedAt.iso8601())
            writer.field("age", age(of: result))
            writer.field("stale", stale)
            if result.implausibleValues > 0 { writer.field("implausibleValues", result.implausibleValues) }
            writeRainSoon(result, into: &writer)
            writeAlerts(alerts, into: &writer)
            // Each supplement's field, written by its data where the data is found: no optional of it kept,
            // whose type the runtime would set up first (about 10,000 instructions).
            SourceRegistry.each { source in
                guard case .supplement(let supplement) = source else { return false }
                var written = false
                supplements(result.location.latitude, result.location.longitude) { found, data in
                    guard !written, found.name == supplement.name else { return }
                    data.writeJSON(into: &writer)
                    written = true
                }
                if !written { supplement.writeUnknown(&writer) }
                return false
            }
            writer.object("units") { CurrentConditions.writeUnits(into: &$0) }
        }
        return writer.text
    }

    /// The `location` object of `--json`: the place, and how its clock reads: `timezoneRules` says
    /// `zoneinfo` when local times follow the zone's rules from the system's database, `utc-offset`
    /// when the database lacks the zone and one offset, the service's, serves for every time.
    func place(of result: WeatherResult, into writer: inout JSONWriter) {
        result.location.write(into: &writer)
        if result.location.timezone == nil { writer.field("timezone", result.clock.zoneName) }
        writer.field("utcOffsetSeconds", result.clock.offset(at: now))
        writer.field("timezoneRules", result.clock.followsZoneRules ? "zoneinfo" : "utc-offset")
    }

    /// Whole seconds since the result was fetched; 0 when the clock says it lies ahead.
    func age(of result: WeatherResult) -> Int {
        Int(saturating: max(0, now - result.updatedAt).rounded(.down))
    }

    // MARK: Format

    /// One line in `format`: "Berlin ⛅ 11°C" for "%l %c %t".
    package func line(_ format: FormatString, _ result: WeatherResult, stale: Bool, alerts: SavedAlerts? = nil)
        -> String
    {
        format.render({ value(of: $0, result, stale: stale, alerts: alerts) }, told: { told($0, result) })
    }

    /// What `code` shows for `result` and its warnings; "" when the result lacks the value.
    func value(of code: FormatCode, _ result: WeatherResult, stale: Bool, alerts: SavedAlerts? = nil) -> String {
        let values = result.conditions
        switch code {
        case .place: return result.location.name
        case .fullPlace: return result.location.displayName
        case .icon: return icon(values)
        case .condition: return values.summary.map { translation(of: $0).capitalizedFirst } ?? ""
        case .symbol: return icon(values, in: .ascii)
        case .temperature: return units.shortTemperature(values.temperature)
        case .feelsLike: return values.apparentTemperature.map(units.shortTemperature) ?? ""
        case .humidity: return values.relativeHumidity.map(Self.percent) ?? ""
        case .wind:
            guard let speed = values.windSpeed else { return "" }
            let arrow = values.windDirection.map { speed > 0 ? Self.arrow($0) : "" } ?? ""
            return arrow + units.speed(speed, compact: true)
        case .precipitation: return values.precipitation.map { units.precipitation($0, compact: true) } ?? ""
        case .pressure: return values.pressure.map { units.pressure($0, compact: true) } ?? ""
        case .sunrise:
            return result.sun(at: now, day: result.day(at: now)).sunrise.map { Self.clock($0, at: result) } ?? ""
        case .sunset:
            return result.sun(at: now, day: result.day(at: now)).sunset.map { Self.clock($0, at: result) } ?? ""
        case .high, .low:
            // Tonight's hours are no day's high and low: nothing, as `show` says none.
            guard let today = result.day(at: now), !Self.isTonight(today, of: result) else { return "" }
            return (code == .high ? today.temperatureMax : today.temperatureMin).map(units.shortTemperature) ?? ""
        case .chanceOfPrecipitation: return result.day(at: now)?.precipitationProbabilityMax.map(Self.percent) ?? ""
        case .age: return RelativeTime.ago(now - result.updatedAt).translated
        case .staleMark: return stale ? style.warning(tr("(stale)")) : ""
        case .moon: return MoonPhase(at: now).map { icons.moon($0.name) } ?? ""
        case .alert: return mostSevereAlert(alerts, at: result)
        case .alertMark:
            let mark = alertMark(alerts)
            return mark.isEmpty ? "" : style.warning(mark)
        case .rainSoon: return rainSoon(result) ?? ""
        case .uvIndex: return values.uvIndex.map { String(Int(saturating: $0.rounded())) } ?? ""
        }
    }

    /// What the code `letter` another source tells (`SupplementCode`, such as the air's `%q`) shows for
    /// `result`'s place: the first of the supplements that knows it; "" when none does.
    func told(_ letter: Character, _ result: WeatherResult) -> String {
        var value: String?
        supplements(result.location.latitude, result.location.longitude) { _, data in
            guard value == nil, let code = data.code(letter) else { return }
            value = code.isEmpty ? code : code + aged(data, of: result)
        }
        return value ?? ""
    }

    /// " (3 h ago)" after what a supplement tells once its replacement is overdue, as the result's stale
    /// mark comes (`Freshness.showsStale`): past its own `staleAt`, by the runs' interval (the result's
    /// data interval, which the timer keeps by default) and their grace (`RunSchedule.grace`). The run
    /// that should have replaced it failed, or none came: old air must not read as current. "" before.
    func aged(_ data: any SupplementData, of result: WeatherResult) -> String {
        let interval = (result.interval ?? Freshness.defaultInterval).clamped(to: Freshness.intervals)
        guard now >= data.staleAt + interval + RunSchedule.grace else { return "" }
        return " (" + RelativeTime.ago(now - data.updatedAt).translated + ")"
    }

    // MARK: Pieces

    /// "81%", or "81 %" with a no-break space where the numbers locale writes it so (`percentSpace`).
    static func percent(_ value: Double) -> String {
        String(Int(saturating: value.rounded())) + Conventions.percentSpace + "%"
    }

    /// "07:21" (or "7:21 AM", as the locale reads a clock): a moment on the place's clock.
    static func clock(_ moment: Timestamp, at result: WeatherResult) -> String {
        Conventions.current.clock(civilTime(moment, at: result))
    }

    /// `moment` on the place's calendar and clock.
    static func civilTime(_ moment: Timestamp, at result: WeatherResult) -> CivilTime {
        result.clock.civilTime(moment)
    }

    /// "from SW": where wind from `degrees` comes from, to the nearest of the compass's 16 points.
    static func windFrom(_ degrees: Double) -> String {
        switch Int(saturating: (normalized(degrees) / 22.5).rounded()) & 15 {
        case 0: tr("from N")
        case 1: tr("from NNE")
        case 2: tr("from NE")
        case 3: tr("from ENE")
        case 4: tr("from E")
        case 5: tr("from ESE")
        case 6: tr("from SE")
        case 7: tr("from SSE")
        case 8: tr("from S")
        case 9: tr("from SSW")
        case 10: tr("from SW")
        case 11: tr("from WSW")
        case 12: tr("from W")
        case 13: tr("from WNW")
        case 14: tr("from NW")
        default: tr("from NNW")
        }
    }

    /// "↗" for wind from the south-west: the arrow points where the wind blows, as wttr.in's `%w` does.
    static func arrow(_ degrees: Double) -> String {
        let arrows = ["↓", "↙", "←", "↖", "↑", "↗", "→", "↘"]
        return arrows[Int(saturating: (normalized(degrees) / 45).rounded()) & 7]
    }

    private static func normalized(_ degrees: Double) -> Double {
        (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
    }
}
