/// The text, cursor and horizontal scroll of a one-line text field, owned by the app.
///
/// The cursor is a character index (0 = before the first character, `text.count` = after the last). Editing
/// methods keep it valid; ``handle(_:)`` maps the usual keys to them.
public struct TextFieldState: Hashable, Sendable {
    /// The text being edited. Setting it moves the cursor to the end when it would fall outside.
    public var text: String {
        didSet { cursor = min(cursor, text.count) }
    }
    /// The cursor, a character index into ``text``.
    public var cursor: Int {
        didSet { cursor = min(max(cursor, 0), text.count) }
    }
    /// Columns of text scrolled out on the left; ``TextField`` keeps the cursor visible by adjusting it.
    public var scroll: Int = 0
    /// Where the terminal cursor belongs after the field was last drawn (nil before that, or when it had no room).
    public var cursorPosition: Position?

    /// A field holding `text` with the cursor at its end.
    public init(text: String = "") {
        self.text = TextFieldState.cleaned(text)
        self.cursor = self.text.count
    }

    private var cursorIndex: String.Index { text.index(text.startIndex, offsetBy: cursor) }

    /// Text as it may enter the field: newlines and tabs become spaces, other control characters are dropped.
    static func cleaned(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                out.append(" ")
            } else if !character.unicodeScalars.contains(where: { VisibleText.escape(for: $0) != nil }) {
                out.append(character)
            }
        }
        return out
    }

    /// Inserts `string` at the cursor and moves the cursor after it.
    public mutating func insert(_ string: String) {
        let clean = TextFieldState.cleaned(string)
        guard !clean.isEmpty else { return }
        let before = text.count
        text.insert(contentsOf: clean, at: cursorIndex)
        cursor += text.count - before
    }

    /// Deletes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        let index = text.index(before: cursorIndex)
        text.remove(at: index)
        cursor -= 1
    }

    /// Deletes the character after the cursor (Delete).
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: cursorIndex)
    }

    /// Deletes everything before the cursor (Ctrl-U).
    public mutating func deleteToStart() {
        text.removeSubrange(text.startIndex..<cursorIndex)
        cursor = 0
    }

    /// Deletes everything after the cursor (Ctrl-K).
    public mutating func deleteToEnd() {
        text.removeSubrange(cursorIndex..<text.endIndex)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    public mutating func deleteWordBackward() {
        let start = wordStart(before: cursor)
        let from = text.index(text.startIndex, offsetBy: start)
        text.removeSubrange(from..<cursorIndex)
        cursor = start
    }

    /// Moves the cursor one character left.
    public mutating func moveLeft() { cursor -= 1 }
    /// Moves the cursor one character right.
    public mutating func moveRight() { cursor += 1 }
    /// Moves the cursor to the start (Home, Ctrl-A).
    public mutating func moveHome() { cursor = 0 }
    /// Moves the cursor to the end (End, Ctrl-E).
    public mutating func moveEnd() { cursor = text.count }
    /// Moves the cursor to the start of the previous word (Alt-b).
    public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// Moves the cursor past the next word (Alt-f).
    public mutating func moveWordRight() {
        let characters = Array(text)
        var i = cursor
        while i < characters.count && characters[i] == " " { i += 1 }
        while i < characters.count && characters[i] != " " { i += 1 }
        cursor = i
    }

    private func wordStart(before position: Int) -> Int {
        let characters = Array(text)
        var i = position
        while i > 0 && characters[i - 1] == " " { i -= 1 }
        while i > 0 && characters[i - 1] != " " { i -= 1 }
        return i
    }

    /// Applies an editing key and returns true, or returns false for keys a text field does not handle (Enter,
    /// Escape, Tab, Up, Down, …) so the app can act on them.
    ///
    /// Handled: printable characters, Backspace, Delete, Left, Right, Home, End, Ctrl-A/E (home/end),
    /// Ctrl-B/F (left/right), Ctrl-U (delete to start), Ctrl-K (delete to end), Ctrl-W (delete word),
    /// Ctrl-D (delete forward), Alt-b/Alt-f (word left/right).
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c): insert(String(c))
        case .backspace: deleteBackward()
        case .delete, .ctrl("d"): deleteForward()
        case .left, .ctrl("b"): moveLeft()
        case .right, .ctrl("f"): moveRight()
        case .home, .ctrl("a"): moveHome()
        case .end, .ctrl("e"): moveEnd()
        case .ctrl("u"): deleteToStart()
        case .ctrl("k"): deleteToEnd()
        case .ctrl("w"): deleteWordBackward()
        case .alt("b"): moveWordLeft()
        case .alt("f"): moveWordRight()
        default: return false
        }
        return true
    }
}
