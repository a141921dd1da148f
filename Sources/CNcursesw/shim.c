/* The signal handlers and the one copy of the state they share with Swift (see shim.h for why it is here). */
#include "shim.h"

/* Is curses mode on (so a handler or the atexit hook must call endwin)? */
static volatile sig_atomic_t terminal_active = 0;
/* The wake pipe's write end, nudged on SIGWINCH; -1 when the explorer is not running. */
static volatile int signal_fd = -1;
/* The handlers that were installed before ours, by signal number. */
static struct sigaction previous_actions[65];
/* Whether the atexit hook is registered (it stays for the life of the process). */
static int installed_atexit = 0;
/* Whether our SIGWINCH handler is installed (independent of suspend(), which only clears terminal_active). */
static int winch_installed = 0;

void strata_set_terminal_active(int active) { terminal_active = active ? 1 : 0; }

int strata_terminal_is_active(void) { return terminal_active; }

void strata_paste_mode(int on) {
    static const char enable[] = "\033[?2004h", disable[] = "\033[?2004l";
    ssize_t ignored = on ? write(STDOUT_FILENO, enable, sizeof enable - 1)
                         : write(STDOUT_FILENO, disable, sizeof disable - 1);
    (void)ignored;
}

/* Leaves curses mode once (endwin restores tty modes, the main screen, the cursor and mouse reporting; bracketed
 * paste is switched off here). */
static void restore_terminal(void) {
    if (terminal_active) {
        terminal_active = 0;
        strata_paste_mode(0);
        endwin();
        fflush(stdout);
    }
}

/* SIGWINCH: let ncurses see it (it queues KEY_RESIZE), then nudge the event loop through the wake pipe. */
static void on_winch(int sig, siginfo_t *info, void *context) {
    int saved = errno;
    struct sigaction *previous = &previous_actions[sig];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction) previous->sa_sigaction(sig, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler) {
        previous->sa_handler(sig);
    }
    int fd = signal_fd;
    if (fd >= 0) {
        char byte = 'w';
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

/* SIGINT, SIGTERM, SIGHUP, SIGQUIT: restore the terminal, then die of the signal with the default action. */
static void on_quit(int sig) {
    restore_terminal();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Crash signals: restore the terminal, then re-raise with the handler that was there before (the default action
 * or the Swift runtime's crash reporter, which then prints to a sane terminal). */
static void on_crash(int sig) {
    restore_terminal();
    sigaction(sig, &previous_actions[sig], NULL);
    raise(sig);
}

static void catch_signal(int sig, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    sigaction(sig, &action, &previous_actions[sig]);
}

void strata_install_handlers(void) {
    if (!installed_atexit) {
        installed_atexit = 1;
        atexit(restore_terminal);
    }
    int quit[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (unsigned i = 0; i < sizeof quit / sizeof quit[0]; i++) catch_signal(quit[i], on_quit);
    int crash[] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
    for (unsigned i = 0; i < sizeof crash / sizeof crash[0]; i++) catch_signal(crash[i], on_crash);
}

void strata_activate(int wake_fd) {
    signal_fd = wake_fd;
    terminal_active = 1;
    struct sigaction winch;
    memset(&winch, 0, sizeof winch);
    winch.sa_sigaction = on_winch;
    sigemptyset(&winch.sa_mask);
    winch.sa_flags = SA_SIGINFO | SA_RESTART;
    sigaction(SIGWINCH, &winch, &previous_actions[SIGWINCH]);
    winch_installed = 1;
}

void strata_uninstall_handlers(void) {
    restore_terminal();
    signal_fd = -1;
    if (winch_installed) {
        winch_installed = 0;
        sigaction(SIGWINCH, &previous_actions[SIGWINCH], NULL);
    }
    int all[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
    for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) sigaction(all[i], &previous_actions[all[i]], NULL);
}
