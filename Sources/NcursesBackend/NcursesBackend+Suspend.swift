import CNcursesw
import TermGrid

extension NcursesBackend {
    /// Hands the terminal to another program (`$EDITOR`): leaves curses mode (and bracketed paste), keeping the
    /// screen's contents.
    public func suspend() {
        guard isOpen else { return }
        strata_paste_mode(0)
        def_prog_mode()
        endwin()
        NcursesBackend.terminalActive = false
    }

    /// Takes the terminal back after ``suspend()`` and repaints everything on the next flush.
    public func resume() {
        guard isOpen else { return }
        reset_prog_mode()
        NcursesBackend.terminalActive = true
        clearok(strata_stdscr(), true)
        wrefresh(strata_stdscr())
        if bracketedPaste { strata_paste_mode(1) }
    }

    /// Whether the signal handlers and the exit hook restore the terminal: false while another program owns it.
    ///
    /// The flag lives in shim.c, the one copy the handlers read (a `static` in a header's inline function would be
    /// one copy per translation unit in debug builds).
    package static var terminalActive: Bool {
        get { strata_terminal_is_active() != 0 }
        set { strata_set_terminal_active(newValue ? 1 : 0) }
    }
}
