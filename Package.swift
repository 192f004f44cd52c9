// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "weather",
    products: [
        .executable(name: "weather", targets: ["weather"]),
        .executable(name: "weather-commands", targets: ["weather-commands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        // libcurl, seen from Swift: typed helpers for the variadic curl_easy_setopt/getinfo. Deliberately
        // without pkgConfig: its -lcurl would link libcurl (and 30 libraries behind it) into every start,
        // and `weather show` makes no request. CurlLibrary dlopens it for the first request instead; the
        // headers come from libcurl4-openssl-dev all the same.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // jansson, seen from Swift: functions for its json_is_* and refcount macros. Without pkgConfig, whose
        // library folder would come first in the search path: the Makefile's release build links
        // libjansson.a from a folder of its own (see its `build`).
        .systemLibrary(
            name: "CJansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // libsystemd's sd-bus, seen from Swift: declared in the module itself (no libsystemd-dev) and opened
        // with dlopen only when a desktop notification is due, as libcurl is for a request.
        .systemLibrary(name: "CSDBus"),
        // The layers, bottom to top, each a module that depends only on those below it, so that an arrow
        // running back up does not build (CONTRIBUTING.md, "Layers"; Tests/WeatherKitTests/LayerTests.swift).
        // The values weather knows: a result, its place, conditions and forecast, their times and their JSON.
        // No I/O: files, HTTP, the clock's reading and the environment are the layers' above.
        .target(
            name: "WeatherModel",
            dependencies: ["CJansson"]
        ),
        // The adapters to Linux: HTTP (libcurl), files and folders, clocks and zones, signals, the folder
        // watch, the catalogues, desktop notifications (sd-bus), subprocesses, the environment; the settings
        // read from it and the values they hold.
        .target(
            name: "WeatherSystem",
            dependencies: ["WeatherModel", "CCurl", "CJansson", "CSDBus"]
        ),
        // The services: the forecast providers, the geocoder and the warning services, their requests and
        // decoders.
        .target(
            name: "WeatherSources",
            dependencies: ["WeatherModel", "WeatherSystem", "CJansson"]
        ),
        // WeatherFetcher and its services, the saved place and result, the run context, the background
        // schedule with its systemd and cron back ends.
        .target(
            name: "WeatherFetching",
            dependencies: ["WeatherModel", "WeatherSystem", "WeatherSources"]
        ),
        // What people read: presenters, formatters, desktop notifications' words, `watch`, refresh's report.
        .target(
            name: "WeatherPresentation",
            dependencies: ["WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching"]
        ),
        // The command line as glibc hands it over, instead of the Swift runtime's search of /proc/self/maps
        // at every start (see arguments.c).
        .target(name: "CArguments"),
        // The commands, parsed by ArgumentParser, that call the layers, nothing more.
        .target(
            name: "WeatherCommands",
            dependencies: [
                "WeatherPresentation", "WeatherFetching", "WeatherSources", "WeatherSystem", "WeatherModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `weather`: the status-bar forms of `show` and `refresh` itself, without ArgumentParser; it becomes
        // `weather-commands` for every other command line.
        // How both are linked for a fast start is the Makefile's `build` (RELEASE_FLAGS), so that this
        // package has no unsafe flags and can be a dependency.
        .executableTarget(
            name: "weather",
            dependencies: [
                "WeatherPresentation", "WeatherFetching", "WeatherSources", "WeatherSystem", "WeatherModel",
                "CArguments",
            ]),
        .executableTarget(
            name: "weather-commands",
            dependencies: ["WeatherCommands", "WeatherPresentation", "WeatherFetching", "WeatherSystem", "CArguments"]),
        // weather(1), written from the commands', settings' and format codes' own descriptions (`make build`).
        .executableTarget(
            name: "weather-manual",
            dependencies: [
                "WeatherCommands", "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching",
                "WeatherPresentation",
            ]
        ),
        // The fuzz target over the whole pipeline (`make fuzz`); built plainly, it replays inputs.
        .executableTarget(
            name: "weather-fuzz",
            dependencies: [
                "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching", "WeatherPresentation",
            ],
            path: "Tests/Fuzz",
            exclude: ["FailCases", "seeds.py", "fuzz.sh", "hostile-text.json"]
        ),
        // What the fleet simulation takes from weather's own code (`make bench-fleet`).
        .executableTarget(
            name: "fleet-rules",
            dependencies: [
                "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching", "WeatherPresentation",
            ],
            path: "Tests/Benchmarks/FleetRules"
        ),
        // What the tests share: the loopback fixture server and a sandbox that runs the built binary.
        .target(
            name: "TestSupport",
            dependencies: [
                "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching", "WeatherPresentation",
            ],
            path: "Tests/TestSupport",
            exclude: [
                "fixture-server.py", "fixtureserver", "make-forecast-fixtures.py", "make-met-fixtures.py",
                "make-warning-fixtures.py", "demo.sh", "real-bar", "make-locales.sh",
                "with-failure-summary.sh", "slowest-tests.py", "readers.py",
            ]
        ),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: [
                "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching", "WeatherPresentation",
                "TestSupport",
            ]
        ),
        // Each command run in-process, in a context of doubles.
        .testTarget(
            name: "CommandTests",
            dependencies: [
                "WeatherCommands", "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching",
                "WeatherPresentation", "TestSupport",
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "weather", "weather-commands", "weather-fuzz", "WeatherModel", "WeatherSystem", "WeatherSources",
                "WeatherFetching", "WeatherPresentation", "TestSupport",
            ]
        ),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
