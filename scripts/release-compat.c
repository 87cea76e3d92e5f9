// Linked into the release binary only (Makefile: release). The release links against
// Debian 11's libstdc++ (GCC 10), so that it runs on glibc 2.31; the Swift runtime was
// built with newer C++ headers and calls one function that GCC 11 added to libstdc++.
// It is reached only when a container is asked for more elements than memory can hold.
// The runtime is built without C++ exceptions, so throwing would end in std::terminate:
// abort is what that does.
#include <stdlib.h>

__attribute__((noreturn)) void _ZSt28__throw_bad_array_new_lengthv(void) { abort(); }

// glibc 2.29 gave exp, exp2, log and log2 new, faster versions, and the linker picks the
// newest. That alone made the binary need glibc 2.29, one above manylinux_2_28, the
// newest policy below it that auditwheel knows. The release link passes --wrap for the
// four (Makefile, RELEASE_FLAGS), so every call to them in the binary, the Swift runtime's
// included, comes here and goes on to the version that every glibc has (.symver): the
// same results within an ulp, and a floor of 2.27. The binary defines no `exp` of its
// own: one would be exported, and the dynamic loader would bind libm's versioned name
// to it (an unversioned definition matches any version), calling itself for ever.
#if defined(__x86_64__)
#define TOUR_LIBM_BASE "GLIBC_2.2.5"
#elif defined(__aarch64__)
#define TOUR_LIBM_BASE "GLIBC_2.17"
#endif
#ifdef TOUR_LIBM_BASE
double tour_exp_base(double), tour_exp2_base(double), tour_log_base(double), tour_log2_base(double);
__asm__(".symver tour_exp_base, exp@" TOUR_LIBM_BASE);
__asm__(".symver tour_exp2_base, exp2@" TOUR_LIBM_BASE);
__asm__(".symver tour_log_base, log@" TOUR_LIBM_BASE);
__asm__(".symver tour_log2_base, log2@" TOUR_LIBM_BASE);
double __wrap_exp(double x) { return tour_exp_base(x); }
double __wrap_exp2(double x) { return tour_exp2_base(x); }
double __wrap_log(double x) { return tour_log_base(x); }
double __wrap_log2(double x) { return tour_log2_base(x); }
#endif

// Debian's arm64 Swift runtime (swiftlang 6.0.3 in Debian 13) was built against glibc
// 2.41 and GCC 14. Linked against Debian 11's glibc and libstdc++ (scripts/build-aarch64.sh),
// it asks for four names those lack: the C23 forms of strtol, strtoll and sscanf, which
// differ only in also reading "0b" binary numbers (the runtime reads its environment
// variables with them), and libstdc++'s assertion failure, which ends the process.
#if defined(__aarch64__)
#include <stdarg.h>
#include <stdio.h>
long __isoc23_strtol(const char *text, char **end, int base) { return strtol(text, end, base); }
long long __isoc23_strtoll(const char *text, char **end, int base) { return strtoll(text, end, base); }
int __isoc23_sscanf(const char *text, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    int count = vsscanf(text, format, arguments);
    va_end(arguments);
    return count;
}
__attribute__((noreturn)) void _ZSt21__glibcxx_assert_failPKciS0_S0_(const char *file, int line, const char *function,
                                                                    const char *condition) {
    fprintf(stderr, "%s:%d: %s: assertion '%s' failed\n", file, line, function, condition);
    abort();
}
#endif

// The Swift runtime finds argv for CommandLine.arguments with a constructor of its own
// (CommandLine.cpp, since Swift 6.1): at every start, before main, it reads and scans
// /proc/self/maps for the stack, about 0.1 ms of a 1.7 ms `tour --version`. These two
// definitions take the place of that file, so the linker leaves it and its constructor
// out; the arguments come from the (argc, argv) that glibc hands .init_array functions,
// as in process_arguments.c. x86_64 only: the arm64 build links Debian's older runtime.
#if defined(__x86_64__)
static char **compat_argv;
static int compat_argc;
static char **override_argv;
static int override_argc;

static void compat_save_arguments(int count, char **arguments, char **environment) {
    (void)environment;
    compat_argc = count;
    compat_argv = arguments;
}

__attribute__((section(".init_array"), used))
static void (*const compat_save_arguments_at_start)(int, char **, char **) = compat_save_arguments;

__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    static char *none[] = {0};
    if (override_argv) {
        *count = override_argc;
        return override_argv;
    }
    *count = compat_argv ? compat_argc : 0;
    return compat_argv ? compat_argv : none;
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
