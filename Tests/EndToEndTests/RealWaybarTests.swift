import Foundation
import TestSupport
import Testing

/// The README's waybar recipe, read from README.md itself, in a real waybar under a headless sway, read back
/// from screenshots: the text is drawn while the result is fresh, and greyed by the `stale` class once it is
/// not. Everything is real: `weather set` against the fixture server, then the README's module, its `exec`
/// (`weather show --waybar`, found on the bar's `PATH`) run by waybar at the README's interval, and the
/// README's CSS, as a user's bar runs them.
///
/// With `WEATHER_SCREENSHOTS` set to a folder, also writes the README's picture there (`waybar.png`):
/// `WEATHER_END_TO_END=1 WEATHER_SCREENSHOTS=$PWD/.github/screenshots swift test --skip-build --filter RealWaybarTests`.
@Suite("weather in a real waybar", .serialized)
struct RealWaybarTests {
    /// The README's waybar recipe: the `"custom/weather": {...}` member of waybar's config, and the CSS.
    struct Recipe {
        var module: String
        var css: String
    }

    /// The README's recipe: the ```json fence right after the line starting `<!-- waybar config`, and the
    /// ```css fence right after `<!-- waybar style -->`. Throws, saying what is missing, when either is.
    static func readmeRecipe() throws -> Recipe {
        Recipe(
            module: try Readme.fence(after: "<!-- waybar config", language: "json"),
            css: try Readme.fence(after: "<!-- waybar style -->", language: "css"))
    }

    /// waybar's config: a top bar holding `modules` on the right, each defined by one of `members` (such as
    /// the README's `"custom/weather": {...}`), verbatim. Checked to be JSON, for a clear failure where
    /// waybar would only log one.
    static func waybarConfig(modules: [String], members: [String]) throws -> String {
        let list = modules.map { "\"\($0)\"" }.joined(separator: ", ")
        let config =
            "{\"layer\": \"top\", \"position\": \"top\", \"height\": 30, \"modules-right\": [\(list)],\n"
            + members.joined(separator: ",\n") + "\n}\n"
        guard (try? JSONSerialization.jsonObject(with: Data(config.utf8))) != nil else {
            throw TestFailure("the README's waybar module does not make a JSON config:\n\(config)")
        }
        return config
    }

    /// The test's own lines, then the README's CSS verbatim.
    static func style(readme css: String) -> String {
        """
        * { font-family: "DejaVu Sans"; font-size: 16px; }
        window#waybar { background: #202020; }

        """ + css + "\n"
    }

    /// The colours of the README's CSS: the fixture's Berlin is partly cloudy at night, classes `cloudy` and
    /// `night`, which have no colour rule, so the text has the module's own colour while fresh.
    static let freshText = RealBar.Color("#f0f0f0")
    static let staleText = RealBar.Color("#808080")

    /// Pixels of the fresh text's colour. Anti-aliasing blends the text's colour with the background
    /// (#202020), so a pixel within 48 of #f0f0f0 is one at least 77% covered by a glyph: at 16 px, every stem
    /// has some, and "Berlin 11°" has well over a hundred. No blend of #808080 and #202020 is brighter than
    /// #808080, 112 away from #f0f0f0: a stale text cannot have one, whatever the font or its hinting.
    /// Only greys count: a colour emoji keeps its own colours whatever the CSS says, and the cloud of ⛅ is
    /// nearly white (#e2ebee), while grey text over a grey background is grey all over.
    static func freshPixels(_ picture: RealBar.Screenshot, in area: RealBar.Region? = nil) -> Int {
        picture.count(in: area) { $0.isGrey && $0.distance(to: freshText) <= 48 }
    }

    /// Pixels of the stale text's colour: fully covered pixels have it exactly; 16 allows for rounding.
    /// Fresh text has some too, on its anti-aliased edges: what tells stale from fresh is the absence of
    /// `freshPixels`.
    static func stalePixels(_ picture: RealBar.Screenshot, in area: RealBar.Region? = nil) -> Int {
        picture.count(in: area) { $0.isGrey && $0.distance(to: staleText) <= 16 }
    }

    /// Pixels that are not grey, which no text in this style has: the emoji, drawn by its colour font (without
    /// one, fontconfig would draw it from a plain font, in the text's grey, or as a box).
    static func emojiPixels(_ picture: RealBar.Screenshot, in area: RealBar.Region? = nil) -> Int {
        picture.count(in: area) { !$0.isGrey }
    }

    /// The real clock: the bar runs weather as its own user, in the environment it started with, every few
    /// seconds for as long as it runs, each run a new process; and the watch wakes for moments of it.
    static let clock = TestMoment.realClock(
        because: "a real bar runs weather in its own environment for as long as it runs, each run a new process")

    /// A HOME for the bar's user with Berlin saved from the fixture server, `weather` on its `PATH` by that
    /// name (a copy in `~/bin`, first on the `PATH`), and `stale_after` at an hour in config.json: the
    /// environment of the bar, and the path of config.json.
    ///
    /// WEATHER_STALE_AFTER is deliberately unset: it would win over config.json, which a test rewrites to make
    /// the result stale while the bar runs (the bar's environment is fixed when it starts).
    static func prepare(_ bar: RealBar, server: FixtureServer) throws -> (environment: [String: String], config: String)
    {
        let home = try bar.makeHome()
        try bar.installWeather(at: home + "/bin/weather")
        let environment = [
            "PATH": home + "/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_CACHE_HOME": home + "/.cache",
            "XDG_STATE_HOME": home + "/.local/state",
            "WEATHER_GEOCODING_URL": server.searchURL,
            "WEATHER_FORECAST_URL": server.forecastURL,
        ]
        let set = try bar.runAsBarUser(
            program: home + "/bin/weather", arguments: ["set", "Berlin"], environment: environment)
        try #require(set.status == 0, "weather set Berlin, through the copy on the bar's PATH: \(set)")
        let configFile = home + "/.config/weather/config.json"
        try bar.write(#"{"stale_after": "1h"}"#, to: configFile)
        return (environment, configFile)
    }

    @Test("the README's module and CSS draw the text in #f0f0f0 while fresh and in grey once stale")
    func freshThenStale() throws {
        let recipe = try Self.readmeRecipe()
        let config = try Self.waybarConfig(modules: ["custom/weather"], members: [recipe.module])
        let bar = try requiringBar { try RealBar() }
        let server = try FixtureServer(at: RealWaybarTests.clock)
        let (environment, configFile) = try Self.prepare(bar, server: server)

        try requiringBar {
            try bar.start(config: config, style: Self.style(readme: recipe.css), environment: environment)
        }
        let fresh = try bar.screenshot { Self.freshPixels($0) >= 20 }
        #expect(Self.freshPixels(fresh) >= 20, "no text in #f0f0f0: \(fresh)")
        #expect(Self.emojiPixels(fresh) > 0, "no colour emoji: \(fresh)")
        let drawn = try #require(fresh.contentBounds, "nothing drawn: \(fresh)")
        #expect(drawn.x > fresh.width / 2, "modules-right drawn at \(drawn)")

        try bar.write(#"{"stale_after": "0"}"#, to: configFile)
        // The module's next poll is at most one of the README's intervals (10 s) away; the rest is a margin
        // for a loaded machine.
        let stale = try bar.screenshot(timeout: 25) { Self.freshPixels($0) == 0 && Self.stalePixels($0) >= 20 }
        #expect(Self.freshPixels(stale) == 0, "text still in #f0f0f0: \(stale)")
        #expect(Self.stalePixels(stale) >= 20, "no text in #808080: \(stale)")
        #expect(Self.emojiPixels(stale) > 0, "no colour emoji: \(stale)")
        bar.stop()
    }

    @Test(
        "the README's watch module: new values on screen as soon as another run stores them, grey once stale")
    func watchModule() throws {
        let module = try Readme.fence(after: "<!-- waybar watch config", language: "json")
        #expect(!module.contains("interval"), "waybar runs nothing in between: \(module)")
        let css = try Readme.fence(after: "<!-- waybar style -->", language: "css")
        let config = try Self.waybarConfig(modules: ["custom/weather"], members: [module])
        let bar = try requiringBar { try RealBar() }
        let server = try FixtureServer(at: RealWaybarTests.clock)
        // wall clock: the result is stored by weather on the real clock, and turns stale at its moment.
        let prepared = Date()
        let (environment, configFile) = try Self.prepare(bar, server: server)
        // Read by `weather watch` when waybar starts it: a result turns stale 20 s after it was stored, time
        // enough on a loaded machine to start the bar and see it fresh.
        try bar.write(#"{"stale_after": "20"}"#, to: configFile)
        try requiringBar { try bar.start(config: config, style: Self.style(readme: css), environment: environment) }
        let fresh = try bar.screenshot { Self.freshPixels($0) >= 20 }
        try #require(Self.freshPixels(fresh) >= 20, "no text in #f0f0f0: \(fresh)")

        // Another run stores new values (light rain: the README's blue); waybar runs nothing meanwhile.
        try server.script(.forecast, [.init(fixture: "open-meteo/forecast-berlin-later.json")])
        let home = try #require(environment["HOME"])
        let refresh = try bar.runAsBarUser(
            program: home + "/bin/weather", arguments: ["refresh"],
            environment: environment.merging(["WEATHER_STALE_AFTER": "0"]) { $1 })
        #expect(refresh.stdout.hasPrefix("newData"), "\(refresh)")
        // The watch's first own wake-up is the first result's stale moment (the tooltip's age turns a
        // minute later): new values drawn before it were drawn because the files changed.
        let firstStale = prepared + 20
        let rain = RealBar.Color("#8ab4f8")
        // wall clock: until just before weather's clock reaches the stale moment.
        let changed = try bar.screenshot(timeout: max(1, firstStale.timeIntervalSinceNow - 1)) {
            $0.hasPixel(near: rain, tolerance: 16)
        }
        #expect(changed.hasPixel(near: rain, tolerance: 16), "no text in the rain colour: \(changed)")
        // wall clock: the moment compared with weather's stale moment, on its clock.
        #expect(Date() < firstStale, "drawn only at the first result's stale moment")

        let stale = try bar.screenshot(timeout: 35) {
            Self.stalePixels($0) >= 20 && !$0.hasPixel(near: rain, tolerance: 16)
        }
        #expect(Self.stalePixels(stale) >= 20, "no text in #808080: \(stale)")
        #expect(!stale.hasPixel(near: rain, tolerance: 16), "still in the rain colour: \(stale)")
        bar.stop()
    }

    /// The README's picture: the README's module fresh and, beside it, the same module made stale by
    /// `WEATHER_STALE_AFTER=0` in its `exec`, its CSS the README's with the rules' id changed to its own.
    @Test(
        "with WEATHER_SCREENSHOTS, writes waybar.png: the README's module fresh, then stale",
        .enabled(if: ProcessInfo.processInfo.environment["WEATHER_SCREENSHOTS"] != nil))
    func readmeScreenshot() throws {
        let folder = try #require(ProcessInfo.processInfo.environment["WEATHER_SCREENSHOTS"])
        let recipe = try Self.readmeRecipe()
        let staleModule = try Self.renamed(recipe.module, from: "\"custom/weather\"", to: "\"custom/weather-stale\"")
        let staleMember = try Self.renamed(
            staleModule, from: "\"exec\": \"", to: "\"exec\": \"WEATHER_STALE_AFTER=0 ")
        let staleCSS = try Self.renamed(recipe.css, from: "#custom-weather", to: "#custom-weather-stale", all: true)
        let config = try Self.waybarConfig(
            modules: ["custom/weather", "custom/weather-stale"], members: [recipe.module, staleMember])
        let bar = try requiringBar { try RealBar() }
        let server = try FixtureServer(at: RealWaybarTests.clock)
        let (environment, _) = try Self.prepare(bar, server: server)
        try requiringBar {
            try bar.start(
                config: config, style: Self.style(readme: recipe.css + "\n" + staleCSS), environment: environment)
        }

        // The fresh module is on the left: right of its last #f0f0f0 pixel, only the stale one.
        func staleArea(_ picture: RealBar.Screenshot) -> RealBar.Region? {
            let last = (0..<picture.width).last { x in
                (0..<picture.height).contains { y in
                    picture[x, y].isGrey && picture[x, y].distance(to: Self.freshText) <= 48
                }
            }
            guard let last else { return nil }
            return .init(x: last + 1, y: 0, width: picture.width - last - 1, height: picture.height)
        }
        let picture = try bar.screenshot { picture in
            guard let area = staleArea(picture) else { return false }
            return Self.stalePixels(picture, in: area) >= 20 && Self.emojiPixels(picture, in: area) > 0
        }
        let area = try #require(staleArea(picture), "no text in #f0f0f0: \(picture)")
        #expect(Self.stalePixels(picture, in: area) >= 20, "no stale module right of the fresh one: \(picture)")
        #expect(Self.emojiPixels(picture, in: area) > 0, "no colour emoji in the stale module: \(picture)")
        #expect(Self.emojiPixels(picture) > Self.emojiPixels(picture, in: area), "no emoji in the fresh module")

        // The modules and their padding (the README's 8 px), the bar's whole height.
        let barRegion = try #require(bar.barRegion)
        let drawn = try #require(picture.contentBounds)
        let left = max(0, drawn.x - 8)
        let right = min(picture.width - 1, drawn.maxX + 8)
        let crop = RealBar.Region(
            x: barRegion.x + left, y: barRegion.y, width: right - left + 1, height: barRegion.height)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try bar.savePNG(crop, to: folder + "/waybar.png")
        bar.stop()
    }

    /// `text` with `old` replaced by `new`: once, and it must be there once, unless `all`.
    static func renamed(_ text: String, from old: String, to new: String, all: Bool = false) throws -> String {
        let count = text.components(separatedBy: old).count - 1
        guard all ? count > 0 : count == 1 else {
            throw TestFailure("the README's recipe has \(old) \(count) times:\n\(text)")
        }
        return text.replacingOccurrences(of: old, with: new)
    }
}

/// `body`'s result; when it throws, skips the test, saying why, unless `WEATHER_REQUIRE_BAR` is set (as
/// `make test` and CI set it), which makes that a failure: a bar cannot run where sway, waybar or grim are missing, or where
/// the tests may not switch to another user.
func requiringBar<T>(_ body: () throws -> T) throws -> T {
    try EndToEnd.check()
    do {
        return try body()
    } catch {
        if Requirement.bar.isRequired { throw error }
        try Requirement.bar.skip("no real bar can run here: \(error)")
    }
}
