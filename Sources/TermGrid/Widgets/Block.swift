/// Which sides of a ``Block`` have a border.
public struct Borders: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The top edge (where the titles go).
    public static let top = Borders(rawValue: 1)
    /// The right edge.
    public static let right = Borders(rawValue: 2)
    /// The bottom edge.
    public static let bottom = Borders(rawValue: 4)
    /// The left edge.
    public static let left = Borders(rawValue: 8)
    /// All four edges.
    public static let all: Borders = [.top, .right, .bottom, .left]
}

/// The characters a border is drawn with.
public struct BorderSet: Hashable, Sendable {
    /// Top-left corner.
    public var topLeft: String
    /// Top-right corner.
    public var topRight: String
    /// Bottom-left corner.
    public var bottomLeft: String
    /// Bottom-right corner.
    public var bottomRight: String
    /// Horizontal edge.
    public var horizontal: String
    /// Vertical edge.
    public var vertical: String

    /// `┌─┐│└┘`.
    public static let plain = BorderSet(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    /// `╭─╮│╰╯`.
    public static let rounded = BorderSet(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    /// `┏━┓┃┗┛`.
    public static let thick = BorderSet(
        topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
    /// `╔═╗║╚╝`.
    public static let double = BorderSet(
        topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
}

/// A frame around a pane: borders, a title on the top edge (left) and an optional second title (right).
///
/// `┌ GET https://example.com/… ─── MOCK ┐`: the right title is kept whole when it fits and the left title is cut
/// with `…` to leave room for it. A focused block draws its border in ``focusedBorderStyle``.
public struct Block: Widget {
    /// The title at the left of the top edge.
    public var title: Line?
    /// The title at the right of the top edge.
    public var rightTitle: Line?
    /// Which edges to draw.
    public var borders: Borders
    /// The border characters.
    public var borderSet: BorderSet
    /// Whether the pane has focus (changes the border style).
    public var isFocused: Bool
    /// The border style without focus.
    public var borderStyle: Style
    /// The border style with focus.
    public var focusedBorderStyle: Style
    /// A style patched over the whole area first (a background for the pane).
    public var style: Style

    /// Creates a block; by default all borders, plain lines, a bold cyan border when focused.
    public init(
        title: Line? = nil, rightTitle: Line? = nil, isFocused: Bool = false, borders: Borders = .all,
        borderSet: BorderSet = .plain, borderStyle: Style = .plain,
        focusedBorderStyle: Style = Style(foreground: .cyan, modifiers: .bold), style: Style = .plain
    ) {
        self.title = title
        self.rightTitle = rightTitle
        self.isFocused = isFocused
        self.borders = borders
        self.borderSet = borderSet
        self.borderStyle = borderStyle
        self.focusedBorderStyle = focusedBorderStyle
        self.style = style
    }

    /// The area inside the borders, where the content goes.
    public func inner(_ area: Rect) -> Rect {
        area.inset(
            Margin(
                top: borders.contains(.top) || title != nil || rightTitle != nil ? 1 : 0,
                right: borders.contains(.right) ? 1 : 0,
                bottom: borders.contains(.bottom) ? 1 : 0,
                left: borders.contains(.left) ? 1 : 0))
    }

    /// Draws the borders and titles.
    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        if style != .plain { buffer.setStyle(style, in: area) }
        let edge = isFocused ? focusedBorderStyle : borderStyle
        let set = borderSet
        if borders.contains(.top) {
            for x in area.left..<area.right { buffer.setString(set.horizontal, x: x, y: area.top, style: edge) }
        }
        if borders.contains(.bottom) {
            for x in area.left..<area.right {
                buffer.setString(set.horizontal, x: x, y: area.bottom - 1, style: edge)
            }
        }
        if borders.contains(.left) {
            for y in area.top..<area.bottom { buffer.setString(set.vertical, x: area.left, y: y, style: edge) }
        }
        if borders.contains(.right) {
            for y in area.top..<area.bottom { buffer.setString(set.vertical, x: area.right - 1, y: y, style: edge) }
        }
        if borders.contains([.top, .left]) { buffer.setString(set.topLeft, x: area.left, y: area.top, style: edge) }
        if borders.contains([.top, .right]) {
            buffer.setString(set.topRight, x: area.right - 1, y: area.top, style: edge)
        }
        if borders.contains([.bottom, .left]) {
            buffer.setString(set.bottomLeft, x: area.left, y: area.bottom - 1, style: edge)
        }
        if borders.contains([.bottom, .right]) {
            buffer.setString(set.bottomRight, x: area.right - 1, y: area.bottom - 1, style: edge)
        }
        renderTitles(in: area, into: &buffer, edge: edge)
    }

    /// Places the titles on the top edge, each padded by a space, the left one cut to make room for the right.
    private func renderTitles(in area: Rect, into buffer: inout Buffer, edge: Style) {
        let start = area.left + (borders.contains(.left) ? 1 : 0)
        let end = area.right - (borders.contains(.right) ? 1 : 0)
        let room = end - start
        guard room > 0 else { return }
        var leftEnd = end
        if let rightTitle, rightTitle.width > 0 {
            let needed = rightTitle.width + 2
            // Keep the right title when it fits beside at least a short left title (or alone).
            let minimumLeft = (title?.width ?? 0) > 0 ? 4 : 0
            if needed + minimumLeft <= room {
                let x = end - needed
                drawTitle(rightTitle, x: x, y: area.top, width: needed, edge: edge, into: &buffer)
                leftEnd = x - 1
            }
        }
        if let title, title.width > 0, leftEnd - start >= 3 {
            drawTitle(title, x: start, y: area.top, width: leftEnd - start, edge: edge, into: &buffer)
        }
    }

    /// Draws ` title ` in at most `width` columns, cutting the title with `…` but keeping both spaces.
    private func drawTitle(_ line: Line, x: Int, y: Int, width: Int, edge: Style, into buffer: inout Buffer) {
        buffer.setString(" ", x: x, y: y, style: edge)
        let titleLine = Line(line.spans, style: edge.patched(with: line.style))
        let end = buffer.setLine(titleLine, x: x + 1, y: y, width: width - 2)
        buffer.setString(" ", x: end, y: y, style: edge)
    }
}
