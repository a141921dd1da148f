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
    /// params, every header and the body (all redacted), wrapped to the pane and scrolled to
    /// ``TrafficState/detailTop``; the title says which rows show when they do not all fit.
    package static func renderRequest(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        let focused = state.focus == .trafficRequest && state.overlay == nil
        guard let entry = state.traffic.selection else {
            let block = ExplorerView.block(Line("Request", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            ExplorerView.emptyState(
                [Line("Requests that arrive show here.", style: Theme.secondary)], in: block.inner(area),
                into: &buffer)
            return
        }
        let inner = detailArea(in: area)
        let paragraph = Paragraph(lines(entry), wrap: true)
        let rows = paragraph.rowCount(width: max(inner.width, 1))
        let top = min(max(state.traffic.detailTop, 0), max(rows - inner.height, 0))
        let title = Line([
            TextSpan(entry.method, style: Theme.method(entry.method).adding(.bold)),
            TextSpan(" " + entry.path.prefix(max(area.width, 0)), style: Theme.title),
        ])
        var right = "#\(entry.number) · \(state.traffic.source?.label ?? "SERVED")"
        if rows > inner.height, inner.height > 0 {
            right = "\(top + 1)–\(min(top + inner.height, rows)) of \(rows) · " + right
        }
        let block = ExplorerView.block(title, right: Line(right, style: Theme.title), focused: focused)
        buffer.render(block, in: area)
        guard !inner.isEmpty else { return }
        var shown = paragraph
        shown.scroll = top
        buffer.render(shown, in: inner)
    }

    /// Where the request's rows go inside the request pane's place `area`: within the border, a column of margin
    /// each side (the reducer scrolls by the same area).
    package static func detailArea(in area: Rect) -> Rect {
        ExplorerView.block(Line("Request"), focused: false).inner(area)
            .inset(Margin(top: 0, right: 1, bottom: 0, left: 1))
    }

    /// Rows the request takes wrapped to `width` columns.
    package static func rowCount(_ entry: TrafficEntry, width: Int) -> Int {
        Paragraph(lines(entry), wrap: true).rowCount(width: max(width, 1))
    }

    /// The request's lines: what answered, params, headers, body (pretty-printed JSON when it parses, else its
    /// text, where the cells' visible-text rule shows control characters; past 64 KiB, how much was left out).
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
            var spans = [
                TextSpan(
                    name.padding(toLength: max(nameWidth, name.count), withPad: " ", startingAt: 0), style: Theme.key),
                TextSpan(" " + value),
            ]
            if !tag.isEmpty { spans.append(TextSpan(" " + tag, style: Theme.secondary)) }
            return Line(spans)
        }
        for param in entry.params { out.append(row(param.name, param.value, param.location.rawValue)) }
        if !entry.headers.isEmpty {
            out.append(Line("Headers", style: Theme.title))
            for header in entry.headers { out.append(row(header.name, header.value, "")) }
        }
        if entry.body != nil {
            var heading = "Body · \(ByteCount.text(entry.bodySize))"
            if entry.bodyIsJSON { heading += " · JSON" }
            out.append(Line(heading, style: Theme.title))
            for line in entry.bodyLines { out.append(Line(line)) }
            if entry.bodyOmitted > 0 {
                out.append(
                    Line(
                        "… \(Counted.text(entry.bodyOmitted, "more byte")) (the first "
                            + "\(ServeJournal.bodyLimit >> 10) KiB are shown)", style: Theme.secondary))
            }
        }
        return out
    }
}
