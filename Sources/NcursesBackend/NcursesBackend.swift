import CNcursesw
import Synchronization
import TermGrid

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ``TerminalBackend`` over ncursesw: draws changed cells with wide-character calls, reads keys, mouse and
/// resizes, and always gives the terminal back.
///
/// Opening it puts the terminal in raw mode on the alternate screen: Ctrl-C arrives as the key `.ctrl("c")`
/// (the app decides to quit), Escape is recognised after 25 ms, and a paste arrives as one event (bracketed paste,
/// switched off again on restore and while suspended). ``nextEvent(timeout:)`` sleeps in `poll()` on
/// standard input and the wake pipe, so an idle app takes no CPU. The terminal is restored by ``restore()``, at
/// exit, and on SIGINT, SIGTERM, SIGHUP and crash signals (which are then re-raised with the handler that was there
/// before). Only one backend may be open at a time.
public final class NcursesBackend: TerminalBackend {
    /// How colours are shown.
    public enum ColorMode: Hashable, Sendable {
        /// No colour: only bold, dim, italic, underline and reverse (`NO_COLOR`, or a monochrome terminal).
        case monochrome
        /// The 8 basic colours; palette colours are mapped to the nearest one.
        case basic
        /// The 256-colour palette.
        case indexed256
    }

    /// Choices for opening the terminal.
    public struct Options: Sendable {
        /// The colour mode, or nil to choose from the terminal (`COLORS`) and the `NO_COLOR` variable.
        public var colorMode: ColorMode?
        /// Whether to report mouse clicks and the wheel (the terminal's own text selection then needs Shift).
        public var mouse: Bool
        /// How long to wait after Escape for the rest of a key sequence, in milliseconds.
        public var escapeDelay: Int
        /// Whether to ask the terminal for bracketed paste, so a paste arrives as one ``Event/paste(_:)``.
        public var bracketedPaste: Bool

        /// Default options: detected colours, mouse on, 25 ms escape delay, bracketed paste on.
        public init(colorMode: ColorMode? = nil, mouse: Bool = true, escapeDelay: Int = 25, bracketedPaste: Bool = true)
        {
            self.colorMode = colorMode
            self.mouse = mouse
            self.escapeDelay = escapeDelay
            self.bracketedPaste = bracketedPaste
        }
    }

    /// The colour mode in use.
    public let colorMode: ColorMode
    /// Whether bracketed paste was asked for (it is switched off while suspended).
    public let bracketedPaste: Bool
    /// Interrupts a blocked ``nextEvent(timeout:)`` from any thread (and carries SIGWINCH).
    public let waker: WakePipe

    /// Whether some backend has the terminal (ncurses has one screen per process here).
    private static let isOpenAnywhere = Atomic<Bool>(false)

    private let screen: OpaquePointer
    var isOpen = true
    /// Colour pairs allocated so far, by (foreground, background) colour number.
    var pairs: [PairKey: Int32] = [:]
    /// The next free pair number.
    var nextPair: Int32 = 1
    /// Whether -1 may be used for the terminal's default colours (`use_default_colors` worked).
    let defaultColorsAvailable: Bool
    /// Events read from ncurses but not yet returned.
    var pending = PendingEvents()
    /// Turns what ncurses reads into events; holds a paste (or an escape sequence) split across reads.
    var decoder = InputDecoder()
    /// When input last arrived (a paste without an end marker is ended after a quiet time).
    var lastInput: ContinuousClock.Instant?
    /// Consecutive polls that reported input but yielded none (a closed terminal).
    var emptyReads = 0
    private var cursorVisible = false
    private var cursor: Position?

    struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Opens the terminal on standard input and output.
    ///
    /// Throws (without touching the terminal) when standard input or output is not a terminal or `TERM` names a
    /// terminal ncurses does not know.
    public init(options: Options = Options()) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError(
                "standard input and output must be a terminal for the interactive explorer; "
                    + "use `strata screenshot` for headless output")
        }
        setlocale(LC_ALL, "")
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard
            NcursesBackend.isOpenAnywhere.compareExchange(
                expected: false, desired: true, ordering: .sequentiallyConsistent
            ).exchanged
        else {
            throw TerminalError("the terminal is already open: restore the other NcursesBackend first")
        }
        strata_install_handlers()
        guard let screen = strata_newterm() else {
            strata_uninstall_handlers()
            NcursesBackend.isOpenAnywhere.store(false, ordering: .sequentiallyConsistent)
            throw TerminalError(
                "cannot use the terminal TERM='\(term)': ncurses has no description for it; "
                    + "set TERM to a known terminal such as xterm-256color")
        }
        self.screen = screen
        do {
            waker = try WakePipe()
        } catch {
            endwin()
            delscreen(screen)
            strata_uninstall_handlers()
            NcursesBackend.isOpenAnywhere.store(false, ordering: .sequentiallyConsistent)
            throw error
        }
        raw()
        noecho()
        nonl()
        keypad(strata_stdscr(), true)
        nodelay(strata_stdscr(), true)
        set_escdelay(Int32(max(options.escapeDelay, 0)))
        curs_set(0)
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        var mode = options.colorMode
        if mode == nil {
            if noColor || !has_colors() {
                mode = .monochrome
            } else {
                start_color()
                mode = strata_colors() >= 256 ? .indexed256 : strata_colors() >= 8 ? .basic : .monochrome
            }
        } else if mode != .monochrome {
            start_color()
        }
        colorMode = mode!
        defaultColorsAvailable = colorMode != .monochrome && use_default_colors() == OK
        strata_enable_mouse(options.mouse ? 1 : 0)
        strata_activate(waker.writeDescriptor)
        wclear(strata_stdscr())
        wrefresh(strata_stdscr())
        bracketedPaste = options.bracketedPaste
        if bracketedPaste { strata_paste_mode(1) }
    }

    deinit { restore() }

    /// The terminal's size in cells.
    public var size: Size { Size(width: Int(strata_cols()), height: Int(strata_lines())) }

    /// Draws the cells into ncurses' screen (shown by ``flush()``).
    public func draw(_ updates: [CellUpdate]) {
        guard isOpen else { return }
        let width = Int(strata_cols())
        let height = Int(strata_lines())
        for update in updates where update.x >= 0 && update.x < width && update.y >= 0 && update.y < height {
            drawCell(update.cell, x: update.x, y: update.y, screenWidth: width)
        }
    }

    /// Blanks the screen; the next ``flush()`` repaints it completely.
    public func clear() {
        guard isOpen else { return }
        werase(strata_stdscr())
        clearok(strata_stdscr(), true)
    }

    /// Shows the cursor at `position`, or hides it.
    public func setCursor(_ position: Position?) { cursor = position }

    /// Sends the changes to the terminal.
    public func flush() {
        guard isOpen else { return }
        if let cursor {
            wmove(strata_stdscr(), Int32(cursor.y), Int32(cursor.x))
            if !cursorVisible {
                curs_set(1)
                cursorVisible = true
            }
        } else if cursorVisible {
            curs_set(0)
            cursorVisible = false
        }
        wrefresh(strata_stdscr())
    }

    /// Writes the OSC 52 sequence for `text` straight to the terminal, between frames.
    public func setClipboard(_ text: String) -> Bool {
        guard isOpen, let sequence = OSC52.sequence(for: text) else { return false }
        var written = 0
        while written < sequence.count {
            let n = sequence[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            written += n
        }
        return true
    }

    /// Leaves curses mode and restores the terminal and the signal handlers (idempotent).
    public func restore() {
        guard isOpen else { return }
        isOpen = false
        strata_uninstall_handlers()
        delscreen(screen)
        NcursesBackend.isOpenAnywhere.store(false, ordering: .sequentiallyConsistent)
    }
}
