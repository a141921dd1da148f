import Strata
import TermGrid

/// One row of the issue list: a group of issues, marked new or fixed after a reload or an edit.
package struct IssueRow: Sendable, Equatable {
    /// Whether the row's issues are there now, appeared with the last mapping, or went away with it.
    package enum Status: Sendable, Equatable {
        /// Present now and before (or no previous mapping to compare with).
        case current
        /// Present now, not before the last reload or edit.
        case new
        /// Present before the last reload or edit, gone now.
        case fixed
    }

    /// The issues of the row.
    package var group: IssueGroup
    /// New, fixed, or neither.
    package var status: Status
}

extension ExplorerState {
    /// The rows of the `i` list: the shown mapping's issue groups passing the severity filter (new ones marked),
    /// then the groups the last reload or edit fixed.
    package var issueRows: [IssueRow] {
        guard let mapping = response.document?.mapping else { return [] }
        let fresh = mapping.changes?.newIssues ?? []
        var rows = mapping.groups.filter { issueFilter.admits($0.severity) }.map {
            IssueRow(group: $0, status: fresh.contains($0.key) ? .new : .current)
        }
        for group in mapping.changes?.fixedIssues ?? [] where issueFilter.admits(group.severity) {
            rows.append(IssueRow(group: group, status: .fixed))
        }
        return rows
    }

    /// Two lines per row for the `i` overlay: severity, path (a pattern for a group), property, kind, count and
    /// mark; then the message with the first concrete paths of a group. Fixed rows are dim.
    var issueLines: [Line] {
        issueRows.flatMap { row -> [Line] in
            let group = row.group
            let fixed = row.status == .fixed
            func style(_ s: Style) -> Style { fixed ? Theme.secondary : s }
            let severity: Style =
                switch group.severity {
                case .error: Theme.error
                case .warning: Theme.warning
                case .info: Theme.secondary
                }
            var spans = [
                TextSpan(
                    group.severity.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0), style: style(severity)),
                TextSpan(group.shownPath, style: style(Theme.key)),
            ]
            if let property = group.property { spans.append(TextSpan("  " + property, style: style(Theme.className))) }
            spans.append(TextSpan("  " + group.kind.rawValue, style: Theme.secondary))
            if group.count > 1 { spans.append(TextSpan("  ×\(group.count)", style: style(Theme.title))) }
            switch row.status {
            case .new: spans.append(TextSpan("  new", style: Theme.edited))
            case .fixed: spans.append(TextSpan("  ✓ fixed", style: Theme.string))
            case .current: break
            }
            var message = group.message
            if group.count > 1 {
                message += " — " + group.examples.joined(separator: ", ")
                if group.count > group.examples.count { message += ", …" }
            }
            return [Line(spans), Line("        " + message, style: fixed ? Theme.secondary : .plain)]
        }
    }

    /// The lines above the groups in the `i` overlay: each problem of the mapping configuration that concerns the
    /// route, in `strata check`'s words (`session.json:12:30: bad date pattern for …`), then why the response was
    /// not mapped, when it was not. They are not rows: there is no value to go to.
    package var configurationLines: [Line] {
        guard let mapping = response.document?.mapping else { return [] }
        var lines = mapping.diagnostics.map { d in
            Line(d.description, style: d.severity == .error ? Theme.error : Theme.warning)
        }
        if let reason = mapping.notMapped { lines.append(Line(reason, style: Theme.secondary)) }
        return lines
    }

    /// The list's title: `Mapping issues 1 error · 3 info`, saying what the filter hides.
    package var issueTitle: String {
        guard let mapping = response.document?.mapping else { return "Mapping issues" }
        var title = "Mapping issues " + mapping.counts.text
        if !mapping.diagnostics.isEmpty {
            title +=
                (mapping.counts.text.isEmpty ? "" : " · ")
                + Counted.text(mapping.diagnostics.count, "configuration problem")
        }
        if issueFilter != .info { title += " · showing \(issueFilter.label)" }
        return title
    }

    /// `e`, `w`, `a` in the issue list: show errors, errors and warnings, or everything.
    mutating func filterIssues(_ filter: SeverityFilter) {
        issueFilter = filter
        overlay = .issues(selected: 0)
        if issueRows.isEmpty, let mapping = response.document?.mapping {
            notice = Notice("no \(filter.label) among \(mapping.counts.text): a shows all")
        }
    }

    /// `]` and `[` in Mapped: select the next or previous value the last reload or edit changed (unfolding to it).
    mutating func jumpToChange(forward: Bool) {
        guard let outline = mappedOutline, let stops = response.document?.mapping?.changes?.stops,
            !stops.isEmpty
        else {
            notice = Notice("no changes to go to: they are marked after R (reload) or E (edit)")
            return
        }
        let current = mapped.selected
        let target: Int
        if forward {
            target = stops.first { $0 > current } ?? stops[0]
        } else {
            target = stops.last { $0 < current } ?? stops[stops.count - 1]
        }
        mapped.reveal(target, in: outline, height: mappedHeight)
        syncFromMapped()
        let k = stops.firstIndex(of: target)! + 1
        let what = response.document?.mapping?.changes?.describe(target) ?? ""
        notice = Notice("change \(k) of \(stops.count): \(what)")
    }
}
