import Foundation
import StrataDocuments

/// Every issue of a mapping, in the order found, kept compactly: an unmapped field costs 5 bytes.
///
/// A 100 MB response whose objects each carry a few fields no property reads has hundreds of thousands of issues.
/// Each such issue is kept as its node and the number of its class and note, in lists of their own; its path, what
/// was found and its message are built when the issue is read. Other issues are stored whole, with their positions
/// in the list. Counting by severity, grouping (``groups()``) and finding a value's issues read no built issue.
public struct MappingIssues: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The issues stored whole, in order.
    private var whole: [MappingIssue] = []
    /// The position in the list of each issue in `whole`, ascending.
    private var wholePositions: [Int32] = []
    /// The node of each unmapped field, in order.
    private var unmappedNodes: [Int32] = []
    /// The number in `labels` of each unmapped field's class and note (``asideLabel``: in `labelsAside`).
    private var unmappedLabels: [UInt8] = []
    /// Each class name and note an unmapped field had, once, numbered in the order found.
    private var labels: [Label] = []
    private var labelNumbers = RecentIndex<Label>(recent: 4)
    /// The label numbers that do not fit a byte, by the field's position in `unmappedNodes`.
    private var labelsAside: [Int32: Int32] = [:]
    /// Class names and notes of unmapped fields, each once.
    private var names = InternedNames()
    /// Builds the paths of unmapped fields; nil until one is recorded.
    private var positions: NodePositions?

    /// The field's label in `unmappedLabels` when its number is kept in `labelsAside`.
    private static let asideLabel = UInt8.max

    /// The class an unmapped field sits in, and what follows its message.
    private struct Label: Hashable, Sendable {
        /// The class name, in `names`.
        var className: Int32
        /// The note that follows the message (`" (attribute)"`), in `names`.
        var note: Int32
    }

    /// Where issue `k` is kept: whole, or as an unmapped field.
    private enum Slot {
        case whole(Int)
        case unmapped(Int)
    }

    /// No issues.
    public init() {}

    /// The issues of `elements`, in order.
    public init(arrayLiteral elements: MappingIssue...) {
        for issue in elements { append(issue) }
    }

    /// The issues of `issues`, in order.
    public init(_ issues: some Sequence<MappingIssue>) {
        for issue in issues { append(issue) }
    }

    /// Two lists are equal when they hold the same issues, however each is stored.
    public static func == (a: MappingIssues, b: MappingIssues) -> Bool {
        if a.whole == b.whole && a.wholePositions == b.wholePositions && a.unmappedNodes == b.unmappedNodes
            && a.unmappedLabels == b.unmappedLabels && a.labels == b.labels && a.labelsAside == b.labelsAside
            && a.names == b.names && a.positions === b.positions
        {
            return true
        }
        return a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] }
    }

    // MARK: Collection

    /// The first position (0).
    public var startIndex: Int { 0 }
    /// The number of issues.
    public var endIndex: Int { whole.count + unmappedNodes.count }

    /// Issue `k`, built from its node when it is an unmapped field.
    public subscript(k: Int) -> MappingIssue {
        switch slot(k) {
        case .whole(let w): return whole[w]
        case .unmapped(let u): return unmappedIssue(u)
        }
    }

    /// Unmapped field `u` as an issue.
    private func unmappedIssue(_ u: Int) -> MappingIssue {
        let node = Int(unmappedNodes[u])
        let positions = positions!
        let tree = positions.tree
        let label = label(of: u)
        let className = names[Int(label.className)]
        return MappingIssue(
            severity: .info, kind: .unmappedField, node: node, path: positions.pathText(node), property: className,
            expected: nil, found: tree.describe(node, sizes: true),
            message: MappingIssues.unmappedMessage(key: tree.key(node) ?? "?", className: className)
                + names[Int(label.note)],
            value: nil)
    }

    /// Where issue `k` is kept (a binary search over the whole issues' positions).
    private func slot(_ k: Int) -> Slot {
        precondition(k >= 0 && k < count, "issue \(k) of \(count)")
        var low = 0
        var high = wholePositions.count
        while low < high {
            let mid = (low + high) / 2
            if Int(wholePositions[mid]) < k { low = mid + 1 } else { high = mid }
        }
        if low < wholePositions.count, Int(wholePositions[low]) == k { return .whole(low) }
        return .unmapped(k - low)
    }

    /// The class name and note of unmapped field `u`.
    private func label(of u: Int) -> Label { labels[Int(labelNumber(of: u))] }

    /// The number in `labels` of unmapped field `u`'s class and note.
    private func labelNumber(of u: Int) -> Int32 {
        let code = unmappedLabels[u]
        return code == MappingIssues.asideLabel ? labelsAside[Int32(truncatingIfNeeded: u)]! : Int32(code)
    }

    /// Appends unmapped field `node` with label number `label`.
    private mutating func appendUnmapped(_ node: Int32, label: Int32) {
        if label < Int32(MappingIssues.asideLabel) {
            unmappedLabels.append(UInt8(truncatingIfNeeded: label))
        } else {
            labelsAside[Int32(truncatingIfNeeded: unmappedNodes.count)] = label
            unmappedLabels.append(MappingIssues.asideLabel)
        }
        unmappedNodes.append(node)
    }

    /// The message of a field no property of `className` read.
    static func unmappedMessage(key: String, className: String) -> String {
        "field \(JSONString.quote(key)) is not mapped by any property of \(className)"
    }

    // MARK: Reading one part

    /// The severity of issue `k`.
    public func severity(_ k: Int) -> MappingIssue.Severity {
        if case .whole(let w) = slot(k) { return whole[w].severity }
        return .info
    }

    /// The kind of issue `k`.
    public func kind(_ k: Int) -> MappingIssue.Kind {
        if case .whole(let w) = slot(k) { return whole[w].kind }
        return .unmappedField
    }

    /// The parsed node issue `k` is about, if any.
    public func node(_ k: Int) -> Tree.Index? {
        switch slot(k) {
        case .whole(let w): whole[w].node
        case .unmapped(let u): Int(unmappedNodes[u])
        }
    }

    /// The mapped value issue `k` marks, if any.
    public func value(_ k: Int) -> MappedValue.ID? {
        if case .whole(let w) = slot(k) { return whole[w].value }
        return nil
    }

    /// The number of issues of `severity`.
    public func count(_ severity: MappingIssue.Severity) -> Int {
        whole.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } + (severity == .info ? unmappedNodes.count : 0)
    }

    /// The issues that mark a value, as (value, position) pairs in the order found: only issues stored whole do.
    func markedValues() -> [(value: Int32, issue: Int32)] {
        zip(whole, wholePositions).compactMap { issue, k in issue.value.map { (Int32(truncatingIfNeeded: $0), k) } }
    }

    /// Calls `body` with each issue's position and where it is kept, in order (two cursors, no search).
    private func forEachSlot(_ body: (Int, Slot) -> Void) {
        var w = 0
        var u = 0
        for k in 0..<count {
            if w < wholePositions.count, Int(wholePositions[w]) == k {
                body(k, .whole(w))
                w += 1
            } else {
                body(k, .unmapped(u))
                u += 1
            }
        }
    }

    // MARK: Adding

    /// Appends an issue stored whole.
    mutating func append(_ issue: MappingIssue) {
        wholePositions.append(Int32(truncatingIfNeeded: count))
        whole.append(issue)
    }

    /// Appends an info that member `node` is read by no property of `className`; `note` follows the message.
    mutating func appendUnmapped(_ node: Tree.Index, className: String, note: String, positions: NodePositions) {
        if self.positions == nil { self.positions = positions }
        precondition(self.positions === positions, "one mapping's issues come from one tree")
        // Most fields have the label of the field just before them: found without interning either name.
        let last = unmappedNodes.isEmpty ? nil : labelNumber(of: unmappedNodes.count - 1)
        let label: Int32
        if let last, names[Int(labels[Int(last)].className)] == className, names[Int(labels[Int(last)].note)] == note {
            label = last
        } else {
            let key = Label(className: names.number(className), note: names.number(note))
            if let known = labelNumbers[key] {
                label = known
            } else {
                label = Int32(truncatingIfNeeded: labels.count)
                labels.append(key)
                labelNumbers.add(key, label)
            }
        }
        appendUnmapped(Int32(truncatingIfNeeded: node), label: label)
    }

    /// Removes the unmapped-field issues whose node `drop` picks (fields found to be read after all).
    mutating func removeUnmappedFields(_ drop: (Tree.Index) -> Bool) {
        guard unmappedNodes.contains(where: { drop(Int($0)) }) else { return }
        var keptWholePositions: [Int32] = []
        keptWholePositions.reserveCapacity(wholePositions.count)
        var kept = self
        kept.unmappedNodes = []
        kept.unmappedLabels = []
        kept.labelsAside = [:]
        forEachSlot { _, slot in
            let position = Int32(truncatingIfNeeded: keptWholePositions.count + kept.unmappedNodes.count)
            switch slot {
            case .whole:
                keptWholePositions.append(position)
            case .unmapped(let u):
                let node = unmappedNodes[u]
                guard !drop(Int(node)) else { return }
                kept.appendUnmapped(node, label: labelNumber(of: u))
            }
        }
        wholePositions = keptWholePositions
        unmappedNodes = kept.unmappedNodes
        unmappedLabels = kept.unmappedLabels
        labelsAside = kept.labelsAside
    }

    // MARK: Groups

    /// The issues grouped by severity, kind, property and path pattern, in the order each group's first issue was
    /// found (see ``IssueGroup``); linear in the issues, and building text only for each group's first few.
    public func groups() -> [IssueGroup] {
        // Unmapped fields are recorded with their tree's positions, so these are there whenever one is read (the
        // tree is read in place through them: a copy of it per issue would cost a third of the time).
        let positions = self.positions
        var patterns = PatternTable()
        var properties: [String: Int32] = [:]
        var propertyOfName = [Int32](repeating: -2, count: names.count)
        func propertyID(_ name: String?) -> Int32 {
            guard let name else { return -1 }
            if let id = properties[name] { return id }
            let id = Int32(truncatingIfNeeded: properties.count)
            properties[name] = id
            return id
        }
        var index = RecentIndex<GroupKey>(recent: 8)
        /// Each group's size and its first few issues, as positions.
        var tallies: [(count: Int, examples: [Int])] = []
        forEachSlot { k, slot in
            let severity: MappingIssue.Severity
            let kind: MappingIssue.Kind
            let property: Int32
            let pattern: Int32
            switch slot {
            case .unmapped(let u):
                let n = Int(label(of: u).className)
                if propertyOfName[n] == -2 { propertyOfName[n] = propertyID(names[n]) }
                (severity, kind, property) = (.info, .unmappedField, propertyOfName[n])
                pattern = patterns.pattern(ofNode: Int(unmappedNodes[u]), in: positions!.tree)
            case .whole(let w):
                let issue = whole[w]
                (severity, kind, property) = (issue.severity, issue.kind, propertyID(issue.property))
                pattern = patterns.pattern(ofText: IssueGroup.pattern(of: issue.path))
            }
            let key = GroupKey(severity: severity, kind: kind, property: property, pattern: pattern)
            if let g = index[key] {
                tallies[Int(g)].count += 1
                if tallies[Int(g)].examples.count < IssueGroup.exampleLimit { tallies[Int(g)].examples.append(k) }
            } else {
                index.add(key, Int32(truncatingIfNeeded: tallies.count))
                tallies.append((1, [k]))
            }
        }
        return tallies.map { tally in
            let first = self[tally.examples[0]]
            return IssueGroup(
                severity: first.severity, kind: first.kind, property: first.property,
                pattern: IssueGroup.pattern(of: first.path), count: tally.count,
                examples: tally.examples.map { self[$0].path }, first: tally.examples[0], message: first.message)
        }
    }

    /// What makes two issues one group.
    private struct GroupKey: Hashable, Sendable {
        var severity: MappingIssue.Severity
        var kind: MappingIssue.Kind
        var property: Int32
        var pattern: Int32
    }

    /// Path patterns (see ``IssueGroup/pattern(of:)``) by number, built for tree nodes one step from their parent's.
    private struct PatternTable {
        var texts: [String] = []
        var byText: [String: Int32] = [:]
        /// The ancestors of the node asked about last, outermost first, with their patterns: issues come in
        /// document order, so the next node's ancestors are mostly these.
        var ancestors: [(node: Int, pattern: Int32)] = []
        /// The pattern one step below a pattern: an element (`key` nil) or a member named `key`.
        var below: [Step: Int32] = [:]
        /// Steps taken lately, with the member's key as written in a JSON source (quotes included; empty for an
        /// element): compared byte for byte, so most members need neither a decoded key nor a hash.
        var recentSteps: [(parent: Int32, rawKey: [UInt8], pattern: Int32)] = []
        var nextStep = 0
        static let recentStepCount = 16

        struct Step: Hashable {
            var parent: Int32
            var key: String?
        }

        mutating func pattern(ofText text: String) -> Int32 {
            if let id = byText[text] { return id }
            let id = Int32(truncatingIfNeeded: texts.count)
            texts.append(text)
            byText[text] = id
            return id
        }

        /// The pattern of node `n`'s path, one step from its parent's (no recursion, so any depth is fine).
        mutating func pattern(ofNode n: Int, in tree: Tree) -> Int32 {
            guard let parent = tree.parent(n) else { return pattern(ofText: "$") }
            // Up from the parent to the nearest ancestor whose pattern is known; the ones passed, innermost first.
            var chain: [(node: Int, parent: Int)] = []
            var a = parent
            var known: Int32
            while true {
                // Ancestors have smaller indexes: a remembered node past `a` is not an ancestor of `n`.
                while let last = ancestors.last, last.node > a { ancestors.removeLast() }
                if let last = ancestors.last, last.node == a {
                    known = last.pattern
                    break
                }
                guard let up = tree.parent(a) else {
                    known = pattern(ofText: "$")
                    ancestors.append((a, known))
                    break
                }
                chain.append((a, up))
                a = up
            }
            for c in chain.reversed() {
                known = step(from: known, to: c.node, under: c.parent, in: tree)
                ancestors.append((c.node, known))
            }
            return step(from: known, to: n, under: parent, in: tree)
        }

        /// The pattern of child `n` of node `container`, whose pattern is `parent`.
        private mutating func step(from parent: Int32, to n: Int, under container: Int, in tree: Tree) -> Int32 {
            // The key as written, when the source holds it literally (JSON): empty for an element.
            let raw: Range<Int>? =
                tree.format != .json || tree.side != nil
                ? nil : tree.kind(container) == .array ? 0..<0 : tree.keySpan(n)
            if let raw {
                let found = tree.source.withUnsafeBufferPointer { b -> Int32? in
                    let key = UnsafeBufferPointer(rebasing: b[raw])
                    for entry in recentSteps where entry.parent == parent && entry.rawKey.count == key.count {
                        let same = entry.rawKey.withUnsafeBufferPointer { e in
                            key.isEmpty || memcmp(e.baseAddress!, key.baseAddress!, key.count) == 0
                        }
                        if same { return entry.pattern }
                    }
                    return nil
                }
                if let found { return found }
            }
            let id = decodedStep(from: parent, to: n, in: tree)
            if let raw {
                let entry = (parent: parent, rawKey: Array(tree.source[raw]), pattern: id)
                if recentSteps.count < PatternTable.recentStepCount {
                    recentSteps.append(entry)
                } else {
                    recentSteps[nextStep] = entry
                    nextStep = (nextStep + 1) % PatternTable.recentStepCount
                }
            }
            return id
        }

        /// The pattern of child `n` of a node whose pattern is `parent`, found by its decoded key.
        private mutating func decodedStep(from parent: Int32, to n: Int, in tree: Tree) -> Int32 {
            let step = Step(parent: parent, key: tree.pathKey(n))
            if let id = below[step] { return id }
            let stepText: String
            if let key = step.key {
                stepText = IssueGroup.pattern(of: String(TreePath([.key(key)]).description.dropFirst()))
            } else {
                stepText = "[*]"
            }
            let id = pattern(ofText: texts[Int(parent)] + stepText)
            below[step] = id
            return id
        }
    }
}
