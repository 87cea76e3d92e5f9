#ifndef TOUR_IMAGE_LIBRARY_H
#define TOUR_IMAGE_LIBRARY_H

#include <dlfcn.h>
#include <stddef.h>

/* The libraries are loaded on first use. `*loaded` is 0 before the first try, 1 once every
   symbol is found, -1 otherwise: this sets it to -1 and returns the first of `names` that
   dlopen finds (or NULL), and the caller sets 1 when its symbols are all there. So a
   missing library is looked for once a run, not once a picture. */
static inline void *open_once(int *loaded, const char *const names[]) {
    *loaded = -1;
    for (int i = 0; names[i]; i++) {
        void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle) return handle;
    }
    return NULL;
}

#endif
