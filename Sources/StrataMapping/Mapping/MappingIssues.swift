import Foundation
import StrataDocuments

/// Every issue of a mapping, in the order found, kept compactly: an unmapped field costs one small record.
///
/// A 100 MB response whose objects each carry a few fields no property reads has hundreds of thousands of issues.
/// Each such issue is a record of its node, class and note; its path, what was found and its message are built
/// when the issue is read. Counting by severity, grouping (``groups()``) and finding a value's issues read the
/// records only. Other issues are stored whole.
public struct MappingIssues: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// One issue: whole in `whole`, or an unmapped field described by its node, class name and note.
    struct Record: Equatable {
        var node: Int32
        var value: Int32
        /// The issue's position in `whole`; for an unmapped field, its class name in `names`.
        var payload: Int32
        /// An unmapped field's note (`" (attribute)"`) in `names`.
        var note: Int32
        var kind: MappingIssue.Kind
        var severity: MappingIssue.Severity
        var isUnmappedField: Bool
    }

    private var records: [Record] = []
    private var whole: [MappingIssue] = []
    /// Class names and notes of unmapped fields, each once.
    private var names = InternedNames()
    /// Builds the paths of unmapped fields; nil until one is recorded.
    private var positions: NodePositions?

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
        if a.records == b.records && a.whole == b.whole && a.names == b.names && a.positions === b.positions {
            return true
        }
        return a.count == b.count && a.indices.allSatisfy { a[$0] == b[$0] }
    }

    // MARK: Collection

    /// The first position (0).
    public var startIndex: Int { 0 }
    /// The number of issues.
    public var endIndex: Int { records.count }

    /// Issue `k`, built from its record when it is an unmapped field.
    public subscript(k: Int) -> MappingIssue {
        let r = records[k]
        guard r.isUnmappedField, let positions else { return whole[Int(r.payload)] }
        let node = Int(r.node)
        let tree = positions.tree
        let className = names[Int(r.payload)]
        return MappingIssue(
            severity: r.severity, kind: r.kind, node: node, path: positions.pathText(node), property: className,
            expected: nil, found: tree.describe(node, sizes: true),
            message: MappingIssues.unmappedMessage(key: tree.key(node) ?? "?", className: className)
                + names[Int(r.note)],
            value: nil)
    }

    /// The message of a field no property of `className` read.
    static func unmappedMessage(key: String, className: String) -> String {
        "field \(JSONString.quote(key)) is not mapped by any property of \(className)"
    }

    // MARK: Reading one part

    /// The severity of issue `k`.
    public func severity(_ k: Int) -> MappingIssue.Severity { records[k].severity }

    /// The kind of issue `k`.
    public func kind(_ k: Int) -> MappingIssue.Kind { records[k].kind }

    /// The parsed node issue `k` is about, if any.
    public func node(_ k: Int) -> Tree.Index? { records[k].node < 0 ? nil : Int(records[k].node) }

    /// The mapped value issue `k` marks, if any.
    public func value(_ k: Int) -> MappedValue.ID? { records[k].value < 0 ? nil : Int(records[k].value) }

    /// The number of issues of `severity`.
    public func count(_ severity: MappingIssue.Severity) -> Int {
        records.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    // MARK: Adding

    /// Appends an issue stored whole.
    mutating func append(_ issue: MappingIssue) {
        records.append(
            Record(
                node: Int32(truncatingIfNeeded: issue.node ?? -1), value: Int32(truncatingIfNeeded: issue.value ?? -1),
                payload: Int32(truncatingIfNeeded: whole.count), note: -1, kind: issue.kind,
                severity: issue.severity, isUnmappedField: false))
        whole.append(issue)
    }

    /// Appends an info that member `node` is read by no property of `className`; `note` follows the message.
    mutating func appendUnmapped(_ node: Tree.Index, className: String, note: String, positions: NodePositions) {
        if self.positions == nil { self.positions = positions }
        precondition(self.positions === positions, "one mapping's issues come from one tree")
        records.append(
            Record(
                node: Int32(truncatingIfNeeded: node), value: -1, payload: nameID(className), note: nameID(note),
                kind: .unmappedField, severity: .info, isUnmappedField: true))
    }

    /// Removes the unmapped-field issues whose node `drop` picks (fields found to be read after all).
    mutating func removeUnmappedFields(_ drop: (Tree.Index) -> Bool) {
        records.removeAll { $0.isUnmappedField && drop(Int($0.node)) }
    }

    private mutating func nameID(_ name: String) -> Int32 { names.number(name) }

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
        var members: [[Int]] = []
        for (k, r) in records.enumerated() {
            let property: Int32
            let pattern: Int32
            if r.isUnmappedField {
                let n = Int(r.payload)
                if propertyOfName[n] == -2 { propertyOfName[n] = propertyID(names[n]) }
                property = propertyOfName[n]
                pattern = patterns.pattern(ofNode: Int(r.node), in: positions!.tree)
            } else {
                let issue = whole[Int(r.payload)]
                property = propertyID(issue.property)
                pattern = patterns.pattern(ofText: IssueGroup.pattern(of: issue.path))
            }
            let key = GroupKey(severity: r.severity, kind: r.kind, property: property, pattern: pattern)
            if let g = index[key] {
                members[Int(g)].append(k)
            } else {
                index.add(key, Int32(truncatingIfNeeded: members.count))
                members.append([k])
            }
        }
        return members.map { list in
            let first = self[list[0]]
            return IssueGroup(
                severity: first.severity, kind: first.kind, property: first.property,
                pattern: IssueGroup.pattern(of: first.path),
                count: list.count, examples: list.prefix(IssueGroup.exampleLimit).map { self[$0].path },
                members: list, message: first.message)
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
