/// A terminal the app draws to and reads events from: ncurses for real, ``MemoryBackend`` in tests.
///
/// Backends receive only changed cells (``Buffer/diff(from:)``); ``Terminal`` keeps the last frame and computes the
/// diff. Backends are used from one thread; the exception is ``waker``, which any thread may use to interrupt a
/// blocked ``nextEvent(timeout:)``.
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }

    /// Draws these cells (continuation cells are never passed; a wide cell covers the next column).
    func draw(_ updates: [CellUpdate])

    /// Forgets what is on screen and blanks it; the next draw must send every cell.
    func clear()

    /// Shows the text cursor at `position`, or hides it when nil.
    func setCursor(_ position: Position?)

    /// Makes everything drawn so far visible.
    func flush()

    /// Waits for the next event: at most `timeout` (nil waits indefinitely), without busy polling.
    ///
    /// Returns nil on timeout and ``Event/wake`` after ``WakePipe/wake()``. Throws when input is gone for good
    /// (the terminal closed), so the app can quit instead of spinning.
    func nextEvent(timeout: Duration?) throws -> Event?

    /// The thread-safe handle that interrupts ``nextEvent(timeout:)`` from another thread.
    var waker: WakePipe { get }

    /// Puts the terminal back the way it was (idempotent).
    func restore()

    /// Puts `text` on the system clipboard (OSC 52 for a real terminal); false when it could not be sent.
    func setClipboard(_ text: String) -> Bool
}

extension TerminalBackend {
    /// Interrupts a blocked ``nextEvent(timeout:)``; see ``WakePipe/wake()``.
    public func wake() { waker.wake() }

    /// Clears the screen and draws `buffer` whole.
    public func draw(buffer: Buffer) {
        clear()
        draw(buffer.allCells)
        flush()
    }
}
