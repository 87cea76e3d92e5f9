#ifndef TOUR_IMAGE_LIBRARY_H
#define TOUR_IMAGE_LIBRARY_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/* Held while a library is looked for and its symbols taken: pictures may be decoded on
   several threads at once, and none may see a library half loaded as missing. One lock
   for every file (defined in decode.c): a `static` here gave each file its own. */
extern pthread_mutex_t tour_image_library_lock;

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
