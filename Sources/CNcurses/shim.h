#ifndef TOUR_CNCURSES_SHIM_H
#define TOUR_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so ask for the wide-character API here.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/// A window, as Swift names it: `UnsafeMutablePointer<WINDOW>` with ncurses 6.4, and
/// `OpaquePointer` with 6.5, whose `NCURSES_OPAQUE` makes WINDOW an incomplete type
/// (Debian 13 and every distribution since mid-2024). Swift code names this, never WINDOW.
typedef WINDOW *tour_window;

// Macros and globals that Swift cannot import.
static inline tour_window tour_stdscr(void) { return stdscr; }
static inline attr_t tour_a_normal(void) { return A_NORMAL; }
static inline attr_t tour_a_bold(void) { return A_BOLD; }
static inline attr_t tour_a_dim(void) { return A_DIM; }
static inline attr_t tour_a_reverse(void) { return A_REVERSE; }
static inline attr_t tour_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tour_a_italic(void) { return A_ITALIC; }
static inline int tour_getmaxy(tour_window w) { return getmaxy(w); }
static inline int tour_getmaxx(tour_window w) { return getmaxx(w); }
static inline int tour_lines(void) { return LINES; }
static inline int tour_cols(void) { return COLS; }
static inline int tour_colors(void) { return COLORS; }
static inline int tour_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *tour_stdout(void) { return stdout; }
static inline FILE *tour_stdin(void) { return stdin; }
static inline tour_window tour_curscr(void) { return curscr; }
/// The current terminal's cursor-addressing and mouse-key strings, or NULL when its entry
/// has none: read where term.h says ncurses keeps them. tigetstr finds a capability by
/// comparing its name with each of 414 (about 11 K instructions a call, at every start).
static inline const char *tour_present_string(const char *value) { return value == (char *)-1 ? NULL : value; }
static inline const char *tour_cursor_address(void) { return tour_present_string(cursor_address); }
static inline const char *tour_key_mouse(void) { return tour_present_string(key_mouse); }

/// How the entry leaves the alternate screen (rmcup: xterm's also pops the title it pushed); NULL where it has none.
static inline const char *tour_exit_ca_mode(void) { return tour_present_string(exit_ca_mode); }
/// The entry's strings ncurses sends at start that may designate character sets.
static inline const char *tour_enable_acs(void) { return tour_present_string(ena_acs); }
static inline const char *tour_init_2string(void) { return tour_present_string(init_2string); }
/// What sets the scroll margins to rows top...bottom (from 0), from the entry's csr; NULL
/// where it has none.
static inline const char *tour_scroll_region(int top, int bottom) {
    return tour_present_string(change_scroll_region) ? tparm(change_scroll_region, top, bottom) : NULL;
}

/// Fills a cchar_t from up to CCHARW_MAX wide characters; returns ERR on failure.
static inline int tour_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cell, text, attrs, (short)(pair > 32767 ? 0 : pair), &pair);
}

#endif
