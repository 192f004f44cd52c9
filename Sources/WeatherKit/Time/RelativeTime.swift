/// Ages as people say them: "just now", "4 min ago", "2 h 5 min ago", "3 days ago".
package enum RelativeTime {
    /// `seconds` ago in words; a moment in the future (a clock that moved back) is "just now".
    package static func ago(_ seconds: Double) -> String {
        let total = DurationText.wholeSeconds(seconds.rounded(.down))
        if total < 60 { return "just now" }
        if total < 3600 { return "\(total / 60) min ago" }
        if total < 86_400 {
            let minutes = total % 3600 / 60
            return minutes == 0 ? "\(total / 3600) h ago" : "\(total / 3600) h \(minutes) min ago"
        }
        let days = total / 86_400
        return days.counted("day") + " ago"
    }
}
