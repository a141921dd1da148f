import Strata
import TermGrid

/// Draws the explorer: `render(state)` gives the whole screen as a ``Buffer``, and nothing else happens.
package enum ExplorerView {
    /// Columns of indentation per tree level.
    package static let indentWidth = 2

    /// One frame: the screen and where the text cursor goes (when a field is being edited).
    package struct Frame: Hashable, Sendable {
        /// The screen.
        package var buffer: Buffer
        /// The text cursor, or nil to hide it.
        package var cursor: Position?
    }

    /// The screen for `state`.
    package static func render(_ state: ExplorerState) -> Buffer { frame(state).buffer }

    /// The screen and cursor for `state`.
    package static func frame(_ state: ExplorerState) -> Frame {
        var buffer = Buffer(size: state.size)
        let layout = state.layout
        guard layout.fits else {
            let need = ExplorerLayout.minimum
            let lines = [
                Line("strata needs at least \(need.width)×\(need.height); this terminal is \(state.size)."),
                Line("Make the window bigger, or press q to quit.", style: Theme.secondary),
            ]
            buffer.render(Paragraph(lines, wrap: true), in: buffer.area)
            return Frame(buffer: buffer, cursor: nil)
        }
        var cursor: Position? = nil
        if let traffic = layout.traffic {
            TrafficPane.render(state, in: traffic, into: &buffer)
            TrafficPane.renderRequest(state, in: layout.request, into: &buffer)
        } else {
            RoutesPane.render(state, in: layout.routes, into: &buffer, cursor: &cursor)
            RequestPane.render(state, in: layout.request, into: &buffer, cursor: &cursor)
        }
        if let tabs = layout.tabs { renderTabs(state, in: tabs, into: &buffer) }
        if case .failure(let request, let error) = state.response {
            FailureView.render(state, request: request, error: error, in: layout.response, into: &buffer)
        } else {
            if let rect = layout.raw { RawPane.render(state, in: rect, into: &buffer) }
            if let rect = layout.parsed { ParsedPane.render(state, in: rect, into: &buffer) }
            if let rect = layout.mapped { MappedPane.render(state, in: rect, into: &buffer) }
        }
        StatusLine.render(state, in: layout.status, into: &buffer, cursor: &cursor)
        if let overlay = state.overlay {
            OverlayView.render(overlay, state: state, in: buffer.area, into: &buffer)
        }
        return Frame(buffer: buffer, cursor: cursor)
    }

    /// The response panes as tabs, for narrow screens: ` 1 Raw │ 2 Parsed │ 3 Mapped `.
    static func renderTabs(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        let panes: [Pane] = [.raw, .parsed, .mapped]
        let titles = panes.enumerated().map { k, pane in
            Line([TextSpan("\(k + 1) ", style: Theme.secondary), TextSpan(pane.title)])
        }
        let focused = state.focus.isResponsePane
        let tabs = Tabs(
            titles, selected: panes.firstIndex(of: state.tab),
            highlightStyle: focused ? Theme.selectedFocused : Style(modifiers: .bold),
            divider: TextSpan("│", style: Theme.secondary))
        buffer.render(tabs, in: area)
        let hint = Line("Tab/1-3 switch", style: Theme.secondary)
        let end = tabs.titleRanges(in: area).last?.upperBound ?? area.x
        if area.right - end > hint.width + 2 {
            buffer.setLine(hint, x: area.right - hint.width - 1, y: area.y, width: hint.width)
        }
    }

    /// Which tab title is at column `x` of the tab row.
    package static func tabIndex(atColumn x: Int, in area: Rect) -> Int? {
        let titles = [Pane.raw, .parsed, .mapped].enumerated().map { k, pane in
            Line([TextSpan("\(k + 1) "), TextSpan(pane.title)])
        }
        return Tabs(titles).index(atColumn: x, in: area)
    }

    /// A pane's frame: title left, optional title right, focus shown by the border.
    static func block(_ title: Line, right: Line? = nil, focused: Bool) -> Block {
        Block(
            title: title, rightTitle: right, isFocused: focused,
            focusedBorderStyle: Style(foreground: .cyan, modifiers: .bold))
    }

    /// A message centred in an empty pane (what to do next), wrapped to the pane's width.
    static func emptyState(_ lines: [Line], in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let paragraph = Paragraph(lines.map { $0.aligned(.center) }, wrap: true)
        let rows = min(paragraph.rowCount(width: area.width), area.height)
        let top = area.y + max((area.height - rows) / 3, 0)
        buffer.render(paragraph, in: Rect(x: area.x, y: top, width: area.width, height: area.bottom - top))
    }

    /// The indentation of a tree row at `depth` in a pane `width` columns wide: spaces, or, when that would
    /// push the row's text out of the pane, the depth as a number (`‹1234› `) so deep rows stay readable.
    static func indentation(_ depth: Int, width: Int) -> TextSpan {
        let columns = depth * indentWidth
        guard columns > max(width - 24, 8) else { return TextSpan(String(repeating: " ", count: columns)) }
        return TextSpan("‹\(depth)› ", style: Theme.secondary)
    }

    /// The selection style for a pane.
    static func selectionStyle(focused: Bool) -> Style { focused ? Theme.selectedFocused : Theme.selectedUnfocused }
}
