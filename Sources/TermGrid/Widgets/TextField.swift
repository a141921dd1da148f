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
            state.scroll = 0
            state.cursorPosition = Position(x: x, y: area.y)
            return
        }
        let cursorColumn = DisplayWidth.of(state.text.prefix(state.cursor))
        let textWidth = DisplayWidth.of(state.text)
        // Keep the cursor (one column at the end) inside; never scroll further than needed.
        if cursorColumn < state.scroll { state.scroll = cursorColumn }
        if cursorColumn - state.scroll >= room { state.scroll = cursorColumn - room + 1 }
        state.scroll = min(max(state.scroll, 0), max(textWidth + 1 - room, 0))
        buffer.setLine(
            Line(state.text, style: style), x: x, y: area.y, width: room, skip: state.scroll, overflow: .clip)
        state.cursorPosition = Position(x: x + cursorColumn - state.scroll, y: area.y)
    }
}
