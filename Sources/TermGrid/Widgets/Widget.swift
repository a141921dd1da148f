/// Something that draws itself into a rectangle of a buffer: a cheap value rebuilt every frame.
///
/// Widgets hold what to show, never what the user did: selection, scroll offsets and cursors live in state values
/// the app owns and passes to a ``StatefulWidget``.
public protocol Widget {
    /// Draws into `area` of `buffer`, touching no cell outside it.
    func render(in area: Rect, into buffer: inout Buffer)
}

/// A widget drawn together with app-owned state (selection, scroll offset, cursor), which rendering may adjust,
/// for example to keep the selection visible.
public protocol StatefulWidget {
    /// The state the app keeps between frames.
    associatedtype State

    /// Draws into `area` of `buffer`, updating `state` (scroll offsets, cursor position) to what was shown.
    func render(in area: Rect, into buffer: inout Buffer, state: inout State)
}

extension Buffer {
    /// Renders `widget` into `area`.
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(in: area.intersection(self.area), into: &self)
    }

    /// Renders a stateful `widget` into `area` with `state`.
    public mutating func render<W: StatefulWidget>(_ widget: W, in area: Rect, state: inout W.State) {
        widget.render(in: area.intersection(self.area), into: &self, state: &state)
    }
}

/// Blanks its area: draw it before a popup so nothing shows through.
public struct Clear: Widget {
    /// The style the blanked cells get.
    public var style: Style

    /// A clear in the given style (default: the terminal's).
    public init(style: Style = .plain) { self.style = style }

    /// Replaces every cell of `area` with a space in ``style``.
    public func render(in area: Rect, into buffer: inout Buffer) {
        buffer.fill(area, with: Cell(" ", style: style))
    }
}
