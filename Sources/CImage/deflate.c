#define _GNU_SOURCE
#include "tour_image.h"
#include "library.h"

#include <stdlib.h>

/* --- compressing a picture for the terminal with zlib ---------------------------------- */

/* zlib's own API, with plain C types; libpng needs zlib, so wherever pictures decode it is
   there, loaded on first use like the others. */
static struct {
    int loaded;
    unsigned long (*bound)(unsigned long);
    int (*compress2)(unsigned char *, unsigned long *, const unsigned char *, unsigned long, int);
} zlib;

static int load_zlib(void) {
    pthread_mutex_lock(&tour_image_library_lock);
    int ready = zlib.loaded > 0;
    if (!zlib.loaded) {
        static const char *const names[] = {"libz.so.1", "libz.so", NULL};
        void *library = open_once(&zlib.loaded, names);
        if (library && (*(void **)&zlib.bound = dlsym(library, "compressBound"))
            && (*(void **)&zlib.compress2 = dlsym(library, "compress2"))) {
            zlib.loaded = 1;
            ready = 1;
        }
    }
    pthread_mutex_unlock(&tour_image_library_lock);
    return ready;
}

int tour_image_deflate(const uint8_t *data, size_t length, uint8_t **out, size_t *out_length) {
    *out = NULL;
    *out_length = 0;
    if (!load_zlib()) return 3;
    unsigned long size = zlib.bound((unsigned long)length);
    uint8_t *buffer = malloc(size ? size : 1);
    if (!buffer) return 2;
    /* Level 6, zlib's default: a picture compresses once per size it is shown at. */
    if (zlib.compress2(buffer, &size, data, (unsigned long)length, 6) != 0) {
        free(buffer);
        return 1;
    }
    *out = buffer;
    *out_length = size;
    return 0;
}
