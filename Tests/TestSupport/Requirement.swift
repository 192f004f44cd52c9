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

/// The end-to-end tests: the built programs against the fixture server, in a sandbox of their own. `make test`
/// and CI run them (`WEATHER_END_TO_END=1`); a plain `swift build && swift test` on a fresh clone skips each,
/// saying so, and runs the unit tests and the in-process command tests alone, in a minute or two.
public enum EndToEnd {
    /// The switch that runs them.
    public static let variable = "WEATHER_END_TO_END"

    /// Whether this run runs them.
    public static var isOn: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Skips the test, saying why, unless this run runs end-to-end tests.
    public static func check() throws {
        guard !isOn else { return }
        try Test.cancel(
            "skipped: an end-to-end test (the built weather against the fixture server); \(variable)=1 runs it, as make test does"
        )
    }
}
