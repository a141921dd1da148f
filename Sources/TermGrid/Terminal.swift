/// Draws frames on a backend, sending only the cells that changed since the previous frame.
///
/// Typical loop: build a ``Buffer`` of ``size`` from the app state, ``draw(_:cursor:)`` it, then wait on
/// ``nextEvent(timeout:)``. A resize event makes the next draw a full redraw.
public final class Terminal {
    /// The backend frames go to.
    public let backend: any TerminalBackend
    /// The last frame drawn (what is on screen).
    public private(set) var current: Buffer
    /// Whether the next draw sends every cell.
    public private(set) var needsFullRedraw = true
    /// How many cells the last draw sent (a measure of how much changed).
    public private(set) var lastUpdateCount = 0

    /// Wraps a backend.
    public init(backend: any TerminalBackend) {
        self.backend = backend
        self.current = Buffer(size: backend.size)
    }

    /// The backend's current size.
    public var size: Size { backend.size }

    /// A blank buffer of the current size to render the next frame into.
    public func makeBuffer() -> Buffer { Buffer(size: backend.size) }

    /// Shows `frame`, sending only changed cells, and places the cursor (hidden when nil).
    public func draw(_ frame: Buffer, cursor: Position? = nil) {
        let updates: [CellUpdate]
        if needsFullRedraw || frame.size != current.size {
            backend.clear()
            updates = frame.allCells
        } else {
            updates = frame.diff(from: current)
        }
        backend.draw(updates)
        backend.setCursor(cursor.flatMap { frame.area.contains($0) ? $0 : nil })
        backend.flush()
        current = frame
        needsFullRedraw = false
        lastUpdateCount = updates.count
    }

    /// Renders a frame with `render` (which returns the cursor position, if any) and draws it.
    @discardableResult
    public func draw(_ render: (inout Buffer) -> Position?) -> Buffer {
        var buffer = makeBuffer()
        let cursor = render(&buffer)
        draw(buffer, cursor: cursor)
        return buffer
    }

    /// Makes the next draw send every cell (after the screen was disturbed, for example Ctrl-L).
    public func invalidate() { needsFullRedraw = true }

    /// The next event from the backend; a resize also schedules a full redraw.
    public func nextEvent(timeout: Duration?) throws -> Event? {
        let event = try backend.nextEvent(timeout: timeout)
        if case .resize = event { invalidate() }
        return event
    }

    /// The thread-safe handle that interrupts ``nextEvent(timeout:)``.
    public var waker: WakePipe { backend.waker }

    /// Restores the terminal.
    public func restore() { backend.restore() }
}
