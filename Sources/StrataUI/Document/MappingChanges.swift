import Strata

/// What a new mapping of the same response changed, against the previous one: values added, changed or changed in
/// type (marked on their row), values removed (counted on the container they left), and issue groups that are new
/// or fixed. Built off the UI loop when a reloaded or edited session maps the response again.
package struct MappingChanges: Sendable {
    /// How one row of the Mapped pane is marked.
    package enum Mark: Sendable, Equatable {
        /// The value is new.
        case added
        /// The value was `was` before.
        case changed(was: String)
        /// The value had another type before (`was` names it: `date`, `invalid`, a class name).
        case typeChanged(was: String)
        /// Values inside this container were removed (how many).
        case removedInside(Int)
    }

    /// The structural diff of the previous mapped values against the new ones.
    package let diff: TreeDiff
    /// The mark of each marked value of the new mapping, by value id.
    package let marks: [Int: Mark]
    /// The marked values in order: the stops of `]` and `[`.
    package let stops: [Int]
    /// Issue groups of the new mapping that the previous one did not have.
    package let newIssues: Set<IssueGroup.Key>
    /// Issue groups the previous mapping had and the new one does not: fixed.
    package let fixedIssues: [IssueGroup]

    /// Compares `previous` with `current` (whose issue groups are `currentGroups`).
    package init(previous: MappingResult, current: MappingResult, currentGroups: [IssueGroup]) {
        let diff = TreeDiff(previous, current)
        var marks: [Int: Mark] = [:]
        for change in diff.changes {
            switch change.kind {
            case .added: if let v = change.new { marks[v] = .added }
            case .changed: if let v = change.new { marks[v] = .changed(was: previous.diffValue(change.old!)) }
            case .typeChanged:
                if let v = change.new { marks[v] = .typeChanged(was: previous.diffShape(change.old!).type) }
            case .removed:
                guard let c = change.newContainer else { continue }
                if case .removedInside(let n) = marks[c] {
                    marks[c] = .removedInside(n + 1)
                } else if marks[c] == nil {
                    marks[c] = .removedInside(1)
                }
            }
        }
        self.diff = diff
        self.marks = marks
        stops = marks.keys.sorted()
        let before = IssueGroup.group(previous.issues)
        let beforeKeys = Set(before.map(\.key))
        let nowKeys = Set(currentGroups.map(\.key))
        newIssues = nowKeys.subtracting(beforeKeys)
        fixedIssues = before.filter { !nowKeys.contains($0.key) }
    }

    /// What happened at value `id`, for the status line: `added`, `was 45`, `was date`, `2 removed here`.
    package func describe(_ id: Int) -> String? {
        switch marks[id] {
        case nil: nil
        case .added: "added"
        case .changed(let was): "was " + was
        case .typeChanged(let was): "was " + was
        case .removedInside(let n): "\(n) removed here"
        }
    }

    /// True when nothing changed: the same values and the same issues.
    package var isEmpty: Bool { marks.isEmpty && newIssues.isEmpty && fixedIssues.isEmpty }

    /// `2 values changed · 1 issue fixed · 1 new`, or `the mapped values and issues did not change`.
    package var summary: String {
        if isEmpty { return "the mapped values and issues did not change" }
        var parts: [String] = []
        if !marks.isEmpty { parts.append("\(Counted.text(marks.count, "value")) changed (] next)") }
        if !fixedIssues.isEmpty { parts.append("\(Counted.text(fixedIssues.count, "issue")) fixed") }
        if !newIssues.isEmpty { parts.append("\(Counted.text(newIssues.count, "new issue"))") }
        return parts.joined(separator: " · ")
    }
}
