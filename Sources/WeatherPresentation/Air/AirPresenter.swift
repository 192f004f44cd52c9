public import WeatherFetching
import WeatherModel
public import WeatherSources
import WeatherSystem

/// `weather air`: the next 24 hours of the air's index in steps of three hours with the pollutant that
/// drives it, and each day's pollen peak per plant for the days the model gives, with the credit; for the
/// saved place, or a place looked up once (as `weather alerts`). One request to the air quality service,
/// under its back-off, when a person asks: `show` and the bar have the current air without one.
public struct AirPresenter: Sendable {
    /// The run's fetcher, whose context has the console, the app state and the formatters.
    let fetcher: WeatherFetcher
    /// `--json`, and the display options of the text.
    let json: Bool
    let options: DisplayOptions

    /// The presenter of a run, printing in the display `options` on the console of the fetcher's context.
    public init(fetcher: WeatherFetcher, json: Bool, options: DisplayOptions) {
        self.fetcher = fetcher
        self.json = json
        self.options = options
    }

    /// Prints the air of the saved place, or of `place`.
    public func show(source: WeatherPresenter.Source = .automatic, place: PlaceQuery? = nil) throws(WeatherError) {
        let context = fetcher.context
        let console = context.console
        guard context.settings.air else {
            return console.printLine(
                tr("Air quality is off (the air setting, WEATHER_AIR); set it to on to have it."))
        }
        let result: WeatherResult
        if let place {
            let found = try fetcher.lookUp(
                place, in: source.state(for: context.foregroundState), mayFetch: source != .cached,
                activity: console.beginActivity)
            found.notes.forEach(console.printError)
            result = found.result
        } else {
            guard let saved = try fetcher.lastResult().result else {
                throw .noResultYet(try fetcher.lastResult().location)
            }
            result = saved
        }
        let location = result.location
        let scale = AirScale.of(latitude: location.latitude, longitude: location.longitude, in: context.settings)
        let activity = console.beginActivity(tr("Fetching the air for %s…", location.name))
        let response: HTTPResponse?
        do throws(WeatherError) {
            response = try fetcher.ask(AirReading.descriptor) {
                AirReading.outlookRequest(url: $0, for: location, scale: scale)
            }
        } catch {
            activity.stop()
            // The service failing for the saved place: the air `show` keeps, with its age, and why.
            if case .stopped = error { throw error }
            if case .provider(.transport(.stopped)) = error { throw error }
            guard place == nil, !json, let line = lastKnown(of: result) else { throw error }
            console.printError(
                tr(
                    "could not refresh: %1$s; showing the result from %2$s", "\(error)",
                    RelativeTime.ago(context.clock.now() - line.updatedAt).translated))
            return console.printLine(line.text)
        }
        activity.stop()
        guard let response else { return }
        let outlook: AirOutlook
        do throws(ResponseProblem) {
            outlook = try AirReading.decodeOutlook(
                response.body, headers: response.headers, for: location, scale: scale)
        } catch {
            throw .provider(
                .unreadable(
                    SupplementsUpdater.service(AirReading.descriptor, at: context.settings.airQualityURL), error))
        }
        let formatter = context.formatter(options, plain: json)(context.clock.now())
        console.printLine(json ? formatter.airJSON(outlook, of: result) : formatter.airText(outlook, of: result))
    }

    /// The air `show` keeps of the saved place in `result`, its line with its age and the credit; `nil`
    /// when none is kept, or it is not the place's.
    private func lastKnown(of result: WeatherResult) -> (text: String, updatedAt: Timestamp)? {
        let context = fetcher.context
        let supplement = AirReading.descriptor
        guard let air = context.store.loadSupplement(supplement),
            air.answers(result.location, settings: context.settings), let line = air.line
        else { return nil }
        let formatter = context.formatter(options, plain: false)(context.clock.now())
        let age = " (" + RelativeTime.ago(formatter.now - air.updatedAt).translated + ")"
        return (line + age + "\n" + formatter.style.dim(supplement.credit()), air.updatedAt)
    }
}

extension WeatherFormatter {
    /// The hours shown: from the current hour, every third, for 24 hours.
    static func airSteps(_ outlook: AirOutlook, from now: Timestamp) -> [AirOutlook.Hour] {
        let start = now - now.secondsSince1970.truncatingRemainder(dividingBy: 3600)
        let hours = outlook.hours.filter { $0.time >= start && $0.time < start + 24 * 3600 }
        return hours.indices.filter { $0 % 3 == 0 }.map { hours[$0] }
    }

    /// Each day's pollen peaks, for the days of the place's calendar whose noon the outlook reaches: the
    /// service's days are UTC's, and a day of which it gives the small hours alone is no day's peak.
    static func pollenPeaks(_ outlook: AirOutlook, at result: WeatherResult) -> [(
        day: Int, plants: [(PollenPlant, PollenLevel, Double)]
    )] {
        let noons = Set(
            outlook.hours.map(\.time).filter { civilTime($0, at: result).hour == 12 }.map { result.clock.day(of: $0) })
        return outlook.pollenPeaks { result.clock.day(of: $0) }.filter { noons.contains($0.day) }
    }

    /// The pollutant `name` (as the service names it) for people.
    static func pollutant(_ name: String) -> String {
        switch name {
        case "pm2_5": "PM2.5"
        case "pm10": "PM10"
        case "ozone": tr(context: "pollutant", "ozone")
        case "nitrogen_dioxide": tr(context: "pollutant", "nitrogen dioxide")
        default: name
        }
    }

    /// The text: a heading, a row per step (time, level and index, the pollutant that drives it), the
    /// pollen's peaks by day, the credit.
    func airText(_ outlook: AirOutlook, of result: WeatherResult) -> String {
        var lines = [
            style.bold(
                outlook.scale == .european
                    ? tr("Air at %s, European AQI, the next 24 hours:", result.location.displayName)
                    : tr("Air at %s, US AQI, the next 24 hours:", result.location.displayName))
        ]
        let rows = Self.airSteps(outlook, from: now).map { hour -> [String] in
            let level = hour.index.map {
                outlook.scale.level(of: $0).words + " " + String(Int(saturating: $0.rounded()))
            }
            return [
                Conventions.current.hour(Self.civilTime(hour.time, at: result)), level ?? "?",
                hour.dominant.map(Self.pollutant) ?? "",
            ]
        }
        lines += Self.tableLines(rows, rightAligned: [0])
        let peaks = Self.pollenPeaks(outlook, at: result).filter { !$0.plants.isEmpty }
        if !peaks.isEmpty {
            lines.append(style.bold(tr("Pollen, each day's peak:")))
            for (day, plants) in peaks {
                lines.append(
                    "  " + Self.dayName(day) + "  "
                        + plants.map { $0.0.words + " " + $0.1.words }.joinedText(", "))
            }
        }
        lines.append(style.dim(AirReading.descriptor.credit()))
        return lines.joinedText("\n")
    }

    /// `--json`: the place, the scale, each step (time, index, level, dominant) and each day's pollen peaks.
    func airJSON(_ outlook: AirOutlook, of result: WeatherResult) -> String {
        var writer = JSONWriter()
        writer.object { writer in
            writer.object("location") { place(of: result, into: &$0) }
            writer.field("scale", outlook.scale.rawValue)
            writer.array("hours", Self.airSteps(outlook, from: now)) { writer, hour in
                writer.field("time", hour.time.iso8601())
                writer.nullableField("index", hour.index.map { ($0 * 10).rounded() / 10 })
                writer.nullableField("level", hour.index.map { outlook.scale.level(of: $0).name })
                writer.nullableField("dominant", hour.dominant)
            }
            let peaks = Self.pollenPeaks(outlook, at: result)
            let entries = peaks.flatMap { day, plants in plants.map { (day, $0.0, $0.1, $0.2) } }
            writer.array("pollen", entries) { writer, entry in
                writer.field("date", Self.isoDate(entry.0))
                writer.field("plant", entry.1.rawValue)
                writer.field("grainsPerCubicMetre", entry.3)
                writer.field("level", entry.2.name)
            }
            writer.field("credit", Catalogue.inEnglish { AirReading.descriptor.credit() })
        }
        return writer.text
    }

    /// "2026-05-12": a day counted in days since 1970-01-01.
    static func isoDate(_ day: Int) -> String {
        CivilTime(secondsSince1970: Int64(day) * 86_400, utcOffset: 0).date
    }
}
