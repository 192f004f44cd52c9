// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "weather",
    products: [
        .executable(name: "weather", targets: ["weather"])
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
        // jansson, seen from Swift: functions for its json_is_* and refcount macros.
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // Every behaviour of the program.
        .target(
            name: "WeatherKit",
            dependencies: ["CCurl", "CJansson"]
        ),
        // Argument parsing that calls WeatherKit, nothing more.
        // The command line as glibc hands it over, instead of the Swift runtime's search of /proc/self/maps
        // at every start (see arguments.c).
        .target(name: "CArguments"),
        .executableTarget(
            name: "weather",
            dependencies: [
                "WeatherKit",
                "CArguments",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
            // How the installed binary is linked for a fast start is the Makefile's `build` (RELEASE_FLAGS),
            // so that this package has no unsafe flags and can be a dependency.
        ),
        // The fuzz target over the whole pipeline (`make fuzz`); built plainly, it replays inputs.
        .executableTarget(
            name: "weather-fuzz",
            dependencies: ["WeatherKit"],
            path: "Tests/Fuzz",
            exclude: ["FailCases", "seeds.py", "fuzz.sh"]
        ),
        // What the fleet simulation takes from weather's own code (`make bench-fleet`).
        .executableTarget(
            name: "fleet-rules",
            dependencies: ["WeatherKit"],
            path: "Tests/Benchmarks/FleetRules"
        ),
        // What the tests share: the loopback fixture server and a sandbox that runs the built binary.
        .target(
            name: "TestSupport",
            dependencies: ["WeatherKit"],
            path: "Tests/TestSupport",
            exclude: ["fixture-server.py", "make-forecast-fixtures.py", "demo.sh", "real-bar"]
        ),
        .testTarget(
            name: "WeatherKitTests",
            dependencies: ["WeatherKit", "TestSupport"]
        ),
        // Each command run in-process, in a context of doubles.
        .testTarget(
            name: "CommandTests",
            dependencies: ["weather", "WeatherKit", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["weather", "weather-fuzz", "WeatherKit", "TestSupport"]
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
