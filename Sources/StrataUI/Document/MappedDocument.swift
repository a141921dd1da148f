import Strata

/// What the route's mapping made of a parsed response: the typed values, their issues, and problems in the
/// mapping configuration itself.
package struct MappedDocument: Sendable {
    /// The mapped values and issues; nil when the configuration is too broken to map with.
    package let result: MappingResult?
    /// The route's `map`, as read.
    package let routeMapping: RouteMapping?
    /// Problems in the session's `mappings` or the route's `map` and `errorMap` (file:line:col), in `check`'s words.
    package let diagnostics: [Diagnostic]
    /// Why the response was not mapped though the route maps its responses (an error status and no `errorMap`).
    package let notMapped: String?

    /// Issues listed by `i` (all of them).
    package let issueCount: Int
    /// Issues that mark values: errors and warnings.
    package let markedCount: Int
    /// Issues that are errors.
    package let errorCount: Int
    /// The issues grouped by kind, property and path pattern: the rows of the issue list.
    package let groups: [IssueGroup]
    /// How many issues there are of each severity (the Mapped title, the status bar and the list show these).
    package let counts: IssueCounts
    /// What changed since the previous mapping of the same response (after `R` or `E`); nil after a first mapping.
    package var changes: MappingChanges?
    /// Child counts and positions of mapped values, remembered for drawing.
    package let memo = TreeMemo()

    /// Creates a document from its parts.
    package init(
        result: MappingResult?, routeMapping: RouteMapping?, diagnostics: [Diagnostic], notMapped: String? = nil
    ) {
        self.result = result
        self.routeMapping = routeMapping
        self.diagnostics = diagnostics
        self.notMapped = notMapped
        let issues = result?.issues ?? []
        let counts = IssueCounts(issues)
        issueCount = issues.count
        markedCount = counts.errors + counts.warnings
        errorCount = counts.errors
        groups = issues.groups()
        self.counts = counts
        changes = nil
    }

    /// Marks what changed against `previous`, the mapping shown before this one (nothing when either has no
    /// values).
    package mutating func compare(with previous: MappingResult?) {
        guard let previous, let result, !previous.values.isEmpty, !result.values.isEmpty else { return }
        changes = MappingChanges(previous: previous, current: result, currentGroups: groups)
    }

    /// The map stage's outcome made ready to draw (child counts of the first screen remembered).
    package init(_ outcome: MappingOutcome) {
        self.init(
            result: outcome.result, routeMapping: outcome.routeMapping, diagnostics: outcome.diagnostics,
            notMapped: outcome.notMapped)
        if let outline { memo.warm(outline) }
    }

    /// Maps `tree`, the body of a response with `status`, with the ``ResponsePipeline``'s map stage; nil when the
    /// route maps nothing for that status.
    package static func map(
        _ tree: Tree, status: Int, route: Route, with pipeline: ResponsePipeline
    ) -> MappedDocument? {
        pipeline.map(tree, status: status, for: route).map(MappedDocument.init)
    }

    /// Every issue, in the order found.
    package var issues: MappingIssues { result?.issues ?? [] }

    /// The value and the source node issue `k` is about.
    package func issueTarget(_ k: Int) -> (value: Int?, node: Int?) {
        guard k >= 0, k < issues.count else { return (nil, nil) }
        let value = issues.value(k)
        return (value, issues.node(k) ?? value.flatMap { result?.values[$0].source })
    }

    /// Whether parsed node `node` was left out: a field no property read, or outside the mapped part.
    package func isUnmapped(_ node: Int) -> Bool {
        guard let result else { return false }
        switch result.usage(of: node) {
        case .unmapped, .notReached: return true
        case .value, .inside, .passed: return false
        }
    }

    /// `[Product]` for an array whose elements are all objects of one class (judged by its first and last element),
    /// else `[]`; `{}` for dictionaries.
    package func containerLabel(_ value: Int) -> String {
        guard let result, let outline else { return "[]" }
        if case .dictionary = result.values.content(value) { return "{}" }
        guard outline.hasChildren(value) else { return "[]" }
        let first = result.values.className(value + 1)
        let last = result.values.className(outline.lastChild(of: value))
        return first != nil && first == last ? "[\(first!)]" : "[]"
    }

    /// The position of value `id` among the mapped values: `[2].maker.name` (array positions from the memo).
    package func path(of id: Int) -> String {
        guard let result, let outline else { return "" }
        return result.path(of: id, position: { memo.siblingIndex($0, in: outline) })
    }

    /// The Mapped pane's outline, when there are values.
    package var outline: MappedOutline? {
        guard let result, !result.values.isEmpty else { return nil }
        return MappedOutline(result: result)
    }
}

/// The mapped values as a ``FlatOutline``: they are stored in pre-order with subtree ends, like the parsed tree.
package struct MappedOutline: FlatOutline, Sendable {
    /// The mapping result walked.
    package let result: MappingResult

    /// The number of values.
    package var count: Int { result.values.count }

    /// The value containing value `i`.
    package func parent(_ i: Int) -> Int? { result.values.parent(i) }

    /// The index after value `i`'s last descendant.
    package func subtreeEnd(_ i: Int) -> Int { result.values.end(i) }

    /// The name of value `i` in its parent, as the result's paths use it.
    package func pathKey(_ i: Int) -> String? { result.pathKey(i) }

    /// As for the result's paths.
    package func mayRepeatKey(_ i: Int) -> Bool { result.mayRepeatKey(i) }

    /// The parsed node value `i` was read from.
    package func source(of i: Int) -> Int? { i < count ? result.values.source(i) : nil }

    /// The last child of value `i` (which has children), found from the end of its subtree.
    package func lastChild(of i: Int) -> Int {
        var c = subtreeEnd(i) - 1
        while let p = parent(c), p != i { c = p }
        return c
    }

    /// The value read from parsed node `node`, or the value whose source contains it.
    package func value(forSource node: Int) -> Int? {
        switch result.usage(of: node) {
        case .value(let v), .inside(let v): return v
        default: return nil
        }
    }
}
