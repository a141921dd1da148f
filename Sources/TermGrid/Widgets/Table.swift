/// Rows of cells under a header, in columns with widths and alignment, one row selected.
public struct Table: StatefulWidget {
    /// A column: its header, width constraint and alignment.
    public struct Column: Hashable, Sendable {
        /// The header text.
        public var title: Line
        /// How wide the column is (see ``Rect/split(_:_:spacing:)``).
        public var width: Constraint
        /// Where cell text sits within the column.
        public var alignment: Alignment

        /// Creates a column.
        public init(_ title: Line, width: Constraint = .fill, alignment: Alignment = .left) {
            self.title = title
            self.width = width
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// How many rows there are.
    public var count: Int
    /// The cells of a row (called only for rows on screen); missing cells are blank, extra ones ignored.
    public var row: (Int) -> [Line]
    /// The header's style.
    public var headerStyle: Style
    /// Patched over the selected row.
    public var highlightStyle: Style
    /// Columns between columns.
    public var columnSpacing: Int
    /// Whether to highlight the selection.
    public var showsSelection: Bool

    /// A table of `count` rows produced on demand.
    public init(
        columns: [Column], count: Int, headerStyle: Style = Style().bold, highlightStyle: Style = Style().reverse,
        columnSpacing: Int = 1, showsSelection: Bool = true, row: @escaping (Int) -> [Line]
    ) {
        self.columns = columns
        self.count = max(count, 0)
        self.row = row
        self.headerStyle = headerStyle
        self.highlightStyle = highlightStyle
        self.columnSpacing = max(columnSpacing, 0)
        self.showsSelection = showsSelection
    }

    /// A table of the given rows.
    public init(columns: [Column], rows: [[Line]], headerStyle: Style = Style().bold) {
        self.init(columns: columns, count: rows.count, headerStyle: headerStyle) { rows[$0] }
    }

    /// The rectangles of the columns in `area` (header row included).
    public func columnAreas(in area: Rect) -> [Rect] {
        area.split(.horizontal, columns.map(\.width), spacing: columnSpacing)
    }

    /// Draws the header and the visible rows, scrolling `state` to keep the selection in view.
    public func render(in area: Rect, into buffer: inout Buffer, state: inout TableState) {
        guard area.height > 0 else { return }
        let columnAreas = columnAreas(in: area)
        for (column, rect) in zip(columns, columnAreas) {
            drawCell(column.title, alignment: column.alignment, x: rect.x, y: area.y, width: rect.width, &buffer)
        }
        buffer.setStyle(headerStyle, in: area.row(0))
        let body = Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
        state.scrollToKeepVisible(height: body.height, count: count)
        for r in 0..<body.height {
            guard let index = state.index(atRow: r, count: count) else { break }
            let cells = row(index)
            for (i, (column, rect)) in zip(columns, columnAreas).enumerated() where i < cells.count {
                drawCell(cells[i], alignment: column.alignment, x: rect.x, y: body.y + r, width: rect.width, &buffer)
            }
            if showsSelection && index == state.selected { buffer.setStyle(highlightStyle, in: body.row(r)) }
        }
    }

    private func drawCell(
        _ line: Line, alignment: Alignment, x: Int, y: Int, width: Int, _ buffer: inout Buffer
    ) {
        guard width > 0 else { return }
        buffer.setLine(line.aligned(alignment), x: x, y: y, width: width)
    }

    /// The row under `position` when drawn in `area` with `state` (nil on the header), for mouse clicks.
    public func index(at position: Position, in area: Rect, state: TableState) -> Int? {
        guard area.contains(position), position.y > area.y else { return nil }
        return state.index(atRow: position.y - area.y - 1, count: count)
    }
}
