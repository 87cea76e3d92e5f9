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
