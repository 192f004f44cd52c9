public import Foundation

/// The programs that read what weather escapes, run for real: Pango's markup parser, a URL's query reader
/// and libdbus's address parser (`readers.py`), and `/bin/sh`.
public enum RealReaders {
    /// What a reader made of one input: the text it read, or why it refused it.
    public enum Reading: Equatable, Sendable, CustomStringConvertible {
        case text(String)
        case pairs([[String]])
        case refused(String)

        public var description: String {
            switch self {
            case .text(let text): text.debugDescription
            case .pairs(let pairs): "\(pairs)"
            case .refused(let why): "refused: \(why)"
            }
        }
    }

    /// Pango's reading of each markup text: what waybar shows of a module's text and tooltip, and dunst of
    /// a body. Skipped (a failure with `WEATHER_REQUIRE_BAR`) without python3-gi and gir1.2-pango-1.0.
    public static func markup(_ inputs: [String]) throws -> [Reading] {
        try python("markup", inputs, requirement: .bar, missing: "python3-gi and gir1.2-pango-1.0")
    }

    /// Each URL's query as pairs, by Python's `urllib.parse`.
    public static func query(_ urls: [String]) throws -> [Reading] {
        try python("query", urls, requirement: nil, missing: "")
    }

    /// The `path` of each D-Bus address, by libdbus. Skipped (a failure with `WEATHER_REQUIRE_NOTIFY`)
    /// without libdbus-1-3, which dbus-daemon brings.
    public static func dbusAddressPath(_ addresses: [String]) throws -> [Reading] {
        try python("dbus", addresses, requirement: .notify, missing: "libdbus-1-3")
    }

    private static func python(_ reader: String, _ inputs: [String], requirement: Requirement?, missing: String)
        throws -> [Reading]
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [TestPaths.repository + "/Tests/TestSupport/readers.py", reader]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Written from another thread: a large answer would otherwise fill the pipe while we still write.
        let data = try JSONSerialization.data(withJSONObject: inputs)
        let writer = Thread {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let readings = try JSONSerialization.jsonObject(with: answer) as? [Any], readings.count == inputs.count
        else {
            if let requirement,
                problem.contains("ModuleNotFoundError") || problem.contains("not available")
                    || problem.contains("OSError")
            {
                try requirement.skip("\(missing) not installed: \(problem.suffix(200))")
            }
            throw TestFailure("readers.py \(reader) failed: \(problem)")
        }
        return readings.map { reading in
            if let text = reading as? String { return .text(text) }
            if let pairs = reading as? [[String]] { return .pairs(pairs) }
            return .refused((reading as? [String: String])?["error"] ?? "\(reading)")
        }
    }

    /// Runs each script with `/bin/sh -c`, one shell each (through `xargs`, so that hundreds cost one
    /// process of the test's), in `folder`; each script's standard output and error go to a file there,
    /// which is returned.
    public static func shell(_ scripts: [String], in folder: String) throws -> [Data] {
        let outputs = scripts.indices.map { folder + "/shell-output-\($0)" }
        let list = zip(scripts, outputs).map { script, output in
            "exec >'\(output)' 2>&1\n" + script
        }
        let listFile = folder + "/shell-scripts"
        try Data(list.map { Array($0.utf8) + [0] }.joined()).write(to: URL(fileURLWithPath: listFile))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xargs")
        process.arguments = ["-0", "-n", "1", "-a", listFile, "/bin/sh", "-c"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return outputs.map { FileManager.default.contents(atPath: $0) ?? Data() }
    }

    /// A program that writes where it was run from (`$0`) and its environment, each followed by a NUL, to
    /// the file its variable `DUMP` names: what the shell or systemd ran, and with what values.
    public static func writeDumper(to path: String) throws {
        try TestPaths.writeProgram(
            Array(#"#!/bin/sh\#n{ printf '%s\0' "$0"; /usr/bin/env -0; } >"$DUMP"\#n"#.utf8), to: path)
    }

    /// What a dumper wrote: the path it was run by, and its environment (split at bytes: a `=` followed by a
    /// combining mark is one `Character`).
    public static func dumped(_ data: Data) -> (path: String, environment: [String: String])? {
        let fields = data.split(separator: 0, omittingEmptySubsequences: false)
        guard fields.count >= 2 else { return nil }
        var environment: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: UInt8(ascii: "=")) else { continue }
            environment[String(decoding: field[..<equals], as: UTF8.self)] = String(
                decoding: field[(equals + 1)...], as: UTF8.self)
        }
        return (String(decoding: fields[0], as: UTF8.self), environment)
    }
}
