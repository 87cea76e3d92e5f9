#define _GNU_SOURCE
#include "tour_image.h"
#include "library.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

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

/* --- scaling down, row by row ------------------------------------------------------ */

/* A box filter to at most TOUR_IMAGE_KEEP_SIDE on the longer side, fed one source row at
   a time, so the full-size picture is never held: only one source row and the output. */
struct shrinker {
    int width, height, out_width, out_height;
    int *column_of;          /* the output column each source column adds to */
    int *row_of;             /* the output row each source row adds to */
    unsigned long *sums;     /* one output row's sums, 4 channels */
    unsigned long *counts;
    int current_row;         /* the output row being summed, -1 before the first */
    uint8_t *out;
};

static int shrinker_open(struct shrinker *s, int width, int height) {
    memset(s, 0, sizeof *s);
    int longer = width > height ? width : height;
    int nw = width, nh = height;
    if (longer > TOUR_IMAGE_KEEP_SIDE) {
        nw = (int)((long)width * TOUR_IMAGE_KEEP_SIDE / longer);
        nh = (int)((long)height * TOUR_IMAGE_KEEP_SIDE / longer);
    }
    if (nw < 1) nw = 1;
    if (nh < 1) nh = 1;
    s->width = width; s->height = height; s->out_width = nw; s->out_height = nh; s->current_row = -1;
    s->column_of = malloc(sizeof(int) * (size_t)width);
    s->row_of = malloc(sizeof(int) * (size_t)height);
    s->sums = calloc((size_t)nw * 4, sizeof(unsigned long));
    s->counts = calloc((size_t)nw, sizeof(unsigned long));
    s->out = malloc((size_t)nw * nh * 4);
    if (!s->column_of || !s->row_of || !s->sums || !s->counts || !s->out) return 0;
    /* Output x covers source columns [x*w/nw, (x+1)*w/nw); rows likewise. */
    for (int x = 0; x < nw; x++)
        for (int sx = (int)((long)x * width / nw); sx < (int)((long)(x + 1) * width / nw); sx++) s->column_of[sx] = x;
    for (int y = 0; y < nh; y++)
        for (int sy = (int)((long)y * height / nh); sy < (int)((long)(y + 1) * height / nh); sy++) s->row_of[sy] = y;
    return 1;
}

static void shrinker_flush(struct shrinker *s) {
    if (s->current_row < 0) return;
    uint8_t *q = s->out + (size_t)s->current_row * s->out_width * 4;
    for (int x = 0; x < s->out_width; x++)
        for (int c = 0; c < 4; c++) q[x * 4 + c] = (uint8_t)(s->counts[x] ? s->sums[x * 4 + c] / s->counts[x] : 0);
    memset(s->sums, 0, sizeof(unsigned long) * (size_t)s->out_width * 4);
    memset(s->counts, 0, sizeof(unsigned long) * (size_t)s->out_width);
}

/* Adds source row `y`, RGBA. Rows come in order. */
static void shrinker_add(struct shrinker *s, int y, const uint8_t *rgba) {
    if (s->row_of[y] != s->current_row) {
        shrinker_flush(s);
        s->current_row = s->row_of[y];
    }
    for (int x = 0; x < s->width; x++) {
        int ox = s->column_of[x];
        for (int c = 0; c < 4; c++) s->sums[ox * 4 + c] += rgba[x * 4 + c];
        s->counts[ox]++;
    }
}

/* The shrunk picture (the caller frees it); the rest is released. */
static uint8_t *shrinker_finish(struct shrinker *s, int *width, int *height) {
    shrinker_flush(s);
    free(s->column_of); free(s->row_of); free(s->sums); free(s->counts);
    *width = s->out_width;
    *height = s->out_height;
    return s->out;
}

static void shrinker_abandon(struct shrinker *s) {
    free(s->column_of); free(s->row_of); free(s->sums); free(s->counts); free(s->out);
    memset(s, 0, sizeof *s);
}

pthread_mutex_t tour_image_library_lock = PTHREAD_MUTEX_INITIALIZER;

/* --- PNG, with libpng's row-by-row API ----------------------------------------------- */

struct png_failure {
    jmp_buf jump;
    char message[200];
};

struct png_source {
    const uint8_t *data;
    size_t length, offset;
};

static void png_fail(png_structp png, png_const_charp message);
static void png_warn(png_structp png, png_const_charp message) { (void)png; (void)message; }

static struct {
    int loaded;
    typeof(&png_create_read_struct) create_read;
    typeof(&png_create_info_struct) create_info;
    typeof(&png_destroy_read_struct) destroy_read;
    typeof(&png_set_read_fn) set_read_fn;
    typeof(&png_get_io_ptr) get_io_ptr;
    typeof(&png_get_error_ptr) get_error_ptr;
    typeof(&png_read_info) read_info;
    typeof(&png_get_IHDR) get_IHDR;
    typeof(&png_set_expand) set_expand;
    typeof(&png_set_strip_16) set_strip_16;
    typeof(&png_set_gray_to_rgb) set_gray_to_rgb;
    typeof(&png_set_add_alpha) set_add_alpha;
    typeof(&png_set_interlace_handling) set_interlace_handling;
    typeof(&png_read_update_info) read_update_info;
    typeof(&png_read_row) read_row;
} libpng;

static void png_fail(png_structp png, png_const_charp message) {
    struct png_failure *failure = libpng.get_error_ptr(png);
    snprintf(failure->message, sizeof failure->message, "%s", message && message[0] ? message : "the PNG data is damaged");
    longjmp(failure->jump, 1);
}

static void png_read_memory(png_structp png, png_bytep out, size_t count) {
    struct png_source *source = libpng.get_io_ptr(png);
    if (count > source->length - source->offset) png_fail(png, "the PNG data ends too soon");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static int load_png_locked(void) {
    if (libpng.loaded) return libpng.loaded > 0;
    static const char *const names[] = {"libpng16.so.16", "libpng16.so", NULL};
    void *library = open_once(&libpng.loaded, names);
    if (!library) return 0;
    libpng.create_read = LOAD(library, png_create_read_struct);
    libpng.create_info = LOAD(library, png_create_info_struct);
    libpng.destroy_read = LOAD(library, png_destroy_read_struct);
    libpng.set_read_fn = LOAD(library, png_set_read_fn);
    libpng.get_io_ptr = LOAD(library, png_get_io_ptr);
    libpng.get_error_ptr = LOAD(library, png_get_error_ptr);
    libpng.read_info = LOAD(library, png_read_info);
    libpng.get_IHDR = LOAD(library, png_get_IHDR);
    libpng.set_expand = LOAD(library, png_set_expand);
    libpng.set_strip_16 = LOAD(library, png_set_strip_16);
    libpng.set_gray_to_rgb = LOAD(library, png_set_gray_to_rgb);
    libpng.set_add_alpha = LOAD(library, png_set_add_alpha);
    libpng.set_interlace_handling = LOAD(library, png_set_interlace_handling);
    libpng.read_update_info = LOAD(library, png_read_update_info);
    libpng.read_row = LOAD(library, png_read_row);
    if (!libpng.create_read || !libpng.create_info || !libpng.destroy_read || !libpng.set_read_fn || !libpng.get_io_ptr ||
        !libpng.get_error_ptr || !libpng.read_info || !libpng.get_IHDR || !libpng.set_expand || !libpng.set_strip_16 ||
        !libpng.set_gray_to_rgb || !libpng.set_add_alpha || !libpng.set_interlace_handling || !libpng.read_update_info ||
        !libpng.read_row)
        return 0;
    libpng.loaded = 1;
    return 1;
}

static int load_png(void) {
    pthread_mutex_lock(&tour_image_library_lock);
    int loaded = load_png_locked();
    pthread_mutex_unlock(&tour_image_library_lock);
    return loaded;
}

static int decode_png(const uint8_t *data, size_t length, uint8_t **pixels, int *width, int *height, char *error, size_t error_length) {
    if (!load_png()) { set_error(error, error_length, "libpng is not installed or not usable"); return 3; }
    struct png_failure failure;
    struct png_source source = {data, length, 0};
    failure.message[0] = 0;
    png_structp png = libpng.create_read(PNG_LIBPNG_VER_STRING, &failure, png_fail, png_warn);
    if (!png) { set_error(error, error_length, "out of memory"); return 1; }
    png_infop info = libpng.create_info(png);
    uint8_t *volatile image = NULL;   /* the whole picture: only for an interlaced one */
    uint8_t *volatile row = NULL;
    struct shrinker shrink;
    memset(&shrink, 0, sizeof shrink);
    if (!info || setjmp(failure.jump)) {
        set_error(error, error_length, failure.message[0] ? failure.message : "not a PNG image");
        libpng.destroy_read(&png, info ? &info : NULL, NULL);
        free(image);
        free(row);
        shrinker_abandon(&shrink);
        return 1;
    }
    libpng.set_read_fn(png, &source, png_read_memory);
    libpng.read_info(png, info);  /* the header: checked before anything is decoded */
    png_uint_32 w = 0, h = 0;
    int depth = 0, color = 0, interlace = 0;
    libpng.get_IHDR(png, info, &w, &h, &depth, &color, &interlace, NULL, NULL);
    if (over_limit(w, h, error, error_length)) {
        libpng.destroy_read(&png, &info, NULL);
        return 2;
    }
    /* Everything to 8-bit RGBA: palettes and low bit depths expanded, tRNS to alpha,
       16 bits to 8, grey to RGB, an opaque alpha where there is none. */
    libpng.set_expand(png);
    libpng.set_strip_16(png);
    libpng.set_gray_to_rgb(png);
    libpng.set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    int passes = libpng.set_interlace_handling(png);
    libpng.read_update_info(png, info);
    if (passes > 1 && (size_t)w * h * 4 > TOUR_IMAGE_MAX_FULL_BYTES) {
        /* Interlaced rows are only whole after the last pass: the picture is held whole. */
        snprintf(failure.message, sizeof failure.message,
                 "an interlaced PNG of %ux%u needs %zu MiB to decode; the limit is %d MiB (save it without interlacing)",
                 (unsigned)w, (unsigned)h, ((size_t)w * h * 4) >> 20, TOUR_IMAGE_MAX_FULL_BYTES >> 20);
        longjmp(failure.jump, 1);
    }
    if (!shrinker_open(&shrink, (int)w, (int)h)) { snprintf(failure.message, sizeof failure.message, "out of memory"); longjmp(failure.jump, 1); }
    if (passes > 1) {
        image = calloc((size_t)w * h, 4);
        if (!image) { snprintf(failure.message, sizeof failure.message, "out of memory"); longjmp(failure.jump, 1); }
        for (int pass = 0; pass < passes; pass++)
            for (png_uint_32 y = 0; y < h; y++) libpng.read_row(png, image + (size_t)y * w * 4, NULL);
        for (png_uint_32 y = 0; y < h; y++) shrinker_add(&shrink, (int)y, image + (size_t)y * w * 4);
    } else {
        row = malloc((size_t)w * 4);
        if (!row) { snprintf(failure.message, sizeof failure.message, "out of memory"); longjmp(failure.jump, 1); }
        for (png_uint_32 y = 0; y < h; y++) {
            libpng.read_row(png, row, NULL);
            shrinker_add(&shrink, (int)y, row);
        }
    }
    libpng.destroy_read(&png, &info, NULL);
    free(image);
    free(row);
    *pixels = shrinker_finish(&shrink, width, height);
    return 0;
}

/* --- JPEG, with libjpeg(-turbo) ------------------------------------------------------ */

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX + 64];
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

/* libjpeg sets no limit on the scans of a progressive JPEG: a small file of many legal
   scans takes minutes. Past TOUR_IMAGE_MAX_SCANS the picture is refused, as djpeg's
   -maxscans does. */
static void jpeg_progress(j_common_ptr info) {
    j_decompress_ptr decompress = (j_decompress_ptr)info;
    if (decompress->input_scan_number > TOUR_IMAGE_MAX_SCANS) {
        struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
        snprintf(failure->message, sizeof failure->message, "the JPEG has more than %d scans", TOUR_IMAGE_MAX_SCANS);
        longjmp(failure->jump, 1);
    }
}

static int decode_jpeg(const uint8_t *data, size_t length, uint8_t **pixels, int *width, int *height, char *error, size_t error_length) {
    /* Only the 6.2 ABI, which this file is compiled against (Debian's libjpeg62-turbo,
       Fedora's libjpeg-turbo): libjpeg.so.8's decompress struct has another layout, and
       jpeg_CreateDecompress refuses a 6.2 caller there ("Wrong JPEG library version"). */
    static const char *const names[] = {"libjpeg.so.62", NULL};
    static void *library;
    static int tried;
    pthread_mutex_lock(&tour_image_library_lock);
    if (!tried) library = open_once(&tried, names);
    pthread_mutex_unlock(&tour_image_library_lock);
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
    struct jpeg_progress_mgr progress;
    uint8_t *volatile row = NULL;
    uint8_t *volatile rgba = NULL;
    struct shrinker shrink;
    memset(&shrink, 0, sizeof shrink);
    info.err = std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_warn;
    failure.message[0] = 0;
    if (setjmp(failure.jump)) {
        set_error(error, error_length, failure.message[0] ? failure.message : "the JPEG data is damaged");
        destroy(&info);
        free(row);
        free(rgba);
        shrinker_abandon(&shrink);
        return 1;
    }
    create(&info, JPEG_LIB_VERSION, sizeof info);
    progress.progress_monitor = jpeg_progress;
    info.progress = &progress;
    memory_source(&info, data, (unsigned long)length);
    read_header(&info, TRUE);
    if (over_limit(info.image_width, info.image_height, error, error_length)) {
        destroy(&info);
        return 2;
    }
    /* A progressive JPEG keeps every coefficient of the picture until its last scan, at
       full size whatever the output scale: refuse one that would need too much. */
    if (info.progressive_mode) {
        int max_h = 1, max_v = 1;
        for (int c = 0; c < info.num_components; c++) {
            if (info.comp_info[c].h_samp_factor > max_h) max_h = info.comp_info[c].h_samp_factor;
            if (info.comp_info[c].v_samp_factor > max_v) max_v = info.comp_info[c].v_samp_factor;
        }
        double bytes = 0;
        for (int c = 0; c < info.num_components; c++)
            bytes += (double)info.image_width * info.image_height * 2.0 * info.comp_info[c].h_samp_factor * info.comp_info[c].v_samp_factor / (max_h * max_v);
        if (bytes > TOUR_IMAGE_MAX_FULL_BYTES) {
            snprintf(failure.message, sizeof failure.message,
                     "a progressive JPEG of %ux%u needs %.0f MiB to decode; the limit is %d MiB (save it as a baseline JPEG)",
                     info.image_width, info.image_height, bytes / (1 << 20), TOUR_IMAGE_MAX_FULL_BYTES >> 20);
            longjmp(failure.jump, 1);
        }
    }
    /* Decoded at 1/2, 1/4 or 1/8 where that still leaves TOUR_IMAGE_KEEP_SIDE: the DCT
       scales for free, and the full-size picture is never made. */
    unsigned longer = info.image_width > info.image_height ? info.image_width : info.image_height;
    unsigned denominator = 8;
    while (denominator > 1 && longer / denominator < TOUR_IMAGE_KEEP_SIDE) denominator /= 2;
    info.scale_num = 1;
    info.scale_denom = denominator;
    /* CMYK and YCCK, as image editors write them, are read as CMYK and turned into RGB. */
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    int inverted = cmyk && info.saw_Adobe_marker;  /* Adobe's CMYK is stored inverted */
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    start(&info);
    int w = (int)info.output_width, h = (int)info.output_height;
    int components = cmyk ? 4 : 3;
    row = malloc((size_t)w * components);
    rgba = malloc((size_t)w * 4);
    if (!row || !rgba || !shrinker_open(&shrink, w, h)) { snprintf(failure.message, sizeof failure.message, "out of memory"); longjmp(failure.jump, 1); }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = {row};
        int y = (int)info.output_scanline;
        if (read_lines(&info, rows, 1) != 1) break;
        for (int x = 0; x < w; x++) {
            uint8_t *q = rgba + (size_t)x * 4;
            if (cmyk) {
                const uint8_t *p = row + (size_t)x * 4;
                unsigned c = p[0], m = p[1], yellow = p[2], k = p[3];
                if (!inverted) { c = 255 - c; m = 255 - m; yellow = 255 - yellow; k = 255 - k; }
                /* Inverted values are the light left: red = (255 - C)(255 - K) / 255. */
                q[0] = (uint8_t)(c * k / 255); q[1] = (uint8_t)(m * k / 255); q[2] = (uint8_t)(yellow * k / 255);
            } else {
                q[0] = row[x * 3]; q[1] = row[x * 3 + 1]; q[2] = row[x * 3 + 2];
            }
            q[3] = 255;
        }
        shrinker_add(&shrink, y, rgba);
    }
    finish(&info);
    destroy(&info);
    free(row);
    free(rgba);
    *pixels = shrinker_finish(&shrink, width, height);
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
