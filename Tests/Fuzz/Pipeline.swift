import Glibc
import WeatherFetching
import WeatherModel
import WeatherPresentation
import WeatherSources
import WeatherSystem

/// The whole pipeline, from bytes that could come from outside to everything weather prints and writes:
/// a response with its headers, the saved files, the config file and the environment, decoded by the
/// program's own code, then judged fresh or stale, printed, saved and read back, and written into the
/// timer's units and a crontab line.
///
/// An input is up to seven parts separated by NUL bytes (which JSON text cannot hold):
///
///     forecast body (Open-Meteo's or MET Norway's: both read it) \0 geocoding body \0 response headers \0 current.json \0 another saved file
///     \0 config.json \0 environment
///
/// The forecast body is also read as each warnings service's answer, and the other saved file as a
/// warnings file and as the file of the warnings told of by desktop notifications.
///
/// The headers are `Name: value` lines, the environment `NAME=value` lines; a `QUERY=` line there is
/// what the user typed after `weather set`, and `EXE=` the program's own path. A part may be missing.
///
/// Besides "nothing traps", each run checks the promises that make the program safe: what weather
/// writes it can read back with the same values, nothing printed holds a control character it did not
/// put there, no value adds a line to a unit file or a crontab line or reads back from one otherwise, and
/// waybar's text holds no markup but the entities that escape it.
enum Pipeline {
    /// A moment in 2026, so that every run judges freshness the same way.
    static let now = Timestamp(secondsSince1970: 1_791_478_800)

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let parts = bytes.split(separator: 0, maxSplits: 6, omittingEmptySubsequences: false).map { Array($0) }
        func part(_ index: Int) -> [UInt8] { index < parts.count ? parts[index] : [] }

        let headers = responseHeaders(part(2))
        let environment = Environment(variables(part(6)))
        let settings =
            (try? Settings.load(
                environment: environment,
                config: (try? ConfigFile.parse(
                    part(5), path: "/c/weather/config.json", adding: SourceRegistry.visitSettings)) ?? [:],
                configPath: "/c/weather/config.json"
            )) ?? .defaults

        var location = Location(name: "Berlin", country: "Germany", latitude: 52.52, longitude: 13.41)
        var query = PlaceQuery(name: "Berlin")
        do {
            query = try PlaceQuery(words: [environment["QUERY"] ?? "Berlin"])
        } catch {
            checkPrintable(WeatherError.query(error).description)
        }
        do {
            let candidates = try GeocodingResponse.decode(part(1), headers: headers)
            if let coordinates = query.coordinates {
                location = Location(name: query.name, latitude: coordinates.latitude, longitude: coordinates.longitude)
            } else {
                // What set, a one-off lookup and search make of the matches.
                let found = try PlaceMatches(query, candidates: candidates, language: "en")
                location = found.fitting[0].location
                if let note = found.note { checkPrintable(note) }
                let table = PlaceSearchPresenter.text(found, count: 3)
                for line in table.split(separator: "\n") { checkPrintable(String(line)) }
                let json = PlaceSearchPresenter.json(found, count: 3)
                check((try? JSONDocument(parsing: Array(json.utf8))) != nil, "search --json is JSON")
            }
        } catch let error as ResponseProblem {
            checkPrintable(error.description)
        } catch let error as ProviderError {
            checkPrintable(WeatherError.provider(error).description)
        } catch {}

        var results: [WeatherResult] = []
        var forecasts: [SavedForecast] = []
        do {
            let response = try ForecastResponse.decode(part(0), headers: headers)
            check(
                response.forecast.hours.count <= 48 && response.forecast.days.count <= 7, "a bounded forecast")
            results.append(
                WeatherResult(
                    location: location, conditions: response.conditions, observedAt: response.observedAt,
                    utcOffsetSeconds: response.utcOffsetSeconds, interval: response.interval,
                    sunrise: response.sunrise, sunset: response.sunset,
                    outlook: response.forecast.outlook(after: response.observedAt), updatedAt: now,
                    cachingHeaders: response.cachingHeaders
                ))
            forecasts.append(
                SavedForecast(
                    location: location, utcOffsetSeconds: response.utcOffsetSeconds, forecast: response.forecast,
                    fetchedAt: now))
        } catch {
            checkPrintable(
                WeatherError.provider(
                    .badResponse(.init(role: .forecast, host: "h", setting: "S"), problem: error.description)
                ).description)
        }
        do {
            let response = try METNorway.decode(part(0), headers: headers, for: location)
            check(
                response.forecast.hours.count <= 48 && response.forecast.days.count <= 7, "a bounded MET forecast")
            var result = WeatherResult(
                location: location, conditions: response.conditions, observedAt: response.observedAt,
                clock: response.clock, interval: response.interval, sunrise: response.sunrise,
                sunset: response.sunset, outlook: response.forecast.outlook(after: response.observedAt), updatedAt: now,
                cachingHeaders: response.cachingHeaders)
            result.provider = .metNorway
            results.append(result)
            forecasts.append(
                SavedForecast(
                    location: location, utcOffsetSeconds: response.utcOffsetSeconds, forecast: response.forecast,
                    fetchedAt: now))
        } catch {
            checkPrintable(error.description)
        }
        switch WeatherStore.decodeResult(part(3), path: "/k/weather/current.json") {
        case .result(let cached), .outdated(let cached): results.append(cached)
        case .corrupt(let problem): checkPrintable(problem)
        case .empty: break
        }

        let saved = part(4)
        history(saved, results: results)
        do {
            forecasts.append(try WeatherStore.decodeForecast(saved, path: "/k/weather/forecast.json"))
        } catch {
            checkPrintable(error.description)
        }
        for forecast in forecasts {
            let bytes = forecast.fileContents
            check(bytes.count <= FileIO.maximumFileSize, "a forecast fits in a file weather reads")
            check(
                (try? WeatherStore.decodeForecast(bytes, path: "/x")) == forecast,
                "a saved forecast reads back the same")
            for result in results {
                let formatter = WeatherFormatter(now: now + 3600, units: settings.units, icons: settings.icons)
                let shown = forecast.forecast.from(now, hours: 48, days: 7, utcOffset: result.utcOffsetSeconds)
                let text = formatter.forecastText(shown, of: result, stale: true)
                // The place, a heading for each day the hours touch (3 for 48 hourly steps; more for a saved file's
                // sparser hours), the hours, the days, the age.
                let headings = Set(shown.hours.map { result.clock.day(of: $0.time) }).count
                check(
                    lineCount(text) <= 2 + headings + shown.hours.count + 1 + shown.days.count + 1,
                    "no forged forecast lines")
                check(
                    !text.split(separator: "\n").contains { String($0).containsControlCharacters },
                    "forecast text without control or formatting characters")
                let json = formatter.forecastJSON(shown, of: result, stale: false)
                check((try? JSONDocument(parsing: Array(json.utf8))) != nil, "the forecast's JSON reads back")
            }
        }
        if let place = try? WeatherStore.decodeLocation(saved, path: "/s/weather/location.json") {
            let back = WeatherStore.decodeResult(resultBytes(for: place), path: "/x").result?.location
            check(back == place, "a saved place reads back")
        }
        let backoffs = WeatherStore.decodeBackoffs(saved, path: "/s/weather/backoff.json")
        for backoff in backoffs.values {
            if backoff.isPlausible(at: now) {
                check(
                    backoff.at - now <= Timestamp.futureTolerance
                        && backoff.until - now <= Backoff.longestRetryAfter + 60,
                    "a back-off obeyed is one weather could have written by now")
            }
            let next = Backoff.after(
                refusal: backoff.reason, retryAfter: headers["Retry-After"], previous: backoff, now: now)
            check(next.until - now <= Backoff.longestRetryAfter + 1, "a back-off lasts a day at most")
            checkPrintable(
                WeatherError.backingOff(
                    service: .init(role: .forecast, host: "h", setting: "S"), reason: next.reason,
                    remaining: next.until - now
                ).description)
        }
        let interval = try? WeatherStore.decodePreferredInterval(saved, path: "/s/weather/schedule.json")

        let freshness = Freshness(staleAfter: settings.staleAfter)
        for result in results {
            roundTrip(result)
            for offset in [-61.0, 899, 1e12] {
                let moment = now + offset
                let stale = freshness.isStale(result, at: moment)
                let staleAt = freshness.staleAt(result).moment
                check(
                    staleAt - result.updatedAt <= max(Freshness.longestLifetime, settings.staleAfter ?? 0),
                    "fresh for a day at most")
                let formatter = WeatherFormatter(now: moment, units: settings.units, icons: settings.icons)
                let text = formatter.text(result, stale: stale, refreshing: offset > 0)
                check(lineCount(text) <= 5, "no forged lines")
                check(
                    !text.split(separator: "\n").contains { String($0).containsControlCharacters },
                    "text without control or formatting characters")
                for format in [settings.format ?? .shortLine, everyCode] {
                    let line = formatter.line(format, result, stale: stale)
                    check(lineCount(line) == 1 && !line.containsControlCharacters, "one line of format codes")
                }
                let waybar = formatter.waybar(result, stale: stale, format: settings.format ?? .shortLine)
                check(lineCount(waybar) == 1, "waybar's object is one line")
                guard let object = try? JSONDocument(parsing: Array(waybar.utf8)).reader,
                    let shown = try? object.string("text"), let tooltip = try? object.string("tooltip"),
                    let classes = try? object.field("class").array(), classes.count >= 1
                else { fail("waybar's object reads back: \(waybar)") }
                check(
                    !(shown + tooltip).utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") },
                    "no markup of a server's in waybar's text")
                check(
                    entitiesOnly(shown) && entitiesOnly(tooltip), "every & in waybar's text starts an entity: \(waybar)"
                )
                let json = Array(formatter.json(result, stale: stale).utf8)
                check(json.count < 1 << 20, "bounded JSON")
                _ = LocalTime.describe(staleAt, now: moment, in: .fixed(offsetSeconds: 3600))
                _ = RelativeTime.ago(moment - result.updatedAt)
            }
        }

        warnings(part(0), headers: headers, saved: saved, results: results)
        supplements(part(0), headers: headers, saved: saved, settings: settings, results: results)
        units(environment: environment, settings: settings, interval: interval, dataInterval: results.first?.interval)
    }

    /// `body` as the answer of each warnings service, and `saved` as a warnings file: what weather keeps
    /// of them reads back the same, and every form that shows them prints them without a control
    /// character, a forged line or broken JSON, before, during and after them.
    static func warnings(_ body: [UInt8], headers: HTTPHeaders, saved: [UInt8], results: [WeatherResult]) {
        let sources: [any WarningSource] = [
            NWSAlerts(url: "http://h/alerts/active"), BrightSkyAlerts(url: "http://h/alerts"),
            MetAlerts(url: "http://h/metalerts", contact: "a@example.org"),
        ]
        var kept: [(SavedAlerts, AlertTexts)] = []
        for source in sources {
            do {
                let standing = AlertMessage.standing(try source.messages(in: body, headers: headers, language: "en"))
                let alerts = SavedAlerts(
                    source: source.source, latitude: 52.52, longitude: 13.41, language: "en", checkedAt: now,
                    freshUntil: now + 60, cachingHeaders: CachingHeaders(headers), alerts: standing.map(\.alert))
                var details: [String: AlertDetails] = [:]
                for (alert, detail) in standing { details[alert.id] = detail }
                let texts = AlertTexts(details: details)
                check(SavedAlerts(fileContents: alerts.fileContents) == alerts, "saved warnings read back the same")
                check(
                    (try? AlertTexts(reading: JSONDocument(parsing: texts.fileContents(in: alerts.alerts)).reader))
                        == texts, "the warnings' texts read back the same")
                kept.append((alerts, texts))
            } catch {
                checkPrintable(error.description)
            }
        }
        if let file = SavedAlerts(fileContents: saved) {
            check(SavedAlerts(fileContents: file.fileContents) == file, "a warnings file read back the same")
            kept.append((file, AlertTexts(details: [:])))
        }
        notifications(saved, kept: kept.map(\.0), results: results)
        for (alerts, texts) in kept {
            check(alerts.alerts.count <= SavedAlerts.mostAlerts, "at most 30 warnings")
            var moments = [now - 86_400, now, now + 3600]
            if let next = alerts.nextChange(after: now) { moments.append(next) }
            for result in results {
                for moment in moments {
                    let formatter = WeatherFormatter(now: moment)
                    let text = formatter.text(result, stale: false, alerts: alerts)
                    check(lineCount(text) <= 6, "one line of warnings in the text")
                    check(
                        !text.split(separator: "\n").contains { String($0).containsControlCharacters },
                        "warnings without control or formatting characters")
                    let line = formatter.line(everyCode, result, stale: false, alerts: alerts)
                    check(lineCount(line) == 1 && !line.containsControlCharacters, "%A and %W on one line")
                    let waybar = formatter.waybar(result, stale: false, format: .shortLine, alerts: alerts)
                    check(lineCount(waybar) == 1, "waybar's object with warnings is one line")
                    for json in [
                        formatter.json(result, stale: false, alerts: alerts),
                        formatter.alertsJSON(alerts, texts: texts, of: result), waybar,
                    ] {
                        check((try? JSONDocument(parsing: Array(json.utf8))) != nil, "JSON with warnings reads back")
                    }
                    for line in formatter.alertsText(alerts, texts: texts, of: result, columns: 40).split(
                        separator: "\n")
                    {
                        checkPrintable(String(line))
                    }
                }
            }
        }
    }

    /// `body` as the answer of each supplement (the air's), and `saved` as its file: what weather keeps of
    /// it reads back the same, and every form that shows it (its line, its codes, its bar classes, its
    /// notices, its field in `show --json`, the text and waybar's object with it) prints it without a
    /// control character, a forged line or broken JSON.
    static func supplements(
        _ body: [UInt8], headers: HTTPHeaders, saved: [UInt8], settings: Settings, results: [WeatherResult]
    ) {
        let location = Location(name: "Berlin", country: "Germany", latitude: 52.52, longitude: 13.41)
        for supplement in SourceRegistry.supplements {
            var kept: [any SupplementData] = []
            do {
                let response = HTTPResponse(status: 200, headers: headers, body: body)
                kept.append(try supplement.decode(response, location, settings, now))
            } catch {
                checkPrintable(error.description)
            }
            if let file = supplement.read(saved) { kept.append(file) }
            for data in kept {
                let bytes = data.fileContents
                check(bytes.count <= FileIO.maximumFileSize, "a supplement's file fits in a file weather reads")
                check(supplement.read(bytes)?.fileContents == bytes, "a supplement's file reads back the same")
                var shown = [data.line] + SupplementCode.letters.map { data.code($0) }
                shown += data.notices(settings: settings, day: 20_734).map(\.summary)
                for text in shown.compactMap({ $0 }) {
                    check(lineCount(text) == 1 && !text.containsControlCharacters, "one printable line: \(text)")
                }
                check(
                    data.barClasses.allSatisfy {
                        !$0.isEmpty && !$0.containsWhitespace && !$0.containsControlCharacters
                    },
                    "a bar class is one word")
                var writer = JSONWriter()
                writer.object { data.writeJSON(into: &$0) }
                check((try? JSONDocument(parsing: Array(writer.text.utf8))) != nil, "its JSON field reads back")
                for result in results {
                    var formatter = WeatherFormatter(now: now)
                    formatter.supplements = { _, _, body in body(supplement, data) }
                    let text = formatter.text(result, stale: false)
                    check(lineCount(text) <= 6, "one line of the supplement in the text")
                    check(
                        !text.split(separator: "\n").contains { String($0).containsControlCharacters },
                        "the text with a supplement, without control or formatting characters")
                    let line = formatter.line(everyCode, result, stale: false)
                    check(lineCount(line) == 1 && !line.containsControlCharacters, "%q and %Q on one line")
                    let waybar = formatter.waybar(result, stale: false, format: .shortLine)
                    check(lineCount(waybar) == 1, "waybar's object with a supplement is one line")
                    for json in [waybar, formatter.json(result, stale: false)] {
                        check(
                            (try? JSONDocument(parsing: Array(json.utf8))) != nil, "JSON with a supplement reads back")
                    }
                }
            }
        }
    }

    /// `saved` as the file of the warnings told of (`notified.txt`): bounded, nothing sent in the future,
    /// read back the same; and the desktop notifications `kept`'s warnings call for after it, each a summary
    /// of one printable line and a body of printable lines.
    static func notifications(_ saved: [UInt8], kept: [SavedAlerts], results: [WeatherResult]) {
        let told = NotifiedWarnings(fileContents: saved, now: now)
        check(told.entries.count <= NotifiedWarnings.mostEntries, "at most 30 warnings told of")
        check(told.entries.allSatisfy { $0.at - now <= Timestamp.futureTolerance }, "none told in the future")
        check(NotifiedWarnings(fileContents: told.fileContents, now: now) == told, "what was told reads back the same")
        for alerts in kept {
            let actions = NotificationDecision(setting: .all).actions(notified: told, current: alerts.current(at: now))
            for result in results {
                for case .warn(let alert, _) in actions {
                    let notification = DesktopNotification(
                        warning: alert, at: result, formatter: WeatherFormatter(now: now))
                    check(
                        lineCount(notification.summary) == 1 && !notification.summary.containsControlCharacters,
                        "a notification's summary is one printable line")
                    for line in notification.body.split(separator: "\n") { checkPrintable(String(line)) }
                }
            }
        }
    }

    /// A format with every code.
    static let everyCode = try! FormatString(
        parsing: "%l %N %c %C %x %t %f %h %w %p %P %S %s %H %L %R %a %o %A %W %q %Q %%")

    /// What weather writes it reads back, with the same values, within the file size it accepts.
    static func roundTrip(_ result: WeatherResult) {
        let bytes = result.fileContents
        check(bytes.count <= FileIO.maximumFileSize, "a result fits in a file weather reads")
        guard case .result(let back) = WeatherStore.decodeResult(bytes, path: "/x") else {
            fail("written but unreadable: \(String(decoding: bytes, as: UTF8.self))")
        }
        check(back.conditions == result.conditions, "the same values read back")
        check(back.naturalStaleAt == result.naturalStaleAt, "the same freshness read back")
        check(back.location.name == result.location.name, "the same place read back")
        check(back.cachingHeaders == result.cachingHeaders, "the same caching headers read back")
        check(back.sunrise == result.sunrise && back.sunset == result.sunset, "the same sunrise and sunset read back")
        check(back.outlook == result.outlook, "the same outlook read back")
    }

    static func resultBytes(for place: Location) -> [UInt8] {
        WeatherResult(location: place, conditions: CurrentConditions(temperature: 1), observedAt: now, updatedAt: now)
            .fileContents
    }

    /// The units and the crontab line for folders, settings and a program path from the environment: each
    /// value is refused, or stays on its own line and reads back as systemd and the shell read it.
    static func units(environment: Environment, settings: Settings, interval: FetchInterval?, dataInterval: Double?) {
        let paths = WeatherPaths(
            configHome: environment["XDG_CONFIG_HOME"] ?? "/c",
            cacheDirectory: (environment["XDG_CACHE_HOME"] ?? "/k") + "/weather",
            stateDirectory: (environment["XDG_STATE_HOME"] ?? "/s") + "/weather"
        )
        let timer = SystemdTimer(
            unitDirectory: paths.unitDirectory, executable: environment["EXE"] ?? "/usr/bin/weather",
            environment: SystemdTimer.carried(paths: paths, settings: settings, environment: environment),
            budget: settings.timeout, clock: SystemClock(), dataInterval: { dataInterval ?? 900 }
        )
        let seconds = timer.seconds(for: interval ?? .minimum) ?? 900
        check((300...604_800).contains(seconds), "the timer's period stays within 5 minutes and 7 days")
        let timerLines = lineCount(RefreshUnits.timer(every: seconds))
        check(timerLines - plainTimerLines <= 1, "the timer's lines are its own")
        if let service = try? RefreshUnits.service(
            executable: timer.executable, environment: timer.environment, budget: settings.timeout)
        {
            let expected = plainServiceLines + max(0, timer.environment.count - 1)
            check(lineCount(service) == expected, "no value adds a line to the service:\n\(service)")
            let assignments = service.utf8.split(separator: 0x0A).filter { $0.starts(with: "Environment=".utf8) }
            check(assignments.count == timer.environment.count, "one Environment= per value")
            check(
                !service.unicodeScalars.contains { $0.isASCII && $0.value < 0x20 && $0 != "\n" },
                "no control characters in the service")
            for (line, (name, value)) in zip(assignments, timer.environment) {
                check(
                    systemdValue(line.dropFirst("Environment=".utf8.count)) == Array((name + "=" + value).utf8),
                    "an Environment= line reads back as its value: \(String(decoding: line, as: UTF8.self))")
            }
            let start = service.utf8.split(separator: 0x0A).first { $0.starts(with: "ExecStart=".utf8) }
            check(
                start.flatMap { systemdValue($0.dropFirst("ExecStart=".utf8.count).dropLast(" refresh".utf8.count)) }
                    == timer.executable.map { Array($0.utf8) }, "ExecStart= reads back as the program's path")
        }
        if let cron = try? CronLine.line(every: seconds, environment: timer.environment, executable: timer.executable) {
            check(!cron.contains { $0.isNewline }, "one crontab line")
            check(!cron.containsControlCharacters, "no control characters in the crontab line")
            let command = CronLine.command(in: cron)
            check(
                command.hasSuffix(" refresh >/dev/null 2>&1"),
                "no % in a value ends the crontab line's command: \(cron)")
            let expected =
                timer.environment.map { Array(($0.name + "=" + $0.value).utf8) } + [
                    Array(timer.executable?.utf8 ?? "".utf8)
                ]
            check(
                shellWords(command.utf8.dropLast(" refresh >/dev/null 2>&1".utf8.count)) == expected,
                "the crontab line's words read back as its values: \(cron)")
        }
    }

    /// What systemd reads of a value as `RefreshUnits.quoted` writes it: in double quotes, `\\` and `\"` a
    /// backslash and a quote, `%%` a percent sign; `nil` where a backslash, a `%` or a quote starts
    /// anything else, which systemd would read otherwise.
    static func systemdValue(_ text: some Collection<UInt8>) -> [UInt8]? {
        let text = Array(text)
        guard text.count >= 2, text.first == UInt8(ascii: "\""), text.last == UInt8(ascii: "\"") else { return nil }
        var value: [UInt8] = []
        var index = 1
        while index < text.count - 1 {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%") {
                let next = index + 1 < text.count - 1 ? text[index + 1] : 0
                let escaped =
                    byte == UInt8(ascii: "%") ? next == byte : next == byte || next == UInt8(ascii: "\"")
                guard escaped else { return nil }
                value.append(next)
                index += 2
                continue
            }
            guard byte != UInt8(ascii: "\"") else { return nil }
            value.append(byte)
            index += 1
        }
        return value
    }

    /// The words of a crontab line's command before ` refresh`, as the shell reads what `CronLine.quoted`
    /// writes: blanks between words, single quotes around literal text, a backslash before a literal
    /// byte; `nil` where a byte outside quotes is one the shell would read as more than itself. A
    /// leading `sleep N;` is left out.
    static func shellWords(_ command: some Collection<UInt8>) -> [[UInt8]]? {
        var bytes = Array(command)
        if bytes.starts(with: "sleep ".utf8), let end = bytes.firstIndex(of: UInt8(ascii: ";")) {
            bytes.removeSubrange(...end)
        }
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-:=,+@".utf8)
        var words: [[UInt8]] = []
        var word: [UInt8]? = nil
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "):
                if let done = word { words.append(done) }
                word = nil
            case UInt8(ascii: "'"):
                guard let close = bytes[(index + 1)...].firstIndex(of: byte) else { return nil }
                word = (word ?? []) + bytes[(index + 1)..<close]
                index = close
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                word = (word ?? []) + [bytes[index + 1]]
                index += 1
            default:
                guard plain.contains(byte) else { return nil }
                word = (word ?? []) + [byte]
            }
            index += 1
        }
        if let done = word { words.append(done) }
        return words
    }

    /// Whether every `&` in `text` starts one of the entities `markupEscaped` writes.
    static func entitiesOnly(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.indices.allSatisfy { index in
            bytes[index] != UInt8(ascii: "&")
                || ["&amp;", "&lt;", "&gt;"].contains { bytes[index...].starts(with: $0.utf8) }
        }
    }

    static let plainTimerLines = lineCount(RefreshUnits.timer(every: 900))
    static let plainServiceLines = lineCount(try! RefreshUnits.service(executable: "/w", environment: [], budget: 30))

    /// Lines as systemd and cron count them: line feeds, and carriage returns, which both also end a line.
    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
    }

    static func responseHeaders(_ bytes: [UInt8]) -> HTTPHeaders {
        let sink = ResponseSink(limit: 1 << 20)
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let withEnd = Array(line) + [UInt8(ascii: "\n")]
            guard withEnd.withUnsafeBytes({ sink.receive(headerLine: $0) }) else { break }
        }
        return sink.headers
    }

    static func variables(_ bytes: [UInt8]) -> [String: String] {
        var variables: [String: String] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            variables[String(decoding: line[..<equals], as: UTF8.self)] = String(
                decoding: line[(equals + 1)...], as: UTF8.self)
        }
        return variables
    }

    /// The same bytes as the run history's files: read as runs and as looks, decided on, summarized, and
    /// written and read back the same.
    static func history(_ bytes: [UInt8], results: [WeatherResult]) {
        let looks =
            (try? JSONDocument(parsing: bytes)).map { RunHistory.looks(in: $0.reader, now: now, utcOffset: 0) } ?? []
        let history = RunHistory(runs: RunHistory.runs(in: bytes, now: now), looks: looks)
        check(history.runs.count <= 28 * 96 * 2 && history.looks.count <= 4 * 672, "a bounded history")
        check(
            history.runs.allSatisfy { $0.at - now <= Timestamp.futureTolerance }
                && history.looks.allSatisfy { $0 <= RunHistory.lookKey(now + Timestamp.futureTolerance, utcOffset: 0) },
            "no run or look from the future")
        for session in [AdaptiveSchedule.Session.active, .idle, .unknown] {
            let decision = AdaptiveSchedule.decide(
                at: now, history: history, session: session, lastFetch: results.first?.updatedAt,
                dataInterval: results.first?.interval ?? 900, utcOffset: 0)
            switch decision {
            case .fetch(let reason), .skip(let reason, _): checkPrintable(reason)
            }
        }
        checkPrintable(FetchHistory.summary(history.runs))
        for line in FetchHistory.lookedHours(history) { checkPrintable(line) }
        // Written, read and written again: the same (the file keeps whole seconds and milliseconds).
        func reread(_ history: RunHistory) -> RunHistory? {
            guard let looks = try? JSONDocument(parsing: history.looksFileContents).reader else { return nil }
            return RunHistory(
                runs: RunHistory.runs(in: history.runsFileContents, now: now),
                looks: RunHistory.looks(in: looks, now: now, utcOffset: 0))
        }
        let once = reread(history)
        check(once != nil && once.flatMap(reread) == once, "the history reads back the same")
    }

    static func checkPrintable(_ message: String) {
        check(!message.containsControlCharacters, "a message without control characters: \(message.debugDescription)")
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        let text = "weather-fuzz: broken promise: \(message)\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        abort()
    }
}
