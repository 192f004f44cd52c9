import Glibc
import WeatherModel
import WeatherSystem

/// The fuzz target's one input: what libFuzzer mutates, run through the whole pipeline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    Pipeline.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}

#if FUZZING
/// libFuzzer's driver, linked in by -sanitize=fuzzer (`make fuzz`).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzer(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
#endif

/// `weather-fuzz`: built for fuzzing (`make fuzz`: -sanitize=fuzzer,address -DFUZZING), libFuzzer's driver
/// with its usual options; built plainly, it replays inputs instead: `weather-fuzz FILE...` runs each file
/// through the pipeline, as the tests do with every file in FailCases/, and a broken promise aborts.
@main
enum WeatherFuzz {
    static func main() throws {
        #if FUZZING
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzer(&argc, &argv, fuzzOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            guard let bytes = try FileIO.read(path, limit: 16 << 20) else {
                _ = "weather-fuzz: no such file: \(path)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
                exit(2)
            }
            _ = "weather-fuzz: \(path)\n".withCString { write(STDOUT_FILENO, $0, strlen($0)) }
            bytes.withUnsafeBytes { Pipeline.run($0) }
        }
        #endif
    }
}
