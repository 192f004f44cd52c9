import Foundation
import TestSupport
import Testing

/// The README's waybar module in a real waybar under a headless sway, read back from screenshots: the text
/// is drawn while the result is fresh, and greyed by the `stale` class once it is not.
/// Everything is real: `weather set` against the fixture server, then `weather show --waybar` run by waybar
/// every 5 seconds, as a user's bar runs it.
@Suite("weather in a real waybar", .serialized)
struct RealWaybarTests {
    /// The README's module, verbatim but for the command in `exec`.
    static func waybarConfig(exec: String) -> String {
        let escaped = exec.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let quoted = "\"" + escaped + "\""
        return """
            {"layer": "top", "position": "top", "height": 30, "modules-right": ["custom/weather"],
             "custom/weather": {"exec": \(quoted), "return-type": "json", "interval": 5}}
            """
    }

    /// The README's style, verbatim.
    static let style = """
        * { font-family: "DejaVu Sans"; font-size: 16px; }
        window#waybar { background: #202020; }
        #custom-weather { color: #f0f0f0; padding: 0 8px; }
        #custom-weather.stale { color: #808080; }
        """

    /// The colours of the style above.
    static let freshText = RealBar.Color("#f0f0f0")
    static let staleText = RealBar.Color("#808080")

    /// Pixels of the fresh text's colour. Anti-aliasing blends the text's colour with the background
    /// (#202020), so a pixel within 48 of #f0f0f0 is one at least 77% covered by a glyph: at 16 px, every stem
    /// has some, and "Berlin 11°" has well over a hundred. No blend of #808080 and #202020 is brighter than
    /// #808080, 112 away from #f0f0f0: a stale text cannot have one, whatever the font or its hinting.
    /// Only greys count: a colour emoji keeps its own colours whatever the CSS says, and the cloud of ⛅ is
    /// nearly white (#e2ebee), while grey text over a grey background is grey all over.
    static func freshPixels(_ picture: RealBar.Screenshot) -> Int {
        picture.count { $0.isGrey && $0.distance(to: freshText) <= 48 }
    }

    /// Pixels of the stale text's colour: fully covered pixels have it exactly; 16 allows for rounding.
    /// Fresh text has some too, on its anti-aliased edges: what tells stale from fresh is the absence of
    /// `freshPixels`.
    static func stalePixels(_ picture: RealBar.Screenshot) -> Int {
        picture.count { $0.isGrey && $0.distance(to: staleText) <= 16 }
    }

    /// Pixels that are not grey, which no text in this style has: the emoji, drawn by its colour font (without
    /// one, fontconfig would draw it from a plain font, in the text's grey, or as a box).
    static func emojiPixels(_ picture: RealBar.Screenshot) -> Int {
        picture.count { !$0.isGrey }
    }

    @Test("the README's module draws its text in #f0f0f0 while fresh and in grey once stale")
    func freshThenStale() throws {
        let bar = try requiringBar { try RealBar() }
        let home = try bar.makeHome()
        let server = try FixtureServer()
        // WEATHER_STALE_AFTER is deliberately unset: it would win over config.json, which the test rewrites to
        // make the result stale while the bar runs (the bar's environment is fixed when it starts).
        let environment = [
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_CACHE_HOME": home + "/.cache",
            "XDG_STATE_HOME": home + "/.local/state",
            "WEATHER_GEOCODING_URL": server.searchURL,
            "WEATHER_FORECAST_URL": server.forecastURL,
        ]
        let configFile = home + "/.config/weather/config.json"
        let set = try bar.runAsBarUser(
            program: TestPaths.weatherBinary, arguments: ["set", "Berlin"], environment: environment)
        try #require(set.status == 0, "\(set)")
        try bar.write(#"{"stale_after": "1h"}"#, to: configFile)

        let weather = TestPaths.weatherBinary

        try requiringBar {
            try bar.start(
                config: Self.waybarConfig(exec: "'\(weather)' show --waybar"), style: Self.style,
                environment: environment)
        }
        let fresh = try bar.screenshot { Self.freshPixels($0) >= 20 }
        #expect(Self.freshPixels(fresh) >= 20, "no text in #f0f0f0: \(fresh)")
        #expect(Self.emojiPixels(fresh) > 0, "no colour emoji: \(fresh)")
        let drawn = try #require(fresh.contentBounds, "nothing drawn: \(fresh)")
        #expect(drawn.x > fresh.width / 2, "modules-right drawn at \(drawn)")

        try bar.write(#"{"stale_after": "0"}"#, to: configFile)
        // The module's next poll is at most one interval (5 s) away; the rest is a margin for a loaded machine.
        let stale = try bar.screenshot(timeout: 10) { Self.freshPixels($0) == 0 && Self.stalePixels($0) >= 20 }
        #expect(Self.freshPixels(stale) == 0, "text still in #f0f0f0: \(stale)")
        #expect(Self.stalePixels(stale) >= 20, "no text in #808080: \(stale)")
        #expect(Self.emojiPixels(stale) > 0, "no colour emoji: \(stale)")
        bar.stop()
    }
}

/// `body`'s result; when it throws, cancels the test, saying why, unless `WEATHER_REQUIRE_BAR` is set (as CI
/// sets it), which makes that a failure: a bar cannot run where sway, waybar or grim are missing, or where
/// the tests may not switch to another user.
private func requiringBar<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch {
        if ProcessInfo.processInfo.environment["WEATHER_REQUIRE_BAR"] != nil { throw error }
        try Test.cancel("skipped: no real bar can run here: \(error)")
    }
}
