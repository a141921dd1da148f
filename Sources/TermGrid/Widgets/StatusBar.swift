/// A one-row bar with text on the left and on the right: `GET /users 200 · 12 ms          ? help  q quit`.
///
/// The right part is kept whole when it fits; the left part is cut with `…` to make room for it.
public struct StatusBar: Widget {
    /// Text at the left edge.
    public var left: Line
    /// Text at the right edge.
    public var right: Line
    /// The style of the whole row.
    public var style: Style
    /// Blank columns kept between the left part and the right part.
    public var gap: Int
    /// Blank columns after the right part.
    public var trailingPadding: Int

    /// Creates a status bar.
    public init(
        left: Line = .empty, right: Line = .empty, style: Style = Style().reverse, gap: Int = 1,
        trailingPadding: Int = 1
    ) {
        self.left = left
        self.right = right
        self.style = style
        self.gap = max(gap, 0)
        self.trailingPadding = max(trailingPadding, 0)
    }

    /// Draws the first row of `area`.
    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, with: Cell(" ", style: style))
        var leftEnd = row.right
        let rightWidth = right.width
        if rightWidth > 0 && rightWidth + 2 <= row.width {
            let x = row.right - rightWidth - trailingPadding
            buffer.setLine(right, x: x, y: row.y, width: rightWidth)
            leftEnd = x - gap
        }
        let x = row.x + 1
        if leftEnd > x { buffer.setLine(left, x: x, y: row.y, width: leftEnd - x) }
    }
}
