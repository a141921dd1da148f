/// The fold marker in front of a tree row.
public enum FoldMarker: Hashable, Sendable {
    /// A leaf: no marker.
    case none
    /// A folded node: `▸`.
    case collapsed
    /// An unfolded node: `▾`.
    case expanded

    /// The marker character (a space for ``none``).
    public var symbol: String {
        switch self {
        case .none: return " "
        case .collapsed: return "▸"
        case .expanded: return "▾"
        }
    }
}

/// One visible row of a tree: its depth, fold marker and styled text.
public struct TreeRow: Hashable, Sendable {
    /// Nesting depth, 0 for top-level rows.
    public var depth: Int
    /// Whether the row can be unfolded or folded.
    public var marker: FoldMarker
    /// The text after the marker.
    public var line: Line

    /// Creates a row.
    public init(depth: Int, marker: FoldMarker = .none, line: Line) {
        self.depth = max(depth, 0)
        self.marker = marker
        self.line = line
    }

    /// Creates a row from spans.
    public init(depth: Int, marker: FoldMarker = .none, spans: [TextSpan]) {
        self.init(depth: depth, marker: marker, line: Line(spans))
    }
}

/// Rows of a tree, indented by depth with fold markers, one selected; generic over what the tree holds.
///
/// The app decides which rows are visible (folding lives in app state) and hands them over by index, so a tree
/// with a million nodes costs only the rows on screen: `▾ users`, `    ▸ [0]`, `      name: "Ada"`.
public struct TreeView: StatefulWidget {
    /// How many visible rows there are.
    public var count: Int
    /// The row at an index (called only for rows on screen).
    public var row: (Int) -> TreeRow
    /// Columns of indentation per depth level.
    public var indentWidth: Int
    /// The style of the fold markers.
    public var markerStyle: Style
    /// Patched over the selected row.
    public var highlightStyle: Style
    /// Rows of context kept above and below the selection when scrolling.
    public var scrollPadding: Int
    /// Columns scrolled out on the left (for deep or long rows).
    public var horizontalOffset: Int
    /// Whether to highlight the selection.
    public var showsSelection: Bool

    /// A tree of `count` visible rows produced on demand.
    public init(
        count: Int, indentWidth: Int = 2, markerStyle: Style = .plain, highlightStyle: Style = Style().reverse,
        scrollPadding: Int = 0, horizontalOffset: Int = 0, showsSelection: Bool = true,
        row: @escaping (Int) -> TreeRow
    ) {
        self.count = max(count, 0)
        self.row = row
        self.indentWidth = max(indentWidth, 0)
        self.markerStyle = markerStyle
        self.highlightStyle = highlightStyle
        self.scrollPadding = scrollPadding
        self.horizontalOffset = max(horizontalOffset, 0)
        self.showsSelection = showsSelection
    }

    /// A tree of the given rows.
    public init(_ rows: [TreeRow], indentWidth: Int = 2, highlightStyle: Style = Style().reverse) {
        self.init(count: rows.count, indentWidth: indentWidth, highlightStyle: highlightStyle) { rows[$0] }
    }

    /// The line a row is drawn as: indentation, marker, a space, then the row's text.
    public func line(for row: TreeRow) -> Line {
        let indent = TextSpan(String(repeating: " ", count: row.depth * indentWidth))
        let marker = TextSpan(row.marker.symbol + " ", style: markerStyle)
        return Line([indent, marker] + row.line.spans, style: row.line.style)
    }

    /// Draws the visible rows, scrolling `state` to keep the selection in view.
    public func render(in area: Rect, into buffer: inout Buffer, state: inout TreeViewState) {
        state.scrollToKeepVisible(height: area.height, count: count, padding: scrollPadding)
        guard !area.isEmpty else { return }
        for r in 0..<area.height {
            guard let index = state.index(atRow: r, count: count) else { break }
            buffer.setLine(line(for: row(index)), x: area.x, y: area.y + r, width: area.width, skip: horizontalOffset)
            if showsSelection && index == state.selected { buffer.setStyle(highlightStyle, in: area.row(r)) }
        }
    }

    /// The row under `position` when drawn in `area` with `state`, for mouse clicks.
    public func index(at position: Position, in area: Rect, state: TreeViewState) -> Int? {
        guard area.contains(position) else { return nil }
        return state.index(atRow: position.y - area.y, count: count)
    }

    /// Whether `position` is on the fold marker of the row drawn there (a click that should fold or unfold).
    public func isOnMarker(_ position: Position, in area: Rect, state: TreeViewState) -> Bool {
        guard let index = index(at: position, in: area, state: state) else { return false }
        let tree = row(index)
        guard tree.marker != .none else { return false }
        return position.x - area.x + horizontalOffset == tree.depth * indentWidth
    }
}
