// Linked into the release binary only (Makefile: release). The release links against
// Debian 11's libstdc++ (GCC 10), so that it runs on glibc 2.31; the Swift runtime was
// built with newer C++ headers and calls one function that GCC 11 added to libstdc++.
// It is reached only when a container is asked for more elements than memory can hold.
// The runtime is built without C++ exceptions, so throwing would end in std::terminate:
// abort is what that does.
#include <stdlib.h>

__attribute__((noreturn)) void _ZSt28__throw_bad_array_new_lengthv(void) { abort(); }
