#define _GNU_SOURCE
#include "tour_image.h"
#include "library.h"

#include <stdint.h>

/* --- drawing into cells with libchafa ------------------------------------------------ */

/* libchafa's own API, declared here with plain C types so that neither its headers nor
   glib's are needed at build time. The values are chafa 1.x's, under chafa's own names:
   Tests/Packages/c-glue-test.py reads each name's value from the installed headers and
   fails when one differs. */
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaCanvas ChafaCanvas;
enum { CHAFA_SYMBOL_TAG_SPACE = 1 << 0, CHAFA_SYMBOL_TAG_SOLID = 1 << 1, CHAFA_SYMBOL_TAG_BLOCK = 1 << 3,
       CHAFA_SYMBOL_TAG_HALF = (1 << 8) | (1 << 9), CHAFA_SYMBOL_TAG_ASCII = 1 << 14 };
enum { CHAFA_CANVAS_MODE_TRUECOLOR = 0, CHAFA_CANVAS_MODE_INDEXED_256 = 1, CHAFA_CANVAS_MODE_FGBG = 5, CHAFA_CANVAS_MODE_INDEXED_8 = 6 };
enum { CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4 };

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

static int load_chafa_locked(void) {
    if (chafa.loaded) return chafa.loaded > 0;
    static const char *const names[] = {"libchafa.so.0", "libchafa.so", NULL};
    void *library = open_once(&chafa.loaded, names);
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

static int load_chafa(void) {
    pthread_mutex_lock(&tour_image_library_lock);
    int loaded = load_chafa_locked();
    pthread_mutex_unlock(&tour_image_library_lock);
    return loaded;
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

int tour_image_can_draw(void) { return load_chafa(); }

int tour_image_draw(const uint8_t *pixels, int width, int height, int cols, int rows, int mode, int ascii, int light,
                    uint32_t *characters, int32_t *foregrounds, int32_t *backgrounds) {
    if (!load_chafa()) return 1;
    ChafaSymbolMap *symbols = chafa.symbol_map_new();
    chafa.symbol_map_add_by_tags(symbols, ascii ? (CHAFA_SYMBOL_TAG_ASCII | CHAFA_SYMBOL_TAG_SPACE) : (CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID));
    ChafaCanvasConfig *config = chafa.config_new();
    chafa.config_set_geometry(config, cols, rows);
    int modes[] = {CHAFA_CANVAS_MODE_TRUECOLOR, CHAFA_CANVAS_MODE_INDEXED_256, CHAFA_CANVAS_MODE_INDEXED_8, CHAFA_CANVAS_MODE_FGBG};
    chafa.config_set_canvas_mode(config, modes[mode < 0 || mode > 3 ? 0 : mode]);
    chafa.config_set_symbol_map(config, symbols);
    /* Without colors the ink is the terminal's text color. chafa's FGBG mode inks the
       picture's light parts; on a light terminal that draws a negative, whose shapes still
       read. (Telling chafa 1.12 the colors are dark on light crashes it.) */
    (void)light;
    ChafaCanvas *canvas = chafa.canvas_new(config);
    chafa.canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
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
