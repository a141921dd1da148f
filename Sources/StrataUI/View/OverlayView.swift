import Strata
import TermGrid

/// Boxes over the panes: key help, the curl command, the issues list, messages.
enum OverlayView {
    static func render(_ overlay: Overlay, state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        switch overlay {
        case .help(let scroll):
            let lines = helpLines(focus: state.focus)
            box(
                title: Line("Keys", style: Theme.title), footer: footer(.help), lines: lines, scroll: scroll,
                width: 100, in: area, into: &buffer)
        case .curl(let command):
            let lines = command.split(separator: "\n", omittingEmptySubsequences: false).map { Line(String($0)) }
            box(
                title: Line("curl (secrets shown as <redacted>)", style: Theme.title), footer: footer(.curl),
                lines: lines, scroll: 0, width: 100, wrap: true, in: area, into: &buffer)
        case .issues(let selected):
            let lines = state.issueLines
            box(
                title: Line("Mapping issues \(lines.count / 2)", style: Theme.title), footer: footer(.issues),
                lines: lines, scroll: 0, width: 116, selected: selected, rowsPerItem: 2, in: area, into: &buffer)
        case .message(let title, let lines, let scroll):
            box(
                title: Line(title, style: Theme.error.adding(.bold)), footer: footer(.message),
                lines: lines.map { Line($0) }, scroll: scroll, width: 110, wrap: true, in: area, into: &buffer)
        }
    }

    /// The key tables, the focused pane's first, then everywhere, then text editing.
    static func helpLines(focus: Pane) -> [Line] {
        let order =
            [focus.keyContext, .global, .textField]
            + [KeyContext.routes, .request, .raw, .parsed, .mapped].filter { $0 != focus.keyContext }
        var lines: [Line] = []
        for context in order {
            if !lines.isEmpty { lines.append(.empty) }
            lines.append(Line(context.title + (context == focus.keyContext ? " (focused)" : ""), style: Theme.title))
            for binding in KeyMap.bindings(context) {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                let padded = keys + String(repeating: " ", count: max(18 - DisplayWidth.of(keys), 1))
                lines.append(Line([TextSpan("  " + padded, style: Theme.hintKey), TextSpan(binding.description)]))
            }
        }
        lines.append(.empty)
        lines.append(Line("Mouse", style: Theme.title))
        for entry in KeyMap.mouse {
            let padded = entry.action + String(repeating: " ", count: max(18 - DisplayWidth.of(entry.action), 1))
            lines.append(Line([TextSpan("  " + padded, style: Theme.hintKey), TextSpan(entry.description)]))
        }
        return lines
    }

    /// `Esc close  ↑↓ scroll`, from the overlay's key table.
    static func footer(_ context: KeyContext) -> Line {
        var spans: [TextSpan] = []
        for hint in KeyMap.hints(context) {
            if !spans.isEmpty { spans.append(TextSpan("  ")) }
            spans.append(TextSpan(hint.key, style: Theme.hintKey))
            spans.append(TextSpan(" " + hint.word, style: Theme.secondary))
        }
        return Line(spans)
    }

    /// A centred box with a title, scrolled lines, an optional selected line and a footer of key hints.
    static func box(
        title: Line, footer: Line, lines: [Line], scroll: Int, width: Int, wrap: Bool = false, selected: Int? = nil,
        rowsPerItem: Int = 1, in area: Rect, into buffer: inout Buffer
    ) {
        let contentWidth = min(width, area.width - 6)
        let rows = wrap ? Paragraph(lines, wrap: true).rowCount(width: max(contentWidth, 1)) : lines.count
        let height = min(rows + 2, area.height - 2)
        let box = area.centered(width: contentWidth + 4, height: height)
        guard !box.isEmpty else { return }
        Clear().render(in: box, into: &buffer)
        let block = Block(title: title, rightTitle: footer, isFocused: true)
        buffer.render(block, in: box)
        let inner = block.inner(box).inset(Margin(horizontal: 1))
        let visible = max(inner.height, 1)
        var top = min(max(scroll, 0), max(rows - visible, 0))
        if let selected {
            let first = selected * rowsPerItem
            let last = first + rowsPerItem - 1
            if first < top { top = first }
            if last >= top + visible { top = last - visible + 1 }
        }
        buffer.render(Paragraph(lines, wrap: wrap, scroll: top), in: inner)
        if let selected {
            for row in (selected * rowsPerItem)..<((selected + 1) * rowsPerItem) where row >= top && row < top + visible
            {
                buffer.setStyle(Theme.selectedFocused, in: inner.row(row - top))
            }
        }
        if rows > visible {
            let more = Line("\(top + 1)–\(min(top + visible, rows)) of \(rows)", style: Theme.secondary)
            buffer.setLine(more, x: box.right - more.width - 2, y: box.bottom - 1, width: more.width)
        }
    }
}
