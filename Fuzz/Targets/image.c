// libFuzzer entry for the picture path: any bytes through the PNG/JPEG decoders and, when
// they decode, through libchafa at a few sizes and every depth. A broken invariant aborts.
#include <stdint.h>
#include <stdlib.h>
#include "tour_image.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t *pixels = NULL;
    int width = 0, height = 0;
    char error[256];
    if (tour_image_decode(data, size, &pixels, &width, &height, error, sizeof error) != 0) {
        if (pixels) abort();      // a failure hands back nothing
        if (!error[0]) abort();   // and always says why
        return 0;
    }
    if (!pixels || width < 1 || height < 1 || width > TOUR_IMAGE_KEEP_SIDE || height > TOUR_IMAGE_KEEP_SIDE) abort();
    static const int sizes[][2] = {{1, 1}, {20, 6}, {76, 12}};
    for (int s = 0; s < 3; s++) {
        int cols = 0, rows = 0;
        tour_image_fit(width, height, sizes[s][0], sizes[s][1], &cols, &rows);
        if (cols < 1 || rows < 1 || cols > sizes[s][0] || rows > sizes[s][1]) abort();
        uint32_t characters[76 * 12];
        int32_t foregrounds[76 * 12], backgrounds[76 * 12];
        for (int mode = 0; mode < 4; mode++) tour_image_draw(pixels, width, height, cols, rows, mode, mode == 3, mode == 1, characters, foregrounds, backgrounds);
    }
    tour_image_free(pixels);
    return 0;
}
