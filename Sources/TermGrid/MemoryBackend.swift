import Foundation

/// A terminal in memory for tests: a fixed-size screen that records what was drawn, and scripted events.
///
/// ``screen`` is the buffer a real terminal would show after applying every draw, so a test can check that the
/// diffs sent were right by comparing it with the frame. Events queued with ``push(_:)`` (from any thread, through
/// ``events``) come out of ``nextEvent(timeout:)`` in order; when the queue is empty it blocks like a real
/// terminal until an event is pushed, ``WakePipe/wake()`` is called, or the timeout passes.
public final class MemoryBackend: TerminalBackend {
    /// What the screen shows.
    public private(set) var screen: Buffer
    /// Where the cursor is, or nil when hidden.
    public private(set) var cursor: Position?
    /// How many times ``flush()`` was called (frames shown).
    public private(set) var flushCount = 0
    /// How many times ``clear()`` was called.
    public private(set) var clearCount = 0
    /// The cells passed to the last ``draw(_:)``.
    public private(set) var lastUpdates: [CellUpdate] = []
    /// Cells drawn in total.
    public private(set) var cellsDrawn = 0
    /// Whether ``restore()`` was called.
    public private(set) var isRestored = false
    /// Every text put on the clipboard, in order.
    public private(set) var clipboard: [String] = []
    /// The scripted events still to come; push to it from any thread.
    public let events: EventQueue
    /// Interrupts a blocked ``nextEvent(timeout:)``.
    public let waker: WakePipe

    /// A blank screen of `width`×`height` with `events` queued.
    public init(width: Int, height: Int, events: [Event] = []) {
        screen = Buffer(width: width, height: height)
        // A pipe can only fail to open when the process is out of descriptors; tests cannot go on then.
        waker = try! WakePipe()
        self.events = EventQueue(waker: waker)
        self.events.push(contentsOf: events)
    }

    /// The screen size.
    public var size: Size { screen.size }

    /// Applies the updates to ``screen``.
    public func draw(_ updates: [CellUpdate]) {
        for update in updates
        where update.x >= 0 && update.x < screen.width && update.y >= 0 && update.y < screen.height {
            let columns = min(update.cell.width, screen.width - update.x)
            screen.put(update.cell, columns: max(columns, 1), x: update.x, y: update.y)
        }
        lastUpdates = updates
        cellsDrawn += updates.count
    }

    /// Blanks ``screen``.
    public func clear() {
        screen = Buffer(size: screen.size)
        clearCount += 1
    }

    /// Records the cursor.
    public func setCursor(_ position: Position?) { cursor = position }

    /// Records the text as copied (when OSC 52 could carry it).
    public func setClipboard(_ text: String) -> Bool {
        guard OSC52.sequence(for: text) != nil else { return false }
        clipboard.append(text)
        return true
    }

    /// Counts a frame.
    public func flush() { flushCount += 1 }

    /// Queues events (same as `events.push`).
    public func push(_ newEvents: Event...) { events.push(contentsOf: newEvents) }

    /// Changes the screen size (keeping what fits) and queues the resize event, as a terminal would.
    public func resize(to size: Size) {
        screen.resize(width: size.width, height: size.height)
        events.push(contentsOf: [.resize(size)])
    }

    /// The next queued event; blocks (without spinning) while the queue is empty.
    public func nextEvent(timeout: Duration?) throws -> Event? {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            if waker.takeWake() { return .wake }
            if let event = events.pop() { return event }
            let remaining = deadline.map { max($0 - clock.now, .zero) }
            let result = waker.wait(input: nil, timeout: remaining)
            if result.timedOut, let deadline, clock.now >= deadline {
                if waker.takeWake() { return .wake }
                return events.pop()
            }
        }
    }

    /// Marks the terminal restored.
    public func restore() { isRestored = true }
}

/// A thread-safe queue of scripted events that wakes the backend waiting on it.
///
/// Locked with `NSLock` (a pthread mutex ThreadSanitizer sees), not `Synchronization.Mutex` (a futex it does not).
public final class EventQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var items = PendingEvents()
    private let waker: WakePipe

    init(waker: WakePipe) { self.waker = waker }

    /// Appends events and nudges a waiting ``MemoryBackend/nextEvent(timeout:)``.
    public func push(contentsOf events: [Event]) {
        guard !events.isEmpty else { return }
        lock.withLock { items.append(contentsOf: events) }
        waker.nudge()
    }

    /// Appends one event.
    public func push(_ event: Event) { push(contentsOf: [event]) }

    /// Removes and returns the first event.
    func pop() -> Event? {
        lock.withLock { items.next() }
    }

    /// How many events are waiting.
    public var count: Int { lock.withLock { items.count } }
}
