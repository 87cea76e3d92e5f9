#define _GNU_SOURCE
#include "tour_image.h"

#include <dlfcn.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* --- loading the libraries on first use ------------------------------------------ */

static void *open_first(const char *const names[]) {
    for (int i = 0; names[i]; i++) {
        void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle) return handle;
    }
    return NULL;
}

#define LOAD(handle, name) ((typeof(&name))dlsym(handle, #name))

static void set_error(char *error, size_t length, const char *message) {
    if (error && length) snprintf(error, length, "%s", message);
}

/* The one size rule for every decoder, read from the header before anything is decoded:
   returns non-zero, with the reason, for a picture that is empty or over the limit. */
static int over_limit(unsigned width, unsigned height, char *error, size_t error_length) {
    if (width >= 1 && height >= 1 && width <= TOUR_IMAGE_MAX_SIDE && height <= TOUR_IMAGE_MAX_SIDE) return 0;
    char message[128];
    snprintf(message, sizeof message, "the picture is %ux%u; the limit is %dx%d", width, height, TOUR_IMAGE_MAX_SIDE, TOUR_IMAGE_MAX_SIDE);
    set_error(error, error_length, message);
    return 1;
}

/* --- scaling down ------------------------------------------------------------------ */

/* A box filter to at most TOUR_IMAGE_KEEP_SIDE on the longer side. */
static uint8_t *shrink(uint8_t *pixels, int *width, int *height) {
    int w = *width, h = *height;
    int longer = w > h ? w : h;
    if (longer <= TOUR_IMAGE_KEEP_SIDE) return pixels;
    int nw = (int)((long)w * TOUR_IMAGE_KEEP_SIDE / longer), nh = (int)((long)h * TOUR_IMAGE_KEEP_SIDE / longer);
    if (nw < 1) nw = 1;
    if (nh < 1) nh = 1;
    uint8_t *out = malloc((size_t)nw * nh * 4);
    if (!out) return pixels;
    for (int y = 0; y < nh; y++) {
        int y0 = (int)((long)y * h / nh), y1 = (int)((long)(y + 1) * h / nh);
        if (y1 <= y0) y1 = y0 + 1;
        for (int x = 0; x < nw; x++) {
            int x0 = (int)((long)x * w / nw), x1 = (int)((long)(x + 1) * w / nw);
            if (x1 <= x0) x1 = x0 + 1;
            unsigned long sum[4] = {0, 0, 0, 0}, count = 0;
            for (int sy = y0; sy < y1; sy++)
                for (int sx = x0; sx < x1; sx++) {
                    const uint8_t *p = pixels + ((size_t)sy * w + sx) * 4;
                    for (int c = 0; c < 4; c++) sum[c] += p[c];
                    count++;
                }
            uint8_t *q = out + ((size_t)y * nw + x) * 4;
            for (int c = 0; c < 4; c++) q[c] = (uint8_t)(sum[c] / count);
        }
    }
    free(pixels);
    *width = nw;
    *height = nh;
    return out;
}

/* --- PNG, with libpng's simplified API ---------------------------------------------- */

static int decode_png(const uint8_t *data, size_t length, uint8_t **pixels, int *width, int *height, char *error, size_t error_length) {
    static const char *const names[] = {"libpng16.so.16", "libpng16.so", NULL};
    static void *library;
    if (!library) library = open_first(names);
    if (!library) { set_error(error, error_length, "libpng is not installed"); return 3; }
    typeof(&png_image_begin_read_from_memory) begin = LOAD(library, png_image_begin_read_from_memory);
    typeof(&png_image_finish_read) finish = LOAD(library, png_image_finish_read);
    typeof(&png_image_free) release = LOAD(library, png_image_free);
    if (!begin || !finish || !release) { set_error(error, error_length, "libpng is not usable"); return 3; }

    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!begin(&image, data, length)) {
        set_error(error, error_length, image.message[0] ? image.message : "not a PNG image");
        release(&image);
        return 1;
    }
    if (over_limit(image.width, image.height, error, error_length)) {
        release(&image);
        return 2;
    }
    image.format = PNG_FORMAT_RGBA;
    uint8_t *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (!buffer) { set_error(error, error_length, "out of memory"); release(&image); return 1; }
    if (!finish(&image, NULL, buffer, 0, NULL)) {
        set_error(error, error_length, image.message[0] ? image.message : "the PNG data is damaged");
        free(buffer);
        release(&image);
        return 1;
    }
    *width = (int)image.width;
    *height = (int)image.height;
    release(&image);
    *pixels = shrink(buffer, width, height);
    return 0;
}

/* --- JPEG, with libjpeg(-turbo) ------------------------------------------------------ */

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    failure->manager.format_message(info, failure->message);
    longjmp(failure->jump, 1);
}

/* A warning (a truncated file, corrupt data) is a failure too: half a picture is no picture. */
static void jpeg_warn(j_common_ptr info, int level) {
    if (level < 0) jpeg_fail(info);
}

static int decode_jpeg(const uint8_t *data, size_t length, uint8_t **pixels, int *width, int *height, char *error, size_t error_length) {
    static const char *const names[] = {"libjpeg.so.62", "libjpeg.so.8", "libjpeg.so", NULL};
    static void *library;
    if (!library) library = open_first(names);
    if (!library) { set_error(error, error_length, "libjpeg is not installed"); return 3; }
    typeof(&jpeg_std_error) std_error = LOAD(library, jpeg_std_error);
    typeof(&jpeg_CreateDecompress) create = LOAD(library, jpeg_CreateDecompress);
    typeof(&jpeg_mem_src) memory_source = LOAD(library, jpeg_mem_src);
    typeof(&jpeg_read_header) read_header = LOAD(library, jpeg_read_header);
    typeof(&jpeg_start_decompress) start = LOAD(library, jpeg_start_decompress);
    typeof(&jpeg_read_scanlines) read_lines = LOAD(library, jpeg_read_scanlines);
    typeof(&jpeg_finish_decompress) finish = LOAD(library, jpeg_finish_decompress);
    typeof(&jpeg_destroy_decompress) destroy = LOAD(library, jpeg_destroy_decompress);
    if (!std_error || !create || !memory_source || !read_header || !start || !read_lines || !finish || !destroy) {
        set_error(error, error_length, "libjpeg is not usable");
        return 3;
    }
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    uint8_t *volatile buffer = NULL;
    uint8_t *volatile row = NULL;
    info.err = std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_warn;
    failure.message[0] = 0;
    if (setjmp(failure.jump)) {
        set_error(error, error_length, failure.message[0] ? failure.message : "the JPEG data is damaged");
        destroy(&info);
        free(buffer);
        free(row);
        return 1;
    }
    create(&info, JPEG_LIB_VERSION, sizeof info);
    memory_source(&info, data, (unsigned long)length);
    read_header(&info, TRUE);
    if (over_limit(info.image_width, info.image_height, error, error_length)) {
        destroy(&info);
        return 2;
    }
    info.out_color_space = JCS_RGB;
    start(&info);
    int w = (int)info.output_width, h = (int)info.output_height;
    buffer = malloc((size_t)w * h * 4);
    row = malloc((size_t)w * 3);
    if (!buffer || !row) longjmp(failure.jump, 1);
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = {row};
        int y = (int)info.output_scanline;
        if (read_lines(&info, rows, 1) != 1) break;
        for (int x = 0; x < w; x++) {
            uint8_t *q = buffer + ((size_t)y * w + x) * 4;
            q[0] = row[x * 3]; q[1] = row[x * 3 + 1]; q[2] = row[x * 3 + 2]; q[3] = 255;
        }
    }
    finish(&info);
    destroy(&info);
    free(row);
    *width = w;
    *height = h;
    *pixels = shrink(buffer, width, height);
    return 0;
}

int tour_image_decode(const uint8_t *data, size_t length, uint8_t **pixels, int *width, int *height,
                      char *error, size_t error_length) {
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    *pixels = NULL;
    if (length >= 8 && memcmp(data, png_signature, 8) == 0) return decode_png(data, length, pixels, width, height, error, error_length);
    if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return decode_jpeg(data, length, pixels, width, height, error, error_length);
    set_error(error, error_length, "not a PNG or JPEG image");
    return 1;
}

void tour_image_free(uint8_t *pixels) { free(pixels); }

/* --- drawing into cells with libchafa ------------------------------------------------ */

/* libchafa's own API, declared here with plain C types so that neither its headers nor
   glib's are needed at build time; the values are those of chafa 1.x. */
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaCanvas ChafaCanvas;
enum { CHAFA_TAG_SPACE = 1 << 0, CHAFA_TAG_SOLID = 1 << 1, CHAFA_TAG_BLOCK = 1 << 3, CHAFA_TAG_HALF = (1 << 8) | (1 << 9),
       CHAFA_TAG_ASCII = 1 << 14 };
enum { CHAFA_MODE_TRUECOLOR = 0, CHAFA_MODE_INDEXED_256 = 1, CHAFA_MODE_FGBG = 5, CHAFA_MODE_INDEXED_8 = 6 };
enum { CHAFA_PIXEL_RGBA8_UNASSOCIATED_VALUE = 4 };

static struct {
    int loaded;
    ChafaSymbolMap *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(ChafaSymbolMap *, int);
    void (*symbol_map_unref)(ChafaSymbolMap *);
    ChafaCanvasConfig *(*config_new)(void);
    void (*config_set_geometry)(ChafaCanvasConfig *, int, int);
    void (*config_set_canvas_mode)(ChafaCanvasConfig *, int);
    void (*config_set_symbol_map)(ChafaCanvasConfig *, const ChafaSymbolMap *);
    void (*config_unref)(ChafaCanvasConfig *);
    ChafaCanvas *(*canvas_new)(const ChafaCanvasConfig *);
    void (*canvas_draw_all_pixels)(ChafaCanvas *, int, const uint8_t *, int, int, int);
    uint32_t (*canvas_get_char_at)(ChafaCanvas *, int, int);
    void (*canvas_get_colors_at)(ChafaCanvas *, int, int, int *, int *);
    void (*canvas_unref)(ChafaCanvas *);
    void (*calc_canvas_geometry)(int, int, int *, int *, float, int, int);
} chafa;

static int load_chafa(void) {
    if (chafa.loaded) return chafa.loaded > 0;
    static const char *const names[] = {"libchafa.so.0", "libchafa.so", NULL};
    void *library = open_first(names);
    chafa.loaded = -1;
    if (!library) return 0;
#define SYMBOL(field, name) if (!(*(void **)&chafa.field = dlsym(library, name))) return 0
    SYMBOL(symbol_map_new, "chafa_symbol_map_new");
    SYMBOL(symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags");
    SYMBOL(symbol_map_unref, "chafa_symbol_map_unref");
    SYMBOL(config_new, "chafa_canvas_config_new");
    SYMBOL(config_set_geometry, "chafa_canvas_config_set_geometry");
    SYMBOL(config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode");
    SYMBOL(config_set_symbol_map, "chafa_canvas_config_set_symbol_map");
    SYMBOL(config_unref, "chafa_canvas_config_unref");
    SYMBOL(canvas_new, "chafa_canvas_new");
    SYMBOL(canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels");
    SYMBOL(canvas_get_char_at, "chafa_canvas_get_char_at");
    SYMBOL(canvas_get_colors_at, "chafa_canvas_get_colors_at");
    SYMBOL(canvas_unref, "chafa_canvas_unref");
    SYMBOL(calc_canvas_geometry, "chafa_calc_canvas_geometry");
#undef SYMBOL
    chafa.loaded = 1;
    return 1;
}

void tour_image_fit(int width, int height, int max_cols, int max_rows, int *cols, int *rows) {
    int w = max_cols, h = max_rows;
    if (load_chafa()) {
        chafa.calc_canvas_geometry(width, height, &w, &h, 0.5f, 1, 0);
    } else {
        /* Without chafa, the same arithmetic: cells twice as tall as wide. */
        double scale_w = (double)max_cols / width, scale_h = (double)max_rows * 2 / height;
        double scale = scale_w < scale_h ? scale_w : scale_h;
        w = (int)(width * scale + 0.5);
        h = (int)(height * scale / 2 + 0.5);
    }
    *cols = w < 1 ? 1 : (w > max_cols ? max_cols : w);
    *rows = h < 1 ? 1 : (h > max_rows ? max_rows : h);
}

int tour_image_draw(const uint8_t *pixels, int width, int height, int cols, int rows, int mode, int ascii,
                    uint32_t *characters, int32_t *foregrounds, int32_t *backgrounds) {
    if (!load_chafa()) return 1;
    ChafaSymbolMap *symbols = chafa.symbol_map_new();
    chafa.symbol_map_add_by_tags(symbols, ascii ? (CHAFA_TAG_ASCII | CHAFA_TAG_SPACE) : (CHAFA_TAG_BLOCK | CHAFA_TAG_HALF | CHAFA_TAG_SPACE | CHAFA_TAG_SOLID));
    ChafaCanvasConfig *config = chafa.config_new();
    chafa.config_set_geometry(config, cols, rows);
    int modes[] = {CHAFA_MODE_TRUECOLOR, CHAFA_MODE_INDEXED_256, CHAFA_MODE_INDEXED_8, CHAFA_MODE_FGBG};
    chafa.config_set_canvas_mode(config, modes[mode < 0 || mode > 3 ? 0 : mode]);
    chafa.config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = chafa.canvas_new(config);
    chafa.canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED_VALUE, pixels, width, height, width * 4);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int fg = -1, bg = -1;
            characters[y * cols + x] = chafa.canvas_get_char_at(canvas, x, y);
            chafa.canvas_get_colors_at(canvas, x, y, &fg, &bg);
            foregrounds[y * cols + x] = mode == 3 ? -1 : fg;
            backgrounds[y * cols + x] = mode == 3 ? -1 : bg;
        }
    chafa.canvas_unref(canvas);
    chafa.config_unref(config);
    chafa.symbol_map_unref(symbols);
    return 0;
}
