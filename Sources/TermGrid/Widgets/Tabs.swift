/// A row of tab titles with the selected one highlighted: ` Request │ Response │ Mapping `.
public struct Tabs: Widget {
    /// The titles, left to right.
    public var titles: [Line]
    /// The selected tab (nil: none).
    public var selected: Int?
    /// The style of the row.
    public var style: Style
    /// Patched over the selected title.
    public var highlightStyle: Style
    /// Drawn between titles.
    public var divider: TextSpan

    /// Creates a tab row.
    public init(
        _ titles: [Line], selected: Int? = 0, style: Style = .plain, highlightStyle: Style = Style().reverse,
        divider: TextSpan = TextSpan("│")
    ) {
        self.titles = titles
        self.selected = selected
        self.style = style
        self.highlightStyle = highlightStyle
        self.divider = divider
    }

    /// The column ranges the titles (with their padding spaces) take in `area`; titles that do not fit are left out.
    public func titleRanges(in area: Rect) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var x = area.x
        let dividerWidth = divider.width
        for (i, title) in titles.enumerated() {
            if i > 0 { x += dividerWidth }
            guard x < area.right else { break }
            let end = min(x + title.width + 2, area.right)
            ranges.append(x..<end)
            x = end
        }
        return ranges
    }

    /// Draws the first row of `area`.
    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.setStyle(style, in: area.row(0))
        let ranges = titleRanges(in: area)
        for (i, range) in ranges.enumerated() {
            if i > 0 {
                buffer.setString(divider.text, x: range.lowerBound - divider.width, y: area.y, style: divider.style)
            }
            let line = Line([TextSpan(" ")] + titles[i].spans + [TextSpan(" ")], style: titles[i].style)
            buffer.setLine(line, x: range.lowerBound, y: area.y, width: range.count)
            if i == selected {
                buffer.setStyle(highlightStyle, in: Rect(x: range.lowerBound, y: area.y, width: range.count, height: 1))
            }
        }
    }

    /// The tab under column `x` when drawn in `area`, for mouse clicks.
    public func index(atColumn x: Int, in area: Rect) -> Int? {
        titleRanges(in: area).firstIndex { $0.contains(x) }
    }
}
