/// Lines of styled text, optionally wrapped at word boundaries, clipped with `…` otherwise.
public struct Paragraph: Widget {
    /// The lines (each may be wider than the area).
    public var lines: [Line]
    /// Whether long lines continue on the next row (at spaces where possible) instead of being cut.
    public var wrap: Bool
    /// Rows scrolled out at the top (counted after wrapping).
    public var scroll: Int
    /// Columns scrolled out on the left (only without wrapping).
    public var horizontalScroll: Int
    /// What happens at the right edge without wrapping.
    public var overflow: Overflow
    /// A style patched over the whole area first.
    public var style: Style

    /// A paragraph of lines.
    public init(
        _ lines: [Line], wrap: Bool = false, scroll: Int = 0, horizontalScroll: Int = 0,
        overflow: Overflow = .ellipsis, style: Style = .plain
    ) {
        self.lines = lines
        self.wrap = wrap
        self.scroll = max(scroll, 0)
        self.horizontalScroll = max(horizontalScroll, 0)
        self.overflow = overflow
        self.style = style
    }

    /// A paragraph of plain text split at newlines (`\n`, `\r\n`).
    public init(text: String, style: Style = .plain, wrap: Bool = false) {
        let rows = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        self.init(rows.map { Line(String($0), style: style) }, wrap: wrap)
    }

    /// Draws the visible rows.
    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if style != .plain { buffer.setStyle(style, in: area) }
        var row = 0
        var skipped = 0
        for line in lines {
            if row >= area.height { break }
            if wrap {
                for piece in Paragraph.wrap(line, width: area.width) {
                    if skipped < scroll {
                        skipped += 1
                        continue
                    }
                    if row >= area.height { break }
                    buffer.setLine(piece, x: area.x, y: area.y + row, width: area.width, overflow: .clip)
                    row += 1
                }
            } else {
                if skipped < scroll {
                    skipped += 1
                    continue
                }
                buffer.setLine(
                    line, x: area.x, y: area.y + row, width: area.width, skip: horizontalScroll, overflow: overflow)
                row += 1
            }
        }
    }

    /// How many rows the paragraph takes at `width` (after wrapping, when it wraps).
    public func rowCount(width: Int) -> Int {
        wrap ? lines.reduce(0) { $0 + Paragraph.wrap($1, width: width).count } : lines.count
    }

    /// Splits `line` into rows of at most `width` columns, breaking after spaces where possible and inside words
    /// that are longer than a row. The space at a break is dropped; styles and alignment are kept.
    public static func wrap(_ line: Line, width: Int) -> [Line] {
        guard width > 0 else { return [line] }
        struct Piece {
            var symbol: String
            var width: Int
            var style: Style
        }
        var pieces: [Piece] = []
        for span in line.spans {
            VisibleText.forEachCell(in: span.text) { symbol, columns in
                if columns == 0 {
                    if !pieces.isEmpty { pieces[pieces.count - 1].symbol += symbol }
                } else {
                    pieces.append(Piece(symbol: symbol, width: columns, style: span.style))
                }
                return true
            }
        }
        func makeLine(_ slice: ArraySlice<Piece>) -> Line {
            var spans: [TextSpan] = []
            for piece in slice {
                if let last = spans.last, last.style == piece.style {
                    spans[spans.count - 1].text += piece.symbol
                } else {
                    spans.append(TextSpan(piece.symbol, style: piece.style))
                }
            }
            return Line(spans, style: line.style, alignment: line.alignment)
        }
        var rows: [Line] = []
        var start = 0
        while start < pieces.count {
            var used = 0
            var end = start
            var lastSpace: Int? = nil
            while end < pieces.count && used + pieces[end].width <= width {
                if pieces[end].symbol == " " { lastSpace = end }
                used += pieces[end].width
                end += 1
            }
            if end == pieces.count {
                rows.append(makeLine(pieces[start..<end]))
                break
            }
            if end < pieces.count && pieces[end].symbol == " " {
                rows.append(makeLine(pieces[start..<end]))  // the break falls on a space: drop it
                start = end + 1
            } else if let space = lastSpace, space > start {
                rows.append(makeLine(pieces[start..<space]))
                start = space + 1
            } else {
                if end == start { end = start + 1 }  // a wide character wider than the row: give it a row anyway
                rows.append(makeLine(pieces[start..<end]))
                start = end
            }
        }
        return rows.isEmpty ? [Line([], style: line.style, alignment: line.alignment)] : rows
    }
}
