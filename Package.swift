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
        .executableTarget(
            name: "weather",
            dependencies: [
                "WeatherKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // Status bars start the binary every few seconds: a release build is not position-
                // independent, as relocating a PIE of this size costs `weather show` a third of its time
                // (README, "Fast path", has the measurements and the trade-off). Build it with the Swift
                // runtime linked in, as `make install` does: --static-swift-stdlib.
                .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(configuration: .release))
            ]
        ),
        // The fuzz target over the whole pipeline (`make fuzz`); built plainly, it replays inputs.
        .executableTarget(
            name: "weather-fuzz",
            dependencies: ["WeatherKit"],
            path: "Tests/Fuzz",
            exclude: ["FailCases", "seeds.py", "fuzz.sh"]
        ),
        // What the tests share: the loopback fixture server and a sandbox that runs the built binary.
        .target(
            name: "TestSupport",
            dependencies: ["WeatherKit"],
            path: "Tests/TestSupport",
            exclude: ["fixture-server.py", "demo.sh"]
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
            dependencies: ["weather", "weather-fuzz", "TestSupport"]
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
