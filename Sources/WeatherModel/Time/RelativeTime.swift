/// Ages as people say them: "just now", "4 min ago", "2 h 5 min ago", "3 days ago".
package enum RelativeTime {
    /// `seconds` ago in words; a moment in the future (a clock that moved back) is "just now".
    package static func ago(_ seconds: Double) -> Message {
        let total = DurationText.wholeSeconds(seconds.rounded(.down))
        if total < 60 { return Message("just now") }
        if total < 3600 { return Message("%d min ago", String(total / 60)) }
        if total < 86_400 {
            let minutes = total % 3600 / 60
            return minutes == 0
                ? Message("%d h ago", String(total / 3600))
                : Message("%1$d h %2$d min ago", String(total / 3600), String(minutes))
        }
        let days = total / 86_400
        return Message(one: "%d day ago", other: "%d days ago", count: days, String(days))
    }

    /// The age, in seconds, at which `ago` next says something else than for an age of `seconds`: the next
    /// whole minute for a day, then the next whole day. (An age from the future reads "just now" until
    /// it is a minute.)
    package static func nextChange(after seconds: Double) -> Double {
        let total = Double(DurationText.wholeSeconds(seconds.rounded(.down)))
        let step = total < 86_400 - 60 ? 60.0 : 86_400
        return ((total / step).rounded(.down) + 1) * step
    }
}
