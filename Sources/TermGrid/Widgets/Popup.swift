/// A bordered box centred over whatever is below it, which it clears first: for help, confirmations, errors.
public struct Popup: Widget {
    /// The border and titles.
    public var block: Block
    /// The text inside.
    public var content: Paragraph
    /// The preferred outer size; it shrinks to fit the area it is drawn over.
    public var size: Size
    /// The style of the cleared area.
    public var style: Style

    /// A popup with the given frame, content and preferred outer size.
    public init(block: Block, content: Paragraph, size: Size, style: Style = .plain) {
        self.block = block
        self.content = content
        self.size = size
        self.style = style
    }

    /// A popup sized to its lines (plus border and one column of padding), at most the area it is drawn over.
    public init(title: Line, lines: [Line], style: Style = .plain) {
        let width = (lines.map(\.width) + [title.width + 2]).max()! + 4
        self.init(
            block: Block(title: title, isFocused: true), content: Paragraph(lines, wrap: true),
            size: Size(width: width, height: lines.count + 2), style: style)
    }

    /// The rectangle the popup takes when drawn over `area`.
    public func area(in area: Rect) -> Rect {
        area.centered(width: size.width, height: size.height)
    }

    /// The rectangle the content takes when drawn over `area`: inside the border, one column in from each side.
    public func contentArea(in area: Rect) -> Rect {
        block.inner(self.area(in: area)).inset(Margin(horizontal: 1))
    }

    /// Clears the popup's rectangle and draws the frame and content.
    public func render(in area: Rect, into buffer: inout Buffer) {
        let box = self.area(in: area)
        Clear(style: style).render(in: box, into: &buffer)
        block.render(in: box, into: &buffer)
        content.render(in: contentArea(in: area), into: &buffer)
    }
}
