#ifndef TOUR_IMAGE_H
#define TOUR_IMAGE_H

#include <stddef.h>
#include <stdint.h>

/// Pictures for hero images: PNG and JPEG decoded with libpng and libjpeg-turbo, drawn as
/// character cells with libchafa. The three libraries are loaded on first use (dlopen):
/// a tour without pictures loads none of them and pays nothing for them.

/// A picture larger than this on either side is refused from its header, before decoding.
#define TOUR_IMAGE_MAX_SIDE 4096
/// Decoded pictures are kept at most this large on their longer side: a terminal cell
/// grid never needs more, and memory stays small.
#define TOUR_IMAGE_KEEP_SIDE 512
/// A progressive JPEG with more scans than this is refused: each scan passes over the
/// whole picture, and libjpeg sets no limit of its own.
#define TOUR_IMAGE_MAX_SCANS 100
/// Pictures are decoded row by row; the two kinds that must be held whole while they
/// decode (an interlaced PNG, a progressive JPEG's coefficients) may take this much.
#define TOUR_IMAGE_MAX_FULL_BYTES (32 << 20)

/// Decodes PNG or JPEG bytes into RGBA (8 bits a channel, unassociated alpha), scaled
/// down to TOUR_IMAGE_KEEP_SIDE. Returns 0 and sets *pixels (free with tour_image_free),
/// *width and *height; or non-zero with a reason in `error`: 1 bad or unsupported data,
/// 2 too large, 3 the decoding library is missing.
int tour_image_decode(const uint8_t *data, size_t length, uint8_t **pixels, int *width, int *height,
                      char *error, size_t error_length);

void tour_image_free(uint8_t *pixels);

/// The cell grid a picture fills inside cols × rows, keeping its aspect (cells are about
/// twice as tall as wide).
void tour_image_fit(int width, int height, int max_cols, int max_rows, int *cols, int *rows);

/// Whether pictures can be drawn on this machine: libchafa loads (it is loaded once).
int tour_image_can_draw(void);

/// Draws RGBA pixels into cols × rows cells. `mode`: 0 24-bit, 1 256 colors, 2 8 colors,
/// 3 no color (shapes only, inked in the terminal's text color; `light`, the terminal's
/// background, is not used yet). `ascii`: ASCII symbols only. For each cell writes its
/// character and its foreground and background as 0xRRGGBB (at 256 and 8 colors, one of
/// those palettes' colors), or -1 for none. Returns 0, or non-zero when libchafa cannot
/// be loaded.
int tour_image_draw(const uint8_t *pixels, int width, int height, int cols, int rows, int mode, int ascii, int light,
                    uint32_t *characters, int32_t *foregrounds, int32_t *backgrounds);

/// `length` bytes as one zlib stream (what kitty's `o=z` and a PNG's IDAT carry), with
/// zlib loaded on first use. Returns 0 and sets *out (free with tour_image_free) and
/// *out_length; or non-zero: 1 failed, 2 out of memory, 3 zlib is missing.
int tour_image_deflate(const uint8_t *data, size_t length, uint8_t **out, size_t *out_length);

#endif
