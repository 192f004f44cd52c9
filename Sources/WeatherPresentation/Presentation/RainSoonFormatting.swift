import WeatherFetching
package import WeatherModel
import WeatherSystem

/// The heads-up a glance needs: when rain (or snow) comes or stops in the next two hours, worked out from
/// the result's `Nowcast` at the formatter's `now`, so that it ages by the clock with no fetch; and the UV
/// index in the World Health Organization's words.
extension WeatherFormatter {
    /// "rain in 20 min", "rain stopping in 30 min", "rain for the next 1 h 45 min" (snow where it snows);
    /// `nil` when the next two hours are dry or the result knows nothing of them.
    package func rainSoon(_ result: WeatherResult) -> String? {
        guard let soon = result.nowcast?.soon(at: now) else { return nil }
        let duration = DurationText.format(soon.shownDuration(at: now)).translated
        switch (soon.kind, soon.snow) {
        case (.starting, false): return tr("rain in %s", duration)
        case (.starting, true): return tr("snow in %s", duration)
        case (.stopping, false): return tr("rain stopping in %s", duration)
        case (.stopping, true): return tr("snow stopping in %s", duration)
        case (.lasting, false): return tr("rain for the next %s", duration)
        case (.lasting, true): return tr("snow for the next %s", duration)
        }
    }

    /// `--json`'s `rainSoon`: `startsAt` and `endsAt` of the spell the next two hours hold (in UTC; a
    /// spell under way started at the first wet step of it the series knows, one that lasts beyond what
    /// is known has no end), both `null` when they are dry, and the series' `resolution`; `null` for a
    /// result without a series.
    func writeRainSoon(_ result: WeatherResult, into writer: inout JSONWriter) {
        guard let nowcast = result.nowcast, nowcast.end > now else {
            writer.nullableField("rainSoon", nil as String?)
            return
        }
        let soon = nowcast.soon(at: now)
        writer.object("rainSoon") { writer in
            writer.nullableField("startsAt", soon.map { ($0.startsAt ?? nowcast.spellStart(at: now)).iso8601() })
            writer.nullableField("endsAt", soon?.endsAt?.iso8601())
            writer.field("snow", soon?.snow ?? false)
            writer.field("resolution", nowcast.resolution.rawValue)
        }
    }

    /// "UV 6, high": the index and its band, one message a band (the words of a band are not a warning's).
    static func uv(_ index: Double, _ band: UVBand) -> String {
        let number = String(Int(saturating: index.rounded()))
        switch band {
        case .moderate: return tr("UV %s, moderate", number)
        case .high: return tr("UV %s, high", number)
        case .veryHigh: return tr("UV %s, very high", number)
        case .extreme: return tr("UV %s, extreme", number)
        }
    }
}

/// The World Health Organization's exposure categories of the UV index (Global Solar UV Index, 2002),
/// from 3 up: below, no protection is needed, and the full text says nothing of it.
enum UVBand: Sendable, Equatable {
    case moderate, high, veryHigh, extreme

    /// The band of `index` (rounded, as it is printed); `nil` below 3.
    init?(_ index: Double) {
        switch Int(saturating: index.rounded()) {
        case ...2: return nil
        case 3...5: self = .moderate
        case 6...7: self = .high
        case 8...10: self = .veryHigh
        default: self = .extreme
        }
    }
}
