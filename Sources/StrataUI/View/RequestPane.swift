import Strata
import TermGrid

/// The request: the final method and URL in the title, the params table, headers and body on a toggle.
package enum RequestPane {
    package static func render(
        _ state: ExplorerState, in area: Rect, into buffer: inout Buffer, cursor: inout Position?
    ) {
        let focused = state.focus == .request && state.overlay == nil
        var rightSpans: [TextSpan] = []
        if let env = state.session.activeEnvironment {
            rightSpans.append(TextSpan("env " + env + " · ", style: Theme.title))
        }
        rightSpans.append(
            TextSpan(state.source.label, style: state.source == .live ? Theme.warning.adding(.bold) : Theme.title))
        let sourceTitle = Line(rightSpans)
        guard let draft = state.draft else {
            let block = ExplorerView.block(Line("Request", style: Theme.title), right: sourceTitle, focused: focused)
            buffer.render(block, in: area)
            ExplorerView.emptyState(
                [
                    Line("No route selected."),
                    Line("Pick one in Routes (↑ ↓), then press r to run it.", style: Theme.secondary),
                ],
                in: block.inner(area), into: &buffer)
            return
        }
        let shown = draft.request?.redacted()
        let method = shown?.method ?? draft.route.method
        // Only what can show: a URL with a long pasted value would otherwise be measured whole every frame.
        let url = (shown?.url ?? draft.route.path).prefix(max(area.width, 0))
        let title = Line([
            TextSpan(method, style: Theme.method(method).adding(.bold)),
            TextSpan(" " + url, style: Theme.title),
        ])
        let block = ExplorerView.block(title, right: sourceTitle, focused: focused)
        buffer.render(block, in: area)
        let inner = block.inner(area).inset(Margin(top: 0, right: 1, bottom: 0, left: 1))
        guard !inner.isEmpty else { return }
        var notes: [Line] = []
        if let error = draft.error { notes.append(Line("⚠ " + error.message, style: Theme.error)) }
        if state.source == .live, let missing = draft.request?.missingVariables, !missing.isEmpty {
            notes.append(
                Line(
                    "⚠ live sends need " + missing.map(\.description).joined(separator: ", "), style: Theme.warning))
        }
        let paramsHeight = max(state.paramRowsHeight - notes.count, 1)
        let paramsArea = Rect(x: inner.x, y: inner.y, width: inner.width, height: min(paramsHeight, inner.height))
        renderParams(state, draft, in: paramsArea, focused: focused, into: &buffer, cursor: &cursor)
        var y = paramsArea.bottom
        for note in notes where y < inner.bottom {
            buffer.setLine(note, x: inner.x, y: y, width: inner.width)
            y += 1
        }
        if state.showRequestDetails, y < inner.bottom {
            renderDetails(
                shown, draft, in: Rect(x: inner.x, y: y, width: inner.width, height: inner.bottom - y), into: &buffer)
        }
    }

    /// The params table: name, value, where it goes, and where the value came from.
    static func renderParams(
        _ state: ExplorerState, _ draft: RequestDraft, in area: Rect, focused: Bool, into buffer: inout Buffer,
        cursor: inout Position?
    ) {
        let params = draft.params
        var editingRow: Int? = nil
        var addingName: String? = nil
        if let editor = state.editor {
            switch editor.purpose {
            case .paramValue(let name): editingRow = params.firstIndex { $0.key == name }
            case .newParamName: addingName = ""
            case .newParamValue(let name): addingName = name
            default: break
            }
        }
        if params.isEmpty && addingName == nil {
            ExplorerView.emptyState(
                [Line("This route has no params."), Line("Press a to add one, r to run it.", style: Theme.secondary)],
                in: area, into: &buffer)
            return
        }
        let nameWidth = min(max(params.map { DisplayWidth.of($0.name) }.max() ?? 4, 4), 20)
        let widest = params.map { valueLine($0).width }.max() ?? 0
        let valueWidth = min(max(widest + 1, 12), max(area.width * 2 / 5, 8), 40)
        let whereWidth = 6
        let valueX = area.x + nameWidth + 2
        let whereX = valueX + valueWidth + 2
        let noteX = whereX + whereWidth + 2
        let rows = area.height - (addingName != nil ? 1 : 0)
        for row in 0..<max(rows, 0) {
            let index = state.paramTop + row
            guard index < params.count else { break }
            let p = params[index]
            let y = area.y + row
            let removed = p.status == .removed
            let nameStyle: Style = removed ? Theme.secondary : (p.origin == .added ? Theme.edited : .plain)
            buffer.setLine(Line(p.name, style: nameStyle), x: area.x, y: y, width: nameWidth + 1)
            if index == editingRow, let editor = state.editor {
                var field = editor.field
                let fieldArea = Rect(x: valueX, y: y, width: valueWidth, height: 1)
                buffer.render(TextField(style: Theme.edited.removing(.bold).underline), in: fieldArea, state: &field)
                cursor = field.cursorPosition
            } else {
                buffer.setLine(valueLine(p), x: valueX, y: y, width: valueWidth)
            }
            buffer.setLine(Line(p.location.rawValue, style: Theme.secondary), x: whereX, y: y, width: whereWidth)
            buffer.setLine(
                noteLine(p, draft: draft, state: state), x: noteX, y: y, width: max(area.right - noteX, 0))
            if index == state.paramSelection && index != editingRow {
                buffer.setStyle(
                    ExplorerView.selectionStyle(focused: focused),
                    in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
        }
        if let addingName, let editor = state.editor {
            let y = area.y + max(min(params.count - state.paramTop, rows), 0)
            var field = editor.field
            let prompt = addingName.isEmpty ? "new param name: " : "\(addingName) = "
            buffer.render(
                TextField(
                    prompt: TextSpan(prompt, style: Theme.edited), placeholder: addingName.isEmpty ? "name" : "value"),
                in: Rect(x: area.x, y: y, width: area.width, height: 1), state: &field)
            cursor = field.cursorPosition
        }
    }

    /// The value cell: the value (secrets as `<redacted>`, `(not set)` when empty), `(empty)` when it is left out,
    /// struck when removed.
    static func valueLine(_ p: ResolvedParam) -> Line {
        switch p.status {
        case .removed: return Line("(removed)", style: Theme.secondary)
        case .empty: return Line("(empty)", style: Theme.secondary)
        case .sent:
            // An empty secret is not a secret to hide: say it is not set (its variable is missing).
            if p.isSecret, p.value.isEmpty { return Line("(not set)", style: Theme.secondary) }
            let style: Style = p.origin == .edited || p.origin == .added ? Theme.edited : .plain
            return Line(p.displayValue, style: style)
        }
    }

    /// The note cell: `(default 1)` for edited values, `session default`, `env staging`, `added`, `required`.
    static func noteLine(_ p: ResolvedParam, draft: RequestDraft, state: ExplorerState) -> Line {
        var spans: [TextSpan] = []
        switch p.origin {
        case .edited:
            let declared = draft.declaredTemplate(p.key) ?? ""
            let shown = p.isSecret ? ResolvedParam.redacted : (declared.isEmpty ? "empty" : declared)
            spans.append(TextSpan("edited ", style: Theme.edited.removing(.bold)))
            spans.append(TextSpan("(default \(shown))", style: Theme.secondary))
        case .added: spans.append(TextSpan("added", style: Theme.edited.removing(.bold)))
        case .session: spans.append(TextSpan("session default", style: Theme.secondary))
        case .environment:
            spans.append(TextSpan("env \(state.session.activeEnvironment ?? "")", style: Theme.secondary))
        case .auth: spans.append(TextSpan("auth", style: Theme.secondary))
        case .response(let route, let query):
            if p.auth != nil { spans.append(TextSpan("auth · ", style: Theme.secondary)) }
            spans.append(TextSpan("from ", style: Theme.secondary))
            spans.append(TextSpan("\(route) \(query)", style: .plain))
        case .route: break
        }
        if p.status == .empty {
            spans.append(TextSpan(spans.isEmpty ? "not sent" : " · not sent", style: Theme.secondary))
        }
        if p.required { spans.append(TextSpan(spans.isEmpty ? "required" : " · required", style: Theme.secondary)) }
        if let description = p.description, !description.isEmpty {
            spans.append(TextSpan((spans.isEmpty ? "" : " · ") + description, style: Theme.secondary))
        }
        return Line(spans)
    }

    /// Headers and body of the request, below the params: one wrapped paragraph each.
    static func renderDetails(
        _ request: BuiltRequest?, _ draft: RequestDraft, in area: Rect, into buffer: inout Buffer
    ) {
        buffer.render(Paragraph(detailLines(request), wrap: true), in: area)
    }

    /// The headers line and the body line of `request` (redacted), or why there are none yet.
    static func detailLines(_ request: BuiltRequest?) -> [Line] {
        guard let request else {
            return [Line("Headers and body show once the request can be built.", style: Theme.secondary)]
        }
        var headers: [TextSpan] = [TextSpan("Headers  ", style: Theme.title)]
        if request.headers.isEmpty { headers.append(TextSpan("(none)", style: Theme.secondary)) }
        for (k, field) in request.headers.enumerated() {
            if k > 0 { headers.append(TextSpan(" · ", style: Theme.secondary)) }
            headers.append(TextSpan(field.name + ": ", style: Theme.key))
            headers.append(TextSpan(field.value))
        }
        var body: [TextSpan] = [TextSpan("Body     ", style: Theme.title)]
        if let bytes = request.body, request.bodyEncoding == .json, let tree = try? JSONParser().parse(bytes) {
            // The JSON that will be sent, pretty-printed (secrets are already `<redacted>`).
            let lines = tree.canonicalJSON(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
            return [Line(headers), Line(body)] + lines.map { Line("  " + $0) }
        }
        if let text = request.bodyText {
            body.append(TextSpan(text))
        } else {
            body.append(
                TextSpan(
                    request.body == nil ? "(none)" : "(\(request.body!.count) bytes, not text)", style: Theme.secondary)
            )
        }
        return [Line(headers), Line(body)]
    }

    /// Rows the headers and body take in a request pane `width` columns wide and `height` rows high (at most half).
    static func detailHeight(_ request: BuiltRequest?, width: Int, height: Int) -> Int {
        min(Paragraph(detailLines(request), wrap: true).rowCount(width: max(width, 1)), height / 2)
    }
}
