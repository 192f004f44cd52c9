import Foundation
import TestSupport
import Testing

/// What `make install` puts where shells and man look: the man page and the completions, installed by the
/// same script (Config/install.sh) into a temporary prefix, then loaded by the real bash, zsh, fish and man;
/// and the message catalogues, read by the installed programs.
@Suite("Installed: the man page, the completions and the catalogues")
struct InstallTests {
    let sandbox: Sandbox
    let prefix: String

    init() throws {
        sandbox = try Sandbox(at: .fixtures)
        prefix = sandbox.root + "/prefix"
        let install = try sandbox.run(
            program: TestPaths.config + "/install.sh",
            [TestPaths.weatherBinary, try TestPaths.manualFolder() + "/man1/weather.1", prefix])
        try #require(install.status == 0, "\(install)")
    }

    var share: String { prefix + "/share" }

    /// Runs `shell arguments...` with the sandbox's HOME and XDG folders, the prefix's bin on PATH.
    func shell(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Sandbox.Run {
        try sandbox.run(
            program: program, arguments,
            environment: ["PATH": prefix + "/bin:/usr/bin:/bin", "XDG_DATA_HOME": share].merging(environment) { $1 })
    }

    /// What bash completes after `line`, through the installed script, as bash-completion would load it.
    func bashCompletions(_ line: String) throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map { "'\($0)'" }
        let script = """
            source '\(share)/bash-completion/completions/weather'
            complete -p weather >&2
            COMP_WORDS=(\(words.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _weather weather "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let run = try shell("/bin/bash", ["--norc", "--noprofile", "-c", script])
        #expect(run.status == 0, "\(run)")
        #expect(run.stderr.hasPrefix("complete "), "the script registers its function: \(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    @Test("bash completes commands, schedule's intervals and the display options' values")
    func bash() throws {
        #expect(try bashCompletions("weather sch") == ["schedule"])
        #expect(
            try bashCompletions("weather schedule ") == ["minimum", "never", "15m", "30m", "1h", "2h", "6h", "1d"])
        #expect(try bashCompletions("weather show --units ") == ["metric", "imperial", "si"])
        #expect(try bashCompletions("weather show --icons ") == ["emoji", "nerd", "ascii", "none"])
        #expect(try bashCompletions("weather show --color ") == ["auto", "always", "never"])
        #expect(try bashCompletions("weather show --wa") == ["--waybar"])
    }

    @Test("bash-completion finds the script where it looks, by the command's name")
    func bashCompletionLoads() throws {
        let loader = "/usr/share/bash-completion/bash_completion"
        guard FileManager.default.fileExists(atPath: loader) else {
            try Requirement.shells.skip("bash-completion is not installed")
        }
        let run = try shell(
            "/bin/bash",
            ["--norc", "--noprofile", "-c", "source \(loader); __load_completion weather; complete -p weather"])
        #expect(run.stdout.contains("_weather weather"), "\(run)")
    }

    @Test("zsh registers the completion function from its site-functions folder")
    func zsh() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/zsh") else { try Requirement.shells.skip("no zsh here") }
        let run = try shell(
            "/usr/bin/zsh",
            [
                "-f", "-c",
                "fpath=('\(share)/zsh/site-functions' $fpath); autoload -Uz compinit; compinit -u -d '\(sandbox.root)/zcompdump'; print -r -- $_comps[weather]",
            ])
        #expect(run.stdout == "_weather\n", "\(run)")
    }

    @Test("fish finds the completions in its vendor folder and offers schedule's intervals")
    func fish() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/fish") else {
            try Requirement.shells.skip("no fish here")
        }
        let run = try shell(
            "/usr/bin/fish", ["-c", "complete -C 'weather schedule '"],
            environment: ["HOME": sandbox.root, "XDG_DATA_HOME": share])
        let offered = run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(offered.contains("minimum") && offered.contains("never") && offered.contains("30m"), "\(run)")
    }

    @Test("the installed weather runs every command through libexec/weather, and names bin/weather for cron")
    func installedPrograms() throws {
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/libexec/weather/weather-commands"))
        let set = try shell(prefix + "/bin/weather", ["set", "Berlin"])
        #expect(set.status == 0, "\(set)")
        // No user manager in the sandbox: the crontab line to add runs the installed weather (by the path the
        // kernel names, without the sandbox's doubled slashes).
        let weather = URL(fileURLWithPath: prefix + "/bin/weather").resolvingSymlinksInPath().path
        #expect(set.stderr.hasSuffix(" \(weather) refresh >/dev/null 2>&1\n"), "\(set)")
        #expect(try shell(prefix + "/bin/weather", ["show", "--short"]).stdout == "Berlin ☁️🌙 11°C\n")
    }

    @Test("the catalogues of every language in share/locale, where both installed programs find them")
    func catalogues() throws {
        let languages = try FileManager.default.contentsOfDirectory(atPath: TestPaths.repository + "/po")
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }
        #expect(languages.count >= 12, "\(languages)")
        for language in languages {
            #expect(
                FileManager.default.fileExists(atPath: share + "/locale/\(language)/LC_MESSAGES/weather.mo"),
                "\(language)")
        }
        #expect(try shell(prefix + "/bin/weather", ["set", "Berlin"]).status == 0)
        // show runs in bin/weather, forecast in libexec/weather/weather-commands: each finds share/locale.
        let show = try shell(prefix + "/bin/weather", ["show"], environment: ["WEATHER_LANGUAGE": "de"])
        #expect(show.stdout.contains("teilweise bewölkt"), "\(show)")
        let forecast = try shell(
            prefix + "/bin/weather", ["forecast", "--hours", "2", "--days", "0"],
            environment: ["WEATHER_LANGUAGE": "uk"])
        #expect(forecast.stdout.contains(": наступні 2 години\n"), "\(forecast)")
    }

    @Test("make uninstall removes every file install.sh put in the prefix, and the folder of its own")
    func uninstall() throws {
        let installed = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: prefix + "/" + path, isDirectory: &folder)
                && !folder.boolValue
        }
        #expect(installed.contains("share/doc/weather/README.md") && installed.contains("bin/weather"), "\(installed)")
        #expect(installed.contains("libexec/weather/weather-commands"), "\(installed)")
        #expect(installed.contains("share/locale/de/LC_MESSAGES/weather.mo"), "\(installed)")
        let make = try sandbox.run(
            program: "/usr/bin/make", ["-s", "-C", TestPaths.repository, "uninstall", "PREFIX=" + prefix])
        #expect(make.status == 0, "\(make)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: prefix).filter { path in
            var folder: ObjCBool = false
            return !FileManager.default.fileExists(atPath: prefix + "/" + path, isDirectory: &folder)
                || !folder.boolValue
        }
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: share + "/doc/weather"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/libexec/weather"))
        #expect(!FileManager.default.fileExists(atPath: share + "/locale/de"), "a language's emptied folders go")
    }

    @Test("man renders the page without a warning, characters beyond ASCII included, and finds it by name")
    func manual() throws {
        let page = share + "/man/man1/weather.1"
        let rendered = try shell("/usr/bin/man", ["-l", page], environment: ["MANWIDTH": "100", "LANG": "C.UTF-8"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        let lines = rendered.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The header names the program, not mdoc's "BSD General Commands Manual".
        #expect(
            lines.first?.range(of: #"^WEATHER\(1\) +weather manual +WEATHER\(1\)$"#, options: .regularExpression) != nil
        )
        let headings = lines.filter {
            $0.first?.isUppercase == true && $0 == $0.uppercased() && !$0.hasPrefix("WEATHER(1)")
        }
        #expect(
            headings == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "FORMAT CODES", "ENVIRONMENT", "FILES",
                "EXIT STATUS", "EXAMPLES", "SEE ALSO",
            ], "\(headings)")
        func section(_ name: String) -> [String] {
            Array(lines.drop { $0 != name }.dropFirst().prefix { $0.isEmpty || $0.first!.isWhitespace })
        }
        #expect(section("NAME").contains("       weather - the current weather for one saved place, always ready"))
        // The credits of every source, the air's with them.
        let description = section("DESCRIPTION").joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(description.contains("Air quality: Copernicus Atmosphere Monitoring Service, via Open-Meteo"))
        let source = String(decoding: sandbox.contents(page) ?? Data(), as: UTF8.self)
        #expect(!source.contains("`") && !rendered.stdout.contains("`"), "no literal backticks")
        // Each command once, with its own options; the global --help and --version once, under OPTIONS.
        let commands = section("COMMANDS")
        for command in ["set", "show", "forecast", "alerts", "search", "watch", "refresh", "schedule", "logout"] {
            #expect(commands.filter { $0 == "   weather " + command }.count == 1, "weather \(command)")
        }
        #expect(!commands.contains { $0 == "       --version" || $0 == "       -h, --help" }, "\(commands)")
        #expect(rendered.stdout.components(separatedBy: "\n       --version\n").count == 2)
        #expect(rendered.stdout.components(separatedBy: "\n       -h, --help\n").count == 2)
        // Every code with an example, %r and %u among them.
        let codes = section("FORMAT CODES").joined(separator: "\n")
        for code in [
            "l", "N", "c", "C", "x", "t", "f", "h", "w", "p", "P", "S", "s", "H", "L", "R", "a", "o", "m", "A", "W",
            "r", "u",
        ] {
            #expect(
                codes.range(of: "\n       %\(code) +\\S.*, for example \\S", options: .regularExpression) != nil,
                "%\(code)")
        }
        for example in ["11°C", "⛅", "↗14km/h", "rain in 20 min", "UV index, for example 6"] {
            #expect(codes.contains(example), "\(example)")
        }
        // Every setting, with its default and its config.json key, URLs included; how the locale is read.
        let environment = section("ENVIRONMENT").joined(separator: "\n")
        for (variable, key, value) in [
            ("WEATHER_UNITS", "units", "metric"), ("WEATHER_TIMEOUT", "timeout", "30 (seconds)"),
            ("WEATHER_GEOCODING_URL", "geocoding_url", "https://geocoding-api.open-meteo.com/v1/search"),
            ("WEATHER_FORECAST_URL", "forecast_url", "https://api.open-meteo.com/v1/forecast"),
            ("WEATHER_MET_URL", "met_url", "https://api.met.no/weatherapi/locationforecast/2.0/complete"),
            ("WEATHER_NWS_ALERTS_URL", "nws_alerts_url", "https://api.weather.gov/alerts/active"),
            ("WEATHER_DWD_ALERTS_URL", "dwd_alerts_url", "https://api.brightsky.dev/alerts"),
            ("WEATHER_METALERTS_URL", "metalerts_url", "https://api.met.no/weatherapi/metalerts/2.0/current.json"),
            ("WEATHER_AIR_QUALITY_URL", "air_quality_url", "https://air-quality-api.open-meteo.com/v1/air-quality"),
        ] {
            let entry = environment.components(separatedBy: "\n       " + variable + "\n").dropFirst().first ?? ""
            let text =
                entry.components(separatedBy: "\n\n").first?.split(whereSeparator: \.isWhitespace).joined(
                    separator: " ") ?? ""
            #expect(text.contains("Default: \(value)"), "\(variable): \(text)")
            #expect(text.contains("in config.json: \(key)."), "\(variable): \(text)")
        }
        let help = try sandbox.run("--help").stdout
        let variables = help.split(separator: "\n").flatMap { line -> [String] in
            guard line.hasPrefix("  ") else { return [] }
            return line.split(separator: " ").map { String($0.filter { $0 != "," }) }.filter {
                $0.hasPrefix("WEATHER_") || $0.hasPrefix("XDG_") || $0 == "NO_COLOR"
            }
        }
        #expect(variables.count >= 22, "\(variables)")
        for variable in variables { #expect(environment.contains(variable), "\(variable) in ENVIRONMENT") }
        let language = environment.components(separatedBy: "\n       WEATHER_LANGUAGE\n").last ?? ""
        for words in ["every word weather prints", "place names", "LANGUAGE, a list", "LC_ALL, LC_MESSAGES or LANG"] {
            #expect(
                language.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains(words),
                "WEATHER_LANGUAGE: \(words)")
        }
        for path in [
            "$XDG_CONFIG_HOME/weather/config.json", "$XDG_STATE_HOME/weather/location.json",
            "$XDG_CACHE_HOME/weather/current.json", "$XDG_CACHE_HOME/weather/air.txt",
        ] {
            #expect(section("FILES").contains("       " + path), "\(path)")
        }
        for status in ["0", "1", "64", "78"] {
            #expect(section("EXIT STATUS").contains { $0.hasPrefix("       \(status)  ") }, "exit status \(status)")
        }
        #expect(section("EXAMPLES").contains { $0.contains("weather set Berlin") })
        #expect(section("SEE ALSO").first?.contains("crontab(5)") == true)
        // A bin folder on PATH has its man pages next door: man finds the page without MANPATH.
        let found = try shell("/usr/bin/man", ["-w", "weather"], environment: ["MANPATH": ""])
        #expect(found.stdout == share + "/man/man1/weather.1\n", "\(found)")
    }

    @Test("mandoc -Tlint, groff -ww and lexgrog find nothing to say of the page, and lexgrog reads its name")
    func manualLint() throws {
        let page = share + "/man/man1/weather.1"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/mandoc") else {
            try Requirement.shells.skip("mandoc is not installed (make test-deps installs it)")
        }
        let lint = try shell("/usr/bin/mandoc", ["-Tlint", "-Wstyle", page])
        #expect(lint.status == 0 && lint.stdout.isEmpty && lint.stderr.isEmpty, "\(lint)")
        let groff = try shell("/usr/bin/groff", ["-ww", "-z", "-man", "-Tutf8", page])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff)")
        let lexgrog = try shell("/usr/bin/lexgrog", [page])
        #expect(lexgrog.status == 0, "\(lexgrog)")
        #expect(
            lexgrog.stdout == page + ": \"weather - the current weather for one saved place, always ready\"\n",
            "\(lexgrog)")
        #expect(lexgrog.stderr.isEmpty, "\(lexgrog)")
    }
}
