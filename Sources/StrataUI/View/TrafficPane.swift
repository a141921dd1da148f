import Foundation
import Strata
import TermGrid

/// The Traffic list (requests that arrived while serving, newest first) in the route list's place, and the
/// selected request in the request pane's place.
package enum TrafficPane {
    /// `▸ 200 GET /products?page=2            products.json #1`.
    package static func render(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        let traffic = state.traffic
        var spans = [TextSpan("Traffic", style: Theme.title), TextSpan(" \(traffic.count)", style: Theme.secondary)]
        if !traffic.isServing { spans.append(TextSpan(" · not serving", style: Theme.secondary)) }
        let focused = state.focus == .traffic && state.overlay == nil
        let block = ExplorerView.block(Line(spans), focused: focused)
        buffer.render(block, in: area)
        let inner = block.inner(area)
        guard !inner.isEmpty else { return }
        let entries = traffic.entries
        if entries.isEmpty {
            let lines =
                traffic.isServing
                ? [
                    Line("No requests yet."),
                    Line("Point an app or curl at \(traffic.url ?? "")", style: Theme.secondary),
                ]
                : [Line("Not serving."), Line("Press S to serve the session over HTTP.", style: Theme.secondary)]
            ExplorerView.emptyState(lines, in: inner, into: &buffer)
            return
        }
        let selection = ExplorerView.selectionStyle(focused: focused)
        let whoWidth = min(max(entries.map { $0.answeredBy.count }.max() ?? 0, 9), max(inner.width * 2 / 5, 9))
        let methodWidth = min(entries.map(\.method.count).max() ?? 3, 7)
        for row in 0..<inner.height {
            let index = traffic.top + row
            guard index < entries.count else { break }
            let entry = entries[index]
            let y = inner.y + row
            let selected = index == traffic.selected
            let marker = TextSpan(selected ? "▸" : " ", style: focused ? .plain : Theme.title)
            let status = entry.status == 0 ? "---" : String(entry.status)
            let method = entry.method.padding(toLength: methodWidth, withPad: " ", startingAt: 0)
            let left = Line([
                marker, TextSpan(status, style: Theme.status(entry.status)), TextSpan(" "),
                TextSpan(method, style: Theme.method(entry.method)), TextSpan(" "), TextSpan(entry.path),
            ])
            let pathWidth = max(inner.width - whoWidth - 1, 1)
            buffer.setLine(left, x: inner.x, y: y, width: pathWidth)
            let who = Line(
                entry.answeredBy, style: entry.nearMiss != nil ? Theme.error : Theme.secondary, alignment: .right)
            buffer.setLine(who, x: inner.right - whoWidth, y: y, width: whoWidth)
            if selected { buffer.setStyle(selection, in: Rect(x: inner.x, y: y, width: inner.width, height: 1)) }
        }
    }

    /// The selected request in the request pane's place: method and path, what answered, the query and body
    /// params, the headers and the body (all redacted).
    package static func renderRequest(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        guard let entry = state.traffic.selection else {
            let block = ExplorerView.block(Line("Request", style: Theme.title), focused: false)
            buffer.render(block, in: area)
            ExplorerView.emptyState(
                [Line("Requests that arrive show here.", style: Theme.secondary)], in: block.inner(area),
                into: &buffer)
            return
        }
        let title = Line([
            TextSpan(entry.method, style: Theme.method(entry.method).adding(.bold)),
            TextSpan(" " + entry.path.prefix(max(area.width, 0)), style: Theme.title),
        ])
        let right = Line("#\(entry.number) · \(state.traffic.source?.label ?? "SERVED")", style: Theme.title)
        let block = ExplorerView.block(title, right: right, focused: false)
        buffer.render(block, in: area)
        let inner = block.inner(area).inset(Margin(top: 0, right: 1, bottom: 0, left: 1))
        guard !inner.isEmpty else { return }
        buffer.render(Paragraph(lines(entry), wrap: false), in: inner)
    }

    /// The request's lines: what answered, params, headers, body.
    static func lines(_ entry: TrafficEntry) -> [Line] {
        let status = entry.status == 0 ? "no status" : String(entry.status)
        var answered = [
            TextSpan("→ ", style: Theme.secondary), TextSpan(status, style: Theme.status(entry.status)),
            TextSpan(" " + entry.outcome, style: entry.nearMiss != nil ? Theme.error : .plain),
        ]
        if let nearest = entry.nearest { answered.append(TextSpan(" (nearest \(nearest))", style: Theme.secondary)) }
        answered.append(TextSpan(String(format: " · %.1f ms", entry.durationMs), style: Theme.secondary))
        var out = [Line(answered)]
        let nameWidth = min(max((entry.params.map(\.name.count) + entry.headers.map(\.name.count)).max() ?? 0, 4), 24)
        func row(_ name: String, _ value: String, _ tag: String) -> Line {
            Line([
                TextSpan(
                    name.padding(toLength: max(nameWidth, name.count), withPad: " ", startingAt: 0), style: Theme.key),
                TextSpan(" " + value + " "), TextSpan(tag, style: Theme.secondary),
            ])
        }
        for param in entry.params { out.append(row(param.name, param.value, param.location.rawValue)) }
        if !entry.headers.isEmpty {
            out.append(Line("Headers", style: Theme.title))
            for header in entry.headers { out.append(row(header.name, header.value, "")) }
        }
        if let body = entry.body {
            out.append(Line("Body · \(ByteCount.text(entry.bodySize))", style: Theme.title))
            for line in body.split(separator: "\n", omittingEmptySubsequences: false).prefix(50) {
                out.append(Line(String(line)))
            }
        }
        return out
    }
}
