import Glibc
import Synchronization
package import WeatherModel

/// How the run's locale writes numbers and times, from glibc's locale data (`nl_langinfo_l`,
/// `strftime_l`), never from tables of weather's own: the decimal mark (`10,9`), the thousands separator,
/// a 12- or 24-hour clock (`2 PM`, `14:00`, Finnish `14.00`), weekday and month names. C's are what weather
/// printed before it followed locales, and cost nothing: no locale is loaded for them, nor for any run
/// that prints no decimal and no time (`show --short`).
package final class Conventions: Sendable {
    /// "." or ",".
    let decimalMark: String
    /// What separates thousands: "," in C and English, "." in German, a narrow space in French; may be "".
    let groupingMark: String
    /// The clock people read.
    let clockStyle: Clock
    /// The locale of times, for `strftime_l`: C's built-in one when the run has none.
    package let times: LoadedLocale

    private init(decimalMark: String, groupingMark: String, clockStyle: Clock, times: LoadedLocale) {
        self.decimalMark = decimalMark
        self.groupingMark = groupingMark
        self.clockStyle = clockStyle
        self.times = times
    }

    /// A 24-hour clock with its separator (`14:00`, `14.00`), or a 12-hour one (`2:05 PM`).
    package enum Clock: Equatable, Sendable {
        case twentyFourHour(separator: String)
        case twelveHour(separator: String)
    }

    /// C's: `.`, `,`, `14:00`, English names.
    static let posix = Conventions(
        decimalMark: ".", groupingMark: ",", clockStyle: .twentyFourHour(separator: ":"), times: .posix)

    /// The run's: loaded at first use from the locales of the run's language (`Catalogue`), C's at a
    /// glance when the environment names no other.
    package static var current: Conventions {
        Catalogue.language.withLock { state in
            if let conventions = state.conventions { return conventions }
            let conventions = load(&state)
            state.conventions = conventions
            return conventions
        }
    }

    /// The conventions of the run's locales, each loaded once; C's for a locale the system lacks.
    private static func load(_ state: inout UserLanguage) -> Conventions {
        guard state.followsUser else { return posix }
        if state.setting == nil, state.categoryLocales().numbersAndTimesArePOSIX { return posix }
        let choice = state.choice()
        guard choice.numbersLocale != nil || choice.timesLocale != nil else { return posix }
        let numbers = choice.numbersLocale.flatMap { state.locale(named: $0) }
        let times = choice.timesLocale.flatMap { state.locale(named: $0) }
        func info(_ item: Int, _ locale: LoadedLocale) -> UnsafePointer<CChar> {
            UnsafePointer(nl_langinfo_l(nl_item(item), locale.handle)!)
        }
        return Conventions(
            decimalMark: numbers.flatMap {
                info(RADIXCHAR, $0).pointee == 0 ? nil : String(cString: info(RADIXCHAR, $0))
            }
                ?? ".",
            groupingMark: numbers.map { String(cString: info(THOUSEP, $0)) } ?? ",",
            clockStyle: times.map { clock(timeFormat: info(T_FMT, $0), twelveHourFormat: info(T_FMT_AMPM, $0)) }
                ?? posix.clockStyle,
            times: times ?? .posix)
    }

    /// The clock of a locale whose time format (`T_FMT`) is `timeFormat`: 12-hour when it shows an hour
    /// of 12 or a.m./p.m. (`%r` is the 12-hour format, `twelveHourFormat`), with the separator it puts
    /// after the hour (`%T` and `%R` are `%H:%M...`). Read as the C library's bytes.
    package static func clock(timeFormat: UnsafePointer<CChar>, twelveHourFormat: UnsafePointer<CChar>) -> Clock {
        var format = timeFormat
        var separator = ":"
        var twelve = false
        var index = 0
        while format[index] != 0 {
            guard format[index] == CChar(UInt8(ascii: "%")), format[index + 1] != 0 else {
                index += 1
                continue
            }
            switch UInt8(bitPattern: format[index + 1]) {
            case UInt8(ascii: "r") where format != twelveHourFormat:
                format = twelveHourFormat
                index = 0
                continue
            case UInt8(ascii: "I"), UInt8(ascii: "l"):
                twelve = true
                if format[index + 2] == CChar(UInt8(ascii: ".")) { separator = "." }
            case UInt8(ascii: "H"), UInt8(ascii: "k"):
                if format[index + 2] == CChar(UInt8(ascii: ".")) { separator = "." }
            case UInt8(ascii: "p"), UInt8(ascii: "P"):
                twelve = true
            default:
                break
            }
            index += 2
        }
        return twelve ? .twelveHour(separator: separator) : .twentyFourHour(separator: separator)
    }

    // MARK: Numbers

    /// `number`, written with "." for its decimals (`Double.fixed`), with the locale's decimal mark.
    package func decimal(_ number: String) -> String {
        guard decimalMark != "." else { return number }
        var text = ""
        for character in number { text += character == "." ? decimalMark : String(character) }
        return text
    }

    /// `1234567` as "1,234,567": the thousands separated as the locale separates them.
    package func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = number < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += groupingMark }
            text.append(digit)
        }
        return text
    }

    // MARK: Times

    /// "07:21", "7:21 AM", "07.21": a time of day.
    package func clock(_ time: CivilTime) -> String {
        if case .twentyFourHour(":") = clockStyle { return time.clock }
        return strftime(clockFormat, time)
    }

    /// "14:00" or "2 PM": the hour of a forecast's row.
    package func hour(_ time: CivilTime) -> String {
        guard case .twelveHour = clockStyle else { return clock(time) }
        return strftime("%-I %p", time)
    }

    /// `clock(_:)`, at the end of `bytes`.
    func appendClock(_ time: CivilTime, to bytes: inout [UInt8]) {
        if case .twentyFourHour(":") = clockStyle { return time.appendClock(to: &bytes) }
        bytes += clock(time).utf8
    }

    /// `hour(_:)`, at the end of `bytes`.
    package func appendHour(_ time: CivilTime, to bytes: inout [UInt8]) {
        if case .twentyFourHour(":") = clockStyle { return time.appendClock(to: &bytes) }
        bytes += hour(time).utf8
    }

    /// "24:00", the end of a day in a range of times ("18:00–24:00"); "12:00 AM" on a 12-hour clock.
    package var endOfDay: String {
        guard case .twentyFourHour(let separator) = clockStyle else {
            return clock(CivilTime(secondsSince1970: 0, utcOffset: 0))
        }
        return "24" + separator + "00"
    }

    /// How long a run took: "212 ms", "1.4 s" (German "1,4 s").
    package func elapsed(_ seconds: Double) -> String {
        decimal(DurationText.elapsed(seconds))
    }

    /// The strftime format of `clock(_:)`.
    private var clockFormat: String {
        switch clockStyle {
        case .twentyFourHour(let separator): "%H" + separator + "%M"
        case .twelveHour(let separator): "%-I" + separator + "%M %p"
        }
    }

    /// `time` in `format`, strftime's (`%a %-d %b`: "Sun 22 Nov", German "So 22 Nov"), with the locale's
    /// names of weekdays and months.
    package func date(_ format: String, _ time: CivilTime) -> String {
        strftime(format, time)
    }

    private func strftime(_ format: String, _ time: CivilTime) -> String {
        var fields = tm()
        fields.tm_year = Int32(clamping: time.year - 1900)
        fields.tm_mon = Int32(clamping: time.month - 1)
        fields.tm_mday = Int32(clamping: time.day)
        fields.tm_hour = Int32(clamping: time.hour)
        fields.tm_min = Int32(clamping: time.minute)
        fields.tm_sec = Int32(clamping: time.second)
        fields.tm_wday = Int32(clamping: time.weekday)
        // On the stack, and read in place: no array for the text, nor a second one for its bytes (each of
        // the tooltip's days costs 1,000 instructions fewer).
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 128) { buffer in
            let count = strftime_l(buffer.baseAddress!, buffer.count, format, &fields, times.handle)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
    }
}

extension Conventions {
    /// What comes between a number and its percent sign, as the run's numbers locale writes a percentage:
    /// a no-break space (U+00A0) where CLDR's percent pattern has one ("81 %"), nothing where it has none
    /// ("81%"). Known from the locale's name alone, so that `--format "%h"` loads no locale for it.
    package static var percentSpace: String {
        Catalogue.language.withLock { $0.percentSpace() }
    }

    /// The space of `percentSpace` for `language` (`de`, as a locale's name begins), from CLDR's
    /// `percentFormats` (`#,##0 %` or `#,##0%`) for the languages weather speaks; none for any other, as
    /// in C and English.
    package static func percentSpace(ofLanguage language: String) -> String {
        switch language {
        case "cs", "de", "es", "fi", "fr", "nb", "nn", "no", "sv": "\u{A0}"
        default: ""  // en, it, nl, pl, pt, uk: "81%"
        }
    }
}

/// `format`, a strftime format (`%a %-d %b`) of the catalogue's, in the run's language: where the day and
/// the month go, and the words between them (German `%a %-d. %b`); the locale gives the names.
package func timeFormat(_ format: String) -> String {
    Catalogue.text(format)
}
