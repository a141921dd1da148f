/* The only C surface of Strata: ncursesw plus small inline wrappers Swift can call.
 *
 * Swift 6 cannot use ncurses' C globals (stdscr, COLORS, LINES, ...) or function-like macros (COLOR_PAIR,
 * A_BOLD, BUTTON1_PRESSED, ...) directly, so they are wrapped here. The signal handlers live here too, in C,
 * because they must only call async-signal-safe code (plus endwin, which every curses program calls there).
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
    mmask_t wanted = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON2_PRESSED | BUTTON2_RELEASED | BUTTON3_PRESSED
        | BUTTON3_RELEASED | BUTTON4_PRESSED | BUTTON5_PRESSED;
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
    if (b & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 1;
    if (b & (BUTTON2_PRESSED | BUTTON2_CLICKED)) return 2;
    if (b & (BUTTON3_PRESSED | BUTTON3_CLICKED)) return 3;
    if (b & BUTTON1_RELEASED) return 4;
    if (b & BUTTON2_RELEASED) return 5;
    if (b & BUTTON3_RELEASED) return 6;
    return 0;
}

/* ---- restoring the terminal, also from signal handlers ---- */
/* State shared with the signal handlers. Function-local statics: Swift emits inline functions, not header
 * variables. Each Swift file that calls one of these functions gets its own copy, statics included, so every
 * call that touches this state is made from NcursesBackend.swift (the file that installs the handlers). */
static inline volatile sig_atomic_t *strata_terminal_active(void) {
    static volatile sig_atomic_t active = 0;
    return &active;
}
static inline volatile int *strata_signal_fd(void) {
    static volatile int fd = -1;
    return &fd;
}
static inline struct sigaction *strata_previous_actions(void) {
    static struct sigaction actions[65];
    return actions;
}

/* ---- bracketed paste (xterm mode 2004: the terminal wraps pasted text in ESC [200~ ... ESC [201~) ---- */
/* ncurses knows nothing of the mode, so it is switched here, with write(2) only (async-signal-safe, for the signal
 * handlers). Switching it off when it was never on is harmless, so restoring always does. */
static inline void strata_paste_mode(int on) {
    static const char enable[] = "\033[?2004h", disable[] = "\033[?2004l";
    ssize_t ignored = on ? write(STDOUT_FILENO, enable, sizeof enable - 1)
                         : write(STDOUT_FILENO, disable, sizeof disable - 1);
    (void)ignored;
}

/* Leaves curses mode once (endwin restores tty modes, the main screen, the cursor and mouse reporting; bracketed
 * paste is switched off here). */
static void strata_restore_terminal(void) {
    if (*strata_terminal_active()) {
        *strata_terminal_active() = 0;
        strata_paste_mode(0);
        endwin();
        fflush(stdout);
    }
}

/* SIGWINCH: let ncurses see it (it queues KEY_RESIZE), then nudge the event loop through the wake pipe. */
static void strata_on_winch(int sig, siginfo_t *info, void *context) {
    int saved = errno;
    struct sigaction *previous = &strata_previous_actions()[sig];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) previous->sa_sigaction(sig, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler) {
        previous->sa_handler(sig);
    }
    int fd = *strata_signal_fd();
    if (fd >= 0) {
        char byte = 'w';
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

/* SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore the terminal, then die of the signal with the default action. */
static void strata_on_quit(int sig) {
    strata_restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Crash signals: restore the terminal, then re-raise with the handler that was there before (the default action
 * or the Swift runtime's crash reporter, which then prints to a sane terminal). */
static void strata_on_crash(int sig) {
    strata_restore_terminal();
    sigaction(sig, &strata_previous_actions()[sig], NULL);
    raise(sig);
}

static inline void strata_catch(int sig, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(sig, &action, &strata_previous_actions()[sig]);
}

/* Installs the quit and crash handlers and the atexit hook. Call before newterm, so ncurses keeps its own
 * SIGINT/SIGTERM handlers (which exit with status 1) out of the way. */
static inline void strata_install_handlers(void) {
    static int installed_atexit = 0; /* in a function, so it is emitted */
    if (!installed_atexit) {
        installed_atexit = 1;
        atexit(strata_restore_terminal);
    }
    int quit[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (unsigned i = 0; i < sizeof quit / sizeof quit[0]; i++) strata_catch(quit[i], strata_on_quit);
    int crash[] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
    for (unsigned i = 0; i < sizeof crash / sizeof crash[0]; i++) strata_catch(crash[i], strata_on_crash);
}

/* After newterm: marks curses active and chains SIGWINCH after ncurses' own handler; `wake_fd` is the wake
 * pipe's write end. */
static inline void strata_activate(int wake_fd) {
    *strata_signal_fd() = wake_fd;
    *strata_terminal_active() = 1;
    struct sigaction winch;
    memset(&winch, 0, sizeof winch);
    winch.sa_sigaction = strata_on_winch;
    sigemptyset(&winch.sa_mask);
    winch.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGWINCH, &winch, &strata_previous_actions()[SIGWINCH]);
}

/* Restores the terminal and puts back the signal handlers that were there before. */
static inline void strata_uninstall_handlers(void) {
    int active = *strata_terminal_active();
    strata_restore_terminal();
    *strata_signal_fd() = -1;
    if (active) sigaction(SIGWINCH, &strata_previous_actions()[SIGWINCH], NULL);
    int all[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) sigaction(all[i], &strata_previous_actions()[all[i]], NULL);
}

#endif
