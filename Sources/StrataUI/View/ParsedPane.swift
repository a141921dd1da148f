import Strata
import TermGrid

/// The parsed tree: `▾ products [] 2`, `  name "Desk Lamp"`; folds, counts, document order. Only the rows on
/// screen are visited (walked from the top row), so a million-node tree draws as fast as a small one.
package enum ParsedPane {
    /// Bytes of a long string read for its row (the row is cut to the pane's width anyway).
    static let previewBytes = 1024

    /// `/query`, then ` …` while it runs or ` no match`: beside the title of the pane searched.
    static func searchTitle(_ search: SearchState) -> Line {
        Line([TextSpan("/" + search.query, style: Theme.edited), TextSpan(search.status, style: Theme.secondary)])
    }

    package static func render(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        let focused =
            state.focus == .parsed && state.overlay == nil && state.editor?.purpose != .search
            && state.editor?.purpose != .query
        guard let document = state.response.document else {
            let block = ExplorerView.block(Line("Parsed", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            ExplorerView.emptyState(RawPane.emptyMessage(state), in: block.inner(area), into: &buffer)
            return
        }
        guard let tree = document.tree, tree.count > 0 else {
            let block = ExplorerView.block(Line("Parsed", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            var lines = [Line("The body does not parse as \(document.outcome.parser).", style: Theme.error)]
            if let error = document.outcome.error {
                lines.append(Line("line \(error.line), column \(error.column): \(error.message)", style: Theme.error))
            }
            lines.append(Line("The Raw pane shows the bytes as they came.", style: Theme.secondary))
            ExplorerView.emptyState(lines, in: block.inner(area), into: &buffer)
            return
        }
        var title = Line([
            TextSpan("Parsed", style: Theme.title),
            TextSpan(" \(tree.format.name) · \(Counted.text(tree.count, "node"))", style: Theme.secondary),
        ])
        if tree.count == 1 {
            title = Line([
                TextSpan("Parsed", style: Theme.title), TextSpan(" \(tree.format.name)", style: Theme.secondary),
            ])
        }
        var right: Line? = nil
        if let search = state.search, search.pane == .parsed {
            right = searchTitle(search)
        } else if let query = state.query {
            // The count first, then the query whole: the title gives up its details for it, and a query that
            // still does not fit is left out (never cut: `$` shows it) rather than shown in part.
            var text = query.query.text
            if DisplayWidth.of(text) > area.width - title.width - query.status.count - 8 {
                title = Line("Parsed", style: Theme.title)
            }
            if DisplayWidth.of(text) > area.width - title.width - query.status.count - 8 { text = "" }
            right = Line([
                TextSpan(query.status + (text.isEmpty ? "" : " "), style: Theme.secondary),
                TextSpan(text, style: Theme.edited),
            ])
        }
        let block = ExplorerView.block(title, right: right, focused: focused)
        buffer.render(block, in: area)
        let inner = block.inner(area)
        guard !inner.isEmpty else { return }
        let mapping = document.mapping
        let rows = tree.visibleRows(
            from: min(state.parsed.top, tree.count - 1), limit: inner.height, folds: state.parsed.folds)
        for (r, (node, depth)) in rows.enumerated() {
            let y = inner.y + r
            let expanded = state.parsed.folds.isExpanded(node)
            let marker = tree.hasChildren(node) ? (expanded ? "▾" : "▸") : " "
            var spans: [TextSpan] = [
                ExplorerView.indentation(depth, width: inner.width),
                TextSpan(marker + " ", style: Theme.secondary),
            ]
            let labelStart = spans.reduce(0) { $0 + $1.width }
            spans += label(node, tree: tree, memo: document.memo)
            let labelWidth = spans.reduce(0) { $0 + $1.width } - labelStart
            if tree.hasChildren(node) && !expanded {
                let used = spans.reduce(0) { $0 + $1.width }
                spans.append(
                    TextSpan("  " + preview(node, tree: tree, room: inner.width - used - 2), style: Theme.secondary))
            }
            var line = Line(spans)
            if let mapping, mapping.isUnmapped(node) { line.style = Style().dim }
            buffer.setLine(line, x: inner.x, y: y, width: inner.width)
            if let query = state.query, query.isMatch(node) {
                // The key and value of a matched row, like a search match in Raw.
                let width = min(labelWidth, inner.width - labelStart)
                if width > 0 {
                    buffer.setStyle(Theme.queryMatch, in: Rect(x: inner.x + labelStart, y: y, width: width, height: 1))
                }
            }
            if node == state.parsed.selected {
                buffer.setStyle(
                    ExplorerView.selectionStyle(focused: focused),
                    in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
        }
    }

    /// The row text after the fold marker: the key (or `[index]`), then the value or the container's type and size.
    static func label(_ node: Int, tree: Tree, memo: TreeMemo) -> [TextSpan] {
        var spans: [TextSpan] = []
        if let parent = tree.parent(node) {
            if tree.kind(parent) == .object {
                spans.append(TextSpan(tree.key(node) ?? "", style: Theme.key))
                spans.append(TextSpan(" "))
            } else {
                spans.append(TextSpan("[\(memo.siblingIndex(node, in: tree))] ", style: Theme.secondary))
            }
        }
        spans += value(node, tree: tree, memo: memo)
        return spans
    }

    /// A value as one row: containers as `{} 3` / `[] 2`, scalars in their colour.
    static func value(_ node: Int, tree: Tree, memo: TreeMemo) -> [TextSpan] {
        switch tree.kind(node) {
        case .object, .array:
            let brackets = tree.kind(node) == .object ? "{}" : "[]"
            let count = memo.childCount(node, in: tree)
            return [TextSpan(brackets, style: Theme.punctuation), TextSpan(" \(count)", style: Theme.secondary)]
        case .string: return [TextSpan(stringPreview(node, tree: tree), style: Theme.string)]
        case .number: return [TextSpan(tree.numberText(node) ?? "", style: Theme.number)]
        case .bool: return [TextSpan(tree.bool(node) == true ? "true" : "false", style: Theme.literal)]
        case .null: return [TextSpan("null", style: Theme.literal)]
        }
    }

    /// A folded container's first members on one line, as jless shows them: `{id: 1, name: "Desk Lamp", …}`.
    /// Reads only as many children as fit in `room` columns.
    static func preview(_ node: Int, tree: Tree, room: Int) -> String {
        let object = tree.kind(node) == .object
        var text = object ? "{" : "["
        var first = true
        for child in tree.children(node) {
            if text.count > room { break }
            if !first { text += ", " }
            first = false
            if object { text += (tree.key(child) ?? "") + ": " }
            switch tree.kind(child) {
            case .object: text += tree.hasChildren(child) ? "{…}" : "{}"
            case .array: text += tree.hasChildren(child) ? "[…]" : "[]"
            case .string: text += stringPreview(child, tree: tree, limit: 40)
            default: text += tree.scalarText(child)
            }
        }
        return text + (object ? "}" : "]")
    }

    /// A string value quoted, reading at most ``previewBytes`` of a long one.
    static func stringPreview(_ node: Int, tree: Tree, limit: Int = previewBytes) -> String {
        if tree.format == .json {
            let span = tree.span(node)
            if span.count > limit + 2 {
                let text = JSONString.decode(tree.source, span.lowerBound + 1, span.lowerBound + 1 + limit)
                return JSONString.quote(text).dropLast() + "…"
            }
        }
        return JSONString.quote(tree.string(node) ?? "")
    }
}
