/* The only C surface of Strata: ncursesw plus small inline wrappers Swift can call.
 *
 * Swift 6 cannot use ncurses' C globals (stdscr, COLORS, LINES, ...) or function-like macros (COLOR_PAIR,
 * A_BOLD, BUTTON1_PRESSED, ...) directly, so they are wrapped here as stateless inline functions.
 *
 * The signal handlers and the state they share with Swift (is curses active, the wake pipe, the handlers that
 * were there before) live in shim.c, in C because they must only call async-signal-safe code (plus endwin, which
 * every curses program calls there). That state must not be in this header: a `static` in an inline function
 * is one copy per translation unit in debug builds, so suspend() and the handlers would see different flags.
 *
 * Editing this header does not trigger a rebuild of the Swift module: touch a .swift file in NcursesBackend.
 */
#ifndef STRATA_CNCURSESW_SHIM_H
#define STRATA_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* ---- globals ---- */
static inline WINDOW *strata_stdscr(void) { return stdscr; }
static inline int strata_colors(void) { return COLORS; }
static inline int strata_color_pairs(void) { return COLOR_PAIRS; }
static inline int strata_lines(void) { return LINES; }
static inline int strata_cols(void) { return COLS; }

/* Opens the terminal on stdin/stdout without exiting the process on failure (initscr would). */
static inline SCREEN *strata_newterm(void) { return newterm(NULL, stdout, stdin); }

/* ---- attributes ---- */
static inline attr_t strata_a_normal(void) { return A_NORMAL; }
static inline attr_t strata_a_bold(void) { return A_BOLD; }
static inline attr_t strata_a_dim(void) { return A_DIM; }
static inline attr_t strata_a_italic(void) { return A_ITALIC; }
static inline attr_t strata_a_underline(void) { return A_UNDERLINE; }
static inline attr_t strata_a_reverse(void) { return A_REVERSE; }

/* Fills a cchar_t; `pair` may exceed a short (extended colour pairs are passed through `opts`). */
static inline int strata_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    int extended = pair;
    return setcchar(cell, text, attrs, (short)(pair < 32767 ? pair : 0), &extended);
}

/* ---- character widths as the C library (and so ncurses) sees them ---- */
extern int wcwidth(wchar_t c);
static inline int strata_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/* ---- keys ---- */
static inline int strata_key_f(int n) { return KEY_F(n); }

/* ---- mouse ---- */
static inline void strata_enable_mouse(int on) {
    /* A press and its release read together (over SSH they often are) come as one CLICKED event, and as a
     * DOUBLE or TRIPLE click when several are: ask for those too, or ncurses drops them. */
    mmask_t wanted = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON2_PRESSED | BUTTON2_RELEASED | BUTTON3_PRESSED
        | BUTTON3_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED | BUTTON1_CLICKED | BUTTON2_CLICKED | BUTTON3_CLICKED
        | BUTTON1_DOUBLE_CLICKED | BUTTON2_DOUBLE_CLICKED | BUTTON3_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED
        | BUTTON2_TRIPLE_CLICKED | BUTTON3_TRIPLE_CLICKED;
    mousemask(on ? wanted : 0, NULL);
    mouseinterval(0); /* report presses at once instead of waiting to detect clicks */
}

/* What a mouse event was: 1-3 press left/middle/right, 4-6 release, 7 wheel up, 8 wheel down, 0 other.
 * Fills x and y. Returns -1 when there was no event to read. */
static inline int strata_read_mouse(int *x, int *y) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    mmask_t b = event.bstate;
    if (b & BUTTON4_PRESSED) return 7;
    if (b & BUTTON5_PRESSED) return 8;
    if (b & (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED)) return 1;
    if (b & (BUTTON2_PRESSED | BUTTON2_CLICKED | BUTTON2_DOUBLE_CLICKED | BUTTON2_TRIPLE_CLICKED)) return 2;
    if (b & (BUTTON3_PRESSED | BUTTON3_CLICKED | BUTTON3_DOUBLE_CLICKED | BUTTON3_TRIPLE_CLICKED)) return 3;
    if (b & BUTTON1_RELEASED) return 4;
    if (b & BUTTON2_RELEASED) return 5;
    if (b & BUTTON3_RELEASED) return 6;
    return 0;
}

/* ---- restoring the terminal, also from signal handlers (defined in shim.c, one copy of the state) ---- */

/* Installs the quit and crash handlers and the atexit hook. Call before newterm, so ncurses keeps its own
 * SIGINT/SIGTERM handlers (which exit with status 1) out of the way. */
void strata_install_handlers(void);

/* After newterm: marks curses active and chains SIGWINCH after ncurses' own handler; `wake_fd` is the wake
 * pipe's write end. */
void strata_activate(int wake_fd);

/* Restores the terminal and puts back the signal handlers that were there before. */
void strata_uninstall_handlers(void);

/* Whether the handlers and the atexit hook will restore the terminal (1) or leave it alone (0): suspend() clears
 * it while another program ($EDITOR) owns the terminal, resume() sets it again. */
void strata_set_terminal_active(int active);
int strata_terminal_is_active(void);

/* Bracketed paste (xterm mode 2004: the terminal wraps pasted text in ESC [200~ ... ESC [201~). ncurses knows
 * nothing of the mode, so it is switched here with write(2) only (async-signal-safe, for the signal handlers).
 * Switching it off when it was never on is harmless, so restoring always does. */
void strata_paste_mode(int on);

#endif
