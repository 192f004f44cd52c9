// How the Swift runtime learns the command line, at a fraction of its own cost.
//
// On Linux the Swift runtime finds argv with a static initializer (ArgvGrabber, in the runtime's
// CommandLine.cpp) that reads /proc/self/maps line by line with sscanf to locate the stack, before main:
// 135,000 instructions at every start, an eighth of what `weather show` may cost in all. glibc already
// hands argc and argv to every function in .init_array; this file captures them there and provides the
// one function through which the standard library reads them (`CommandLine.arguments`), so that the
// runtime's object, and its initializer, are not linked at all.
//
// It takes effect where the Swift runtime is linked statically (the installed binary: `make build`). With
// a dynamic runtime (`swift build`, the tests) the runtime keeps its own, and nothing changes. The
// release-binary checks (Tests/EndToEndTests/ReleaseBinaryTests.swift) run the installed form with
// arguments, so that a toolchain that changes this function's contract fails them rather than users.

static int weather_argc;
static char **weather_argv;

static void weather_capture_arguments(int argc, char **argv, char **environment) {
    (void)environment;
    weather_argc = argc;
    weather_argv = argv;
}

__attribute__((section(".init_array"), used)) static void (*const weather_capture_entry)(int, char **, char **) =
    weather_capture_arguments;

// The standard library's own declaration: SWIFT_CC(swift) char **_swift_stdlib_getUnsafeArgvArgc(int *).
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    *outArgLen = weather_argc;
    return weather_argv;
}
