/// Something that happened at the terminal, delivered by ``TerminalBackend/nextEvent(timeout:)``.
public enum Event: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse click or wheel turn.
    case mouse(MouseEvent)
    /// The terminal changed size; the next frame must be drawn whole at the new size.
    case resize(Size)
    /// Text pasted in one go (bracketed paste): never keys, whatever characters it holds. Line breaks are `\n`.
    case paste(String)
    /// ``WakePipe/wake()`` was called: work finished on another thread, check for results.
    case wake
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The primary (usually left) button.
    case left
    /// The middle button (or wheel click).
    case middle
    /// The secondary (usually right) button.
    case right
}

/// A mouse action at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down (or a click, where the terminal only reports clicks).
        case press(MouseButton)
        /// A button went up.
        case release(MouseButton)
        /// The wheel turned away from the user (scroll up).
        case wheelUp
        /// The wheel turned towards the user (scroll down).
        case wheelDown
    }

    /// What the mouse did.
    public var kind: Kind
    /// The cell column, 0-based.
    public var x: Int
    /// The cell row, 0-based.
    public var y: Int

    /// Creates a mouse event.
    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }

    /// The cell the event happened at.
    public var position: Position { Position(x: x, y: y) }
}
