/// A one-line text input that scrolls horizontally to keep the cursor visible and reports where the cursor is.
///
/// After ``render(in:into:state:)``, `state.cursorPosition` is where the app should place the terminal cursor
/// (pass it to ``Terminal/draw(_:cursor:)``).
public struct TextField: StatefulWidget {
    /// Text before the input (e.g. `"/"` or `"URL "`), not editable.
    public var prompt: TextSpan?
    /// Shown dimmed while the field is empty.
    public var placeholder: String?
    /// The text's style.
    public var style: Style
    /// The placeholder's style.
    public var placeholderStyle: Style

    /// Creates a field.
    public init(
        prompt: TextSpan? = nil, placeholder: String? = nil, style: Style = .plain,
        placeholderStyle: Style = Style().dim
    ) {
        self.prompt = prompt
        self.placeholder = placeholder
        self.style = style
        self.placeholderStyle = placeholderStyle
    }

    /// Draws the first row of `area` and updates the scroll and cursor position in `state`.
    public func render(in area: Rect, into buffer: inout Buffer, state: inout TextFieldState) {
        state.cursorPosition = nil
        guard !area.isEmpty else { return }
        var x = area.x
        if let prompt {
            x = buffer.setLine(Line([prompt]), x: x, y: area.y, width: area.width, overflow: .clip)
        }
        let room = area.right - x
        guard room > 0 else { return }
        if state.text.isEmpty, let placeholder {
            buffer.setLine(Line(placeholder, style: placeholderStyle), x: x, y: area.y, width: room)
            state.firstVisible = 0
            state.cursorPosition = Position(x: x, y: area.y)
            return
        }
        let window = TextField.window(of: state, room: room)
        state.firstVisible = state.offset(of: window.start)
        buffer.setLine(
            Line(String(state.text[window.start..<window.end]), style: style), x: x, y: area.y, width: room,
            overflow: .clip)
        state.cursorPosition = Position(x: x + window.cursorColumn, y: area.y)
    }

    /// The part of the text to draw in `room` columns: from `start` (at or before the cursor) to `end`, with the
    /// cursor `cursorColumn` columns from the left.
    ///
    /// The window starts at ``TextFieldState/firstVisible`` when the cursor is then visible, else it scrolls just
    /// enough to show the cursor (in the last column when moving right), and never leaves blank columns on the
    /// right while text is hidden on the left. Only characters within about `room` columns of the cursor are
    /// looked at, so the cost does not grow with the text.
    static func window(
        of state: TextFieldState, room: Int
    ) -> (start: String.Index, end: String.Index, cursorColumn: Int) {
        let text = state.text
        let cursor = state.cursorIndex
        // Zero-width characters do not use up columns; bound the walk by characters too.
        let steps = 4 * room + 16
        var first = state.index(atOffset: state.firstVisible)
        if first > cursor { first = cursor }
        // Back from the cursor to `first`, as long as the cursor stays inside (its cell is the last column).
        var start = cursor
        var before = 0
        var taken = 0
        while start > first && taken < steps {
            let previous = text.index(before: start)
            let width = DisplayWidth.of(text[previous])
            if before + width > room - 1 { break }
            before += width
            start = previous
            taken += 1
        }
        // Forward from the cursor to what fills the row.
        var end = cursor
        var after = 0
        taken = 0
        while end < text.endIndex && taken < steps {
            let width = DisplayWidth.of(text[end])
            if before + after + width > room { break }
            after += width
            end = text.index(after: end)
            taken += 1
        }
        // At the end of the text, show more on the left rather than blank columns (one stays for the cursor).
        if end == text.endIndex {
            taken = 0
            while start > text.startIndex && taken < steps {
                let previous = text.index(before: start)
                let width = DisplayWidth.of(text[previous])
                if before + after + width + 1 > room { break }
                before += width
                start = previous
                taken += 1
            }
        }
        return (start, end, before)
    }
}
