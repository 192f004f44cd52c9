import Foundation
import TestSupport
import Testing

/// The layers are modules, bottom to top (CONTRIBUTING.md, "Layers"): each may use those below it and
/// never one above. The compiler holds a module to the targets Package.swift lets it depend on; these
/// tests hold Package.swift and every source file's imports to the order, so that an arrow running
/// back up fails here even where the build would let it through.
@Suite("The layers")
struct LayerTests {
    /// The layers, bottom to top; the commands and programs stand on all of them.
    static let layers = [
        "WeatherModel", "WeatherSystem", "WeatherSources", "WeatherFetching", "WeatherPresentation", "WeatherCommands",
    ]

    /// Each target of Package.swift with the targets it depends on by name.
    static func dependencies(inPackage text: String) -> [String: [String]] {
        let target = /name:\s*"([\w-]+)"\s*,\s*dependencies:\s*\[([^\]]*)\]/
        var found: [String: [String]] = [:]
        for match in text.matches(of: target) {
            found[String(match.1)] = match.2.matches(of: /"([\w-]+)"/).map { String($0.1) }
        }
        return found
    }

    /// The modules `source` imports, whatever the import's access or attributes.
    static func imports(of source: String) -> [String] {
        source.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /(?:@\w+\s+)?(?:public\s+|package\s+|internal\s+)?import\s+(\w+)\s*/).map {
                String($0.1)
            }
        }
    }

    /// What runs back up: each of `dependencies`' layers that depends on, or `files`' that imports, a layer
    /// above its own, as "below -> above (where)".
    static func arrowsUp(dependencies: [String: [String]], files: [(layer: String, path: String, source: String)])
        -> [String]
    {
        var found: [String] = []
        for (target, uses) in dependencies.sorted(by: { $0.key < $1.key }) {
            guard let level = layers.firstIndex(of: target) else { continue }
            for used in uses where (layers.firstIndex(of: used) ?? 0) > level {
                found.append("\(target) -> \(used) (Package.swift)")
            }
        }
        for file in files {
            guard let level = layers.firstIndex(of: file.layer) else { continue }
            for used in imports(of: file.source) where (layers.firstIndex(of: used) ?? 0) > level {
                found.append("\(file.layer) -> \(used) (\(file.path))")
            }
        }
        return found
    }

    @Test("Package.swift has each layer as a library target that depends on no layer above it")
    func package() throws {
        let text = try String(contentsOfFile: TestPaths.repository + "/Package.swift", encoding: .utf8)
        let dependencies = Self.dependencies(inPackage: text)
        for layer in Self.layers { #expect(dependencies[layer] != nil, "Package.swift has no target \(layer)") }
        #expect(Self.arrowsUp(dependencies: dependencies, files: []) == [])
        // Each layer but the model stands on the one below it, so that the order is the one written here.
        for (below, above) in zip(Self.layers, Self.layers.dropFirst()) {
            #expect(dependencies[above]?.contains(below) == true, "\(above) does not depend on \(below)")
        }
    }

    @Test("no source file imports a layer above its own")
    func sourceImports() throws {
        var files: [(layer: String, path: String, source: String)] = []
        for layer in Self.layers {
            let folder = TestPaths.repository + "/Sources/" + layer
            let paths = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
            for path in paths where path.hasSuffix(".swift") {
                files.append(
                    (
                        layer, "Sources/\(layer)/\(path)",
                        try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
                    ))
            }
        }
        #expect(files.count > 100)
        #expect(Self.arrowsUp(dependencies: [:], files: files) == [])
    }

    @Test("an arrow back up is found, in Package.swift and in a file's imports")
    func findsArrowsUp() {
        let package = """
            .target(
                name: "WeatherSources",
                dependencies: ["WeatherModel", "WeatherFetching", .product(name: "X", package: "y")]
            ),
            .target(name: "WeatherSystem", dependencies: ["WeatherModel"]),
            """
        let dependencies = Self.dependencies(inPackage: package)
        #expect(dependencies["WeatherSystem"] == ["WeatherModel"])
        let file = "import Glibc\n@testable package import WeatherPresentation\nimport WeatherModel\n"
        #expect(
            Self.arrowsUp(dependencies: dependencies, files: [("WeatherSystem", "Sources/WeatherSystem/A.swift", file)])
                == [
                    "WeatherSources -> WeatherFetching (Package.swift)",
                    "WeatherSystem -> WeatherPresentation (Sources/WeatherSystem/A.swift)",
                ])
    }
}
