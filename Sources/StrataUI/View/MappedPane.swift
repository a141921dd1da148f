import Foundation
import Strata
import TermGrid

/// The mapped objects: `▾ [Product] 2`, `  ▾ Product`, `      id    3`; typed values (dates formatted), values
/// with issues in colour. Only the rows on screen are visited.
package enum MappedPane {
    package static func render(_ state: ExplorerState, in area: Rect, into buffer: inout Buffer) {
        let focused = state.focus == .mapped && state.overlay == nil
        guard let document = state.response.document else {
            let block = ExplorerView.block(Line("Mapped", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            ExplorerView.emptyState(RawPane.emptyMessage(state), in: block.inner(area), into: &buffer)
            return
        }
        if let reason = document.mapping?.notMapped {
            let block = ExplorerView.block(Line("Mapped", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            ExplorerView.emptyState(
                [
                    Line(reason),
                    Line(
                        "Add \"errorMap\": \"ClassName\" to the route in session.json to map error bodies, then "
                            + "press R.", style: Theme.secondary),
                ], in: block.inner(area), into: &buffer)
            return
        }
        guard let mapping = document.mapping else {
            let block = ExplorerView.block(Line("Mapped", style: Theme.title), focused: focused)
            buffer.render(block, in: area)
            if state.isMapping {
                let nodes = document.tree?.count ?? 0
                ExplorerView.emptyState(
                    [
                        Line("Mapping \(nodes) parsed nodes…"),
                        Line("Raw and Parsed work meanwhile.", style: Theme.secondary),
                    ],
                    in: block.inner(area), into: &buffer)
                return
            }
            let lines: [Line] =
                if document.tree == nil {
                    [Line("Nothing to map: the body did not parse.", style: Theme.secondary)]
                } else if !state.shownResponseHasRoute {
                    // An answer from Traffic to a request no route fits has no route to add a map to.
                    [
                        Line("Nothing to map."),
                        Line("No route fits this request.", style: Theme.secondary),
                    ]
                } else {
                    [
                        Line("This route maps nothing."),
                        Line(
                            "Add \"map\": \"ClassName\" to the route in session.json, then press R.",
                            style: Theme.secondary),
                    ]
                }
            ExplorerView.emptyState(lines, in: block.inner(area), into: &buffer)
            return
        }
        var titleSpans = [TextSpan("Mapped", style: Theme.title)]
        if let className = mapping.routeMapping?.className {
            titleSpans.append(TextSpan(" " + className, style: Theme.secondary))
        }
        var rightSpans: [TextSpan] = []
        if let search = state.search, search.pane == .mapped {
            rightSpans = ParsedPane.searchTitle(search).spans
        }
        if mapping.issueCount > 0 {
            if !rightSpans.isEmpty { rightSpans.append(TextSpan(" ")) }
            rightSpans.append(TextSpan(mapping.counts.text, style: countsStyle(mapping.counts)))
        }
        let right = rightSpans.isEmpty ? nil : Line(rightSpans)
        let block = ExplorerView.block(Line(titleSpans), right: right, focused: focused)
        buffer.render(block, in: area)
        let inner = block.inner(area)
        guard !inner.isEmpty else { return }
        guard let outline = mapping.outline else {
            var lines = [Line("The mapping could not run.", style: Theme.error)]
            lines += mapping.diagnostics.map { Line($0.description, style: Theme.error) }
            lines.append(Line("Fix session.json, then press R.", style: Theme.secondary))
            buffer.render(Paragraph(lines, wrap: true), in: inner.inset(Margin(horizontal: 1)))
            return
        }
        let result = outline.result
        let rows = outline.visibleRows(
            from: min(state.mapped.top, outline.count - 1), limit: inner.height, folds: state.mapped.folds)
        // Property names of one object line up: pad to the longest sibling name among the rows shown.
        var nameWidths: [Int: Int] = [:]
        for (value, _) in rows {
            if let p = result.values.parent(value), !result.values.isArray(p), let name = result.values.name(value) {
                nameWidths[p] = max(nameWidths[p] ?? 0, min(DisplayWidth.of(name), 24))
            }
        }
        for (r, (value, depth)) in rows.enumerated() {
            let y = inner.y + r
            let v = result.values[value]
            let expanded = state.mapped.folds.isExpanded(value)
            let marker = outline.hasChildren(value) ? (expanded ? "▾" : "▸") : " "
            var spans: [TextSpan] = [
                ExplorerView.indentation(depth, width: inner.width),
                TextSpan(marker, style: Theme.secondary),
            ]
            // What the last reload or edit did here, in the column after the fold marker.
            if let mark = mapping.changes?.marks[value] {
                spans.append(TextSpan(changeGlyph(mark), style: Theme.changed))
            } else {
                spans.append(TextSpan(" "))
            }
            if let p = v.parent, !result.values.isArray(p), let name = v.name {
                let width = nameWidths[p] ?? DisplayWidth.of(name)
                let pad = String(repeating: " ", count: max(width - DisplayWidth.of(name), 0) + 2)
                spans.append(TextSpan(name + pad, style: Theme.key))
            }
            spans += valueSpans(v, mapping: mapping)
            if let severity = v.severity, severity != .info {
                spans.append(
                    TextSpan(
                        " ⚠ " + note(for: value, in: result), style: severity == .error ? Theme.error : Theme.warning))
            }
            buffer.setLine(Line(spans), x: inner.x, y: y, width: inner.width)
            if value == state.mapped.selected {
                buffer.setStyle(
                    ExplorerView.selectionStyle(focused: focused),
                    in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
        }
    }

    /// A value as one row: class names for objects, `[Product] 2` for arrays, typed scalars in colour.
    static func valueSpans(_ v: MappedValue, mapping: MappedDocument) -> [TextSpan] {
        let result = mapping.result!
        let outline = mapping.outline!
        let issueStyle: Style? =
            switch v.severity {
            case .error: Theme.error
            case .warning: Theme.warning
            default: nil
            }
        func scalar(_ text: String, _ style: Style) -> [TextSpan] { [TextSpan(text, style: issueStyle ?? style)] }
        switch v.content {
        case .object(let className): return [TextSpan(className, style: Theme.className)]
        case .array:
            let count = mapping.memo.childCount(v.id, in: outline)
            return [
                TextSpan(mapping.containerLabel(v.id), style: Theme.className),
                TextSpan(" \(count)", style: Theme.secondary),
            ]
        case .dictionary:
            let count = mapping.memo.childCount(v.id, in: outline)
            return [TextSpan("{}", style: Theme.punctuation), TextSpan(" \(count)", style: Theme.secondary)]
        case .string(let s): return scalar(JSONString.quote(s), Theme.string)
        case .int(let i): return scalar(String(i), Theme.number)
        case .double(let d): return scalar(d.isFinite ? "\(d)" : "\(d)", Theme.number)
        case .decimal(_, let written): return scalar(written, Theme.number)
        case .bool(let b): return scalar(b ? "true" : "false", Theme.literal)
        case .date(let date): return scalar(dateText(date), Theme.number)
        case .url(let url): return scalar(url.absoluteString, Theme.string.underline)
        case .raw:
            let text = v.source.map { short(result.tree.canonicalJSON($0)) } ?? "null"
            return scalar(text, .plain)
        case .null: return scalar("nil", Theme.secondary)
        case .missing: return [TextSpan("missing", style: Theme.error)]
        case .invalid:
            guard let s = v.source else { return [TextSpan("invalid", style: Theme.error)] }
            let text = result.tree.isContainer(s) ? short(result.tree.canonicalJSON(s)) : result.tree.scalarText(s)
            return [TextSpan(text, style: issueStyle ?? Theme.error)]
        case .reference(let target):
            let t = result.values[target]
            return [TextSpan("→ \(t.className ?? "value") (at \(mapping.path(of: target)))", style: Theme.secondary)]
        case .unresolved(let type, let id):
            return [TextSpan("→ \(type)/\(id) (not in the document)", style: Theme.warning)]
        }
    }

    /// The colour of the issue counts: red with errors, yellow with warnings, dim for infos only.
    package static func countsStyle(_ counts: IssueCounts) -> Style {
        counts.errors > 0 ? Theme.error : counts.warnings > 0 ? Theme.warning : Theme.secondary
    }

    /// The glyph of a change: `+` added, `~` changed, `!` type changed, `−` values removed inside.
    package static func changeGlyph(_ mark: MappingChanges.Mark) -> String {
        switch mark {
        case .added: "+"
        case .changed: "~"
        case .typeChanged: "!"
        case .removedInside: "−"
        }
    }

    /// The note after `⚠`: what was expected, from the value's issues.
    static func note(for value: Int, in result: MappingResult) -> String {
        let notes = result.issues(for: value).filter { $0.severity != .info }.compactMap { issue -> String? in
            switch issue.kind {
            case .missingField: return issue.expected.map { "missing, expected " + $0 } ?? "missing"
            case .valueNull: return "required, found null"
            case .typeMismatch, .badDate: return issue.expected.map { "expected " + $0 } ?? issue.message
            case .unknownClass: return "unknown class " + (issue.expected ?? "")
            case .missingInclude: return "not included"
            default: return issue.message
            }
        }
        return notes.joined(separator: "; ")
    }

    /// A date in ISO 8601 (UTC); midnight dates show the day only.
    static func dateText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        var year = String(c.year ?? 0)
        while year.count < 4 { year = "0" + year }
        let day = "\(year)-\(two(c.month))-\(two(c.day))"
        if c.hour == 0 && c.minute == 0 && c.second == 0 && (c.nanosecond ?? 0) < 1_000_000 { return day }
        var text = day + " " + two(c.hour) + ":" + two(c.minute) + ":" + two(c.second)
        if let ns = c.nanosecond, ns >= 1_000_000 {
            let ms = ns / 1_000_000
            text += "." + (ms < 10 ? "00" : ms < 100 ? "0" : "") + String(ms)
        }
        return text + "Z"
    }

    /// `text` cut to 80 characters.
    static func short(_ text: String) -> String { text.count <= 80 ? text : String(text.prefix(79)) + "…" }
}
