import Foundation
import Testing

/// What a test needs that a bare `swift build && swift test` on a fresh clone does not give: the release
/// build and the man page (`make build`), the shells, a systemd user manager, a real status bar. Where it
/// is missing the test is skipped, saying what is missing and which switch makes that a failure; `make
/// test` and CI set every switch (`.ci/run`), so there nothing is skipped unseen.
public enum Requirement: String, Sendable {
    /// `make build`'s release binaries and generated man page.
    case release = "WEATHER_REQUIRE_RELEASE"
    /// bash-completion, zsh and fish, for the installed completions.
    case shells = "WEATHER_REQUIRE_SHELLS"
    /// A systemd user manager.
    case systemd = "WEATHER_REQUIRE_SYSTEMD"
    /// sway, waybar, tmux, i3blocks, polybar.
    case bar = "WEATHER_REQUIRE_BAR"
    /// A notification server: dbus-daemon, dunst and Xvfb.
    case notify = "WEATHER_REQUIRE_NOTIFY"
    /// gettext's msgfmt, strace, and the locales of `TestLocales.names` (de_DE.UTF-8, en_US.UTF-8, ...).
    case locales = "WEATHER_REQUIRE_LOCALES"

    /// Whether the switch is set: what is missing then fails the test.
    public var isRequired: Bool { ProcessInfo.processInfo.environment[rawValue] != nil }

    /// Skips the test with `reason` unless `met`; with the switch set, fails it instead.
    public func check(_ met: Bool, _ reason: @autoclosure () -> String) throws {
        guard !met else { return }
        try skip(reason())
    }

    /// Skips the test with `reason`; with the switch set, fails it instead.
    public func skip(_ reason: String) throws -> Never {
        if isRequired { throw TestFailure("\(reason) (\(rawValue) is set)") }
        try Test.cancel("skipped: \(reason); \(rawValue)=1 makes this a failure")
    }
}
