import Testing

@testable import StrataDocuments
@testable import StrataMapping

/// Issues kept whole and unmapped fields kept as nodes read back as one list in the order they were added, through
/// every accessor, and keep that order when fields are taken back.
@Suite struct MappingIssuesStorageTests {
    static let document = #"{"a": 1, "b": {"c": 2, "d": [3, 4]}, "e": "f", "g": {"@h": 5}}"#

    /// A whole issue about `node`, marking `value`.
    static func whole(_ node: Int, value: Int?, severity: MappingIssue.Severity = .warning) -> MappingIssue {
        MappingIssue(
            severity: severity, kind: .typeMismatch, node: node, path: "$.n\(node)", property: "p\(node)",
            expected: "int", found: "string", message: "issue at \(node)", value: value)
    }

    /// What one added issue was: whole, or an unmapped field of a class with a note.
    enum Added {
        case whole(MappingIssue)
        case unmapped(node: Int, className: String, note: String)
    }

    /// The issue an `Added` stands for, built as the list builds it.
    static func expected(_ added: Added, tree: Tree) -> MappingIssue {
        switch added {
        case .whole(let issue): return issue
        case .unmapped(let node, let className, let note):
            return MappingIssue(
                severity: .info, kind: .unmappedField, node: node, path: tree.path(node).description,
                property: className, expected: nil, found: tree.describe(node, sizes: true),
                message: MappingIssues.unmappedMessage(key: tree.key(node) ?? "?", className: className) + note,
                value: nil)
        }
    }

    /// Adds `list` in order to an empty list of issues.
    static func issues(_ list: [Added], positions: NodePositions) -> MappingIssues {
        var issues = MappingIssues()
        for added in list {
            switch added {
            case .whole(let issue): issues.append(issue)
            case .unmapped(let node, let className, let note):
                issues.appendUnmapped(node, className: className, note: note, positions: positions)
            }
        }
        return issues
    }

    /// Every accessor of `issues` agrees with `expected`, one by one.
    static func check(_ issues: MappingIssues, _ expected: [MappingIssue]) {
        #expect(issues.count == expected.count)
        #expect(Array(issues) == expected)
        for (k, issue) in expected.enumerated() {
            #expect(issues.severity(k) == issue.severity, "issue \(k)")
            #expect(issues.kind(k) == issue.kind, "issue \(k)")
            #expect(issues.node(k) == issue.node, "issue \(k)")
            #expect(issues.value(k) == issue.value, "issue \(k)")
        }
        for severity in [MappingIssue.Severity.error, .warning, .info] {
            #expect(issues.count(severity) == expected.filter { $0.severity == severity }.count)
        }
    }

    @Test("whole issues and unmapped fields of several classes, interleaved, read back in the order added")
    func interleavedReadBackInOrder() {
        let tree = MappingFixture.tree(Self.document)
        let positions = NodePositions(tree: tree)
        var generator = SystemRandomNumberGenerator()
        let labels = [("Root", ""), ("Inner", ""), ("Inner", " (attribute)"), ("Other", "")]
        for _ in 0..<50 {
            let list: [Added] = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                let node = Int.random(in: 1..<tree.count, using: &generator)
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    let value = Bool.random(using: &generator) ? Int.random(in: 0..<9, using: &generator) : nil
                    return .whole(Self.whole(node, value: value, severity: Bool.random() ? .warning : .error))
                }
                // Runs of one label, as a class reports its fields together.
                let (className, note) = labels[Int.random(in: 0..<2, using: &generator) == 0 ? 0 : node % 4]
                return .unmapped(node: node, className: className, note: note)
            }
            let issues = Self.issues(list, positions: positions)
            Self.check(issues, list.map { Self.expected($0, tree: tree) })
            #expect(issues == MappingIssues(list.map { Self.expected($0, tree: tree) }))
        }
    }

    @Test("taking back unmapped fields keeps the rest in order, their classes and notes, and the whole issues")
    func removingFieldsKeepsOrder() {
        let tree = MappingFixture.tree(Self.document)
        let positions = NodePositions(tree: tree)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let list: [Added] = (0..<Int.random(in: 0...40, using: &generator)).map { k in
                let node = Int.random(in: 1..<tree.count, using: &generator)
                if Int.random(in: 0..<4, using: &generator) == 0 { return .whole(Self.whole(node, value: k)) }
                return .unmapped(node: node, className: k % 3 == 0 ? "A" : "B", note: k % 5 == 0 ? " (attribute)" : "")
            }
            var issues = Self.issues(list, positions: positions)
            let dropped = Set((1..<tree.count).filter { _ in Bool.random(using: &generator) })
            issues.removeUnmappedFields { dropped.contains($0) }
            let kept = list.filter {
                if case .unmapped(let node, _, _) = $0 { return !dropped.contains(node) }
                return true
            }
            Self.check(issues, kept.map { Self.expected($0, tree: tree) })
            // Added to after a removal, the list goes on in order.
            issues.appendUnmapped(1, className: "A", note: "", positions: positions)
            issues.append(Self.whole(2, value: nil))
            let more = kept + [.unmapped(node: 1, className: "A", note: ""), .whole(Self.whole(2, value: nil))]
            Self.check(issues, more.map { Self.expected($0, tree: tree) })
        }
    }

    @Test("fields of more classes than a byte numbers keep their class and note, before and after a removal")
    func manyClasses() {
        let tree = MappingFixture.tree(Self.document)
        let positions = NodePositions(tree: tree)
        let list: [Added] = (0..<700).map { k in
            .unmapped(node: 1 + k % (tree.count - 1), className: "C\(k % 350)", note: k % 7 == 0 ? " (attribute)" : "")
        }
        var issues = Self.issues(list, positions: positions)
        Self.check(issues, list.map { Self.expected($0, tree: tree) })
        issues.removeUnmappedFields { $0 == 1 }
        let kept = list.filter {
            if case .unmapped(1, _, _) = $0 { return false }
            return true
        }
        Self.check(issues, kept.map { Self.expected($0, tree: tree) })
    }

    @Test("the groups of a mixed list count every issue once and start at each group's first issue")
    func groupsOfMixedList() {
        let tree = MappingFixture.tree(Self.document)
        let positions = NodePositions(tree: tree)
        let list: [Added] = [
            .unmapped(node: 1, className: "Root", note: ""), .whole(Self.whole(2, value: 0)),
            .unmapped(node: 5, className: "Inner", note: ""), .whole(Self.whole(2, value: 1)),
            .unmapped(node: 1, className: "Root", note: ""),
        ]
        let issues = Self.issues(list, positions: positions)
        let groups = issues.groups()
        #expect(groups.map(\.count) == [2, 2, 1])
        #expect(groups.map(\.first) == [0, 1, 2])
        #expect(groups.map(\.kind) == [.unmappedField, .typeMismatch, .unmappedField])
        #expect(groups.map(\.property) == ["Root", "p2", "Inner"])
    }
}
