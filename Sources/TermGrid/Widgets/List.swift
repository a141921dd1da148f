/// A vertical list of lines with one highlighted selection; scrolls to keep it visible.
///
/// Items come from a closure, so a long list costs only the visible rows per frame. The selected row is drawn
/// with ``highlightStyle`` across the whole width, prefixed by ``highlightSymbol`` (other rows get as many spaces, in
/// the symbol's style).
public struct List: StatefulWidget {
    /// How many items there are.
    public var count: Int
    /// The item at an index (called only for visible rows).
    public var item: (Int) -> Line
    /// Patched over the selected row.
    public var highlightStyle: Style
    /// Drawn before the selected item (e.g. `"▶ "`); other items are indented by its width.
    public var highlightSymbol: TextSpan
    /// Rows of context kept above and below the selection when scrolling.
    public var scrollPadding: Int
    /// Whether to highlight the selection (a list without focus may dim it instead).
    public var showsSelection: Bool

    /// A list of `count` items produced on demand.
    public init(
        count: Int, highlightStyle: Style = Style().reverse, highlightSymbol: TextSpan = "", scrollPadding: Int = 0,
        showsSelection: Bool = true, item: @escaping (Int) -> Line
    ) {
        self.count = max(count, 0)
        self.item = item
        self.highlightStyle = highlightStyle
        self.highlightSymbol = highlightSymbol
        self.scrollPadding = scrollPadding
        self.showsSelection = showsSelection
    }

    /// A list of the given items.
    public init(
        _ items: [Line], highlightStyle: Style = Style().reverse, highlightSymbol: TextSpan = "",
        scrollPadding: Int = 0, showsSelection: Bool = true
    ) {
        self.init(
            count: items.count, highlightStyle: highlightStyle, highlightSymbol: highlightSymbol,
            scrollPadding: scrollPadding, showsSelection: showsSelection, item: { items[$0] })
    }

    /// Draws the visible items, scrolling `state` to keep the selection in view.
    public func render(in area: Rect, into buffer: inout Buffer, state: inout ListState) {
        state.scrollToKeepVisible(height: area.height, count: count, padding: scrollPadding)
        guard !area.isEmpty else { return }
        let symbolWidth = highlightSymbol.width
        for row in 0..<area.height {
            guard let index = state.index(atRow: row, count: count) else { break }
            let y = area.y + row
            let isSelected = showsSelection && index == state.selected
            var x = area.x
            if symbolWidth > 0 {
                buffer.setString(
                    isSelected ? highlightSymbol.text : String(repeating: " ", count: symbolWidth), x: x, y: y,
                    style: highlightSymbol.style, maxWidth: area.width)
                x += symbolWidth
            }
            if x < area.right { buffer.setLine(item(index), x: x, y: y, width: area.right - x) }
            if isSelected { buffer.setStyle(highlightStyle, in: area.row(row)) }
        }
    }

    /// The item under `position` when the list was drawn in `area` with `state`, for mouse clicks.
    public func index(at position: Position, in area: Rect, state: ListState) -> Int? {
        guard area.contains(position) else { return nil }
        return state.index(atRow: position.y - area.y, count: count)
    }
}
