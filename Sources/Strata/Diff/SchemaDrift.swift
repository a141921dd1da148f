import StrataDocuments

/// How a live response's shape drifted from the fixture that stands in for it: fields the fixture lacks, fields
/// the server stopped sending, and fields whose type changed. Values that differ are not drift; types and
/// presence are.
///
/// Both trees are reduced to their field patterns (paths with array positions as `[*]`, as issue groups write
/// them: ``IssueGroup/pattern(of:)``), each with the types seen there. `null` matches any type (an optional field
/// that happens to be empty is not a change of type). Linear in the size of the two trees.
public struct SchemaDrift: Sendable {
    /// One difference of shape.
    public struct Finding: Sendable, Equatable {
        /// What drifted.
        public enum Kind: String, Sendable {
            /// The live response has the field; the fixture does not.
            case fixtureLacks
            /// The fixture has the field; the live response no longer sends it.
            case serverStopped
            /// Both have the field, with different types.
            case typeChanged
        }

        /// What drifted.
        public var kind: Kind
        /// The field pattern (`$.products[*].price`).
        public var pattern: String
        /// The types in the fixture (`number`), empty when it lacks the field.
        public var fixtureTypes: [String]
        /// The types in the live response, empty when it stopped sending the field.
        public var liveTypes: [String]

        /// One line: `+ $.a: string (the fixture lacks it)`, `- $.b: number (the server stopped sending it)`,
        /// `! $.c: number → string`.
        public var line: String {
            let fixture = fixtureTypes.joined(separator: "|")
            let live = liveTypes.joined(separator: "|")
            switch kind {
            case .fixtureLacks: return "+ \(pattern): \(live) (the fixture lacks it)"
            case .serverStopped: return "- \(pattern): \(fixture) (the server stopped sending it)"
            case .typeChanged: return "! \(pattern): \(fixture) in the fixture → \(live) live"
            }
        }

        /// The finding as a JSON object: kind, pattern, fixture and live types.
        public func json() -> OutputJSON {
            .object([
                ("kind", .string(kind.rawValue)), ("pattern", .string(pattern)),
                ("fixture", .array(fixtureTypes.map { .string($0) })), ("live", .array(liveTypes.map { .string($0) })),
            ])
        }
    }

    /// Every finding, in the order the fields appear (live first, then what only the fixture has).
    public let findings: [Finding]

    /// True when the shapes agree.
    public var isEmpty: Bool { findings.isEmpty }

    /// Compares the shape of `fixture` with that of `live`.
    public init(fixture: Tree, live: Tree) {
        let f = SchemaDrift.shape(of: fixture)
        let l = SchemaDrift.shape(of: live)
        var findings: [Finding] = []
        for pattern in l.order {
            let liveTypes = l.types[pattern]!
            guard let fixtureTypes = f.types[pattern] else {
                findings.append(
                    Finding(kind: .fixtureLacks, pattern: pattern, fixtureTypes: [], liveTypes: liveTypes.sorted()))
                continue
            }
            let a = fixtureTypes.subtracting(["null"])
            let b = liveTypes.subtracting(["null"])
            if !a.isEmpty, !b.isEmpty, a != b {
                findings.append(
                    Finding(
                        kind: .typeChanged, pattern: pattern, fixtureTypes: fixtureTypes.sorted(),
                        liveTypes: liveTypes.sorted()))
            }
        }
        for pattern in f.order where l.types[pattern] == nil {
            // Below a field the server stopped sending, only the field itself is reported.
            if let parent = f.parent[pattern], let p = parent, l.types[p] == nil { continue }
            findings.append(
                Finding(
                    kind: .serverStopped, pattern: pattern, fixtureTypes: f.types[pattern]!.sorted(), liveTypes: []))
        }
        // Likewise below a field the fixture lacks.
        let lacking = Set(findings.filter { $0.kind == .fixtureLacks }.map(\.pattern))
        self.findings = findings.filter { finding in
            guard finding.kind == .fixtureLacks, let parent = l.parent[finding.pattern], let p = parent else {
                return true
            }
            return !lacking.contains(p)
        }
    }

    /// Field patterns of a tree in document order, the types seen at each, and each pattern's parent pattern.
    struct Shape {
        var order: [String] = []
        var types: [String: Set<String>] = [:]
        var parent: [String: String?] = [:]
    }

    static func shape(of tree: Tree) -> Shape {
        var shape = Shape()
        guard tree.count > 0 else { return shape }
        var patterns = [String](repeating: "", count: tree.count)
        patterns[0] = "$"
        for i in 0..<tree.count {
            var pattern = "$"
            if let p = tree.parent(i) {
                if let key = tree.pathKey(i) {
                    pattern = TreePath([.key(key)]).description
                    pattern = patterns[p] + pattern.dropFirst()
                } else {
                    pattern = patterns[p] + "[*]"
                }
            }
            patterns[i] = pattern
            let type = tree.kind(i).description
            if shape.types[pattern] == nil {
                shape.order.append(pattern)
                shape.parent[pattern] = tree.parent(i).map { patterns[$0] }
                shape.types[pattern] = [type]
            } else {
                shape.types[pattern]!.insert(type)
            }
        }
        return shape
    }
}
