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
// newest policy below it that auditwheel knows. These four are called only off the first
// frame (contrast and color math), so the binary binds them to the versions every glibc
// has: the same results within an ulp, and a floor of 2.28.
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
double exp(double x) { return tour_exp_base(x); }
double exp2(double x) { return tour_exp2_base(x); }
double log(double x) { return tour_log_base(x); }
double log2(double x) { return tour_log2_base(x); }
#endif
