import Strata
import TermGrid

extension ExplorerState {
    /// Rows one wheel notch scrolls.
    static let wheelRows = 3

    /// A click focuses the pane under it and selects the row; the wheel scrolls the pane under it.
    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        guard editor == nil else { return [] }
        let layout = self.layout
        if let current = overlay {
            switch event.kind {
            case .wheelUp: return overlayCommand(.up, current)
            case .wheelDown: return overlayCommand(.down, current)
            default: return []
            }
        }
        if case .press(.left) = event.kind, let tabs = layout.tabs, tabs.contains(event.position) {
            if let index = ExplorerView.tabIndex(atColumn: event.x, in: tabs) {
                return showPane([Pane.raw, .parsed, .mapped][index])
            }
            return []
        }
        guard let pane = layout.pane(at: event.position) else { return [] }
        let inner = layout.inner(pane)
        if pane == .traffic { return trafficMouse(event, inner: inner) }
        switch event.kind {
        case .wheelUp, .wheelDown:
            scroll(pane, by: event.kind == .wheelUp ? -ExplorerState.wheelRows : ExplorerState.wheelRows)
        case .press(.left):
            focus = pane
            if pane.isResponsePane { tab = pane }
            guard inner.contains(event.position) else { return [] }
            click(pane, row: event.y - inner.y, column: event.x - inner.x)
        default:
            break
        }
        return []
    }

    /// Scrolls `pane` by `rows` without focusing it.
    mutating func scroll(_ pane: Pane, by rows: Int) {
        switch pane {
        case .routes: selectRoute((routeRow ?? 0) + rows)
        case .request: selectParam(paramSelection + rows)
        case .raw:
            if let content = rawContent { scrollRaw(by: rows, content) }
        case .parsed:
            if let tree = response.document?.tree { parsed.scroll(by: rows, in: tree, height: parsedHeight) }
        case .mapped:
            if let outline = mappedOutline { mapped.scroll(by: rows, in: outline, height: mappedHeight) }
        case .traffic:
            break
        case .trafficRequest:
            scrollTrafficRequest(to: traffic.detailTop + rows)
        }
    }

    /// A click selects (and shows) the Traffic row under it; the wheel moves the selection.
    mutating func trafficMouse(_ event: MouseEvent, inner: Rect) -> [Effect] {
        switch event.kind {
        case .wheelUp: return selectTraffic(traffic.selected - ExplorerState.wheelRows)
        case .wheelDown: return selectTraffic(traffic.selected + ExplorerState.wheelRows)
        case .press(.left):
            focus = .traffic
            guard inner.contains(event.position), traffic.top + event.y - inner.y < traffic.entries.count else {
                return []
            }
            return selectTraffic(traffic.top + event.y - inner.y)
        default: return []
        }
    }

    /// A click on `row` (and `column`) inside `pane`'s border.
    mutating func click(_ pane: Pane, row: Int, column: Int) {
        switch pane {
        case .routes:
            if routeTop + row < visibleRoutes.count { selectRoute(routeTop + row) }
        case .request:
            if let count = draft?.params.count, paramTop + row < count, row < paramRowsHeight {
                selectParam(paramTop + row)
            }
        case .raw:
            if let node = rawNode(atRow: row, column: column) { revealSource(node) }
        case .parsed:
            guard let tree = response.document?.tree, tree.count > 0 else { return }
            guard let node = rowNode(row, from: parsed, in: tree) else { return }
            let markerColumn = ExplorerView.indentation(tree.depth(of: node), width: layout.inner(.parsed).width).width
            parsed.selected = node
            if column == markerColumn && tree.hasChildren(node) {
                parsed.setFold(expanded: !parsed.folds.isExpanded(node), in: tree, height: parsedHeight)
            }
            syncFromParsed()
        case .mapped:
            guard let outline = mappedOutline, outline.count > 0 else { return }
            guard let value = rowNode(row, from: mapped, in: outline) else { return }
            let markerColumn = ExplorerView.indentation(outline.depth(of: value), width: layout.inner(.mapped).width)
                .width
            mapped.selected = value
            if column == markerColumn && outline.hasChildren(value) {
                mapped.setFold(expanded: !mapped.folds.isExpanded(value), in: outline, height: mappedHeight)
            }
            syncFromMapped()
        case .traffic, .trafficRequest:
            break
        }
    }

    /// The node drawn `row` rows below the top of a tree pane, if there is one there.
    func rowNode(_ row: Int, from cursor: OutlineCursor, in outline: some FlatOutline) -> Int? {
        var node = cursor.top
        for _ in 0..<row {
            guard let next = outline.nextVisible(node, folds: cursor.folds) else { return nil }
            node = next
        }
        return node
    }

    /// The parsed node whose bytes are drawn at `row`, `column` of the Raw pane.
    func rawNode(atRow row: Int, column: Int) -> Int? {
        guard let content = rawContent, let tree = content.document.tree, !content.document.isBinary else {
            return nil
        }
        let width = rawTextWidth(content)
        var line = raw.topLine
        var segment = raw.topSegment
        for _ in 0..<row {
            if raw.wrap && segment + 1 < content.segmentCount(of: line, width: width) {
                segment += 1
            } else {
                line += 1
                segment = 0
            }
        }
        guard line < content.count, content.bodyOffset(of: line) != nil else { return nil }
        let textColumn = column - content.gutterWidth
        guard textColumn >= 0 else { return nil }
        let (buffer, lineRange) = content.bytes(of: line)
        let range = raw.wrap ? content.segment(segment, of: line, width: width) : lineRange
        var k = range.lowerBound
        var x = raw.wrap ? 0 : -raw.column
        while k < range.upperBound {
            let (scalar, length) = RawContent.decode(buffer, at: k, end: range.upperBound)
            x += RawContent.columns(of: scalar)
            if x > textColumn { break }
            k += length
        }
        guard k < range.upperBound else { return nil }
        return content.document.memo.node(atByte: k, in: tree)
    }
}
