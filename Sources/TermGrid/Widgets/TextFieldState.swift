/// The text, cursor and horizontal scroll of a one-line text field, owned by the app.
///
/// Editing costs are independent of the text's length: the cursor is kept as a UTF-8 offset at a character
/// boundary, so inserting, deleting and moving only look at the characters around it (a 100 000-character
/// value types and pastes as fast as a short one), and ``TextField`` draws only the window around the cursor.
/// ``cursor`` (a character index) is computed from the start when asked for, for callers that need a count.
/// ``handle(_:)`` maps the usual keys to the editing methods.
public struct TextFieldState: Hashable, Sendable {
    /// The text; private so that edits happen in place at ``cursorOffset``.
    private var storage: String
    /// The cursor as a UTF-8 offset into ``text``, always at a character boundary.
    public private(set) var cursorOffset: Int
    /// Where the visible part of the text starts, as a UTF-8 offset into ``text``; ``TextField`` adjusts it to keep
    /// the cursor visible.
    public var firstVisible: Int = 0
    /// Where the terminal cursor belongs after the field was last drawn (nil before that, or when it had no room).
    public var cursorPosition: Position?

    /// A field holding `text` with the cursor at its end.
    public init(text: String = "") {
        storage = TextFieldState.cleaned(text)
        cursorOffset = storage.utf8.count
    }

    /// The text being edited. Setting it keeps the cursor's character index, or moves it to the end when it would
    /// fall outside (this walks the text: editing methods are the cheap way to change it).
    public var text: String {
        get { storage }
        set {
            let character = cursor
            storage = newValue
            cursor = character
        }
    }

    /// The cursor as a character index (0 = before the first character, the character count = after the last).
    ///
    /// Counted from the start of the text, so it costs time in proportion to the cursor's position; setting it
    /// clamps it to the text.
    public var cursor: Int {
        get { storage[..<cursorIndex].count }
        set {
            var index = storage.startIndex
            var remaining = newValue
            while remaining > 0 && index < storage.endIndex {
                index = storage.index(after: index)
                remaining -= 1
            }
            cursorOffset = offset(of: index)
        }
    }

    /// The cursor as an index into ``text``.
    public var cursorIndex: String.Index { index(atOffset: cursorOffset) }

    /// The index at UTF-8 offset `offset` of ``text`` (constant time for native strings).
    func index(atOffset offset: Int) -> String.Index {
        storage.utf8.index(storage.utf8.startIndex, offsetBy: min(max(offset, 0), storage.utf8.count))
    }

    /// The UTF-8 offset of `index` in ``text``.
    func offset(of index: String.Index) -> Int { storage.utf8.distance(from: storage.utf8.startIndex, to: index) }

    /// The character boundary at or after UTF-8 offset `offset` (an insertion can join the cursor's neighbours).
    private func boundary(atOrAfter offset: Int) -> Int {
        let index = index(atOffset: offset)
        if index == storage.endIndex || String.Index(index, within: storage) != nil { return offset }
        return self.offset(of: storage.index(after: index))
    }

    /// The character boundary at or before UTF-8 offset `offset` (a deletion can join the cursor's neighbours).
    private func boundary(atOrBefore offset: Int) -> Int {
        let index = index(atOffset: offset)
        if index == storage.endIndex || String.Index(index, within: storage) != nil { return offset }
        return self.offset(of: storage.index(before: storage.index(after: index)))
    }

    /// Text as it may enter the field: newlines and tabs become spaces, other control characters are dropped.
    static func cleaned(_ text: String) -> String {
        guard VisibleText.needsEscaping(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                out.append(" ")
            } else if !character.unicodeScalars.contains(where: { VisibleText.escape(for: $0) != nil }) {
                out.append(character)
            }
        }
        return out
    }

    /// Inserts `string` at the cursor and moves the cursor after it (newlines and tabs become spaces, other
    /// control characters are dropped).
    public mutating func insert(_ string: String) {
        let clean = TextFieldState.cleaned(string)
        guard !clean.isEmpty else { return }
        storage.insert(contentsOf: clean, at: cursorIndex)
        cursorOffset = boundary(atOrAfter: cursorOffset + clean.utf8.count)
    }

    /// Deletes the character before the cursor (Backspace).
    public mutating func deleteBackward() {
        guard cursorOffset > 0 else { return }
        let end = cursorIndex
        let start = storage.index(before: end)
        let newOffset = offset(of: start)
        storage.removeSubrange(start..<end)
        cursorOffset = boundary(atOrBefore: newOffset)
    }

    /// Deletes the character after the cursor (Delete).
    public mutating func deleteForward() {
        let start = cursorIndex
        guard start < storage.endIndex else { return }
        storage.removeSubrange(start..<storage.index(after: start))
        cursorOffset = boundary(atOrBefore: cursorOffset)
    }

    /// Deletes everything before the cursor (Ctrl-U).
    public mutating func deleteToStart() {
        storage.removeSubrange(storage.startIndex..<cursorIndex)
        cursorOffset = 0
    }

    /// Deletes everything after the cursor (Ctrl-K).
    public mutating func deleteToEnd() {
        storage.removeSubrange(cursorIndex..<storage.endIndex)
    }

    /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
    public mutating func deleteWordBackward() {
        let end = cursorIndex
        let start = wordStart(before: end)
        let newOffset = offset(of: start)
        storage.removeSubrange(start..<end)
        cursorOffset = boundary(atOrBefore: newOffset)
    }

    /// Moves the cursor one character left.
    public mutating func moveLeft() {
        guard cursorOffset > 0 else { return }
        cursorOffset = offset(of: storage.index(before: cursorIndex))
    }

    /// Moves the cursor one character right.
    public mutating func moveRight() {
        let index = cursorIndex
        guard index < storage.endIndex else { return }
        cursorOffset = offset(of: storage.index(after: index))
    }

    /// Moves the cursor to the start (Home, Ctrl-A).
    public mutating func moveHome() { cursorOffset = 0 }
    /// Moves the cursor to the end (End, Ctrl-E).
    public mutating func moveEnd() { cursorOffset = storage.utf8.count }
    /// Moves the cursor to the start of the previous word (Alt-b).
    public mutating func moveWordLeft() { cursorOffset = offset(of: wordStart(before: cursorIndex)) }

    /// Moves the cursor past the next word (Alt-f).
    public mutating func moveWordRight() {
        var i = cursorIndex
        while i < storage.endIndex && storage[i] == " " { i = storage.index(after: i) }
        while i < storage.endIndex && storage[i] != " " { i = storage.index(after: i) }
        cursorOffset = offset(of: i)
    }

    /// The start of the word before `position`, skipping the spaces just before it.
    private func wordStart(before position: String.Index) -> String.Index {
        var i = position
        while i > storage.startIndex && storage[storage.index(before: i)] == " " { i = storage.index(before: i) }
        while i > storage.startIndex && storage[storage.index(before: i)] != " " { i = storage.index(before: i) }
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
