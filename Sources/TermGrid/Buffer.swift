/// One cell change for a backend: draw `cell` at column `x`, row `y`.
public typealias CellUpdate = (x: Int, y: Int, cell: Cell)

/// What to do with text that does not fit the width it is given.
public enum Overflow: Hashable, Sendable {
    /// Cut it off at the edge.
    case clip
    /// Cut it off and show `…` in the last column (and in the first column when scrolled horizontally).
    case ellipsis
}

/// A grid of cells: one frame of the screen, built by widgets and compared with `==` in tests.
///
/// Writes are clipped to the grid (out-of-range coordinates are ignored, never a crash) and keep wide characters
/// whole: overwriting either half of a wide character turns its other half into a space. All text writes go
/// through ``VisibleText``, so control characters from untrusted input are drawn as visible escapes.
public struct Buffer: Hashable, Sendable {
    /// Columns.
    public private(set) var width: Int
    /// Rows.
    public private(set) var height: Int
    /// The cells row by row: cell (x, y) is at `y * width + x`.
    public private(set) var cells: [Cell]

    /// A buffer of `width`×`height` cells, all `fill`.
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// A blank buffer of the given size.
    public init(size: Size) { self.init(width: size.width, height: size.height) }

    /// A buffer holding these lines of plain text (width: the widest line) — handy for expected values in tests.
    public init(lines: [String]) {
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { setString(line, x: 0, y: y) }
    }

    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The buffer's size.
    public var size: Size { Size(width: width, height: height) }

    /// The cell at (x, y); reading outside gives a blank cell, writing outside does nothing.
    ///
    /// Writing stores the cell as is; use ``setString(_:x:y:style:maxWidth:)`` for text from outside.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return .blank }
            return cells[y * width + x]
        }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Stores a cell `columns` wide at (x, y), mending wide characters it cuts in half. Caller checks bounds.
    mutating func put(_ cell: Cell, columns: Int, x: Int, y: Int) {
        let i = y * width + x
        if cells[i].isContinuation && x > 0 { cells[i - 1].symbol = " " }
        cells[i] = cell
        if columns == 2 { cells[i + 1] = .continuation(style: cell.style) }
        if x + columns < width && cells[i + columns].isContinuation { cells[i + columns].symbol = " " }
    }

    /// Writes `text` from (x, y) in `style` (patched over each cell's style) and returns the column after it.
    ///
    /// Writing stops at the right edge or after `maxWidth` columns; a wide character that would not fit whole is
    /// left out. A negative `x` clips the start of the text. Control characters are drawn as visible escapes.
    @discardableResult
    public mutating func setString(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil
    ) -> Int {
        let available = maxWidth.map { max($0, 0) } ?? max(width - x, 0)
        return setLine(
            Line([TextSpan(String(text), style: style)]), x: x, y: y, width: available, overflow: .clip)
    }

    /// Draws `line` in the row at (x, y) within `width` columns and returns the column after the last cell drawn.
    ///
    /// `skip` columns of the line are scrolled out on the left (horizontal scrolling). Alignment places the line
    /// within the width when it is narrower. With `.ellipsis`, a line that continues past the right edge ends in
    /// `…`, and a line scrolled by `skip` starts with `…`. Cells the line does not reach are left as they are.
    @discardableResult
    public mutating func setLine(
        _ line: Line, x: Int, y: Int, width: Int, skip: Int = 0, overflow: Overflow = .ellipsis
    ) -> Int {
        guard y >= 0, y < height, width > 0 else { return x }
        var skip = max(skip, 0)
        var start = x
        if start < 0 {  // clip the part left of the buffer
            skip += -start
            start = 0
        }
        let limit = min(x + width, self.width)
        guard start < limit else { return start }
        if line.alignment != .left {
            let free = (x + width) - start - max(line.width - skip, 0)
            if free > 0 { start += line.alignment == .center ? free / 2 : free }
        }
        var column = start
        var skipped = 0
        var lastHead: Int? = nil
        var truncated = false
        var cutStyle = line.style
        for span in line.spans {
            let style = line.style.patched(with: span.style)
            VisibleText.forEachCell(in: span.text) { symbol, columns in
                if columns == 0 {
                    if let head = lastHead { cells[y * self.width + head].symbol += symbol }
                    return true
                }
                if skipped < skip {
                    if skipped + columns > skip && column < limit {
                        // The right half of a wide character scrolled half out: show a space for it.
                        put(Cell(" ", style: self[column, y].style.patched(with: style)), columns: 1, x: column, y: y)
                        column += 1
                    }
                    skipped += columns
                    return true
                }
                if column + columns > limit {
                    truncated = true
                    cutStyle = style
                    return false
                }
                put(Cell(symbol, style: self[column, y].style.patched(with: style)), columns: columns, x: column, y: y)
                lastHead = column
                column += columns
                return true
            }
            if truncated { break }
        }
        if overflow == .ellipsis {
            if truncated {
                let at = limit - 1
                put(Cell("…", style: self[at, y].style.patched(with: cutStyle)), columns: 1, x: at, y: y)
                column = limit
            }
            if skip > 0 && skipped > 0 && start < limit && column > start {
                put(Cell("…", style: self[start, y].style.patched(with: line.style)), columns: 1, x: start, y: y)
            }
        }
        return column
    }

    /// Replaces every cell in `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let area = rect.intersection(self.area)
        let columns = max(cell.width, 1)
        for y in area.top..<area.bottom {
            var x = area.left
            while x + columns <= area.right {
                put(cell, columns: columns, x: x, y: y)
                x += columns
            }
            if x < area.right { put(Cell(" ", style: cell.style), columns: 1, x: x, y: y) }
        }
    }

    /// Blanks every cell in `rect` (default style, a space).
    public mutating func clear(_ rect: Rect) { fill(rect, with: .blank) }

    /// Patches `style` over every cell in `rect` (for highlighting a row or a selection).
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let area = rect.intersection(self.area)
        for y in area.top..<area.bottom {
            for x in area.left..<area.right {
                cells[y * width + x].style = cells[y * width + x].style.patched(with: style)
            }
        }
    }

    /// Replaces the style of every cell in `rect` outright.
    public mutating func replaceStyle(_ style: Style, in rect: Rect) {
        let area = rect.intersection(self.area)
        for y in area.top..<area.bottom {
            for x in area.left..<area.right { cells[y * width + x].style = style }
        }
    }

    /// Changes the size, keeping the cells that still fit and blanking the rest.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
        var resized = Buffer(width: newWidth, height: newHeight)
        for y in 0..<min(height, resized.height) {
            for x in 0..<min(width, resized.width) {
                resized.cells[y * resized.width + x] = cells[y * width + x]
            }
            // A wide character cut by the new right edge becomes a space.
            if resized.width > 0, resized.width < width, cells[y * width + resized.width].isContinuation {
                resized.cells[y * resized.width + resized.width - 1].symbol = " "
            }
        }
        self = resized
    }

    /// The cells that differ from `previous`, row by row — what a backend must draw to turn `previous` into this.
    ///
    /// Continuation cells are never listed (drawing a wide character covers them). When the sizes differ, every
    /// cell is listed.
    public func diff(from previous: Buffer) -> [CellUpdate] {
        var updates: [CellUpdate] = []
        let sameSize = previous.width == width && previous.height == height
        for i in cells.indices {
            let cell = cells[i]
            if cell.isContinuation { continue }
            if sameSize && previous.cells[i] == cell { continue }
            updates.append((x: i % width, y: i / width, cell: cell))
        }
        return updates
    }

    /// Every cell except continuations, for drawing a whole frame.
    public var allCells: [CellUpdate] { diff(from: Buffer(width: 0, height: 0)) }
}
