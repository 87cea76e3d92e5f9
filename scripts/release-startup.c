// Linked into tour's own x86_64 release binary only (Makefile: RELEASE_STARTUP), first
// (scripts/release-ld). Not part of scripts/release-compat.c, which a Swift tool that
// embeds TourKit links too (docs/swift.md): its own link takes the runtime's files, and
// these definitions beside them were defined twice.
//
// The Swift runtime finds argv for CommandLine.arguments with a constructor of its own
// (CommandLine.cpp, since Swift 6.1): at every start, before main, it reads and scans
// /proc/self/maps for the stack, about 0.1 ms of a 1.7 ms `tour --version`. These two
// definitions take the place of that file, so the linker leaves it and its constructor
// out; the arguments are the (argc, argv) that glibc hands .init_array functions, as
// process_arguments.c keeps them. x86_64 only: the arm64 build links Debian's older runtime.
#if defined(__x86_64__)
// Saved before main by Sources/CTerminalGuard/process_arguments.c, which every binary
// this link makes contains (tour, TourBenchmarks, TourKitHarness: all through TourKit).
int tour_process_argument_count(void);
char *const *tour_process_arguments(void);

static char **override_argv;
static int override_argc;

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    static char *none[] = {0};
    if (override_argv) {
        *count = override_argc;
        return override_argv;
    }
    char **saved = (char **)tour_process_arguments();
    *count = saved ? tour_process_argument_count() : 0;
    return saved ? saved : none;
}

__attribute__((swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **arguments, int count) {
    override_argv = arguments;
    override_argc = count;
}

// Every Swift executable names this function of the runtime's backtracer (swiftrt.o), to
// have it linked in. The backtracer's constructor then looks at every start for a
// swift-backtrace program beside the binary (eight stat calls) and reads the SWIFT_*
// environment variables. tour has a crash handler of its own (terminal_guard.c), which
// gives the terminal back and re-raises the signal; a Swift toolchain installed under
// /usr would otherwise also put one in front of it. The backtracer asks this of a
// symbol only when it formats a backtrace, which this binary never does. The runtime's
// error report reads one field of the backtracer's settings, the first: whether it is on.
// It stays 0 (off), the initial value the runtime's own copy has; 88 bytes is that copy's size.
__attribute__((swiftcall)) _Bool _swift_backtrace_isThunkFunction(const char *mangled_name) {
    (void)mangled_name;
    return 0;
}
__attribute__((aligned(8))) char _swift_backtraceSettings[88];
#endif
