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
        setTerminalActive(false)
    }

    /// Takes the terminal back after ``suspend()`` and repaints everything on the next flush.
    public func resume() {
        guard isOpen else { return }
        reset_prog_mode()
        setTerminalActive(true)
        clearok(strata_stdscr(), true)
        wrefresh(strata_stdscr())
        if bracketedPaste { strata_paste_mode(1) }
    }
}
