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
        // The values weather knows: a result, its place, conditions and forecast, their times and their JSON.
        // No I/O: files, HTTP, the clock's reading and the environment are WeatherKit's, which depends on
        // this and never the other way round.
        .target(
            name: "WeatherModel",
            dependencies: ["CJansson"]
        ),
        // Every behaviour of the program.
        .target(
            name: "WeatherKit",
            dependencies: ["WeatherModel", "CCurl", "CJansson", "CSDBus"]
        ),
        // The command line as glibc hands it over, instead of the Swift runtime's search of /proc/self/maps
        // at every start (see arguments.c).
        .target(name: "CArguments"),
        // The commands, parsed by ArgumentParser, that call WeatherKit, nothing more.
        .target(
            name: "WeatherCommands",
            dependencies: [
                "WeatherKit", "WeatherModel", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `weather`: the status-bar forms of `show` and `refresh` itself, without ArgumentParser; it becomes
        // `weather-commands` for every other command line.
        // How both are linked for a fast start is the Makefile's `build` (RELEASE_FLAGS), so that this
        // package has no unsafe flags and can be a dependency.
        .executableTarget(name: "weather", dependencies: ["WeatherKit", "WeatherModel", "CArguments"]),
        .executableTarget(name: "weather-commands", dependencies: ["WeatherCommands", "CArguments"]),
        // weather(1), written from the commands', settings' and format codes' own descriptions (`make build`).
        .executableTarget(
            name: "weather-manual",
            dependencies: ["WeatherCommands", "WeatherKit", "WeatherModel"]
        ),
        // The fuzz target over the whole pipeline (`make fuzz`); built plainly, it replays inputs.
        .executableTarget(
            name: "weather-fuzz",
            dependencies: ["WeatherKit", "WeatherModel"],
            path: "Tests/Fuzz",
            exclude: ["FailCases", "seeds.py", "fuzz.sh"]
        ),
        // What the fleet simulation takes from weather's own code (`make bench-fleet`).
        .executableTarget(
            name: "fleet-rules",
            dependencies: ["WeatherKit", "WeatherModel"],
            path: "Tests/Benchmarks/FleetRules"
        ),
        // What the tests share: the loopback fixture server and a sandbox that runs the built binary.
        .target(
            name: "TestSupport",
            dependencies: ["WeatherKit", "WeatherModel"],
            path: "Tests/TestSupport",
            exclude: [
                "fixture-server.py", "fixtureserver", "make-forecast-fixtures.py", "make-met-fixtures.py",
                "make-warning-fixtures.py", "demo.sh", "real-bar", "make-locales.sh",
                "with-failure-summary.sh", "slowest-tests.py",
            ]
        ),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: ["WeatherKit", "WeatherModel", "TestSupport"]
        ),
        // Each command run in-process, in a context of doubles.
        .testTarget(
            name: "CommandTests",
            dependencies: ["WeatherCommands", "WeatherKit", "WeatherModel", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["weather", "weather-commands", "weather-fuzz", "WeatherKit", "WeatherModel", "TestSupport"]
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
