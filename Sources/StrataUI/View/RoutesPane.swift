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
        let methodWidth = min(routes.map(\.method.count).max() ?? 3, 7)
        for row in 0..<inner.height {
            let index = state.routeTop + row
            guard index < routes.count else { break }
            let route = routes[index]
            let selected = route.name == state.routeName
            let y = inner.y + row
            buffer.setString(selected ? "▸" : " ", x: inner.x, y: y, style: focused ? .plain : Theme.title)
            let nameWidth = max(inner.width - methodWidth - 3, 1)
            buffer.setLine(Line(route.name), x: inner.x + 2, y: y, width: nameWidth)
            let method = Line(route.method, style: Theme.method(route.method), alignment: .right)
            buffer.setLine(method, x: inner.right - methodWidth - 1, y: y, width: methodWidth)
            if selected {
                buffer.setStyle(
                    ExplorerView.selectionStyle(focused: focused),
                    in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
        }
    }
}
