import Strata
import TermGrid

/// The route list: `▸ listProducts     GET`, filtered with `/`.
package enum RoutesPane {
    package static func render(
        _ state: ExplorerState, in area: Rect, into buffer: inout Buffer, cursor: inout Position?
    ) {
        let routes = state.visibleRoutes
        let total = state.session.routes.count
        var title = Line([TextSpan("Routes", style: Theme.title), TextSpan(" \(total)", style: Theme.secondary)])
        if !state.routeFilter.isEmpty {
            title = Line([
                TextSpan("Routes", style: Theme.title), TextSpan(" \(routes.count)/\(total)", style: Theme.secondary),
                TextSpan(" /" + state.routeFilter, style: Theme.edited),
            ])
        }
        let focused = state.focus == .routes && state.overlay == nil
        let block = ExplorerView.block(title, focused: focused)
        buffer.render(block, in: area)
        var inner = block.inner(area)
        guard !inner.isEmpty else { return }
        if state.editorIsFilter, let editor = state.editor {
            let fieldRow = Rect(x: inner.x, y: inner.bottom - 1, width: inner.width, height: 1)
            var field = editor.field
            buffer.render(
                TextField(prompt: TextSpan("/", style: Theme.edited), placeholder: "name or path"), in: fieldRow,
                state: &field)
            cursor = field.cursorPosition
            inner.height -= 1
        }
        if routes.isEmpty {
            let message: [Line] =
                total == 0
                ? [Line("No routes."), Line("Add some to session.json, then press R.", style: Theme.secondary)]
                : [
                    Line("No route matches"), Line("/\(state.routeFilter)", style: Theme.edited),
                    Line("Esc clears the filter", style: Theme.secondary),
                ]
            ExplorerView.emptyState(message, in: inner, into: &buffer)
            return
        }
        // A list of names with the selection marker, then the methods in a right-aligned column beside it, led by
        // ✓ or ✗ where the route's last response was checked against its expectations.
        let methodWidth = min(routes.map(\.method.count).max() ?? 3, 7)
        let marks = state.checkReports.isEmpty ? 0 : 2
        let names = Rect(
            x: inner.x, y: inner.y, width: max(inner.width - methodWidth - 3 - marks, 1) + 2, height: inner.height)
        let selection = ExplorerView.selectionStyle(focused: focused)
        var list = ListState(selected: state.routeRow, offset: state.routeTop)
        let nameList = List(
            count: routes.count, highlightStyle: selection,
            highlightSymbol: TextSpan("▸", style: focused ? .plain : Theme.title)
        ) { index in Line([TextSpan(" "), TextSpan(routes[index].name)]) }
        buffer.render(nameList, in: names, state: &list)
        for row in 0..<inner.height {
            guard let index = list.index(atRow: row, count: routes.count) else { break }
            let route = routes[index]
            let y = inner.y + row
            let method = Line(route.method, style: Theme.method(route.method), alignment: .right)
            buffer.setLine(method, x: inner.right - methodWidth - 1, y: y, width: methodWidth)
            if let report = state.checkReports[route.name] {
                let mark = report.passed ? TextSpan("✓", style: Theme.string) : TextSpan("✗", style: Theme.error)
                buffer.setLine(Line([mark]), x: inner.right - methodWidth - 3, y: y, width: 1)
            }
            if index == list.selected {
                buffer.setStyle(selection, in: Rect(x: names.right, y: y, width: inner.right - names.right, height: 1))
            }
        }
    }
}
